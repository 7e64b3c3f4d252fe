/* OpenCL failures as text and as errors, and kernel arguments set in order. */
#ifndef LDPC_CL_ERROR_H
#define LDPC_CL_ERROR_H

#include <CL/cl.h>

const char *cl_error_name(cl_int code);

/* Returns an LDPC_ERR_IO error through the `err` in scope when `call` fails;
 * `what` names the step in the message (util/error_internal.h). */
#define CL_TRY(call, what)                                                                 \
    do {                                                                                   \
        cl_int rc_ = (call);                                                               \
        if (rc_ != CL_SUCCESS)                                                             \
            return ldpc_fail(err, LDPC_ERR_IO, "OpenCL %s: %s", what, cl_error_name(rc_)); \
    } while (0)

/* Kernel arguments set in order: the first failure is kept in rc, and the
 * later arguments are skipped, so that one check after the list suffices. */
typedef struct {
    cl_kernel kernel;
    cl_uint next; /* index of the next argument */
    cl_int rc;
} cl_arg_list;

void cl_arg(cl_arg_list *a, size_t size, const void *value);

#endif
