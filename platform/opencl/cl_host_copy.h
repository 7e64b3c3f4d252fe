/* Copies into and out of the pinned staging, split among a pool of copy
 * threads where one thread would not reach the memory bandwidth. */
#ifndef LDPC_CL_HOST_COPY_H
#define LDPC_CL_HOST_COPY_H

#include <stddef.h>
#include <stdint.h>

#include "opencl/cl_options.h"
#include "util/worker_pool.h"

/* The copy threads a decoder starts: as configured, else up to four. */
uint32_t cl_copy_thread_count(const cl_options *opencl);

/* memcpy on the pool's threads (pool NULL: on the calling thread). */
void cl_host_copy(worker_pool *pool, void *destination, const void *source, size_t bytes);

#endif
