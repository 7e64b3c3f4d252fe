#include "ring.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

uint64_t ldpcd_now_ns(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

/* A thread that waits for space looks again this often even without a
 * wake-up: the one wake-up target serves the intake and a stop's wait. */
#define SPACE_RECHECK_NS 10000000u
/* A full ring's intake waits for an eighth of it to be released. */
#define SPACE_CHUNK_DIVISOR 8

/* Condition variables wait on CLOCK_MONOTONIC so that a clock change cannot
 * stretch the batch waiting time. */
static void wait_until(pthread_cond_t *cond, pthread_mutex_t *lock, uint64_t deadline_ns)
{
    struct timespec deadline = {.tv_sec = (time_t)(deadline_ns / 1000000000u),
                                .tv_nsec = (long)(deadline_ns % 1000000000u)};
    pthread_cond_timedwait(cond, lock, &deadline);
}

static int init_cond(pthread_cond_t *cond)
{
    pthread_condattr_t attr;
    if (pthread_condattr_init(&attr) != 0)
        return -1;
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    int status = pthread_cond_init(cond, &attr);
    pthread_condattr_destroy(&attr);
    return status;
}

int ldpcd_ring_create(ldpcd_ring *ring, uint32_t capacity, uint32_t batch_frames,
                      size_t staging_bytes, size_t message_bytes, size_t result_offset)
{
    memset(ring, 0, sizeof *ring);
    /* staging first (cache-line sizes), messages after */
    size_t soft_bytes = (staging_bytes + 63u) & ~(size_t)63u;
    size_t result_bytes = (message_bytes + 63u) & ~(size_t)63u;
    ring->slots = calloc(capacity, sizeof *ring->slots);
    ring->memory = aligned_alloc(64, (size_t)capacity * (soft_bytes + result_bytes));
    if (ring->slots == NULL || ring->memory == NULL) {
        free(ring->slots);
        free(ring->memory);
        return -1;
    }
    /* Touch every page now, so that the steady state never faults memory in. */
    memset(ring->memory, 0, (size_t)capacity * (soft_bytes + result_bytes));
    uint8_t *memory = ring->memory;
    for (uint32_t i = 0; i < capacity; i++) {
        ring->slots[i].staging = soft_bytes ? memory + (size_t)i * soft_bytes : NULL;
        ring->slots[i].message = memory + (size_t)capacity * soft_bytes + (size_t)i * result_bytes;
        ring->slots[i].result = ring->slots[i].message + result_offset;
    }
    ring->capacity = capacity;
    ring->batch_frames = batch_frames ? batch_frames : 1;
    atomic_store(&ring->wake_at, UINT64_MAX);
    pthread_mutex_init(&ring->lock, NULL);
    init_cond(&ring->work_available);
    init_cond(&ring->result_ready);
    init_cond(&ring->space_available);
    return 0;
}

void ldpcd_ring_destroy(ldpcd_ring *ring)
{
    if (ring->slots == NULL)
        return;
    pthread_mutex_destroy(&ring->lock);
    pthread_cond_destroy(&ring->work_available);
    pthread_cond_destroy(&ring->result_ready);
    pthread_cond_destroy(&ring->space_available);
    free(ring->slots);
    free(ring->memory);
    memset(ring, 0, sizeof *ring);
}

/* Moves head past the released slots; the lock is held. */
static void advance_head_locked(ldpcd_ring *ring)
{
    uint64_t head = atomic_load_explicit(&ring->head, memory_order_relaxed);
    while (head < ring->sent &&
           atomic_load_explicit(&ring->slots[head % ring->capacity].released,
                                memory_order_acquire))
        head++;
    atomic_store_explicit(&ring->head, head, memory_order_release);
}

/* Frames that can still be published without any worker finishing first
 * (counted up to `needed`); the lock is held. Every slot outside
 * [sent, tail) is free, with ZeroMQ or being filled by the intake, and the
 * finished results next in line for the output leave without a worker too. */
static uint32_t space_to_come(const ldpcd_ring *ring, uint32_t needed)
{
    uint32_t count = ring->capacity - (uint32_t)(ring->tail - ring->sent);
    for (uint64_t i = ring->sent; i < ring->tail && count < needed &&
                                  ring->slots[i % ring->capacity].state == LDPCD_SLOT_DONE;
         i++)
        count++;
    return count;
}

/* Waits (the lock held) until head reaches `wanted`, waking once `more`
 * slots are released after now, or at deadline_ns, or after
 * SPACE_RECHECK_NS at most; head is moved on after it. */
static void wait_for_head_locked(ldpcd_ring *ring, uint64_t wanted, uint32_t more,
                                 uint64_t deadline_ns)
{
    uint64_t target = atomic_load(&ring->released) + more;
    uint64_t current = atomic_load(&ring->wake_at);
    while (target < current && !atomic_compare_exchange_weak(&ring->wake_at, &current, target))
        ;
    /* Either a release sees wake_at, or this load sees the release (both
     * sequentially consistent), and with it the slot's flag. */
    uint64_t released = atomic_load(&ring->released);
    advance_head_locked(ring);
    if (atomic_load(&ring->head) < wanted && released < target) {
        uint64_t recheck = ldpcd_now_ns() + SPACE_RECHECK_NS;
        wait_until(&ring->space_available, &ring->lock,
                   deadline_ns < recheck ? deadline_ns : recheck);
    }
    atomic_store(&ring->wake_at, UINT64_MAX);
    advance_head_locked(ring);
}

/* Hands [tail, filled) to the workers and the output; the lock is held. A
 * worker is woken for each code whose first frame arrives and for each batch
 * completed, not for every frame. */
static void publish_locked(ldpcd_ring *ring)
{
    uint32_t wakes = 0;
    int done = 0;
    for (; ring->tail < ring->filled; ring->tail++) {
        ldpcd_slot *slot = &ring->slots[ring->tail % ring->capacity];
        if (slot->state == LDPCD_SLOT_DONE) {
            done = 1;
            continue;
        }
        ring->pending_total++;
        uint32_t pending = ++ring->pending[slot->code->index];
        if (pending == 1 || pending % ring->batch_frames == 0)
            wakes++;
    }
    if (done)
        pthread_cond_signal(&ring->result_ready);
    /* too little space left to fill a batch: a waiting worker may take what
     * is pending now (ldpcd_ring_claim) */
    if (wakes == 0 && ring->pending_total > 0 &&
        space_to_come(ring, ring->batch_frames) < ring->batch_frames)
        wakes = 1;
    if (wakes > 1)
        pthread_cond_broadcast(&ring->work_available);
    else if (wakes == 1)
        pthread_cond_signal(&ring->work_available);
}

static ldpcd_slot *reserved(ldpcd_ring *ring)
{
    ldpcd_slot *slot = &ring->slots[ring->filled % ring->capacity];
    atomic_store_explicit(&slot->released, 0, memory_order_relaxed);
    return slot;
}

ldpcd_slot *ldpcd_ring_try_reserve(ldpcd_ring *ring)
{
    /* only the intake moves filled, and head only grows: a free slot seen
     * here stays free */
    if (ring->filled - atomic_load_explicit(&ring->head, memory_order_acquire) < ring->capacity)
        return reserved(ring);
    return NULL;
}

ldpcd_slot *ldpcd_ring_reserve_until(ldpcd_ring *ring, uint64_t deadline_ns)
{
    ldpcd_slot *slot = ldpcd_ring_try_reserve(ring);
    if (slot != NULL)
        return slot;
    pthread_mutex_lock(&ring->lock);
    publish_locked(ring);
    /* a full ring waits for a few results to leave, not for each one */
    uint32_t chunk = ring->capacity / SPACE_CHUNK_DIVISOR;
    for (;;) {
        advance_head_locked(ring);
        if (ring->filled - ring->head < ring->capacity) {
            slot = reserved(ring);
            break;
        }
        if (ldpcd_now_ns() >= deadline_ns)
            break;
        wait_for_head_locked(ring, ring->filled - ring->capacity + 1, chunk > 0 ? chunk : 1,
                             deadline_ns);
    }
    pthread_mutex_unlock(&ring->lock);
    return slot;
}

ldpcd_slot *ldpcd_ring_reserve(ldpcd_ring *ring)
{
    return ldpcd_ring_reserve_until(ring, UINT64_MAX);
}

void ldpcd_ring_fill(ldpcd_ring *ring)
{
    ring->filled++;
}

void ldpcd_ring_publish(ldpcd_ring *ring)
{
    if (ring->filled == ring->tail)
        return; /* the intake's own counters: nobody else moves them */
    pthread_mutex_lock(&ring->lock);
    publish_locked(ring);
    pthread_mutex_unlock(&ring->lock);
}

/* The pending codes in order of their oldest frame, with counts. */
typedef struct {
    const ldpcd_code_entry *code;
    uint64_t oldest_ns;
    uint32_t pending;
} pending_code;

#define TRACKED_CODES 32

uint32_t ldpcd_ring_claim(ldpcd_ring *ring, uint32_t max_frames, uint64_t wait_ns,
                          uint64_t idle_timeout_ns, ldpcd_slot **claimed, int *finished)
{
    *finished = 0;
    pthread_mutex_lock(&ring->lock);
    uint64_t idle_deadline = ldpcd_now_ns() + idle_timeout_ns;
    for (;;) {
        if (ring->claim_from < ring->sent)
            ring->claim_from = ring->sent;
        while (ring->claim_from < ring->tail &&
               ring->slots[ring->claim_from % ring->capacity].state != LDPCD_SLOT_PENDING)
            ring->claim_from++;
        /* the codes in order of their oldest pending frame; the scan ends
         * once every pending frame belongs to a code seen */
        pending_code codes[TRACKED_CODES];
        uint32_t code_count = 0, accounted = 0;
        for (uint64_t i = ring->claim_from; i < ring->tail && accounted < ring->pending_total &&
                                            code_count < TRACKED_CODES;
             i++) {
            ldpcd_slot *slot = &ring->slots[i % ring->capacity];
            if (slot->state != LDPCD_SLOT_PENDING)
                continue;
            uint32_t c = 0;
            while (c < code_count && codes[c].code != slot->code)
                c++;
            if (c == code_count) {
                uint32_t pending = ring->pending[slot->code->index];
                codes[code_count++] = (pending_code){slot->code, slot->arrival_ns, pending};
                accounted += pending;
            }
        }
        uint64_t now = ldpcd_now_ns();
        uint64_t next_deadline = idle_deadline;
        /* a batch that can fill only after other workers' batches (the
         * output waits for them) is taken as it is */
        uint32_t to_come = code_count > 0 ? space_to_come(ring, max_frames) : 0;
        for (uint32_t c = 0; c < code_count; c++) {
            uint64_t due = codes[c].oldest_ns + wait_ns;
            if (codes[c].pending >= max_frames || now >= due || ring->closing ||
                codes[c].pending + to_come < max_frames) {
                uint32_t count = 0;
                for (uint64_t i = ring->claim_from; i < ring->tail && count < max_frames; i++) {
                    ldpcd_slot *slot = &ring->slots[i % ring->capacity];
                    if (slot->state == LDPCD_SLOT_PENDING && slot->code == codes[c].code) {
                        slot->state = LDPCD_SLOT_CLAIMED;
                        claimed[count++] = slot;
                    }
                }
                ring->pending[codes[c].code->index] -= count;
                ring->pending_total -= count;
                /* what is left may be another worker's batch */
                if (code_count > 1 || codes[c].pending > count)
                    pthread_cond_signal(&ring->work_available);
                pthread_mutex_unlock(&ring->lock);
                return count;
            }
            if (due < next_deadline)
                next_deadline = due;
        }
        if (code_count == 0 && ring->closing) {
            *finished = 1;
            break;
        }
        if (now >= idle_deadline)
            break;
        wait_until(&ring->work_available, &ring->lock, next_deadline);
    }
    pthread_mutex_unlock(&ring->lock);
    return 0;
}

void ldpcd_ring_complete(ldpcd_ring *ring, ldpcd_slot **slots, uint32_t count)
{
    pthread_mutex_lock(&ring->lock);
    for (uint32_t i = 0; i < count; i++)
        slots[i]->state = LDPCD_SLOT_DONE;
    pthread_cond_signal(&ring->result_ready);
    pthread_mutex_unlock(&ring->lock);
}

uint32_t ldpcd_ring_take_results(ldpcd_ring *ring, ldpcd_slot **slots, uint32_t max,
                                 uint64_t timeout_ns, int *finished)
{
    *finished = 0;
    uint32_t count = 0;
    uint64_t deadline = ldpcd_now_ns() + timeout_ns;
    pthread_mutex_lock(&ring->lock);
    for (;;) {
        while (count < max && ring->sent < ring->tail) {
            ldpcd_slot *slot = &ring->slots[ring->sent % ring->capacity];
            if (slot->state != LDPCD_SLOT_DONE)
                break;
            slot->state = LDPCD_SLOT_HANDED;
            slots[count++] = slot;
            ring->sent++;
        }
        if (count > 0)
            break;
        if (ring->sent == ring->tail && ring->closing) {
            *finished = 1;
            break;
        }
        if (ldpcd_now_ns() >= deadline)
            break;
        wait_until(&ring->result_ready, &ring->lock, deadline);
    }
    pthread_mutex_unlock(&ring->lock);
    return count;
}

void ldpcd_ring_release(ldpcd_ring *ring, ldpcd_slot *slot)
{
    atomic_store_explicit(&slot->released, 1, memory_order_release);
    /* sequentially consistent with the waiter's setting of wake_at and its
     * look at the slots: either it sees this release or this sees its wish */
    uint64_t released = atomic_fetch_add(&ring->released, 1) + 1;
    if (released < atomic_load(&ring->wake_at))
        return;
    pthread_mutex_lock(&ring->lock);
    pthread_cond_broadcast(&ring->space_available);
    pthread_mutex_unlock(&ring->lock);
}

uint32_t ldpcd_ring_wait_released(ldpcd_ring *ring, uint64_t deadline_ns)
{
    pthread_mutex_lock(&ring->lock);
    advance_head_locked(ring);
    while (ring->head < ring->tail && ldpcd_now_ns() < deadline_ns)
        wait_for_head_locked(ring, ring->tail, 1, deadline_ns);
    uint32_t left = (uint32_t)(ring->tail - ring->head);
    pthread_mutex_unlock(&ring->lock);
    return left;
}

void ldpcd_ring_close(ldpcd_ring *ring)
{
    pthread_mutex_lock(&ring->lock);
    ring->closing = 1;
    pthread_cond_broadcast(&ring->work_available);
    pthread_cond_broadcast(&ring->result_ready);
    pthread_mutex_unlock(&ring->lock);
}

uint32_t ldpcd_ring_depth(ldpcd_ring *ring)
{
    pthread_mutex_lock(&ring->lock);
    advance_head_locked(ring);
    uint32_t depth = (uint32_t)(ring->tail - ring->head);
    pthread_mutex_unlock(&ring->lock);
    return depth;
}
