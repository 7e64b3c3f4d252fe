#include "helper_pool.h"

#include <stdlib.h>

#include "thread_name.h"

/* Works on frames of the job until none is left to take. */
static void work_on_frames(ldpcd_helper_job *job, const ldpcd_frame_input *input)
{
    for (;;) {
        uint32_t i = atomic_fetch_add_explicit(&job->next, 1, memory_order_relaxed);
        if (i >= job->count)
            return;
        job->task(job->context, i, input);
        atomic_fetch_add_explicit(&job->finished, 1, memory_order_acq_rel);
    }
}

/* Under the pool lock: takes the job off the shared list. */
static void withdraw(ldpcd_helper_pool *pool, ldpcd_helper_job *job)
{
    for (uint32_t j = 0; j < pool->job_count; j++)
        if (pool->jobs[j] == job) {
            pool->jobs[j] = pool->jobs[--pool->job_count];
            return;
        }
}

typedef struct {
    ldpcd_helper_pool *pool;
    uint32_t index;
} helper_argument;

static void *helper_main(void *argument)
{
    ldpcd_helper_pool *pool = ((helper_argument *)argument)->pool;
    const ldpcd_frame_input *input = &pool->inputs[((helper_argument *)argument)->index];
    ldpcd_name_thread("ldpcd-help", ((helper_argument *)argument)->index);
    free(argument);
    pthread_mutex_lock(&pool->lock);
    for (;;) {
        while (!pool->stopping && pool->job_count == 0)
            pthread_cond_wait(&pool->work_ready, &pool->lock);
        if (pool->stopping)
            break;
        ldpcd_helper_job *job = pool->jobs[0];
        job->helpers++;
        pthread_mutex_unlock(&pool->lock);
        work_on_frames(job, input);
        pthread_mutex_lock(&pool->lock);
        withdraw(pool, job); /* nothing left to take */
        job->helpers--;
        pthread_cond_broadcast(&pool->job_done);
    }
    pthread_mutex_unlock(&pool->lock);
    return NULL;
}

int ldpcd_helper_pool_create(ldpcd_helper_pool *pool, uint32_t threads, uint32_t workers,
                              const ldpcd_frame_input *input, uint32_t max_n)
{
    *pool = (ldpcd_helper_pool){0};
    pthread_mutex_init(&pool->lock, NULL);
    pthread_cond_init(&pool->work_ready, NULL);
    pthread_cond_init(&pool->job_done, NULL);
    if (threads == 0)
        return 0;
    pool->jobs = calloc(workers, sizeof *pool->jobs);
    pool->threads = calloc(threads, sizeof *pool->threads);
    pool->inputs = calloc(threads, sizeof *pool->inputs);
    pool->scratch = calloc((size_t)threads * max_n, sizeof *pool->scratch);
    if (pool->jobs == NULL || pool->threads == NULL || pool->inputs == NULL ||
        pool->scratch == NULL)
        return -1;
    pool->job_capacity = workers;
    pool->thread_count = threads;
    for (uint32_t t = 0; t < threads; t++) {
        pool->inputs[t] = *input;
        pool->inputs[t].llr_scratch = pool->scratch + (size_t)t * max_n;
        helper_argument *argument = malloc(sizeof *argument);
        if (argument == NULL)
            return -1;
        *argument = (helper_argument){pool, t};
        if (pthread_create(&pool->threads[t], NULL, helper_main, argument) != 0) {
            free(argument);
            return -1;
        }
        pool->started++;
    }
    return 0;
}

void ldpcd_helper_pool_destroy(ldpcd_helper_pool *pool)
{
    pthread_mutex_lock(&pool->lock);
    pool->stopping = 1;
    pthread_cond_broadcast(&pool->work_ready);
    pthread_mutex_unlock(&pool->lock);
    for (uint32_t t = 0; t < pool->started; t++)
        pthread_join(pool->threads[t], NULL);
    pthread_mutex_destroy(&pool->lock);
    pthread_cond_destroy(&pool->work_ready);
    pthread_cond_destroy(&pool->job_done);
    free(pool->jobs);
    free(pool->threads);
    free(pool->inputs);
    free(pool->scratch);
    *pool = (ldpcd_helper_pool){0};
}

void ldpcd_helper_pool_run(ldpcd_helper_pool *pool, ldpcd_helper_job *job,
                            const ldpcd_frame_input *input)
{
    atomic_store_explicit(&job->next, 0, memory_order_relaxed);
    atomic_store_explicit(&job->finished, 0, memory_order_relaxed);
    job->helpers = 0;
    if (pool->thread_count == 0 || job->count < 2 || job->alone) {
        work_on_frames(job, input);
        return;
    }
    pthread_mutex_lock(&pool->lock);
    pool->jobs[pool->job_count++] = job;
    pthread_cond_broadcast(&pool->work_ready);
    pthread_mutex_unlock(&pool->lock);
    work_on_frames(job, input);
    pthread_mutex_lock(&pool->lock);
    withdraw(pool, job);
    while (job->helpers > 0 ||
           atomic_load_explicit(&job->finished, memory_order_acquire) < job->count)
        pthread_cond_wait(&pool->job_done, &pool->lock);
    pthread_mutex_unlock(&pool->lock);
}
