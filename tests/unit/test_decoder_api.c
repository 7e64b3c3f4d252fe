/* The public decoder object: configuration, limits, backend selection, input
 * validation, early termination and statistics (reference backend, small
 * codes built in the test). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ldpc/decoder.h"
#include "test_backend_kinds.h"
#include "test_decoder_codes.h"

static const ldpc_decoder_config *variant(size_t index)
{
    static ldpc_decoder_config variants[6];
    const struct {
        ldpc_arithmetic arithmetic;
        ldpc_check_rule rule;
        ldpc_schedule schedule;
    } table[6] = {
        {LDPC_ARITH_FIXED8, LDPC_RULE_MIN_SUM_NORMALIZED, LDPC_SCHEDULE_LAYERED},
        {LDPC_ARITH_FIXED8, LDPC_RULE_MIN_SUM_OFFSET, LDPC_SCHEDULE_LAYERED},
        {LDPC_ARITH_FIXED8, LDPC_RULE_MIN_SUM_NORMALIZED, LDPC_SCHEDULE_FLOODING},
        {LDPC_ARITH_FLOAT, LDPC_RULE_SUM_PRODUCT, LDPC_SCHEDULE_LAYERED},
        {LDPC_ARITH_FLOAT, LDPC_RULE_SUM_PRODUCT, LDPC_SCHEDULE_FLOODING},
        {LDPC_ARITH_FLOAT, LDPC_RULE_MIN_SUM_OFFSET, LDPC_SCHEDULE_FLOODING},
    };
    ldpc_decoder_config *c = &variants[index];
    *c = ldpc_decoder_config_default();
    c->arithmetic = table[index].arithmetic;
    c->rule = table[index].rule;
    c->schedule = table[index].schedule;
    return c;
}
#define VARIANT_COUNT 6

static ldpc_decoder *create(const ldpc_decoder_config *config, const ldpc_code *code,
                            uint32_t frames)
{
    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(code, frames);
    ldpc_decoder *decoder = NULL;
    ldpc_error err = {{0}};
    ldpc_status status = ldpc_decoder_create(config, &limits, "reference", &decoder, &err);
    if (status != LDPC_OK)
        fail_msg("%s", err.message);
    return decoder;
}

/* BPSK LLRs of the all-zero codeword. */
static void zero_word_llr(test_rng *rng, uint32_t n, double ebn0_db, float *llr)
{
    uint8_t *zeros = calloc(n, 1);
    assert_non_null(zeros);
    test_bpsk_awgn_llr(rng, zeros, n, 0.5, ebn0_db, llr);
    free(zeros);
}

/* ---- configuration and limits ------------------------------------------- */

static void default_config_is_valid(void **state)
{
    (void)state;
    ldpc_decoder_config c = ldpc_decoder_config_default();
    assert_int_equal(ldpc_decoder_config_validate(&c, NULL), LDPC_OK);
    assert_int_equal(c.arithmetic, LDPC_ARITH_FIXED8);
    assert_int_equal(c.schedule, LDPC_SCHEDULE_LAYERED);
    assert_int_equal(c.rule, LDPC_RULE_MIN_SUM_OFFSET);
    assert_int_equal(c.offset_q, 1);
    assert_int_equal(c.normalization_q4, 13);
    assert_int_equal(c.max_iterations, 50);
    assert_int_equal(c.syndrome_period, 1);
    assert_true(c.llr_scale == 3.0f);
}

static void invalid_configs_are_rejected_by_name(void **state)
{
    (void)state;
    ldpc_decoder_config base = ldpc_decoder_config_default();
    ldpc_error err;
    ldpc_decoder_config c;
#define EXPECT_REJECTED(statement, word)                                                          \
    do {                                                                                          \
        c = base;                                                                                 \
        statement;                                                                                \
        memset(&err, 0, sizeof err);                                                              \
        assert_int_equal(ldpc_decoder_config_validate(&c, &err), LDPC_ERR_INVALID);              \
        assert_non_null(strstr(err.message, word));                                               \
    } while (0)
    EXPECT_REJECTED(c.rule = LDPC_RULE_SUM_PRODUCT, "sum-product");
    EXPECT_REJECTED(c.max_iterations = 0, "max_iterations");
    EXPECT_REJECTED(c.max_iterations = 1001, "max_iterations");
    EXPECT_REJECTED(c.normalization_q4 = 0, "normalization_q4");
    EXPECT_REJECTED(c.normalization_q4 = 17, "normalization_q4");
    EXPECT_REJECTED(c.offset_q = 128, "offset_q");
    EXPECT_REJECTED(c.llr_scale = 0.0f, "llr_scale");
    EXPECT_REJECTED(c.llr_scale = NAN, "llr_scale");
    EXPECT_REJECTED(c.llr_scale = INFINITY, "llr_scale");
    EXPECT_REJECTED(c.normalization = 0.0f, "normalization");
    EXPECT_REJECTED(c.normalization = 1.5f, "normalization");
    EXPECT_REJECTED(c.offset = -1.0f, "offset");
    EXPECT_REJECTED(c.offset = NAN, "offset");
    EXPECT_REJECTED(c.schedule = (ldpc_schedule)7, "schedule");
    EXPECT_REJECTED(c.rule = (ldpc_check_rule)9, "rule");
    EXPECT_REJECTED(c.arithmetic = (ldpc_arithmetic)3, "arithmetic");
#undef EXPECT_REJECTED
    /* Sum-product is fine in float; the boundaries themselves are valid. */
    c = base;
    c.arithmetic = LDPC_ARITH_FLOAT;
    c.rule = LDPC_RULE_SUM_PRODUCT;
    c.max_iterations = 1000;
    c.normalization_q4 = 16;
    c.offset_q = 127;
    assert_int_equal(ldpc_decoder_config_validate(&c, NULL), LDPC_OK);
}

static void limits_cover_codes(void **state)
{
    (void)state;
    ldpc_code *a = test_code_random_regular("a", 120, 3, 6, 0, 1);
    ldpc_code *b = test_code_random_regular("b", 60, 4, 12, 0, 2);
    ldpc_decoder_limits la = ldpc_decoder_limits_for_code(a, 3);
    assert_int_equal(la.max_n, 120);
    assert_int_equal(la.max_m, 60);
    assert_int_equal(la.max_edges, a->edges);
    assert_int_equal(la.max_check_degree, a->max_check_degree);
    assert_int_equal(la.max_frames, 3);
    ldpc_decoder_limits u = ldpc_decoder_limits_union(la, ldpc_decoder_limits_for_code(b, 1));
    assert_int_equal(u.max_n, 120);
    assert_int_equal(u.max_check_degree, b->max_check_degree);
    assert_int_equal(u.max_edges, a->edges > b->edges ? a->edges : b->edges);
    assert_int_equal(u.max_frames, 3);

    ldpc_decoder_config config = ldpc_decoder_config_default();
    ldpc_decoder *one, *four;
    ldpc_decoder_limits l1 = ldpc_decoder_limits_for_code(a, 1), l4 = l1;
    l4.max_frames = 4;
    assert_int_equal(ldpc_decoder_create(&config, &l1, "reference", &one, NULL), LDPC_OK);
    assert_int_equal(ldpc_decoder_create(&config, &l4, "reference", &four, NULL), LDPC_OK);
    /* 8-bit channel buffer per frame, at least. */
    assert_true(ldpc_decoder_footprint(four) >= ldpc_decoder_footprint(one) + 3 * 120);
    assert_true(ldpc_decoder_footprint(one) > a->edges);
    assert_int_equal(ldpc_decoder_get_config(one)->max_iterations, config.max_iterations);
    ldpc_decoder_destroy(one);
    ldpc_decoder_destroy(four);

    ldpc_decoder_limits zero_frames = l1;
    zero_frames.max_frames = 0;
    ldpc_error err;
    ldpc_decoder *none = (ldpc_decoder *)&err; /* must be reset to NULL */
    assert_int_equal(ldpc_decoder_create(&config, &zero_frames, "reference", &none, &err),
                     LDPC_ERR_INVALID);
    assert_null(none);
    assert_non_null(strstr(err.message, "max_frames"));
    ldpc_code_destroy(a);
    ldpc_code_destroy(b);
}

static void codes_beyond_the_limits_are_refused(void **state)
{
    (void)state;
    ldpc_code *small = test_code_random_regular("small-60", 60, 3, 6, 0, 3);
    ldpc_code *large = test_code_random_regular("large-120", 120, 3, 6, 0, 4);
    ldpc_code *dense = test_code_random_regular("dense-60", 60, 4, 12, 0, 5);
    ldpc_decoder_config config = ldpc_decoder_config_default();
    ldpc_decoder *decoder = create(&config, small, 2);
    float llr[3 * 120] = {0};
    uint8_t bits[3 * 120];
    ldpc_error err;
    assert_int_equal(ldpc_decoder_decode_f32(decoder, large, llr, 1, bits, NULL, &err),
                     LDPC_ERR_LIMITS);
    assert_non_null(strstr(err.message, "large-120"));
    assert_non_null(strstr(err.message, "max_n = 60"));
    assert_int_equal(ldpc_decoder_decode_f32(decoder, dense, llr, 1, bits, NULL, &err),
                     LDPC_ERR_LIMITS);
    assert_non_null(strstr(err.message, "dense-60"));
    int8_t q[3 * 60] = {0};
    assert_int_equal(ldpc_decoder_decode_i8(decoder, small, q, 3, bits, NULL, &err),
                     LDPC_ERR_LIMITS);
    assert_non_null(strstr(err.message, "max_frames = 2"));
    assert_int_equal(ldpc_decoder_decode_i8(decoder, small, q, 2, bits, NULL, &err), LDPC_OK);
    ldpc_decoder_destroy(decoder);
    ldpc_code_destroy(small);
    ldpc_code_destroy(large);
    ldpc_code_destroy(dense);
}

static void non_finite_input_leaves_output_untouched(void **state)
{
    (void)state;
    ldpc_code *code = test_code_random_regular("regular-60", 60, 3, 6, 0, 6);
    const float bad_values[3] = {NAN, INFINITY, -INFINITY};
    for (size_t v = 0; v < VARIANT_COUNT; v++) {
        ldpc_decoder *decoder = create(variant(v), code, 2);
        for (int b = 0; b < 3; b++) {
            float llr[120];
            for (int i = 0; i < 120; i++)
                llr[i] = 3.0f;
            llr[60 + 5] = bad_values[b];
            uint8_t bits[120];
            ldpc_frame_stats stats[2];
            memset(bits, 0x5A, sizeof bits);
            memset(stats, 0xEE, sizeof stats);
            ldpc_error err;
            assert_int_equal(ldpc_decoder_decode_f32(decoder, code, llr, 2, bits, stats, &err),
                             LDPC_ERR_INVALID);
            assert_non_null(strstr(err.message, "frame 1 bit 5"));
            for (int i = 0; i < 120; i++)
                assert_int_equal(bits[i], 0x5A);
            const unsigned char *raw = (const unsigned char *)stats;
            for (size_t i = 0; i < sizeof stats; i++)
                assert_int_equal(raw[i], 0xEE);
        }
        ldpc_decoder_destroy(decoder);
    }
    ldpc_code_destroy(code);
}

/* ---- backend selection -------------------------------------------------- */

static void backends_are_chosen_in_one_place(void **state)
{
    (void)state;
    ldpc_code *code = test_code_random_regular("regular-60", 60, 3, 6, 0, 7);
    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(code, 1);
    ldpc_decoder_config config = ldpc_decoder_config_default();
    ldpc_decoder *decoder;
    ldpc_error err;
    unsetenv(LDPC_BACKEND_ENV);

    assert_int_equal(ldpc_decoder_create(&config, &limits, "reference", &decoder, &err), LDPC_OK);
    assert_string_equal(ldpc_decoder_backend_name(decoder), "reference");
    /* A backend without a description of its own is described by its name,
     * cut to the room given; it runs where its name says. */
    char place[16];
    assert_int_equal(ldpc_decoder_describe(decoder, place, sizeof place), 0);
    assert_string_equal(place, "reference");
    assert_int_equal(ldpc_decoder_describe(decoder, place, 4), 0);
    assert_string_equal(place, "ref");
    ldpc_decoder_destroy(decoder);

    /* auto: the first registered backend that runs here and implements the config. */
    const char *expected = NULL;
    for (size_t i = 0; i < backend_count() && expected == NULL; i++)
        if (test_backend_runs(backend_at(i)) &&
            backend_at(i)->supports(backend_at(i), &config))
            expected = backend_at(i)->name;
    assert_non_null(expected);
    assert_int_equal(ldpc_decoder_create(&config, &limits, NULL, &decoder, &err), LDPC_OK);
    assert_string_equal(ldpc_decoder_backend_name(decoder), expected);
    ldpc_decoder_destroy(decoder);
    assert_null(backend_at(backend_count()));

    /* Unknown names fail and list what exists. */
    assert_int_equal(ldpc_decoder_create(&config, &limits, "turbo-9000", &decoder, &err),
                     LDPC_ERR_INVALID);
    assert_null(decoder);
    assert_non_null(strstr(err.message, "turbo-9000"));
    assert_non_null(strstr(err.message, "reference"));

    /* The environment overrides auto (and NULL), not an explicit name. */
    setenv(LDPC_BACKEND_ENV, "reference", 1);
    assert_int_equal(ldpc_decoder_create(&config, &limits, "auto", &decoder, &err), LDPC_OK);
    assert_string_equal(ldpc_decoder_backend_name(decoder), "reference");
    ldpc_decoder_destroy(decoder);
    setenv(LDPC_BACKEND_ENV, "no-such-backend", 1);
    assert_int_equal(ldpc_decoder_create(&config, &limits, NULL, &decoder, &err),
                     LDPC_ERR_INVALID);
    assert_non_null(strstr(err.message, LDPC_BACKEND_ENV));
    assert_non_null(strstr(err.message, "no-such-backend"));
    assert_int_equal(ldpc_decoder_create(&config, &limits, "reference", &decoder, &err), LDPC_OK);
    ldpc_decoder_destroy(decoder);
    unsetenv(LDPC_BACKEND_ENV);

    /* An invalid configuration never reaches the registry. */
    config.rule = LDPC_RULE_SUM_PRODUCT;
    assert_int_equal(ldpc_decoder_create(&config, &limits, "reference", &decoder, &err),
                     LDPC_ERR_INVALID);
    ldpc_code_destroy(code);
}

/* ---- early termination and statistics ----------------------------------- */

static void noiseless_frames_stop_after_one_iteration(void **state)
{
    (void)state;
    ldpc_code *code = test_code_random_regular("regular-120", 120, 3, 6, 0, 8);
    float llr[2 * 120];
    for (int i = 0; i < 2 * 120; i++)
        llr[i] = 4.0f;
    for (size_t v = 0; v < VARIANT_COUNT; v++) {
        ldpc_decoder *decoder = create(variant(v), code, 2);
        uint8_t bits[2 * 120];
        ldpc_frame_stats stats[2];
        assert_int_equal(ldpc_decoder_decode_f32(decoder, code, llr, 2, bits, stats, NULL),
                         LDPC_OK);
        for (int f = 0; f < 2; f++) {
            assert_int_equal(stats[f].iterations, 1);
            assert_int_equal(stats[f].converged, 1);
            assert_int_equal(stats[f].unsatisfied_checks, 0);
            assert_int_equal(stats[f].corrected_bits, 0);
        }
        for (int i = 0; i < 2 * 120; i++)
            assert_int_equal(bits[i], 0);
        ldpc_decoder_destroy(decoder);
    }
    ldpc_code_destroy(code);
}

static void syndrome_period_sets_the_stopping_points(void **state)
{
    (void)state;
    ldpc_code *code = test_code_random_regular("regular-600", 600, 3, 6, 0, 9);
    enum { FRAMES = 8 };
    float *llr = malloc(FRAMES * 600 * sizeof(float));
    uint8_t *bits = malloc(FRAMES * 600);
    test_rng rng;
    test_rng_seed(&rng, 99);
    for (int f = 0; f < FRAMES; f++) /* noisy enough to need several iterations */
        zero_word_llr(&rng, 600, 2.5, llr + f * 600);
    for (size_t v = 0; v < VARIANT_COUNT; v++) {
        ldpc_decoder_config config = *variant(v);
        config.max_iterations = 23;
        for (uint32_t period = 0; period <= 5; period += 5) {
            config.syndrome_period = period;
            ldpc_decoder *decoder = create(&config, code, FRAMES);
            ldpc_frame_stats stats[FRAMES];
            assert_int_equal(
                ldpc_decoder_decode_f32(decoder, code, llr, FRAMES, bits, stats, NULL), LDPC_OK);
            for (int f = 0; f < FRAMES; f++) {
                if (period == 0)
                    assert_int_equal(stats[f].iterations, 23);
                else
                    assert_true(stats[f].iterations % 5 == 0 || stats[f].iterations == 23);
                assert_int_equal(stats[f].unsatisfied_checks,
                                 ldpc_code_unsatisfied_checks(code, bits + f * 600));
                assert_int_equal(stats[f].converged, stats[f].unsatisfied_checks == 0);
                uint32_t corrected = 0;
                for (int i = 0; i < 600; i++)
                    corrected += bits[f * 600 + i] != (llr[f * 600 + i] < 0.0f);
                if (config.arithmetic == LDPC_ARITH_FLOAT) /* 8-bit: q < 0, checked elsewhere */
                    assert_int_equal(stats[f].corrected_bits, corrected);
            }
            ldpc_decoder_destroy(decoder);
        }
    }
    free(llr);
    free(bits);
    ldpc_code_destroy(code);
}

/* Stopping at convergence returns what the same decoder computes when told
 * to run exactly that many iterations: the result is final once converged. */
static void converged_result_is_final(void **state)
{
    (void)state;
    ldpc_code *code = test_code_random_regular("regular-600", 600, 3, 6, 0, 10);
    float llr[600];
    test_rng rng;
    test_rng_seed(&rng, 5);
    zero_word_llr(&rng, 600, 2.5, llr);
    for (size_t v = 0; v < VARIANT_COUNT; v++) {
        ldpc_decoder_config config = *variant(v);
        ldpc_decoder *early = create(&config, code, 1);
        uint8_t bits[600], bits_fixed[600];
        ldpc_frame_stats stats, stats_fixed;
        assert_int_equal(ldpc_decoder_decode_f32(early, code, llr, 1, bits, &stats, NULL), LDPC_OK);
        assert_int_equal(stats.converged, 1);
        assert_true(stats.iterations > 1); /* the noise needs some work */
        config.syndrome_period = 0;
        config.max_iterations = stats.iterations;
        ldpc_decoder *fixed_count = create(&config, code, 1);
        assert_int_equal(
            ldpc_decoder_decode_f32(fixed_count, code, llr, 1, bits_fixed, &stats_fixed, NULL),
            LDPC_OK);
        assert_memory_equal(bits, bits_fixed, sizeof bits);
        assert_memory_equal(&stats, &stats_fixed, sizeof stats);
        for (int i = 0; i < 600; i++)
            assert_int_equal(bits[i], 0);
        assert_true(stats.corrected_bits > 0);
        ldpc_decoder_destroy(early);
        ldpc_decoder_destroy(fixed_count);
    }
    ldpc_code_destroy(code);
}

/* ---- decoding -------------------------------------------------------------- */

static void every_variant_decodes_a_clear_channel(void **state)
{
    (void)state;
    ldpc_code *layered = test_code_random_regular("grouped-1200", 1200, 3, 6, 20, 11);
    enum { FRAMES = 5 };
    float *llr = malloc(FRAMES * 1200 * sizeof(float));
    uint8_t *bits = malloc(FRAMES * 1200);
    test_rng rng;
    test_rng_seed(&rng, 1234);
    for (int f = 0; f < FRAMES; f++)
        zero_word_llr(&rng, 1200, 3.0, llr + f * 1200);
    uint32_t channel_errors = 0;
    for (int i = 0; i < FRAMES * 1200; i++)
        channel_errors += llr[i] < 0.0f;
    assert_true(channel_errors > FRAMES * 20); /* there is something to correct */
    for (size_t v = 0; v < VARIANT_COUNT; v++) {
        ldpc_decoder *decoder = create(variant(v), layered, FRAMES);
        ldpc_frame_stats stats[FRAMES];
        assert_int_equal(
            ldpc_decoder_decode_f32(decoder, layered, llr, FRAMES, bits, stats, NULL), LDPC_OK);
        for (int f = 0; f < FRAMES; f++) {
            assert_int_equal(stats[f].converged, 1);
            assert_true(stats[f].corrected_bits > 0);
        }
        for (int i = 0; i < FRAMES * 1200; i++)
            assert_int_equal(bits[i], 0);
        ldpc_decoder_destroy(decoder);
    }
    free(llr);
    free(bits);
    ldpc_code_destroy(layered);
}

/* A call with several frames equals one call per frame, and a float decoder
 * reads decode_i8 input as value / llr_scale. */
static void frames_are_independent_and_i8_input_is_scaled(void **state)
{
    (void)state;
    ldpc_code *code = test_code_random_regular("regular-240", 240, 3, 6, 0, 12);
    enum { FRAMES = 3 };
    int8_t q[FRAMES * 240];
    float llr[FRAMES * 240];
    test_rng rng;
    test_rng_seed(&rng, 77);
    zero_word_llr(&rng, FRAMES * 240, 2.0, llr);
    const float scale = ldpc_decoder_config_default().llr_scale;
    for (int i = 0; i < FRAMES * 240; i++) {
        float scaled = llr[i] * scale;
        q[i] = (int8_t)(scaled > 127 ? 127 : scaled < -127 ? -127 : lroundf(scaled));
        llr[i] = q[i] / scale; /* exactly what a float decoder reads from q */
    }
    for (size_t v = 0; v < VARIANT_COUNT; v++) {
        ldpc_decoder *decoder = create(variant(v), code, FRAMES);
        uint8_t together[FRAMES * 240], alone[FRAMES * 240], from_float[FRAMES * 240];
        ldpc_frame_stats s_together[FRAMES], s_alone[FRAMES], s_float[FRAMES];
        assert_int_equal(
            ldpc_decoder_decode_i8(decoder, code, q, FRAMES, together, s_together, NULL), LDPC_OK);
        for (int f = 0; f < FRAMES; f++)
            assert_int_equal(ldpc_decoder_decode_i8(decoder, code, q + f * 240, 1,
                                                    alone + f * 240, s_alone + f, NULL),
                             LDPC_OK);
        assert_memory_equal(together, alone, sizeof together);
        assert_memory_equal(s_together, s_alone, sizeof s_together);
        /* llr = q / scale quantises back to q, so both entry points agree. */
        assert_int_equal(
            ldpc_decoder_decode_f32(decoder, code, llr, FRAMES, from_float, s_float, NULL),
            LDPC_OK);
        assert_memory_equal(together, from_float, sizeof together);
        assert_memory_equal(s_together, s_float, sizeof s_together);
        ldpc_decoder_destroy(decoder);
    }
    ldpc_code_destroy(code);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(default_config_is_valid),
        cmocka_unit_test(invalid_configs_are_rejected_by_name),
        cmocka_unit_test(limits_cover_codes),
        cmocka_unit_test(codes_beyond_the_limits_are_refused),
        cmocka_unit_test(non_finite_input_leaves_output_untouched),
        cmocka_unit_test(backends_are_chosen_in_one_place),
        cmocka_unit_test(noiseless_frames_stop_after_one_iteration),
        cmocka_unit_test(syndrome_period_sets_the_stopping_points),
        cmocka_unit_test(converged_result_is_final),
        cmocka_unit_test(every_variant_decodes_a_clear_channel),
        cmocka_unit_test(frames_are_independent_and_i8_input_is_scaled),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
