/* Every CPU SIMD variant this machine can run against the portable reference:
 * identical decided bits and statistics, frame by frame, for several codes,
 * rules, syndrome periods, noise levels, batch sizes and thread counts, with
 * exact 16-bit posteriors and with saturated 8-bit ones (posterior_bits 8,
 * several message caps). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "common/simd_backend.h"
#include "ldpc/ldpc.h"
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

/* Skips a scenario whose alist file is absent (no ../shared beside the tree). */
static int scenario_present(const scenario *s)
{
    if (strncmp(s->code_name, "alist:", 6) != 0 || access(s->code_name + 6, R_OK) == 0)
        return 1;
    print_message("  %s absent (no ../shared), skipped\n", s->code_name + 6);
    return 0;
}

static void for_each_runnable_variant(void (*body)(const char *variant))
{
    size_t ran = 0;
    for (size_t i = 0; i < simd_backend_count(); i++) {
        const decode_backend *b = simd_backend_at(i);
        if (!b->available()) {
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
        {"alist:" LDPC_SHARED_DIR "/codes/binary/aff3ct/MACKAY_504_1008.alist", 2.0, 33},
    };
    ldpc_decoder_config config = ldpc_decoder_config_default();
    config.max_iterations = 25;
    for (size_t i = 0; i < sizeof scenarios / sizeof scenarios[0]; i++)
        if (scenario_present(&scenarios[i]))
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
        {"alist:" LDPC_SHARED_DIR "/codes/binary/aff3ct/MACKAY_504_1008.alist", 2.0, 33},
    };
    ldpc_decoder_config config = saturated_config(LDPC_RULE_MIN_SUM_OFFSET, 31);
    config.max_iterations = 25;
    for (size_t i = 0; i < sizeof scenarios / sizeof scenarios[0]; i++)
        if (scenario_present(&scenarios[i]))
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
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
