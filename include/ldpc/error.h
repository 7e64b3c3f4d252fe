/* Status codes and the error message buffer shared by every ldpc_* call. */
#ifndef LDPC_ERROR_H
#define LDPC_ERROR_H

#include <stddef.h>

#include "ldpc/export.h"

typedef enum {
    LDPC_OK = 0,
    LDPC_ERR_INVALID = -1,    /* bad argument or malformed input (message names it) */
    LDPC_ERR_PARSE = -2,      /* a file or table could not be parsed (message names file:line) */
    LDPC_ERR_UNKNOWN_CODE = -3,
    LDPC_ERR_NO_MEMORY = -4,
    LDPC_ERR_LIMITS = -5,     /* the request exceeds the bounds an object was created for */
    LDPC_ERR_RANK = -6,       /* H is rank-deficient or too large for the dense generator */
    LDPC_ERR_IO = -7,
    LDPC_ERR_UNSUPPORTED = -8
} ldpc_status;

/* Where a failing call writes a one-line, human-readable reason. Callers own the
 * buffer; the library never prints. A NULL ldpc_error* is allowed everywhere. */
#define LDPC_ERROR_MESSAGE_SIZE 256
typedef struct {
    char message[LDPC_ERROR_MESSAGE_SIZE];
} ldpc_error;

LDPC_API const char *ldpc_status_name(ldpc_status status);

#endif
