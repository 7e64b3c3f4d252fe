/* ldpcd's frame ring (src/ldpcd/ring.c): batches per code, the batch
 * waiting time, and output strictly in arrival order. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "ring.h"

static ldpcd_code_entry code_a = {.index = 0}, code_b = {.index = 1};

static void push(ldpcd_ring *ring, const ldpcd_code_entry *code, uint64_t sequence, int done)
{
    ldpcd_slot *slot = ldpcd_ring_reserve(ring);
    slot->code = code;
    slot->sequence = sequence;
    slot->arrival_ns = ldpcd_now_ns();
    slot->state = done ? LDPCD_SLOT_DONE : LDPCD_SLOT_PENDING;
    ldpcd_ring_fill(ring);
    ldpcd_ring_publish(ring);
}

/* The output's next result, handed over; NULL if none within 1 ms. */
static ldpcd_slot *take_one(ldpcd_ring *ring, int *finished)
{
    ldpcd_slot *slot;
    return ldpcd_ring_take_results(ring, &slot, 1, 1000000u, finished) == 1 ? slot : NULL;
}

static void batches_per_code(void **state)
{
    (void)state;
    ldpcd_ring ring;
    assert_int_equal(ldpcd_ring_create(&ring, 16, 3, 8, 8, 0), 0);
    /* A B A A B A, with a rejection (done at once) in the middle */
    const ldpcd_code_entry *codes[] = {&code_a, &code_b, &code_a, NULL, &code_a, &code_b, &code_a};
    for (uint64_t s = 0; s < 7; s++)
        push(&ring, codes[s], s, codes[s] == NULL);
    ldpcd_slot *claimed[8];
    int finished;
    /* A has 4 pending: a full batch of 3 at once, oldest first */
    uint32_t count = ldpcd_ring_claim(&ring, 3, 1000000000u, 0, claimed, &finished);
    assert_int_equal(count, 3);
    assert_int_equal(claimed[0]->sequence, 0);
    assert_int_equal(claimed[1]->sequence, 2);
    assert_int_equal(claimed[2]->sequence, 4);
    /* nothing else is full and nothing has waited 1 s: no work yet */
    ldpcd_slot *more[8];
    assert_int_equal(ldpcd_ring_claim(&ring, 3, 1000000000u, 1000000u, more, &finished), 0);
    assert_int_equal(finished, 0);
    /* with a zero waiting time the oldest partial batch (B) goes */
    count = ldpcd_ring_claim(&ring, 3, 0, 0, more, &finished);
    assert_int_equal(count, 2);
    assert_ptr_equal(more[0]->code, &code_b);
    assert_int_equal(more[0]->sequence, 1);
    assert_int_equal(more[1]->sequence, 5);
    /* the output waits for frame 0 although 1 and 5 finish first */
    ldpcd_ring_complete(&ring, more, 2);
    assert_null(take_one(&ring, &finished));
    ldpcd_ring_complete(&ring, claimed, 3);
    uint64_t expected[] = {0, 1, 2, 3, 4, 5};
    for (int i = 0; i < 6; i++) {
        ldpcd_slot *slot = take_one(&ring, &finished);
        assert_non_null(slot);
        assert_int_equal(slot->sequence, expected[i]);
        ldpcd_ring_release(&ring, slot);
    }
    /* frame 6 (A) is still pending; closing lets it go without waiting: its
     * batch would be due in a minute, and the claim gives up after 1 s */
    assert_null(take_one(&ring, &finished));
    ldpcd_ring_close(&ring);
    count = ldpcd_ring_claim(&ring, 3, 60000000000u, 1000000000u, more, &finished);
    assert_int_equal(count, 1);
    assert_int_equal(more[0]->sequence, 6);
    ldpcd_ring_complete(&ring, more, 1);
    ldpcd_slot *last = take_one(&ring, &finished);
    assert_non_null(last);
    ldpcd_ring_release(&ring, last);
    assert_int_equal(ldpcd_ring_claim(&ring, 3, 0, 0, more, &finished), 0);
    assert_int_equal(finished, 1);
    assert_null(take_one(&ring, &finished));
    assert_int_equal(finished, 1);
    assert_int_equal(ldpcd_ring_depth(&ring), 0);
    ldpcd_ring_destroy(&ring);
}

/* Slots handed over stay taken until released, in whatever order ZeroMQ
 * releases them; the ring frees them oldest first. */
static void handed_slots_stay_taken_until_released(void **state)
{
    (void)state;
    ldpcd_ring ring;
    assert_int_equal(ldpcd_ring_create(&ring, 2, 1, 8, 8, 4), 0);
    assert_ptr_equal(ring.slots[1].result, ring.slots[1].message + 4);
    push(&ring, NULL, 0, 1);
    push(&ring, NULL, 1, 1);
    int finished;
    ldpcd_slot *first = take_one(&ring, &finished);
    ldpcd_slot *second = take_one(&ring, &finished);
    assert_non_null(second);
    assert_int_equal(second->sequence, 1);
    assert_null(take_one(&ring, &finished));
    /* both are with the output's consumer: the ring is full */
    assert_null(ldpcd_ring_reserve_until(&ring, ldpcd_now_ns() + 1000000u));
    assert_int_equal(ldpcd_ring_wait_released(&ring, ldpcd_now_ns() + 1000000u), 2);
    ldpcd_ring_release(&ring, second);
    assert_null(ldpcd_ring_reserve_until(&ring, ldpcd_now_ns() + 1000000u));
    ldpcd_ring_release(&ring, first);
    assert_int_equal(ldpcd_ring_wait_released(&ring, ldpcd_now_ns()), 0);
    assert_non_null(ldpcd_ring_reserve_until(&ring, ldpcd_now_ns()));
    ldpcd_ring_destroy(&ring);
}

static void wraps_around(void **state)
{
    (void)state;
    ldpcd_ring ring;
    assert_int_equal(ldpcd_ring_create(&ring, 4, 1, 8, 8, 0), 0);
    ldpcd_slot *claimed[4];
    int finished;
    for (uint64_t s = 0; s < 40; s += 2) {
        push(&ring, &code_a, s, 0);
        push(&ring, &code_a, s + 1, 0);
        assert_int_equal(ldpcd_ring_depth(&ring), 2);
        assert_int_equal(ldpcd_ring_claim(&ring, 2, 0, 0, claimed, &finished), 2);
        ldpcd_ring_complete(&ring, claimed, 2);
        for (uint64_t i = 0; i < 2; i++) {
            ldpcd_slot *slot = take_one(&ring, &finished);
            assert_non_null(slot);
            assert_int_equal(slot->sequence, s + i);
            ldpcd_ring_release(&ring, slot);
        }
    }
    ldpcd_ring_destroy(&ring);
}

/* A code with exactly max_frames pending is a full batch: it goes at once,
 * not when its oldest frame has waited. */
static void exactly_a_full_batch_goes_at_once(void **state)
{
    (void)state;
    ldpcd_ring ring;
    assert_int_equal(ldpcd_ring_create(&ring, 8, 1, 8, 8, 0), 0);
    push(&ring, &code_a, 0, 0);
    push(&ring, &code_a, 1, 0);
    ldpcd_slot *claimed[2];
    int finished;
    assert_int_equal(ldpcd_ring_claim(&ring, 2, 60000000000u, 1000000u, claimed, &finished), 2);
    assert_int_equal(claimed[0]->sequence, 0);
    assert_int_equal(claimed[1]->sequence, 1);
    ldpcd_ring_complete(&ring, claimed, 2);
    ldpcd_ring_destroy(&ring);
}

/* Results on their way out (next for the output, or with ZeroMQ) free their
 * slots without any worker: a batch waits for the frames that will take them. */
static void results_on_their_way_out_count_as_space(void **state)
{
    (void)state;
    ldpcd_ring ring;
    assert_int_equal(ldpcd_ring_create(&ring, 4, 4, 8, 8, 0), 0);
    push(&ring, NULL, 0, 1);
    push(&ring, NULL, 1, 1);
    push(&ring, &code_a, 2, 0);
    push(&ring, &code_a, 3, 0);
    ldpcd_slot *claimed[4], *out[4];
    int finished;
    assert_int_equal(ldpcd_ring_claim(&ring, 4, 60000000000u, 1000000u, claimed, &finished), 0);
    assert_int_equal(ldpcd_ring_take_results(&ring, out, 4, 1000000u, &finished), 2);
    assert_int_equal(ldpcd_ring_claim(&ring, 4, 60000000000u, 1000000u, claimed, &finished), 0);
    ldpcd_ring_release(&ring, out[0]);
    ldpcd_ring_release(&ring, out[1]);
    assert_int_equal(ldpcd_ring_claim(&ring, 4, 60000000000u, 1000000u, claimed, &finished), 0);
    push(&ring, &code_a, 4, 0);
    push(&ring, &code_a, 5, 0);
    assert_int_equal(ldpcd_ring_claim(&ring, 4, 60000000000u, 1000000u, claimed, &finished), 4);
    ldpcd_ring_complete(&ring, claimed, 4);
    ldpcd_ring_destroy(&ring);
}

static void fill(ldpcd_ring *ring, uint64_t sequence)
{
    ldpcd_slot *slot = ldpcd_ring_reserve_until(ring, ldpcd_now_ns());
    assert_non_null(slot);
    slot->code = &code_a;
    slot->sequence = sequence;
    slot->arrival_ns = ldpcd_now_ns();
    slot->state = LDPCD_SLOT_PENDING;
    ldpcd_ring_fill(ring);
}

/* Filled frames reach the workers when the intake publishes them (once per
 * message); a wait for space publishes first, so that a ring full of
 * unpublished frames cannot stall. The output takes a run of results. */
static void filled_frames_wait_for_publish(void **state)
{
    (void)state;
    ldpcd_ring ring;
    assert_int_equal(ldpcd_ring_create(&ring, 4, 2, 8, 8, 0), 0);
    ldpcd_slot *claimed[2], *second[2], *out[4];
    int finished;
    for (uint64_t s = 0; s < 4; s++)
        fill(&ring, s);
    assert_int_equal(ldpcd_ring_claim(&ring, 2, 0, 0, claimed, &finished), 0);
    ldpcd_ring_publish(&ring);
    assert_int_equal(ldpcd_ring_claim(&ring, 2, 0, 0, claimed, &finished), 2);
    assert_int_equal(ldpcd_ring_claim(&ring, 2, 0, 0, second, &finished), 2);
    assert_int_equal(second[0]->sequence, 2);
    ldpcd_ring_complete(&ring, second, 2);
    assert_int_equal(ldpcd_ring_take_results(&ring, out, 4, 1000000u, &finished), 0);
    ldpcd_ring_complete(&ring, claimed, 2);
    assert_int_equal(ldpcd_ring_take_results(&ring, out, 4, 1000000u, &finished), 4);
    for (uint64_t s = 0; s < 4; s++) {
        assert_int_equal(out[s]->sequence, s);
        ldpcd_ring_release(&ring, out[s]);
    }
    for (uint64_t s = 4; s < 8; s++)
        fill(&ring, s);
    assert_null(ldpcd_ring_reserve_until(&ring, ldpcd_now_ns() + 1000000u));
    assert_int_equal(ldpcd_ring_claim(&ring, 2, 0, 0, claimed, &finished), 2);
    assert_int_equal(claimed[0]->sequence, 4);
    ldpcd_ring_complete(&ring, claimed, 2);
    ldpcd_ring_destroy(&ring);
}

/* A batch that the free slots cannot complete goes as it is: the frames that
 * would fill it cannot arrive before results leave. */
static void a_batch_the_ring_cannot_fill_goes_at_once(void **state)
{
    (void)state;
    ldpcd_ring ring;
    assert_int_equal(ldpcd_ring_create(&ring, 4, 4, 8, 8, 0), 0);
    push(&ring, &code_a, 0, 0);
    push(&ring, &code_a, 1, 0);
    ldpcd_slot *claimed[4];
    int finished;
    /* two slots free: a batch of 4 may still fill, so a claim waits */
    assert_int_equal(ldpcd_ring_claim(&ring, 4, 60000000000u, 1000000u, claimed, &finished), 0);
    push(&ring, NULL, 2, 1);
    push(&ring, NULL, 3, 1);
    /* full: the two pending frames go although the batch wait is a minute */
    assert_int_equal(ldpcd_ring_claim(&ring, 4, 60000000000u, 1000000u, claimed, &finished), 2);
    assert_int_equal(claimed[0]->sequence, 0);
    assert_int_equal(claimed[1]->sequence, 1);
    ldpcd_ring_complete(&ring, claimed, 2);
    ldpcd_ring_destroy(&ring);
}

/* Releases from other threads take no lock, yet a full ring's intake that
 * waits for space gets a slot as they come. */
typedef struct {
    ldpcd_ring *ring;
    ldpcd_slot *slots[8];
} releaser;

static void *release_all(void *argument)
{
    releaser *r = argument;
    for (int i = 0; i < 8; i++)
        ldpcd_ring_release(r->ring, r->slots[i]);
    return NULL;
}

static void released_slots_come_back_to_the_intake(void **state)
{
    (void)state;
    ldpcd_ring ring;
    assert_int_equal(ldpcd_ring_create(&ring, 8, 1, 8, 8, 0), 0);
    releaser r = {.ring = &ring};
    int finished;
    for (int lap = 0; lap < 3; lap++) {
        for (uint64_t s = 0; s < 8; s++)
            push(&ring, NULL, (uint64_t)lap * 8 + s, 1);
        assert_int_equal(ldpcd_ring_depth(&ring), 8);
        assert_int_equal(ldpcd_ring_take_results(&ring, r.slots, 8, 1000000u, &finished), 8);
        pthread_t thread;
        assert_int_equal(pthread_create(&thread, NULL, release_all, &r), 0);
        /* waits (without a deadline) until the releases free a slot */
        assert_non_null(ldpcd_ring_reserve(&ring));
        pthread_join(thread, NULL);
        assert_int_equal(ldpcd_ring_wait_released(&ring, ldpcd_now_ns()), 0);
        assert_int_equal(ldpcd_ring_depth(&ring), 0);
    }
    ldpcd_ring_destroy(&ring);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(batches_per_code),
        cmocka_unit_test(exactly_a_full_batch_goes_at_once),
        cmocka_unit_test(handed_slots_stay_taken_until_released),
        cmocka_unit_test(wraps_around),
        cmocka_unit_test(filled_frames_wait_for_publish),
        cmocka_unit_test(a_batch_the_ring_cannot_fill_goes_at_once),
        cmocka_unit_test(results_on_their_way_out_count_as_space),
        cmocka_unit_test(released_slots_come_back_to_the_intake),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
