/* The float reference decoders: exact box-plus, the check rules in LLR units,
 * and robustness to extreme (finite) inputs. */
#include <math.h>
#include <stdlib.h>

#include "decode/check_rules.h"
#include "ldpc/decoder.h"
#include "test_decoder_codes.h"

/* 2 atanh(tanh(a/2) tanh(b/2)) in double: the textbook box-plus. */
static double boxplus_textbook(double a, double b)
{
    return 2.0 * atanh(tanh(a / 2.0) * tanh(b / 2.0));
}

static void boxplus_matches_textbook_form(void **state)
{
    (void)state;
    const float values[] = {-9.0f, -3.5f, -1.0f, -0.25f, 0.0f, 0.1f, 0.7f, 2.0f, 4.5f, 8.0f};
    const size_t count = sizeof values / sizeof values[0];
    for (size_t i = 0; i < count; i++) {
        for (size_t j = 0; j < count; j++) {
            float a = values[i], b = values[j];
            assert_float_equal(boxplus(a, b), boxplus_textbook(a, b), 1e-5);
            assert_float_equal(boxplus(a, b), boxplus(b, a), 0.0);
        }
    }
    /* Where the textbook form breaks down (tanh rounds to 1), the stable form
     * still gives min(|a|,|b|) with the product of the signs. */
    assert_float_equal(boxplus(60.0f, -80.0f), -60.0f, 1e-4);
    assert_float_equal(boxplus(1e6f, 1e6f), 1e6f, 1.0);
    assert_float_equal(boxplus(0.0f, -50.0f), 0.0f, 1e-6);
}

static void sum_product_check_excludes_each_edge(void **state)
{
    (void)state;
    ldpc_decoder_config config = ldpc_decoder_config_default();
    config.arithmetic = LDPC_ARITH_FLOAT;
    config.rule = LDPC_RULE_SUM_PRODUCT;
    const float t[5] = {1.5f, -0.5f, 3.0f, 2.25f, -4.0f};
    float scratch[5], out[5];
    check_update_float(t, 5, &config, scratch, out);
    for (int e = 0; e < 5; e++) {
        double expected = INFINITY;
        for (int j = 0; j < 5; j++)
            if (j != e)
                expected = isinf(expected) ? t[j] : boxplus_textbook(expected, t[j]);
        assert_float_equal(out[e], expected, 1e-5);
    }
    const float pair[2] = {2.0f, -7.0f};
    check_update_float(pair, 2, &config, scratch, out);
    assert_float_equal(out[0], -7.0f, 0.0);
    assert_float_equal(out[1], 2.0f, 0.0);
    check_update_float(pair, 1, &config, scratch, out);
    assert_float_equal(out[0], FLOAT_MESSAGE_LIMIT, 0.0);
}

/* Sum-product over inputs where phi (-log tanh(x/2)) underflows in float
 * (above ~87): every edge must still equal box-plus over the other edges, both
 * where one input is small and where all are large. Also a zero input. */
static void sum_product_check_exact_for_large_inputs(void **state)
{
    (void)state;
    ldpc_decoder_config config = ldpc_decoder_config_default();
    config.arithmetic = LDPC_ARITH_FLOAT;
    config.rule = LDPC_RULE_SUM_PRODUCT;
    const float checks[4][5] = {{2.0f, 3.0f, -95.0f, 96.0f, 500.0f},
                                {88.0f, -89.0f, 90.5f, 120.0f, 1e6f},
                                {0.5f, 88.0f, -89.0f, 120.0f, 61.0f},
                                {0.0f, -4.0f, 95.0f, 7.0f, -0.25f}};
    for (int c = 0; c < 4; c++) {
        float scratch[5], out[5];
        check_update_float(checks[c], 5, &config, scratch, out);
        for (int e = 0; e < 5; e++) {
            float expected = NAN;
            for (int j = 0; j < 5; j++)
                if (j != e)
                    expected = isnan(expected) ? checks[c][j] : boxplus(expected, checks[c][j]);
            /* Not assert_float_equal: cmocka counts inf as equal to anything. */
            assert_true(fabsf(out[e] - expected) <= 1e-5f * fmaxf(1.0f, fabsf(expected)));
        }
    }
}

static void min_sum_checks_in_llr_units(void **state)
{
    (void)state;
    ldpc_decoder_config config = ldpc_decoder_config_default();
    config.arithmetic = LDPC_ARITH_FLOAT;
    config.rule = LDPC_RULE_MIN_SUM_NORMALIZED;
    config.normalization = 0.75f;
    const float t[4] = {5.0f, -1.5f, 3.5f, 10.0f};
    float out[4];
    check_update_float(t, 4, &config, NULL, out);
    const float normalized[4] = {-1.125f, 2.625f, -1.125f, -1.125f};
    for (int e = 0; e < 4; e++)
        assert_float_equal(out[e], normalized[e], 1e-6);
    config.rule = LDPC_RULE_MIN_SUM_OFFSET;
    config.offset = 2.0f;
    check_update_float(t, 4, &config, NULL, out);
    const float offset[4] = {0.0f, 1.5f, 0.0f, 0.0f}; /* max(1.5-2,0), max(3.5-2,0) */
    for (int e = 0; e < 4; e++)
        assert_float_equal(fabsf(out[e]), offset[e], 1e-6);
    assert_true(out[1] > 0.0f);
}

/* Huge finite LLRs and a thousand iterations without early termination: the
 * messages stay bounded (no inf - inf = NaN) and the decision is right. */
static void extreme_inputs_stay_finite(void **state)
{
    (void)state;
    ldpc_code *code = test_code_random_regular("regular-120", 120, 3, 6, 0, 17);
    float llr[120];
    for (int i = 0; i < 120; i++)
        llr[i] = i % 7 == 0 ? 3.0e38f : (i % 5 == 0 ? 1e-30f : 25.0f);
    llr[3] = -0.5f; /* one wrong bit to correct */
    for (int schedule = 0; schedule < 2; schedule++) {
        for (int rule = 0; rule < 3; rule++) {
            ldpc_decoder_config config = ldpc_decoder_config_default();
            config.arithmetic = LDPC_ARITH_FLOAT;
            config.schedule = (ldpc_schedule)schedule;
            config.rule = (ldpc_check_rule)rule;
            config.max_iterations = 1000;
            config.syndrome_period = 0;
            ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(code, 1);
            ldpc_decoder *decoder;
            assert_int_equal(ldpc_decoder_create(&config, &limits, "reference", &decoder, NULL),
                             LDPC_OK);
            uint8_t bits[120];
            ldpc_frame_stats stats;
            assert_int_equal(ldpc_decoder_decode_f32(decoder, code, llr, 1, bits, &stats, NULL),
                             LDPC_OK);
            assert_int_equal(stats.iterations, 1000);
            assert_int_equal(stats.converged, 1);
            assert_int_equal(stats.corrected_bits, 1);
            for (int i = 0; i < 120; i++)
                assert_int_equal(bits[i], 0);
            ldpc_decoder_destroy(decoder);
        }
    }
    ldpc_code_destroy(code);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(boxplus_matches_textbook_form),
        cmocka_unit_test(sum_product_check_excludes_each_edge),
        cmocka_unit_test(sum_product_check_exact_for_large_inputs),
        cmocka_unit_test(min_sum_checks_in_llr_units),
        cmocka_unit_test(extreme_inputs_stay_finite),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
