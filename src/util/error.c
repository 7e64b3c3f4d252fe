#include <stdarg.h>
#include <stdio.h>

#include "util/error_internal.h"

ldpc_status ldpc_fail(ldpc_error *err, ldpc_status status, const char *format, ...)
{
    if (err != NULL) {
        va_list args;
        va_start(args, format);
        vsnprintf(err->message, sizeof err->message, format, args);
        va_end(args);
    }
    return status;
}

const char *ldpc_status_name(ldpc_status status)
{
    switch (status) {
    case LDPC_OK: return "ok";
    case LDPC_ERR_INVALID: return "invalid argument";
    case LDPC_ERR_PARSE: return "parse error";
    case LDPC_ERR_UNKNOWN_CODE: return "unknown code";
    case LDPC_ERR_NO_MEMORY: return "out of memory";
    case LDPC_ERR_LIMITS: return "exceeds limits";
    case LDPC_ERR_RANK: return "rank problem";
    case LDPC_ERR_IO: return "i/o error";
    case LDPC_ERR_UNSUPPORTED: return "unsupported";
    }
    return "unknown status";
}
