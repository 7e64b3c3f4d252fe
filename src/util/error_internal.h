/* Filling an ldpc_error from inside the library. */
#ifndef LDPC_ERROR_INTERNAL_H
#define LDPC_ERROR_INTERNAL_H

#include "ldpc/error.h"

#if defined(__GNUC__)
#define LDPC_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define LDPC_PRINTF(a, b)
#endif

/* Writes the message (if err is not NULL) and returns status, so that callers
 * can `return ldpc_fail(err, LDPC_ERR_PARSE, "%s:%u: ...", ...)`. */
ldpc_status ldpc_fail(ldpc_error *err, ldpc_status status, const char *format, ...)
    LDPC_PRINTF(3, 4);

#endif
