/* Copies between the caller's arrays and the pinned staging (cl_host_copy.h). */
#include <string.h>
#include <unistd.h>

#include "cl_host_copy.h"

/* Below this many bytes per thread a copy stays on the calling thread. */
#define COPY_SLICE_MIN ((size_t)64 << 10)
#define DEFAULT_COPY_THREADS 4u

uint32_t cl_copy_thread_count(const cl_options *opencl)
{
    if (opencl->copy_threads != 0)
        return opencl->copy_threads;
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    return online > 0 && (unsigned long)online < DEFAULT_COPY_THREADS ? (uint32_t)online
                                                                    : DEFAULT_COPY_THREADS;
}

typedef struct {
    void *destination;
    const void *source;
    size_t bytes;
    uint32_t slices;
} copy_job;

static void copy_slice(void *context, uint32_t worker)
{
    const copy_job *job = context;
    if (worker >= job->slices)
        return;
    size_t begin = job->bytes * worker / job->slices;
    size_t end = job->bytes * (worker + 1) / job->slices;
    memcpy((char *)job->destination + begin, (const char *)job->source + begin, end - begin);
}

/* Why split: one thread does not reach the memory bandwidth (5 GB/s of
 * staging copies on one thread, about a third of a call's time for short
 * frames on a large GPU). */
void cl_host_copy(worker_pool *pool, void *destination, const void *source, size_t bytes)
{
    uint32_t threads = pool != NULL ? worker_pool_size(pool) : 1;
    size_t slices = bytes / COPY_SLICE_MIN < threads ? bytes / COPY_SLICE_MIN : threads;
    if (slices <= 1) {
        memcpy(destination, source, bytes);
        return;
    }
    copy_job job = {destination, source, bytes, (uint32_t)slices};
    worker_pool_run(pool, copy_slice, &job);
}
