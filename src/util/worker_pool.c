#include <pthread.h>
#include <stdlib.h>

#include "util/error_internal.h"
#include "util/worker_pool.h"

struct worker_pool {
    pthread_mutex_t lock;
    pthread_cond_t start;    /* a new generation of work, or stop */
    pthread_cond_t finished; /* the last worker of a generation is done */
    uint64_t generation;
    uint32_t workers;
    uint32_t running; /* helper threads still busy with this generation */
    int stopping;
    worker_job_fn job;
    void *context;
    pthread_t *threads;
    struct worker_slot {
        worker_pool *pool;
        uint32_t index;
    } *slots;
};

static void *worker_main(void *arg)
{
    struct worker_slot *slot = arg;
    worker_pool *pool = slot->pool;
    uint64_t seen = 0;
    pthread_mutex_lock(&pool->lock);
    for (;;) {
        while (!pool->stopping && pool->generation == seen)
            pthread_cond_wait(&pool->start, &pool->lock);
        if (pool->stopping)
            break;
        seen = pool->generation;
        worker_job_fn job = pool->job;
        void *context = pool->context;
        pthread_mutex_unlock(&pool->lock);
        job(context, slot->index);
        pthread_mutex_lock(&pool->lock);
        if (--pool->running == 0)
            pthread_cond_signal(&pool->finished);
    }
    pthread_mutex_unlock(&pool->lock);
    return NULL;
}

ldpc_status worker_pool_create(uint32_t workers, worker_pool **out, ldpc_error *err)
{
    *out = NULL;
    if (workers == 0 || workers > 1024)
        return ldpc_fail(err, LDPC_ERR_INVALID, "thread count %u is outside 1..1024", workers);
    worker_pool *pool = calloc(1, sizeof *pool);
    if (pool != NULL) {
        pool->threads = calloc(workers, sizeof *pool->threads);
        pool->slots = calloc(workers, sizeof *pool->slots);
    }
    if (pool == NULL || pool->threads == NULL || pool->slots == NULL) {
        if (pool != NULL) {
            free(pool->threads);
            free(pool->slots);
        }
        free(pool);
        return ldpc_fail(err, LDPC_ERR_NO_MEMORY, "cannot allocate a pool of %u threads", workers);
    }
    pthread_mutex_init(&pool->lock, NULL);
    pthread_cond_init(&pool->start, NULL);
    pthread_cond_init(&pool->finished, NULL);
    pool->workers = 1;
    for (uint32_t i = 1; i < workers; i++) {
        pool->slots[i] = (struct worker_slot){pool, i};
        if (pthread_create(&pool->threads[i], NULL, worker_main, &pool->slots[i]) != 0) {
            worker_pool_destroy(pool);
            return ldpc_fail(err, LDPC_ERR_NO_MEMORY, "cannot start worker thread %u of %u", i,
                             workers);
        }
        pool->workers++;
    }
    *out = pool;
    return LDPC_OK;
}

uint32_t worker_pool_size(const worker_pool *pool)
{
    return pool->workers;
}

void worker_pool_run(worker_pool *pool, worker_job_fn job, void *context)
{
    if (pool->workers > 1) {
        pthread_mutex_lock(&pool->lock);
        pool->job = job;
        pool->context = context;
        pool->running = pool->workers - 1;
        pool->generation++;
        pthread_cond_broadcast(&pool->start);
        pthread_mutex_unlock(&pool->lock);
    }
    job(context, 0);
    if (pool->workers > 1) {
        pthread_mutex_lock(&pool->lock);
        while (pool->running > 0)
            pthread_cond_wait(&pool->finished, &pool->lock);
        pthread_mutex_unlock(&pool->lock);
    }
}

void worker_pool_destroy(worker_pool *pool)
{
    if (pool == NULL)
        return;
    pthread_mutex_lock(&pool->lock);
    pool->stopping = 1;
    pthread_cond_broadcast(&pool->start);
    pthread_mutex_unlock(&pool->lock);
    for (uint32_t i = 1; i < pool->workers; i++)
        pthread_join(pool->threads[i], NULL);
    pthread_cond_destroy(&pool->start);
    pthread_cond_destroy(&pool->finished);
    pthread_mutex_destroy(&pool->lock);
    free(pool->threads);
    free(pool->slots);
    free(pool);
}
