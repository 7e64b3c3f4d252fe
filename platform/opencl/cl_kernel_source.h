/* The OpenCL C source of the decoder: the .cl files of kernels/, embedded into the
 * library at build time (cmake/EmbedKernels.cmake) or, for kernel development,
 * read from a directory at run time. */
#ifndef LDPC_CL_KERNEL_SOURCE_H
#define LDPC_CL_KERNEL_SOURCE_H

#include "ldpc/error.h"

typedef struct {
    const char *name; /* file name, e.g. "20_layered.cl" */
    const char *text;
} cl_kernel_file;

/* Generated: every .cl file of kernels/, in file name order. */
extern const cl_kernel_file cl_embedded_kernels[];
extern const unsigned cl_embedded_kernel_count;

/* One program source: the files concatenated in name order, from `dir` (every
 * *.cl in it) when dir is not empty, else the embedded ones. *out is
 * malloc'ed and owned by the caller. */
ldpc_status cl_kernel_source_assemble(const char *dir, char **out, ldpc_error *err);

#endif
