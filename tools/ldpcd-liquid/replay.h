/* ldpc-tx --pool: frame messages sent from buffers of ldpc-tx's own, with no
 * copy into ZeroMQ's (zmq_msg_init_data); ZeroMQ hands a buffer back once it
 * has written it to the socket. A buffer keeps its frames between uses, and
 * the buffers go round in a multiple of the distinct messages the pool
 * makes, so after the first round a message costs its header: the load
 * generator moves each soft byte once, into the socket, and leaves the
 * host's memory bandwidth to the service it measures. */
#ifndef LDPCD_DEMO_REPLAY_H
#define LDPCD_DEMO_REPLAY_H

#include <stdint.h>

#include "protocol.h"

typedef struct replay replay;

/* Buffers for messages of up to per_message frames of frame_bytes from the
 * pool's pool_frames, enough for `queued` messages waiting in ZeroMQ (its
 * send high-water mark) and those it is writing. NULL when out of memory. */
replay *replay_create(const uint8_t *pool, uint32_t pool_frames, uint32_t frame_bytes,
                      uint32_t per_message, uint32_t queued);

/* Sends `header` and `count` frames from pool frame `first` on (wrapping
 * round the pool); waits for a buffer if ZeroMQ holds them all. Returns
 * zmq_msg_send's result. */
int replay_send(replay *r, void *socket, const uint8_t header[LDPCD_INPUT_HEADER_SIZE],
                uint64_t first, uint32_t count);

/* After the socket is closed and its context terminated (every buffer back). */
void replay_destroy(replay *r);

#endif
