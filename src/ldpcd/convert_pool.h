/* Threads that help the workers convert their batches' soft values. A GPU
 * worker decodes a batch of thousands of frames in the time one core
 * converts a few hundred of them, so without help it spends most of its
 * time converting. A worker shares its batch out frame by frame, converts
 * frames itself too, and goes on once every frame is converted. With no
 * helper threads (CPU backends, whose workers keep every core busy) the
 * worker converts its batch alone. Nothing here allocates after
 * ldpcd_convert_pool_create. */
#ifndef LDPCD_CONVERT_POOL_H
#define LDPCD_CONVERT_POOL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#include "frame_input.h"
#include "held_message.h"
#include "ring.h"

typedef struct {
    ldpcd_slot **slots;
    uint32_t count;
    uint8_t *out;       /* frame i at out + i * frame_bytes */
    size_t frame_bytes;
    uint8_t *failed;    /* per frame: 1 when a value was not finite */
    ldpcd_message_pool *messages; /* where converted frames' messages go back */
    atomic_uint next, finished;
    uint32_t helpers;   /* helpers inside the job (pool lock) */
} ldpcd_convert_job;

typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t work_ready, job_done;
    ldpcd_convert_job **jobs; /* shared now, at most one per worker */
    uint32_t job_count, job_capacity;
    pthread_t *threads;
    ldpcd_frame_input *inputs; /* one per thread */
    float *scratch;
    uint32_t thread_count, started;
    int stopping;
} ldpcd_convert_pool;

/* threads helpers (0: none) for up to workers jobs at once; inputs are
 * like `input` with scratch of their own for frames of up to max_n values. */
int ldpcd_convert_pool_create(ldpcd_convert_pool *pool, uint32_t threads, uint32_t workers,
                              const ldpcd_frame_input *input, uint32_t max_n);
void ldpcd_convert_pool_destroy(ldpcd_convert_pool *pool);

/* Converts every frame of the job (the caller's thread with `input`, and
 * whichever helpers are free); returns when all are done. */
void ldpcd_convert_pool_run(ldpcd_convert_pool *pool, ldpcd_convert_job *job,
                            const ldpcd_frame_input *input);

#endif
