/* An environment variable or a setting that names one of a fixed list of
 * choices (the OpenCL tuning key design=latency). */
#ifndef LDPC_ENV_CHOICE_H
#define LDPC_ENV_CHOICE_H

#include "ldpc/error.h"

/* Index of `value` in the NULL-terminated `names`, or LDPC_ERR_INVALID with a
 * message naming the variable, the value and the choices. */
ldpc_status env_choice(const char *variable, const char *value, const char *const *names,
                       int *out, ldpc_error *err);

#endif
