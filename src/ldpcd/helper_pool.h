/* Threads that help the workers with the per-frame work around a batch's
 * decoding: converting the frames' soft values before it and writing their
 * result payloads after it. A GPU worker decodes a batch of thousands of
 * frames in the time one core converts a few hundred of them or packs a few
 * thousand results, so without help it spends much of its time on them. A
 * worker shares a job out frame by frame, works on frames itself too, and
 * goes on once every frame is done. With no helper threads (CPU backends,
 * whose workers keep every core busy) the worker does its job alone.
 * Nothing here allocates after ldpcd_helper_pool_create. */
#ifndef LDPCD_HELPER_POOL_H
#define LDPCD_HELPER_POOL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#include "frame_input.h"

/* The work on one frame of a job; input is the calling thread's own. */
typedef void (*ldpcd_frame_task)(void *context, uint32_t frame, const ldpcd_frame_input *input);

typedef struct {
    ldpcd_frame_task task;
    void *context;
    uint32_t count;
    int alone;          /* the task is not thread-safe: the worker does it all */
    atomic_uint next, finished;
    uint32_t helpers;   /* helpers inside the job (pool lock) */
} ldpcd_helper_job;

typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t work_ready, job_done;
    ldpcd_helper_job **jobs; /* shared now, at most one per worker */
    uint32_t job_count, job_capacity;
    pthread_t *threads;
    ldpcd_frame_input *inputs; /* one per thread */
    float *scratch;
    uint32_t thread_count, started;
    int stopping;
} ldpcd_helper_pool;

/* threads helpers (0: none) for up to workers jobs at once; inputs are
 * like `input` with scratch of their own for frames of up to max_n values. */
int ldpcd_helper_pool_create(ldpcd_helper_pool *pool, uint32_t threads, uint32_t workers,
                             const ldpcd_frame_input *input, uint32_t max_n);
void ldpcd_helper_pool_destroy(ldpcd_helper_pool *pool);

/* Runs the job's task on every frame (the caller's thread with `input`, and
 * whichever helpers are free); returns when all are done. */
void ldpcd_helper_pool_run(ldpcd_helper_pool *pool, ldpcd_helper_job *job,
                           const ldpcd_frame_input *input);

#endif
