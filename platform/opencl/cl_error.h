/* OpenCL status codes as text, for messages. */
#ifndef LDPC_CL_ERROR_H
#define LDPC_CL_ERROR_H

#include <CL/cl.h>

const char *cl_error_name(cl_int code);

#endif
