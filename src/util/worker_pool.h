/* A fixed pool of threads created once (decoder creation) and reused for
 * every batch: no thread creation or allocation per call. */
#ifndef LDPC_WORKER_POOL_H
#define LDPC_WORKER_POOL_H

#include <stdint.h>

#include "ldpc/error.h"

typedef struct worker_pool worker_pool;

/* job(context, worker) runs once for each worker 0..workers-1. */
typedef void (*worker_job_fn)(void *context, uint32_t worker);

/* workers >= 1; the calling thread acts as worker 0, so workers - 1 threads
 * are started. */
ldpc_status worker_pool_create(uint32_t workers, worker_pool **out, ldpc_error *err);
uint32_t worker_pool_size(const worker_pool *pool);
/* Runs the job on every worker and returns when all have finished. Not
 * reentrant: one run at a time per pool. */
void worker_pool_run(worker_pool *pool, worker_job_fn job, void *context);
void worker_pool_destroy(worker_pool *pool);

#endif
