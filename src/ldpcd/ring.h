/* The frame queue between intake, the decoding workers and the output: a ring
 * of slots allocated once. Intake fills slots in arrival order; workers claim
 * batches of frames of one code in any order; the output sends slots strictly
 * in arrival order, so results keep the input's order whatever the number of
 * workers. The ring never allocates after ldpcd_ring_create. */
#ifndef LDPCD_RING_H
#define LDPCD_RING_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "ldpc/decoder.h"
#include "code_set.h"

typedef enum {
    LDPCD_SLOT_PENDING = 0, /* waiting for a worker */
    LDPCD_SLOT_CLAIMED = 1, /* being decoded */
    LDPCD_SLOT_DONE = 2     /* result ready for the output */
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
    void *soft;       /* max_n values: int8 (fixed point) or float */
    uint8_t *result;  /* payload of the result message */
    uint32_t result_bits;
} ldpcd_slot;

typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t work_available;  /* workers wait on it */
    pthread_cond_t result_ready;    /* the output waits on it */
    pthread_cond_t space_available; /* intake waits on it */
    ldpcd_slot *slots;
    uint32_t capacity;
    uint64_t head; /* oldest slot not yet sent */
    uint64_t tail; /* next slot intake fills */
    int closing;   /* no more input: workers and output finish what is queued */
    void *memory;
} ldpcd_ring;

int ldpcd_ring_create(ldpcd_ring *ring, uint32_t capacity, size_t soft_bytes, size_t result_bytes);
void ldpcd_ring_destroy(ldpcd_ring *ring);

/* Intake: the next free slot (waits while the ring is full), then commit. */
ldpcd_slot *ldpcd_ring_reserve(ldpcd_ring *ring);
void ldpcd_ring_commit(ldpcd_ring *ring, ldpcd_slot *slot);

/* Workers: up to max_frames pending slots of one code. A code's frames are
 * taken when max_frames of them are pending, when its oldest frame has waited
 * wait_ns, or when the ring is closing. Returns 0 after waiting at most
 * idle_timeout_ns without work (so a worker can report that it is alive), or
 * when the ring is closing and nothing is pending (then *finished = 1). */
uint32_t ldpcd_ring_claim(ldpcd_ring *ring, uint32_t max_frames, uint64_t wait_ns,
                          uint64_t idle_timeout_ns, ldpcd_slot **claimed, int *finished);
void ldpcd_ring_complete(ldpcd_ring *ring, ldpcd_slot **slots, uint32_t count);

/* Output: the oldest slot once done (waits up to timeout_ns; NULL on timeout or
 * when closing with nothing left, then *finished = 1), then release it. */
ldpcd_slot *ldpcd_ring_next_result(ldpcd_ring *ring, uint64_t timeout_ns, int *finished);
void ldpcd_ring_release(ldpcd_ring *ring);

void ldpcd_ring_close(ldpcd_ring *ring);
uint32_t ldpcd_ring_depth(ldpcd_ring *ring);

uint64_t ldpcd_now_ns(void);

#endif
