/* Soft-value formats, quantisation and bit packing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "ldpc/soft.h"
#include "soft/byte_lookup.h"
#include "soft/byte_sums.h"

static void defaults_and_sizes(void **state)
{
    (void)state;
    ldpc_soft_input f32 = ldpc_soft_input_default(LDPC_SOFT_F32);
    assert_int_equal(f32.format, LDPC_SOFT_F32);
    assert_true(f32.scale == 1.0f);
    assert_int_equal(f32.negate, 0);
    assert_int_equal(f32.normalization, LDPC_SOFT_CALIBRATE);
    ldpc_soft_input liquid = ldpc_soft_input_default(LDPC_SOFT_LIQUID);
    assert_int_equal(liquid.normalization, LDPC_SOFT_CALIBRATE);
    assert_true(liquid.normalize_target == LDPC_SOFT_DEFAULT_NORMALIZE_TARGET);
    assert_int_equal(ldpc_soft_value_size(LDPC_SOFT_F32), 4);
    assert_int_equal(ldpc_soft_value_size(LDPC_SOFT_I8), 1);
    assert_int_equal(ldpc_soft_value_size(LDPC_SOFT_LIQUID), 1);
}

static void format_names_parse_and_unknown_is_named(void **state)
{
    (void)state;
    ldpc_soft_format format = LDPC_SOFT_F32;
    ldpc_error err = {{0}};
    assert_int_equal(ldpc_soft_format_parse("i8", &format, &err), LDPC_OK);
    assert_int_equal(format, LDPC_SOFT_I8);
    assert_int_equal(ldpc_soft_format_parse("liquid", &format, &err), LDPC_OK);
    assert_int_equal(format, LDPC_SOFT_LIQUID);
    assert_int_equal(ldpc_soft_format_parse("f32", &format, &err), LDPC_OK);
    assert_int_equal(format, LDPC_SOFT_F32);
    assert_int_equal(ldpc_soft_format_parse("F32", &format, &err), LDPC_ERR_INVALID);
    assert_non_null(strstr(err.message, "'F32'"));
    assert_int_equal(ldpc_soft_format_parse(NULL, &format, NULL), LDPC_ERR_INVALID);
}

static void f32_passes_through_and_rejects_non_finite_by_index(void **state)
{
    (void)state;
    float raw[4] = {1.5f, -2.0f, 0.0f, 100.0f};
    float llr[4];
    ldpc_soft_input input = ldpc_soft_input_default(LDPC_SOFT_F32);
    input.normalization = LDPC_SOFT_AS_IS;
    assert_int_equal(ldpc_soft_to_llr(&input, raw, 4, llr, NULL), LDPC_OK);
    assert_memory_equal(raw, llr, sizeof raw);

    /* Unaligned source: the tool hands over byte buffers. */
    unsigned char bytes[1 + sizeof raw];
    memcpy(bytes + 1, raw, sizeof raw);
    assert_int_equal(ldpc_soft_to_llr(&input, bytes + 1, 4, llr, NULL), LDPC_OK);
    assert_memory_equal(raw, llr, sizeof raw);

    ldpc_error err = {{0}};
    raw[2] = NAN;
    assert_int_equal(ldpc_soft_to_llr(&input, raw, 4, llr, &err), LDPC_ERR_INVALID);
    assert_non_null(strstr(err.message, "soft value 2 "));
    raw[2] = 0.0f;
    raw[3] = -INFINITY;
    assert_int_equal(ldpc_soft_to_llr(&input, raw, 4, llr, &err), LDPC_ERR_INVALID);
    assert_non_null(strstr(err.message, "soft value 3 "));
}

static void i8_is_signed_and_scale_and_negate_apply(void **state)
{
    (void)state;
    const int8_t raw[4] = {-128, -1, 0, 127};
    float llr[4];
    ldpc_soft_input input = ldpc_soft_input_default(LDPC_SOFT_I8);
    input.normalization = LDPC_SOFT_AS_IS;
    input.scale = 0.5f;
    assert_int_equal(ldpc_soft_to_llr(&input, raw, 4, llr, NULL), LDPC_OK);
    assert_true(llr[0] == -64.0f && llr[1] == -0.5f && llr[2] == 0.0f && llr[3] == 63.5f);
    input.negate = 1;
    assert_int_equal(ldpc_soft_to_llr(&input, raw, 4, llr, NULL), LDPC_OK);
    assert_true(llr[0] == 64.0f && llr[1] == 0.5f && llr[3] == -63.5f);
}

static void liquid_soft_bits_map_to_llr_sign(void **state)
{
    (void)state;
    const uint8_t raw[4] = {0, 127, 128, 255};
    float llr[4];
    ldpc_soft_input input = ldpc_soft_input_default(LDPC_SOFT_LIQUID);
    input.normalization = LDPC_SOFT_AS_IS;
    assert_int_equal(ldpc_soft_to_llr(&input, raw, 4, llr, NULL), LDPC_OK);
    /* 0 = certain 0 -> large positive; 127 = erasure; 255 = certain 1. */
    assert_true(llr[0] == 127.0f && llr[1] == 0.0f && llr[2] == -1.0f && llr[3] == -128.0f);
}

static void auto_normalisation_reaches_target_mean_magnitude(void **state)
{
    (void)state;
    const uint8_t raw[4] = {0, 200, 127, 100};
    float llr[4];
    ldpc_soft_input input = ldpc_soft_input_default(LDPC_SOFT_LIQUID);
    input.normalization = LDPC_SOFT_MEAN_TARGET;
    input.normalize_target = 3.0f;
    assert_int_equal(ldpc_soft_to_llr(&input, raw, 4, llr, NULL), LDPC_OK);
    float mean = (fabsf(llr[0]) + fabsf(llr[1]) + fabsf(llr[2]) + fabsf(llr[3])) / 4.0f;
    assert_float_equal(mean, 3.0f, 1e-5f);
    assert_true(llr[0] > 0.0f && llr[1] < 0.0f && llr[2] == 0.0f && llr[3] > 0.0f);
    /* Ratios are kept: 127 : -73 : 27. */
    assert_float_equal(llr[0] / llr[3], 127.0f / 27.0f, 1e-5f);

    /* An all-erasure frame stays all zero instead of dividing by zero. */
    const uint8_t erased[3] = {127, 127, 127};
    assert_int_equal(ldpc_soft_to_llr(&input, erased, 3, llr, NULL), LDPC_OK);
    assert_true(llr[0] == 0.0f && llr[1] == 0.0f && llr[2] == 0.0f);

    ldpc_error err = {{0}};
    input.normalize_target = 0.0f;
    assert_int_equal(ldpc_soft_to_llr(&input, raw, 4, llr, &err), LDPC_ERR_INVALID);
    assert_non_null(strstr(err.message, "target"));
}

/* Consistent Gaussian LLRs (N(mu, 2 mu) for bit 0, BPSK over AWGN) at any
 * scale from 1/8 to 8 come back at their true scale (from mu = 2, about
 * Es/N0 -3 dB, up: the mean |LLR| within 5% of the unscaled frame's), and
 * one frame at every scale gives the same values to float rounding. */
static uint64_t rng_state = 0x9E3779B97F4A7C15u;
static double uniform(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return ((double)(rng_state >> 11) + 0.5) / 9007199254740992.0;
}

static void calibration_undoes_any_scale(void **state)
{
    (void)state;
    enum { N = 16200 };
    static float truth[N], scaled[N], llr[N], first[N];
    const double mus[] = {0.6, 2.5, 8.0, 20.0};
    const float scales[] = {0.125f, 0.3f, 1.0f, 3.0f, 8.0f};
    ldpc_soft_input input = ldpc_soft_input_default(LDPC_SOFT_F32);
    for (size_t m = 0; m < sizeof mus / sizeof mus[0]; m++) {
        double mean_truth = 0.0;
        for (int i = 0; i < N; i++) {
            double gauss = sqrt(-2.0 * log(uniform())) * cos(6.283185307179586 * uniform());
            double value = mus[m] + sqrt(2.0 * mus[m]) * gauss;
            truth[i] = (float)(i & 1 ? -value : value); /* random-looking bits */
            mean_truth += fabs(value) / N;
        }
        for (size_t s = 0; s < sizeof scales / sizeof scales[0]; s++) {
            for (int i = 0; i < N; i++)
                scaled[i] = truth[i] * scales[s];
            assert_int_equal(ldpc_soft_to_llr(&input, scaled, N, llr, NULL), LDPC_OK);
            double mean = 0.0;
            for (int i = 0; i < N; i++) {
                mean += fabsf(llr[i]) / N;
                assert_true((llr[i] > 0) == (truth[i] > 0) || truth[i] == 0.0f);
            }
            if (mus[m] >= 2.0) /* below, the moments barely tell signal from noise */
                assert_true(fabs(mean / mean_truth - 1.0) < 0.05);
            if (s == 0)
                memcpy(first, llr, sizeof llr);
            for (int i = 0; i < N; i++)
                assert_true(fabsf(llr[i] - first[i]) <= 1e-5f * fabsf(first[i]) + 1e-6f);
        }
    }
}

static void normalization_names(void **state)
{
    (void)state;
    ldpc_soft_normalization out = LDPC_SOFT_AS_IS;
    assert_int_equal(ldpc_soft_normalization_parse("calibrate", &out, NULL), LDPC_OK);
    assert_int_equal(out, LDPC_SOFT_CALIBRATE);
    assert_int_equal(ldpc_soft_normalization_parse("mean", &out, NULL), LDPC_OK);
    assert_int_equal(out, LDPC_SOFT_MEAN_TARGET);
    assert_int_equal(ldpc_soft_normalization_parse("as-is", &out, NULL), LDPC_OK);
    assert_int_equal(out, LDPC_SOFT_AS_IS);
    ldpc_error err = {{0}};
    assert_int_equal(ldpc_soft_normalization_parse("auto", &out, &err), LDPC_ERR_INVALID);
    assert_non_null(strstr(err.message, "'auto'"));
    /* an all-erasure frame stays all zero */
    const int8_t zeros[4] = {0, 0, 0, 0};
    float llr[4] = {1, 1, 1, 1};
    ldpc_soft_input input = ldpc_soft_input_default(LDPC_SOFT_I8);
    assert_int_equal(ldpc_soft_to_llr(&input, zeros, 4, llr, NULL), LDPC_OK);
    assert_true(llr[0] == 0.0f && llr[1] == 0.0f && llr[2] == 0.0f && llr[3] == 0.0f);
}

static void zero_or_non_finite_scale_is_rejected(void **state)
{
    (void)state;
    const int8_t raw[1] = {1};
    float llr[1];
    ldpc_soft_input input = ldpc_soft_input_default(LDPC_SOFT_I8);
    input.scale = 0.0f;
    assert_int_equal(ldpc_soft_to_llr(&input, raw, 1, llr, NULL), LDPC_ERR_INVALID);
    input.scale = INFINITY;
    assert_int_equal(ldpc_soft_to_llr(&input, raw, 1, llr, NULL), LDPC_ERR_INVALID);
}

static void quantise_rounds_half_away_and_clamps(void **state)
{
    (void)state;
    assert_int_equal(ldpc_quantise_one(0.25f, 2.0f), 1);   /* 0.5 -> 1 */
    assert_int_equal(ldpc_quantise_one(-0.25f, 2.0f), -1); /* -0.5 -> -1 */
    assert_int_equal(ldpc_quantise_one(0.2f, 2.0f), 0);
    assert_int_equal(ldpc_quantise_one(1.24f, 2.0f), 2);
    assert_int_equal(ldpc_quantise_one(1.25f, 2.0f), 3);
    assert_int_equal(ldpc_quantise_one(-1.25f, 2.0f), -3);
    assert_int_equal(ldpc_quantise_one(63.5f, 2.0f), 127);
    assert_int_equal(ldpc_quantise_one(63.74f, 2.0f), 127);
    assert_int_equal(ldpc_quantise_one(-1000.0f, 2.0f), -127); /* never -128 */
    assert_int_equal(ldpc_quantise_one(3e38f, 2.0f), 127);      /* overflows to inf */
    assert_int_equal(ldpc_quantise_one(-3e38f, 2.0f), -127);
    assert_int_equal(ldpc_quantise_one(INFINITY, 1.0f), 127);
    assert_int_equal(ldpc_quantise_one(-INFINITY, 1.0f), -127);
    assert_int_equal(ldpc_quantise_one(NAN, 1.0f), 0);
    assert_int_equal(ldpc_quantise_one(-0.0f, 1.0f), 0);
    /* The largest float below 0.5: naive x + 0.5 truncation would give 1. */
    assert_int_equal(ldpc_quantise_one(0.49999997f, 1.0f), 0);
    assert_int_equal(ldpc_quantise_one(-0.49999997f, 1.0f), 0);
    assert_int_equal(ldpc_quantise_one(2.5f, 1.0f), 3);
    assert_int_equal(ldpc_quantise_one(-2.5f, 1.0f), -3);
    assert_int_equal(ldpc_quantise_one(126.5f, 1.0f), 127);
    assert_int_equal(ldpc_quantise_one(126.49f, 1.0f), 126);
    assert_int_equal(ldpc_quantise_one(-126.5f, 1.0f), -127);
    /* Agrees with lroundf over a dense sweep of the representable range. */
    for (float x = -130.0f; x <= 130.0f; x += 0.0625f / 3.0f) {
        long expected = lroundf(x);
        expected = expected > 127 ? 127 : expected < -127 ? -127 : expected;
        assert_int_equal(ldpc_quantise_one(x, 1.0f), expected);
    }

    const float llr[5] = {0.5f, -0.5f, 200.0f, -200.0f, 3.49f};
    int8_t q[5];
    ldpc_quantise(llr, 5, 1.0f, q);
    const int8_t expected[5] = {1, -1, 127, -127, 3};
    assert_memory_equal(q, expected, 5);
}

/* A frame of bytes of one of several shapes: uniform, a clean signal's two
 * extremes with a few values between, constant, a slope of every value. */
static void byte_frame(int shape, uint32_t seed, uint8_t *raw, size_t count)
{
    uint32_t state = seed * 2654435761u + 1u;
    for (size_t i = 0; i < count; i++) {
        state = state * 1103515245u + 12345u;
        uint8_t r = (uint8_t)(state >> 16);
        switch (shape) {
        case 0: raw[i] = r; break;
        case 1: raw[i] = r < 16 ? r : (r & 1 ? 255 : 0); break;
        case 2: raw[i] = (uint8_t)seed; break;
        default: raw[i] = (uint8_t)i; break;
        }
    }
}

/* Every SIMD kernel's sums (SSE2, NEON, AVX2, AVX-512BW: those this CPU
 * has) equal the plain C ones, whatever the length (tails of each vector
 * width, several 32-bit square blocks) and the values (0, 127, 128, 255). */
static void byte_sums_match_the_portable_sums(void **state)
{
    (void)state;
    static uint8_t raw[300001];
    const size_t lengths[] = {0, 1, 15, 16, 17, 31, 33, 63, 65, 100, 16200, 64800, 300001};
    for (int kernel = SOFT_SUMS_VECTORS; kernel <= (int)soft_byte_sums_widest(); kernel++)
        for (int liquid = 0; liquid < 2; liquid++)
            for (int shape = 0; shape < 4; shape++)
                for (size_t l = 0; l < sizeof lengths / sizeof lengths[0]; l++) {
                    byte_frame(shape, (uint32_t)(shape * 7 + l), raw, lengths[l]);
                    soft_byte_sums fast, plain;
                    soft_byte_sums_with((soft_sums_kernel)kernel, liquid, raw, lengths[l], 0.99,
                                        &fast);
                    soft_byte_sums_with(SOFT_SUMS_PLAIN, liquid, raw, lengths[l], 0.99, &plain);
                    assert_int_equal(fast.largest, plain.largest);
                    assert_int_equal(fast.at_clip, plain.at_clip);
                    assert_int_equal(fast.sum, plain.sum);
                    assert_int_equal(fast.square, plain.square);
                    assert_int_equal(fast.clipped, plain.clipped);
                    assert_int_equal(fast.clipped_sum, plain.clipped_sum);
                }
    /* the magnitudes themselves: liquid 255 is -128, int8 0x80 is -128 */
    uint8_t extremes[] = {0, 127, 128, 255};
    soft_byte_sums sums;
    soft_byte_sums_compute(1, extremes, 4, 0.99, &sums);
    assert_int_equal(sums.largest, 128);
    assert_int_equal(sums.sum, 127 + 0 + 1 + 128);
    soft_byte_sums_compute(0, extremes, 4, 0.99, &sums);
    assert_int_equal(sums.sum, 0 + 127 + 128 + 1);
    assert_int_equal(sums.clipped, 2); /* 127 and 128 are within 1% of 128 */
}

/* ldpc_quantise (SSE2, NEON) gives ldpc_quantise_one's value for every
 * value: halves, clamps, infinities, NaN, negative zero, at any length. */
static void quantise_vectors_match_quantise_one(void **state)
{
    (void)state;
    enum { N = 4099 };
    static float llr[N];
    static int8_t out[N];
    const float special[] = {0.25f, -0.25f, 0.2499999f, 1.25f, -1.25f, 63.5f, 63.74f,
                             -63.5f, 1000.0f, -1000.0f, 0.0f, -0.0f, INFINITY, -INFINITY,
                             NAN, 0.74999994f, -0.74999994f, 31.75f};
    uint32_t state_bits = 12345u;
    for (int i = 0; i < N; i++) {
        state_bits = state_bits * 1103515245u + 12345u;
        llr[i] = i < (int)(sizeof special / sizeof special[0])
                     ? special[i]
                     : ((float)(state_bits >> 8) / 16777216.0f - 0.5f) * 160.0f;
    }
    const float scales[] = {2.0f, 1.0f, 0.7f, 4.0f};
    const size_t lengths[] = {0, 1, 7, 8, 15, 16, 17, N};
    for (size_t c = 0; c < sizeof scales / sizeof scales[0]; c++)
        for (size_t l = 0; l < sizeof lengths / sizeof lengths[0]; l++) {
            ldpc_quantise(llr, lengths[l], scales[c], out);
            for (size_t i = 0; i < lengths[l]; i++)
                assert_int_equal(out[i], ldpc_quantise_one(llr[i], scales[c]));
        }
}

static void byte_lookup_is_the_table(void **state)
{
    (void)state;
    static uint8_t raw[64800 + 77];
    static int8_t out[64800 + 77];
    int8_t table[256];
    for (int b = 0; b < 256; b++)
        table[b] = (int8_t)(b * 37 + 11);
    const size_t lengths[] = {0, 1, 15, 16, 31, 32, 33, 63, 64, 65, 64800 + 77};
    for (int kernel = SOFT_LOOKUP_PLAIN; kernel <= (int)soft_byte_lookup_widest(); kernel++)
        for (size_t l = 0; l < sizeof lengths / sizeof lengths[0]; l++) {
            byte_frame(l % 2 ? 3 : 0, (uint32_t)l, raw, lengths[l]);
            if (l + 1 == sizeof lengths / sizeof lengths[0]) /* every byte value everywhere */
                for (size_t i = 0; i < lengths[l]; i++)
                    raw[i] = (uint8_t)(i * 7);
            memset(out, 0x55, sizeof out);
            soft_byte_lookup_with((soft_lookup_kernel)kernel, table, raw, lengths[l], out);
            for (size_t i = 0; i < lengths[l]; i++)
                assert_int_equal(out[i], table[raw[i]]);
            if (lengths[l] < sizeof out)
                assert_int_equal(out[lengths[l]], 0x55); /* nothing written beyond */
        }
    ldpc_soft_byte_lookup(table, raw, sizeof raw, out); /* the widest, as callers get it */
    for (size_t i = 0; i < sizeof raw; i++)
        assert_int_equal(out[i], table[raw[i]]);
}

static void pack_is_msb_first_and_unpack_inverts(void **state)
{
    (void)state;
    const uint8_t bits[11] = {1, 0, 1, 1, 0, 0, 0, 1, 1, 1, 0};
    uint8_t packed[2] = {0xFF, 0xFF};
    ldpc_bits_pack(bits, 11, packed);
    assert_int_equal(packed[0], 0xB1);
    assert_int_equal(packed[1], 0xC0); /* 1,1,0 then zero padding */
    uint8_t back[11];
    ldpc_bits_unpack(packed, 11, back);
    assert_memory_equal(bits, back, 11);

    /* Count zero touches nothing. */
    packed[0] = 0x5A;
    ldpc_bits_pack(bits, 0, packed);
    assert_int_equal(packed[0], 0x5A);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(defaults_and_sizes),
        cmocka_unit_test(format_names_parse_and_unknown_is_named),
        cmocka_unit_test(f32_passes_through_and_rejects_non_finite_by_index),
        cmocka_unit_test(i8_is_signed_and_scale_and_negate_apply),
        cmocka_unit_test(liquid_soft_bits_map_to_llr_sign),
        cmocka_unit_test(auto_normalisation_reaches_target_mean_magnitude),
        cmocka_unit_test(calibration_undoes_any_scale),
        cmocka_unit_test(normalization_names),
        cmocka_unit_test(zero_or_non_finite_scale_is_rejected),
        cmocka_unit_test(quantise_rounds_half_away_and_clamps),
        cmocka_unit_test(pack_is_msb_first_and_unpack_inverts),
        cmocka_unit_test(byte_sums_match_the_portable_sums),
        cmocka_unit_test(byte_lookup_is_the_table),
        cmocka_unit_test(quantise_vectors_match_quantise_one),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
