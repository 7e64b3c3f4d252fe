/* Building the decoder's program, with the compiled binary cached on disk so
 * that a board does not recompile at every start. The cache key hashes the
 * device, the driver, the build options and the source; a cache that cannot
 * be read or written is noted, never fatal. */
#ifndef LDPC_CL_PROGRAM_CACHE_H
#define LDPC_CL_PROGRAM_CACHE_H

#include <CL/cl.h>

#include "cl_device_select.h"

typedef struct {
    int from_cache;   /* 1: built from a cached binary */
    double build_ms;  /* wall time of the whole step */
    char note[LDPC_ERROR_MESSAGE_SIZE]; /* why the cache was skipped or not written */
} cl_program_build_report;

/* The cache directory: `configured` when not empty, else
 * $XDG_CACHE_HOME/ldpcd, else $HOME/.cache/ldpcd; "" when none can be named. */
void cl_program_cache_dir(const char *configured, char *out, size_t size);

/* Builds `source` for the chosen device. cache_dir "" disables the cache. A
 * source that does not compile fails with LDPC_ERR_UNSUPPORTED and the start
 * of the build log. */
ldpc_status cl_program_build(cl_context context, const cl_device_choice *choice,
                             const char *source, const char *options, const char *cache_dir,
                             cl_program *out, cl_program_build_report *report, ldpc_error *err);

#endif
