/* The static-memory guarantee: once created, a decoder decodes thousands of
 * frames, switching between codes within its limits, without a single call
 * to malloc, calloc, realloc, aligned_alloc, posix_memalign or free. The link
 * wraps those functions (tests/CMakeLists.txt) so that every call made by the
 * library and by this program passes through the counters of
 * tests/support/alloc_counter.c. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "alloc_counter.h"
#include "test_backend_kinds.h"
#include "ldpc/decoder.h"
#include "ldpc/soft.h"
#include "test_decoder_codes.h"

/* Through a volatile pointer so that the compiler cannot drop the pair. */
static void *(*volatile allocate_for_probe)(size_t) = malloc;

static void the_counters_see_allocations(void **state)
{
    (void)state;
    unsigned long before = allocations, freed = releases;
    void *p = allocate_for_probe(16);
    assert_non_null(p);
    free(p);
    assert_int_equal(allocations, before + 1);
    assert_int_equal(releases, freed + 1);
    /* The library's own calls are wrapped too (not only this file's). */
    before = allocations;
    ldpc_code *code = test_code_single_check(5);
    assert_true(allocations > before);
    ldpc_code_destroy(code);
}

enum { SMALL_CODES = 5, FRAMES = 2, DECODES = 2000 };

typedef struct {
    ldpc_code *code;
    float *llr;  /* FRAMES * transmitted n */
    int8_t *q;   /* FRAMES * transmitted n */
    uint8_t *bits;
} coded_input;

static void prepare(coded_input *in, ldpc_code *code, test_rng *rng, double ebn0_db)
{
    in->code = code;
    /* frames of the values the code transmits (punctured, shortened or
     * rate-matched codes: not its n), decided into n bits */
    size_t values = (size_t)FRAMES * ldpc_code_transmitted_n(code);
    in->llr = malloc(values * sizeof(float));
    in->q = malloc(values);
    in->bits = malloc((size_t)FRAMES * code->n);
    uint8_t *zeros = calloc(values, 1);
    assert_non_null(zeros);
    test_bpsk_awgn_llr(rng, zeros, values, 0.5, ebn0_db, in->llr);
    ldpc_quantise(in->llr, values, 2.0f, in->q);
    in->q[0] = -128; /* the full int8 range is accepted */
    free(zeros);
}

static void release(coded_input *in)
{
    ldpc_code_destroy(in->code);
    free(in->llr);
    free(in->q);
    free(in->bits);
}

/* The first inter-frame SIMD backend this CPU runs, or "auto" (the reference)
 * where it runs none: what `auto` picks for saturated posteriors. */
static const char *first_runnable_simd_backend(void)
{
    for (size_t i = 0; i < test_backend_count(BACKEND_KIND_INTER_FRAME); i++)
        if (test_backend_runs(test_backend_at(BACKEND_KIND_INTER_FRAME, i)))
            return test_backend_at(BACKEND_KIND_INTER_FRAME, i)->name;
    return "auto";
}

static void decoding_never_allocates(void **state)
{
    (void)state;
    test_rng rng;
    test_rng_seed(&rng, 314);
    coded_input small[SMALL_CODES], dvb;
    prepare(&small[0], test_code_random_regular("regular-96", 96, 3, 6, 0, 1), &rng, 3.0);
    prepare(&small[1], test_code_random_regular("grouped-240", 240, 3, 6, 8, 2), &rng, 3.0);
    prepare(&small[2], test_code_random_regular("regular-150", 150, 4, 8, 0, 3), &rng, 4.0);
    prepare(&small[3], test_code_single_check(7), &rng, 3.0);
    ldpc_code *rate_matched; /* punctured, shortened, repeated, interleaved */
    assert_int_equal(ldpc_code_create("5gnr-bg2-z8-k70-e500-rv1-qm2", &rate_matched, NULL),
                     LDPC_OK);
    prepare(&small[4], rate_matched, &rng, 3.0);
    ldpc_code *dvb_code;
    ldpc_error err;
    assert_int_equal(ldpc_code_create("dvbs2-short-1/2", &dvb_code, &err), LDPC_OK);
    prepare(&dvb, dvb_code, &rng, 3.0);
    float *poisoned = malloc((size_t)FRAMES * 96 * sizeof(float));
    memcpy(poisoned, small[0].llr, (size_t)FRAMES * 96 * sizeof(float));
    poisoned[7] = NAN;

    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(dvb.code, FRAMES);
    for (int c = 0; c < SMALL_CODES; c++)
        limits = ldpc_decoder_limits_union(limits,
                                           ldpc_decoder_limits_for_code(small[c].code, FRAMES));
    /* A code that exceeds the limits (checks of degree 30), for the error path. */
    ldpc_code *too_dense = test_code_single_check(30);
    limits.max_check_degree = 20;

    enum { DECODERS = 10 };
    ldpc_decoder *decoders[DECODERS];
    for (int d = 0; d < DECODERS; d++) {
        ldpc_decoder_config config = ldpc_decoder_config_default();
        config.arithmetic = d % 4 < 2 ? LDPC_ARITH_FIXED8 : LDPC_ARITH_FLOAT;
        config.schedule = d % 2 ? LDPC_SCHEDULE_FLOODING : LDPC_SCHEDULE_LAYERED;
        config.rule = d % 4 == 1   ? LDPC_RULE_MIN_SUM_OFFSET
                      : d % 4 == 2 ? LDPC_RULE_SUM_PRODUCT
                                   : LDPC_RULE_MIN_SUM_NORMALIZED;
        config.max_iterations = 30;
        /* The reference, then whatever "auto" picks here (a SIMD backend where
         * the machine has one), with the first four configurations. */
        const char *backend = d < 4 ? "reference" : "auto";
        if (d >= 4)
            config.rule = d % 4 == 2 ? LDPC_RULE_MIN_SUM_NORMALIZED : config.rule;
        /* And saturated 8-bit posteriors (their own SIMD workspace layout),
         * offset with the implied cap and normalized with none. */
        if (d >= 8) {
            config.arithmetic = LDPC_ARITH_FIXED8;
            config.schedule = LDPC_SCHEDULE_LAYERED;
            config.rule = d == 8 ? LDPC_RULE_MIN_SUM_OFFSET : LDPC_RULE_MIN_SUM_NORMALIZED;
            config.posterior_bits = 8;
            config.message_cap = d == 8 ? 31 : 127;
            backend = first_runnable_simd_backend();
        }
        assert_int_equal(ldpc_decoder_create(&config, &limits, backend, &decoders[d], &err),
                         LDPC_OK);
    }

    ldpc_frame_stats stats[FRAMES];
    unsigned long allocations_before = allocations, releases_before = releases;
    for (int i = 0; i < DECODES; i++) {
        ldpc_decoder *decoder = decoders[i % DECODERS];
        /* 249: the DVB code reaches every decoder but one in turn. */
        coded_input *in = i % 249 == 0 ? &dvb : &small[(i / DECODERS) % SMALL_CODES];
        ldpc_status status = i % 3 == 0
                                 ? ldpc_decoder_decode_i8(decoder, in->code, in->q, FRAMES,
                                                          in->bits, stats, &err)
                                 : ldpc_decoder_decode_f32(decoder, in->code, in->llr, FRAMES,
                                                           in->bits, stats, &err);
        assert_int_equal(status, LDPC_OK);
        if (i % 100 == 0) { /* the refusals allocate nothing either */
            assert_int_equal(ldpc_decoder_decode_f32(decoder, small[0].code, poisoned, FRAMES,
                                                     in->bits, stats, &err),
                             LDPC_ERR_INVALID);
            assert_int_equal(ldpc_decoder_decode_i8(decoder, too_dense, small[0].q, 1, in->bits,
                                                    stats, &err),
                             LDPC_ERR_LIMITS);
        }
    }
    assert_int_equal(allocations - allocations_before, 0);
    assert_int_equal(releases - releases_before, 0);
    /* The decodes did real work: the last DVB frames converged. */
    assert_int_equal(ldpc_code_unsatisfied_checks(dvb.code, dvb.bits), 0);

    for (int d = 0; d < DECODERS; d++)
        ldpc_decoder_destroy(decoders[d]);
    assert_true(releases > releases_before); /* destroy is where memory goes back */
    for (int c = 0; c < SMALL_CODES; c++)
        release(&small[c]);
    release(&dvb);
    ldpc_code_destroy(too_dense);
    free(poisoned);
}

/* Lane refill (early termination with many more frames than lanes times
 * threads, frames finishing at different iterations) allocates nothing
 * either: the lanes' bookkeeping lives on the workers' stacks and in the
 * workspaces carved at creation. */
static void refilling_lanes_never_allocate(void **state)
{
    (void)state;
    const char *backend = first_runnable_simd_backend();
    if (strcmp(backend, "auto") == 0)
        skip();
    enum { REFILL_FRAMES = 300, CALLS = 40 };
    test_rng rng;
    test_rng_seed(&rng, 271);
    ldpc_code *code = test_code_random_regular("regular-96", 96, 3, 6, 0, 1);
    size_t values = (size_t)REFILL_FRAMES * code->n;
    float *llr = malloc(values * sizeof(float));
    int8_t *q = malloc(values);
    uint8_t *zeros = calloc(values, 1), *bits = malloc(values);
    ldpc_frame_stats *stats = malloc(REFILL_FRAMES * sizeof *stats);
    assert_true(llr != NULL && q != NULL && zeros != NULL && bits != NULL && stats != NULL);
    test_bpsk_awgn_llr(&rng, zeros, values, 0.5, 2.0, llr);
    ldpc_quantise(llr, values, 2.0f, q);
    for (size_t v = 0; v < values; v += 7 * code->n) /* every 7th frame hopeless */
        for (size_t i = v; i < v + code->n; i++)
            q[i] = (int8_t)(int)(test_rng_next(&rng) % 256 - 128);

    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(code, REFILL_FRAMES);
    ldpc_decoder *decoders[4];
    ldpc_error err;
    for (int d = 0; d < 4; d++) {
        ldpc_decoder_config config = ldpc_decoder_config_default();
        config.threads = 2;
        config.syndrome_period = d % 2 ? 3 : 1;
        if (d >= 2) {
            config.posterior_bits = 8;
            config.message_cap = 31;
        }
        assert_int_equal(ldpc_decoder_create(&config, &limits, backend, &decoders[d], &err),
                         LDPC_OK);
    }
    unsigned long allocations_before = allocations, releases_before = releases;
    uint32_t spread = 0;
    for (int i = 0; i < CALLS; i++) {
        assert_int_equal(ldpc_decoder_decode_i8(decoders[i % 4], code, q, REFILL_FRAMES, bits,
                                                stats, &err),
                         LDPC_OK);
        for (uint32_t f = 0; f < REFILL_FRAMES; f++)
            spread |= 1u << (stats[f].iterations < 31 ? stats[f].iterations : 31);
    }
    assert_int_equal(allocations - allocations_before, 0);
    assert_int_equal(releases - releases_before, 0);
    /* The frames did finish at different iterations (lanes were refilled). */
    assert_true(__builtin_popcount(spread) >= 4);
    for (int d = 0; d < 4; d++)
        ldpc_decoder_destroy(decoders[d]);
    ldpc_code_destroy(code);
    free(llr);
    free(q);
    free(zeros);
    free(bits);
    free(stats);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_counters_see_allocations),
        cmocka_unit_test(decoding_never_allocates),
        cmocka_unit_test(refilling_lanes_never_allocate),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
