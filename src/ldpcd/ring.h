/* The frame queue between intake, the decoding workers and the output: a ring
 * of slots allocated once. Intake fills slots in arrival order; workers claim
 * batches of frames of one code in any order; the output hands slots over
 * strictly in arrival order, so results keep the input's order whatever the
 * number of workers. A slot handed over stays taken until it is released
 * (ZeroMQ has written or dropped its message, which it sends from the slot's
 * own memory): the ring knows how many results ZeroMQ still holds. The ring
 * never allocates after ldpcd_ring_create. */
#ifndef LDPCD_RING_H
#define LDPCD_RING_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "ldpc/decoder.h"
#include "ldpc/soft.h"
#include "code_set.h"
#include "held_message.h"

typedef enum {
    LDPCD_SLOT_PENDING = 0, /* waiting for a worker */
    LDPCD_SLOT_CLAIMED = 1, /* being decoded */
    LDPCD_SLOT_DONE = 2,    /* result ready for the output */
    LDPCD_SLOT_HANDED = 3   /* its message is with ZeroMQ until `released` */
} ldpcd_slot_state;

typedef struct {
    uint64_t sequence;
    uint64_t arrival_ns;
    const ldpcd_code_entry *code; /* NULL for a rejection without a code */
    char wire_code[LDPCD_WIRE_CODE_SIZE + 1]; /* the name the message gave */
    uint8_t status;                    /* ldpcd_frame_status */
    uint8_t reason;                    /* ldpcd_reject_reason */
    uint8_t whole_message;             /* the rejection stands for a whole message */
    ldpc_frame_stats stats;
    uint32_t latency_us;
    ldpcd_slot_state state;
    /* The frame's values as received, converted by the worker that decodes
     * it: within a held message (protocol framing, and a raw frame that came
     * in one message), or in the slot's staging (a raw frame assembled from
     * several messages; held is then NULL). */
    const uint8_t *raw;
    ldpc_soft_input input;
    ldpcd_held_message *held;
    uint8_t *staging; /* raw framings: one raw frame */
    uint8_t *message; /* the result message: its header, then the payload */
    uint8_t *result;  /* the payload, within message */
    uint32_t result_bits;
    void *owner;      /* set by whoever takes the handed-over slot */
    uint8_t accepted; /* ZeroMQ took its message: its release counts it as out */
    /* Set without the lock by whoever releases the handed-over slot; the
     * slot is free once every older one is. */
    _Atomic uint8_t released;
} ldpcd_slot;

typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t work_available;  /* workers wait on it */
    pthread_cond_t result_ready;    /* the output waits on it */
    pthread_cond_t space_available; /* intake waits on it */
    ldpcd_slot *slots;
    uint32_t capacity;
    /* oldest slot not yet known to be released: moved on under the lock
     * when space is looked for; the intake reads it without the lock to see
     * that a slot is free */
    _Atomic uint64_t head;
    /* Releases so far, and the count at which a release wakes the threads
     * waiting for space (UINT64_MAX: none waits). Releases take no lock
     * otherwise: on a full ring, one wake-up per result would cost a context
     * switch per frame. */
    _Atomic uint64_t released;
    _Atomic uint64_t wake_at;
    uint64_t sent;   /* next slot the output hands over (head <= sent <= tail) */
    uint64_t tail;   /* first slot not yet published by the intake */
    uint64_t filled; /* the intake's own: slots filled (tail <= filled) */
    /* Frames waiting for a worker, per code (ldpcd_code_entry.index): a
     * worker is woken when a code's first frame arrives and when a batch of
     * batch_frames is complete, not for every frame. */
    uint32_t pending[LDPCD_MAX_CODES];
    uint32_t pending_total;
    /* Every slot in [sent, claim_from) is taken by a worker or done: a claim
     * looks from here, so that it costs a batch, not the queue's depth. */
    uint64_t claim_from;
    uint32_t batch_frames;
    int closing;   /* no more input: workers and output finish what is queued */
    void *memory;
} ldpcd_ring;

/* Each slot gets staging_bytes of staging (0: none) and a message of
 * message_bytes whose payload (slot->result) starts at result_offset;
 * workers claim batches of up to batch_frames. */
int ldpcd_ring_create(ldpcd_ring *ring, uint32_t capacity, uint32_t batch_frames,
                      size_t staging_bytes, size_t message_bytes, size_t result_offset);
void ldpcd_ring_destroy(ldpcd_ring *ring);

/* Intake: the next free slot (waits while the ring is full), ldpcd_ring_fill
 * once it holds a frame, and ldpcd_ring_publish to give every filled slot to
 * the workers and the output at once: one lock for a message's frames, not
 * one per frame. A wait for space publishes first. ldpcd_ring_reserve_until
 * gives up at deadline_ns (CLOCK_MONOTONIC), NULL; ldpcd_ring_try_reserve
 * never waits (no lock, no clock): NULL when the ring is full. */
ldpcd_slot *ldpcd_ring_reserve(ldpcd_ring *ring);
ldpcd_slot *ldpcd_ring_reserve_until(ldpcd_ring *ring, uint64_t deadline_ns);
ldpcd_slot *ldpcd_ring_try_reserve(ldpcd_ring *ring);
void ldpcd_ring_fill(ldpcd_ring *ring);
void ldpcd_ring_publish(ldpcd_ring *ring);

/* Workers: up to max_frames pending slots of one code. A code's frames are
 * taken when max_frames of them are pending, when the free slots cannot
 * complete the batch (more arrive only once results leave), when its oldest
 * frame has waited wait_ns, or when the ring is closing. Returns 0 after waiting at most
 * idle_timeout_ns without work (so a worker can report that it is alive), or
 * when the ring is closing and nothing is pending (then *finished = 1). */
uint32_t ldpcd_ring_claim(ldpcd_ring *ring, uint32_t max_frames, uint64_t wait_ns,
                          uint64_t idle_timeout_ns, ldpcd_slot **claimed, int *finished);
void ldpcd_ring_complete(ldpcd_ring *ring, ldpcd_slot **slots, uint32_t count);

/* Output: the oldest slots not yet handed over, up to max of them in a row
 * that are done, handed over to the caller (waits up to timeout_ns for the
 * first; 0 on timeout or when closing with nothing left, then *finished = 1).
 * Each is released, in any order and from any thread, once its message is
 * gone. */
uint32_t ldpcd_ring_take_results(ldpcd_ring *ring, ldpcd_slot **slots, uint32_t max,
                                 uint64_t timeout_ns, int *finished);
void ldpcd_ring_release(ldpcd_ring *ring, ldpcd_slot *slot);
/* Waits until every slot is released or deadline_ns; returns how many are not. */
uint32_t ldpcd_ring_wait_released(ldpcd_ring *ring, uint64_t deadline_ns);

void ldpcd_ring_close(ldpcd_ring *ring);
/* Slots taken: queued, decoding, waiting for the output or with ZeroMQ. */
uint32_t ldpcd_ring_depth(ldpcd_ring *ring);

uint64_t ldpcd_now_ns(void);

#endif
