/* Every CPU SIMD variant this machine can run against the portable reference:
 * identical decided bits and statistics, frame by frame, for several codes,
 * rules, syndrome periods, noise levels, batch sizes and thread counts, with
 * exact 16-bit posteriors and with saturated 8-bit ones (posterior_bits 8,
 * several message caps); and lane refill: calls of many more frames than
 * lanes times threads, whose frames finish at very different iterations. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "test_backend_kinds.h"
#include "common/simd_layered.h"
#include "ldpc/ldpc.h"
#include "test_decoder_codes.h"
#include "test_support.h"

typedef struct {
    const char *code_name;
    double ebn0_db;
    uint32_t frames;
} scenario;

static void decode_with(const char *backend, const ldpc_decoder_config *config,
                        const ldpc_code *code, const int8_t *q, uint32_t frames, uint8_t *bits,
                        ldpc_frame_stats *stats)
{
    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(code, frames);
    ldpc_decoder *decoder = NULL;
    ldpc_error err;
    ldpc_status status = ldpc_decoder_create(config, &limits, backend, &decoder, &err);
    if (status != LDPC_OK)
        fail_msg("create %s: %s", backend, err.message);
    assert_string_equal(ldpc_decoder_backend_name(decoder), backend);
    status = ldpc_decoder_decode_i8(decoder, code, q, frames, bits, stats, &err);
    if (status != LDPC_OK)
        fail_msg("decode %s: %s", backend, err.message);
    ldpc_decoder_destroy(decoder);
}

static void compare_variant(const char *variant, const ldpc_decoder_config *config,
                            const scenario *s, uint64_t seed)
{
    ldpc_code *code = NULL;
    ldpc_error err;
    if (ldpc_code_create(s->code_name, &code, &err) != LDPC_OK)
        fail_msg("%s", err.message);
    int8_t *q = test_make_quantised_frames(code, s->frames, s->ebn0_db, seed);
    size_t bit_count = (size_t)s->frames * code->n;
    uint8_t *expected_bits = malloc(bit_count), *actual_bits = malloc(bit_count);
    ldpc_frame_stats *expected = calloc(s->frames, sizeof *expected);
    ldpc_frame_stats *actual = calloc(s->frames, sizeof *actual);
    decode_with("reference", config, code, q, s->frames, expected_bits, expected);
    decode_with(variant, config, code, q, s->frames, actual_bits, actual);
    uint32_t converged = 0;
    for (uint32_t f = 0; f < s->frames; f++) {
        if (memcmp(expected_bits + (size_t)f * code->n, actual_bits + (size_t)f * code->n,
                   code->n) != 0 ||
            memcmp(&expected[f], &actual[f], sizeof expected[f]) != 0)
            fail_msg("%s differs from the reference on %s frame %u at %.2f dB "
                     "(iterations %u vs %u, unsatisfied %u vs %u)",
                     variant, s->code_name, f, s->ebn0_db, actual[f].iterations,
                     expected[f].iterations, actual[f].unsatisfied_checks,
                     expected[f].unsatisfied_checks);
        converged += expected[f].converged;
    }
    print_message("  %-9s %-24.24s %5.2f dB %3u frames: %3u converged, identical\n", variant,
                  s->code_name, s->ebn0_db, s->frames, converged);
    free(q);
    free(expected_bits);
    free(actual_bits);
    free(expected);
    free(actual);
    ldpc_code_destroy(code);
}

static void for_each_runnable_variant(void (*body)(const char *variant))
{
    size_t ran = 0;
    for (size_t i = 0; i < test_backend_count(BACKEND_KIND_INTER_FRAME); i++) {
        const decode_backend *b = test_backend_at(BACKEND_KIND_INTER_FRAME, i);
        if (!b->available(b)) {
            print_message("  %s: not supported by this CPU, skipped\n", b->name);
            continue;
        }
        body(b->name);
        ran++;
    }
    if (ran == 0)
        skip();
}

static void normalized_min_sum_matches(const char *variant)
{
    static const scenario scenarios[] = {
        {"dvbs2-short-1/2", 1.2, 37},  /* mixture of converging and failing frames */
        {"dvbs2-short-1/2", 3.0, 16},  /* converges in a few iterations */
        {"dvbs2-short-8/9", 2.5, 70},  /* several vectors and a partial one */
        {"dvbt2-short-3/5", 1.8, 5},   /* fewer frames than lanes */
        {"dvbs2-normal-1/2", 1.0, 9},
        {"alist:" LDPC_SOURCE_DIR "/tests/vectors/codes/binary/MACKAY_504_1008.alist", 2.0, 33},
    };
    ldpc_decoder_config config = ldpc_decoder_config_default();
    config.max_iterations = 25;
    for (size_t i = 0; i < sizeof scenarios / sizeof scenarios[0]; i++)
        compare_variant(variant, &config, &scenarios[i], 100 + i);
}

static void offset_min_sum_and_periods_match(const char *variant)
{
    const scenario s = {"dvbs2-short-3/4", 2.6, 40};
    ldpc_decoder_config config = ldpc_decoder_config_default();
    config.rule = LDPC_RULE_MIN_SUM_OFFSET;
    config.offset_q = 1;
    config.max_iterations = 17;
    const uint32_t periods[] = {1, 4, 0};
    for (size_t i = 0; i < 3; i++) {
        config.syndrome_period = periods[i];
        compare_variant(variant, &config, &s, 7);
    }
    config.rule = LDPC_RULE_MIN_SUM_NORMALIZED;
    config.normalization_q4 = 16; /* plain min-sum */
    config.syndrome_period = 1;
    compare_variant(variant, &config, &s, 8);
}

static void threads_match(const char *variant)
{
    const scenario s = {"dvbs2-short-2/3", 2.2, 150};
    ldpc_decoder_config config = ldpc_decoder_config_default();
    config.max_iterations = 20;
    config.threads = 3;
    compare_variant(variant, &config, &s, 9);
}

/* Saturated 8-bit posteriors, as `fixed-layered-oms,posterior=8` (cap 31). */
static ldpc_decoder_config saturated_config(ldpc_check_rule rule, uint8_t message_cap)
{
    ldpc_decoder_config config = ldpc_decoder_config_default();
    config.rule = rule;
    config.posterior_bits = 8;
    config.message_cap = message_cap;
    return config;
}

static void saturated_codes_match(const char *variant)
{
    static const scenario scenarios[] = {
        {"dvbs2-short-1/2", 1.0, 37},  /* mixture of converging and failing frames */
        {"dvbs2-short-1/2", 3.0, 16},  /* converges in a few iterations */
        {"dvbs2-short-8/9", 2.5, 70},  /* several vectors and a partial one */
        {"dvbt2-short-3/5", 1.8, 5},   /* fewer frames than lanes */
        {"dvbs2-normal-1/2", 1.0, 9},
        {"alist:" LDPC_SOURCE_DIR "/tests/vectors/codes/binary/MACKAY_504_1008.alist", 2.0, 33},
    };
    ldpc_decoder_config config = saturated_config(LDPC_RULE_MIN_SUM_OFFSET, 31);
    config.max_iterations = 25;
    for (size_t i = 0; i < sizeof scenarios / sizeof scenarios[0]; i++)
        compare_variant(variant, &config, &scenarios[i], 200 + i);
}

/* Caps: the default 31, none (127: posteriors clip often and frames that had
 * converged diverge again, which the periods must catch at the same
 * iteration), and a small one; each with syndrome periods 1, 4 and 0. */
static void saturated_caps_and_periods_match(const char *variant)
{
    const scenario s = {"dvbs2-short-3/4", 2.6, 24};
    const uint8_t caps[] = {31, 127, 12};
    const uint32_t periods[] = {1, 4, 0};
    for (size_t c = 0; c < 3; c++) {
        ldpc_decoder_config config = saturated_config(LDPC_RULE_MIN_SUM_OFFSET, caps[c]);
        config.max_iterations = 17;
        for (size_t p = 0; p < 3; p++) {
            config.syndrome_period = periods[p];
            compare_variant(variant, &config, &s, 20 + c);
        }
    }
    const scenario clipping = {"dvbs2-short-1/2", 3.0, 20};
    ldpc_decoder_config config = saturated_config(LDPC_RULE_MIN_SUM_OFFSET, 127);
    config.max_iterations = 40;
    config.syndrome_period = 0;
    compare_variant(variant, &config, &clipping, 30);
}

static void saturated_normalized_match(const char *variant)
{
    const scenario s = {"dvbs2-short-3/4", 2.6, 24};
    const uint8_t caps[] = {31, 127};
    for (size_t c = 0; c < 2; c++) {
        ldpc_decoder_config config = saturated_config(LDPC_RULE_MIN_SUM_NORMALIZED, caps[c]);
        config.max_iterations = 17;
        compare_variant(variant, &config, &s, 40 + c);
    }
    ldpc_decoder_config plain = saturated_config(LDPC_RULE_MIN_SUM_NORMALIZED, 20);
    plain.normalization_q4 = 16; /* plain min-sum */
    plain.max_iterations = 17;
    plain.syndrome_period = 4;
    compare_variant(variant, &plain, &s, 42);
}

static void saturated_threads_match(const char *variant)
{
    const scenario s = {"dvbs2-short-2/3", 2.2, 100};
    ldpc_decoder_config config = saturated_config(LDPC_RULE_MIN_SUM_OFFSET, 31);
    config.max_iterations = 20;
    config.threads = 3;
    compare_variant(variant, &config, &s, 50);
}

/* Lane refill (simd_lane_results.c): a lane whose frame finished takes the
 * next frame of the call, at its own iteration 1, while the others go on.
 * Frames that converge at once (10 dB), after a few to many iterations
 * (around the waterfall) or never (values drawn uniformly from the whole int8
 * range, -128 included), in random order, so that lanes start and finish at
 * every iteration; the all-zero codeword, so that codes without an encoder
 * serve too. */
static int8_t *make_mixed_frames(const ldpc_code *code, uint32_t frames, double noisy_db,
                                 uint64_t seed)
{
    test_rng rng;
    test_rng_seed(&rng, seed);
    int8_t *q = malloc((size_t)frames * code->n);
    uint8_t *zero = calloc(code->n, 1);
    float *llr = malloc(code->n * sizeof(float));
    assert_true(q != NULL && zero != NULL && llr != NULL);
    const double rate = (double)code->k / code->n;
    for (uint32_t f = 0; f < frames; f++) {
        int8_t *frame = q + (size_t)f * code->n;
        uint64_t kind = test_rng_next(&rng) % 8;
        if (kind == 0) {
            for (uint32_t v = 0; v < code->n; v++)
                frame[v] = (int8_t)(int)(test_rng_next(&rng) % 256 - 128);
            continue;
        }
        double ebn0_db = kind < 3 ? 10.0 : noisy_db + 0.25 * (double)(kind - 3);
        test_bpsk_awgn_llr(&rng, zero, code->n, rate, ebn0_db, llr);
        ldpc_quantise(llr, code->n, 2.0f, frame);
    }
    free(zero);
    free(llr);
    return q;
}

typedef struct {
    const ldpc_code *code;
    const int8_t *q;
    uint32_t frames;
    const uint8_t *expected_bits;
    const ldpc_frame_stats *expected;
    ldpc_decoder_config config; /* threads set per run */
} refill_case;

static const refill_case *current_refill_case;

/* The current case on one variant with 1 and 3 threads. */
static void refill_variant_matches(const char *variant)
{
    const refill_case *c = current_refill_case;
    size_t bit_count = (size_t)c->frames * c->code->n;
    uint8_t *bits = malloc(bit_count);
    ldpc_frame_stats *stats = calloc(c->frames, sizeof *stats);
    const uint32_t threads[] = {1, 3};
    for (size_t t = 0; t < 2; t++) {
        ldpc_decoder_config config = c->config;
        config.threads = threads[t];
        memset(bits, 0xee, bit_count);
        decode_with(variant, &config, c->code, c->q, c->frames, bits, stats);
        for (uint32_t f = 0; f < c->frames; f++)
            if (memcmp(c->expected_bits + (size_t)f * c->code->n, bits + (size_t)f * c->code->n,
                       c->code->n) != 0 ||
                memcmp(&c->expected[f], &stats[f], sizeof stats[f]) != 0)
                fail_msg("%s posterior %u period %u max %u, %u threads: frame %u of %s differs "
                         "(iterations %u vs %u, unsatisfied %u vs %u, corrected %u vs %u)",
                         variant, c->config.posterior_bits, c->config.syndrome_period,
                         c->config.max_iterations, config.threads, f, c->code->name,
                         stats[f].iterations, c->expected[f].iterations,
                         stats[f].unsatisfied_checks, c->expected[f].unsatisfied_checks,
                         stats[f].corrected_bits, c->expected[f].corrected_bits);
    }
    free(bits);
    free(stats);
}

/* Every variant against the reference (decoded once) for one code and frame
 * set: the given posterior widths, syndrome periods 1 and 3 (and 0 on small
 * codes), a small and a large iteration limit. */
static const uint32_t both_posterior_widths[] = {16, 8};

static void refill_matches(const ldpc_code *code, uint32_t frames, double noisy_db,
                           const uint32_t *periods, size_t period_count,
                           const uint32_t *posterior_bits, size_t width_count, uint64_t seed)
{
    int8_t *q = make_mixed_frames(code, frames, noisy_db, seed);
    uint8_t *expected_bits = malloc((size_t)frames * code->n);
    ldpc_frame_stats *expected = calloc(frames, sizeof *expected);
    const uint32_t max_iterations[] = {5, 40};
    for (size_t b = 0; b < width_count; b++) {
        for (size_t p = 0; p < period_count; p++) {
            for (size_t i = 0; i < 2; i++) {
                refill_case c = {.code = code, .q = q, .frames = frames,
                                 .expected_bits = expected_bits, .expected = expected,
                                 .config = posterior_bits[b] == 8
                                               ? saturated_config(LDPC_RULE_MIN_SUM_OFFSET, 31)
                                               : ldpc_decoder_config_default()};
                c.config.syndrome_period = periods[p];
                c.config.max_iterations = max_iterations[i];
                decode_with("reference", &c.config, code, q, frames, expected_bits, expected);
                uint32_t converged = 0, fewest = UINT32_MAX, most = 0;
                for (uint32_t f = 0; f < frames; f++) {
                    converged += expected[f].converged;
                    fewest = expected[f].iterations < fewest ? expected[f].iterations : fewest;
                    most = expected[f].iterations > most ? expected[f].iterations : most;
                }
                current_refill_case = &c;
                for_each_runnable_variant(refill_variant_matches);
                print_message("  %-24.24s posterior %2u period %u max %2u: %u frames, "
                              "%u converged, %u to %u iterations, identical\n",
                              code->name, c.config.posterior_bits, c.config.syndrome_period,
                              c.config.max_iterations, frames, converged, fewest, most);
            }
        }
    }
    free(q);
    free(expected_bits);
    free(expected);
}

/* A DVB code: 100 frames, three vectors of AVX2 and a partial one on one
 * thread, six of SSE4.1 and a partial one. */
static void test_refill_dvb(void **state)
{
    (void)state;
    ldpc_code *code = NULL;
    ldpc_error err;
    if (ldpc_code_create("dvbs2-short-1/2", &code, &err) != LDPC_OK)
        fail_msg("%s", err.message);
    const uint32_t periods[] = {1, 3};
    refill_matches(code, 100, 1.2, periods, 2, both_posterior_widths, 2, 60);
    ldpc_code_destroy(code);
}

/* A code that is not DVB, with layers whose checks share variables (the
 * 16-bit decoder's layer-start snapshots): 5 vectors of AVX-512 per thread
 * of 3 and a partial one (more for narrower vectors), and fixed iterations. */
static void test_refill_random_code(void **state)
{
    (void)state;
    ldpc_code *code = test_code_random_regular("grouped-240", 240, 3, 6, 8, 61);
    assert_true(code->layer_repeat_count > 0);
    const uint32_t periods[] = {1, 3, 0};
    refill_matches(code, 5 * 64 * 3 + 37, 2.5, periods, 3, both_posterior_widths, 2, 62);
    ldpc_code_destroy(code);
}

static void test_normalized(void **state)
{
    (void)state;
    for_each_runnable_variant(normalized_min_sum_matches);
}

static void test_offset_and_periods(void **state)
{
    (void)state;
    for_each_runnable_variant(offset_min_sum_and_periods_match);
}

static void test_threads(void **state)
{
    (void)state;
    for_each_runnable_variant(threads_match);
}

static void test_saturated_codes(void **state)
{
    (void)state;
    for_each_runnable_variant(saturated_codes_match);
}

static void test_saturated_caps_and_periods(void **state)
{
    (void)state;
    for_each_runnable_variant(saturated_caps_and_periods_match);
}

static void test_saturated_normalized(void **state)
{
    (void)state;
    for_each_runnable_variant(saturated_normalized_match);
}

static void test_saturated_threads(void **state)
{
    (void)state;
    for_each_runnable_variant(saturated_threads_match);
}

/* The saturated decoder's two message stores (AVX-512: a vector per edge or
 * two lane masks per edge; the other instruction sets have only the first)
 * forced through the test hook, whatever auto would pick for the code:
 * codes, caps, periods and lane refill, each form against the reference. */
static void test_saturated_message_stores(void **state)
{
    (void)state;
    const simd_message_store forms[] = {SIMD_MESSAGES_EDGES, SIMD_MESSAGES_MASKS};
    const char *names[] = {"edges", "masks"};
    for (size_t f = 0; f < 2; f++) {
        simd_force_message_store(forms[f]);
        print_message("  message store %s\n", names[f]);
        for_each_runnable_variant(saturated_codes_match);
        for_each_runnable_variant(saturated_caps_and_periods_match);
        ldpc_code *code = test_code_random_regular("grouped-240", 240, 3, 6, 8, 61);
        const uint32_t periods[] = {1, 0}, saturated_only[] = {8};
        refill_matches(code, 3 * 64 + 37, 2.5, periods, 2, saturated_only, 1, 63);
        ldpc_code_destroy(code);
    }
    simd_force_message_store(SIMD_MESSAGES_AUTO);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_normalized),
        cmocka_unit_test(test_offset_and_periods),
        cmocka_unit_test(test_threads),
        cmocka_unit_test(test_saturated_codes),
        cmocka_unit_test(test_saturated_caps_and_periods),
        cmocka_unit_test(test_saturated_normalized),
        cmocka_unit_test(test_saturated_threads),
        cmocka_unit_test(test_refill_dvb),
        cmocka_unit_test(test_refill_random_code),
        cmocka_unit_test(test_saturated_message_stores),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
