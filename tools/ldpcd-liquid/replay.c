#include "replay.h"

#include <errno.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zmq.h>

/* Messages ZeroMQ's I/O thread may hold beyond the send high-water mark
 * (the one it is writing and those it has taken from the pipe). */
#define WRITING_MESSAGES 16u

typedef struct {
    uint8_t *bytes;
    uint64_t first; /* the pool frame its frames start at; UINT64_MAX: none yet */
    uint32_t frames;
    atomic_int held; /* by ZeroMQ, from the send until it hands the buffer back */
} replay_buffer;

struct replay {
    const uint8_t *pool;
    uint32_t pool_frames, frame_bytes;
    uint32_t count, next;
    replay_buffer *buffers;
};

static uint32_t gcd(uint32_t a, uint32_t b)
{
    while (b != 0) {
        uint32_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

replay *replay_create(const uint8_t *pool, uint32_t pool_frames, uint32_t frame_bytes,
                      uint32_t per_message, uint32_t queued)
{
    replay *r = calloc(1, sizeof *r);
    if (r == NULL)
        return NULL;
    /* the distinct first frames of whole messages: buffer b always gets the
     * same ones when the count is a multiple of them */
    uint32_t cycle = pool_frames / gcd(pool_frames, per_message);
    uint32_t wanted = queued + WRITING_MESSAGES;
    *r = (replay){pool, pool_frames, frame_bytes, (wanted + cycle - 1) / cycle * cycle, 0, NULL};
    r->buffers = calloc(r->count, sizeof *r->buffers);
    for (uint32_t b = 0; r->buffers != NULL && b < r->count; b++) {
        r->buffers[b].bytes = malloc(LDPCD_INPUT_HEADER_SIZE + (size_t)per_message * frame_bytes);
        r->buffers[b].first = UINT64_MAX;
        if (r->buffers[b].bytes == NULL) {
            r->count = b;
            replay_destroy(r);
            return NULL;
        }
    }
    if (r->buffers == NULL) {
        free(r);
        return NULL;
    }
    return r;
}

static void handed_back(void *data, void *hint)
{
    (void)data;
    atomic_store_explicit((atomic_int *)hint, 0, memory_order_release);
}

int replay_send(replay *r, void *socket, const uint8_t header[LDPCD_INPUT_HEADER_SIZE],
                uint64_t first, uint32_t count)
{
    replay_buffer *b = &r->buffers[r->next];
    r->next = (r->next + 1) % r->count;
    while (atomic_load_explicit(&b->held, memory_order_acquire)) {
        struct timespec pause = {0, 20000};
        nanosleep(&pause, NULL);
    }
    first %= r->pool_frames;
    if (b->first != first || b->frames != count) {
        for (uint32_t f = 0; f < count; f++)
            memcpy(b->bytes + LDPCD_INPUT_HEADER_SIZE + (size_t)f * r->frame_bytes,
                   r->pool + (size_t)((first + f) % r->pool_frames) * r->frame_bytes,
                   r->frame_bytes);
        b->first = first;
        b->frames = count;
    }
    memcpy(b->bytes, header, LDPCD_INPUT_HEADER_SIZE);
    atomic_store_explicit(&b->held, 1, memory_order_relaxed);
    zmq_msg_t message;
    zmq_msg_init_data(&message, b->bytes, LDPCD_INPUT_HEADER_SIZE + (size_t)count * r->frame_bytes,
                      handed_back, &b->held);
    int sent = zmq_msg_send(&message, socket, 0);
    if (sent < 0) {
        int error = errno;
        zmq_msg_close(&message); /* hands the buffer back */
        errno = error;
    }
    return sent;
}

void replay_destroy(replay *r)
{
    if (r == NULL)
        return;
    for (uint32_t b = 0; b < r->count; b++)
        free(r->buffers[b].bytes);
    free(r->buffers);
    free(r);
}
