/* ldpcd's frame conversion (src/ldpcd/frame_input.c) gives exactly what
 * ldpc_soft_to_llr followed by ldpc_quantise gives, whichever path it takes:
 * the per-frame table for liquid soft bits and int8 LLRs, the library for
 * f32, under every normalisation. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "frame_input.h"
#include "test_support.h"

#define MAX_VALUES 64800

static float scratch[MAX_VALUES], expected_llr[MAX_VALUES], got_llr[MAX_VALUES];
static int8_t expected_q[MAX_VALUES], got_q[MAX_VALUES];
static uint8_t raw[MAX_VALUES * sizeof(float)];

/* Liquid soft bits of a noisy signal: mostly near 0 and 255, some anywhere. */
static void noisy_bytes(test_rng *rng, uint8_t *out, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        uint64_t r = test_rng_next(rng);
        out[i] = (r & 7) == 0 ? (uint8_t)(r >> 8) : (r & 8) ? (uint8_t)(r >> 8 & 3)
                                                            : (uint8_t)(255 - (r >> 8 & 3));
    }
}

/* Both outputs (int8 with llr_scale 2, float) against the library. */
static void check_equal(const ldpc_soft_input *input, const uint8_t *values, uint32_t n)
{
    ldpcd_frame_input to_q = {.to_float = 0, .llr_scale = 2.0f, .llr_scratch = scratch};
    ldpcd_frame_input to_f = {.to_float = 1, .llr_scale = 2.0f, .llr_scratch = scratch};
    assert_int_equal(ldpc_soft_to_llr(input, values, n, expected_llr, NULL), LDPC_OK);
    ldpc_quantise(expected_llr, n, 2.0f, expected_q);
    assert_int_equal(ldpcd_frame_input_convert(&to_q, input, values, n, got_q), 0);
    assert_memory_equal(got_q, expected_q, n);
    assert_int_equal(ldpcd_frame_input_convert(&to_f, input, values, n, got_llr), 0);
    for (uint32_t i = 0; i < n; i++) /* bit for bit, not merely close */
        assert_memory_equal(&got_llr[i], &expected_llr[i], sizeof(float));
}

static void one_byte_formats_equal_the_library(void **state)
{
    (void)state;
    test_rng rng;
    test_rng_seed(&rng, 5);
    const float scales[] = {1.0f, 0.3f, 7.77f, 1.0f / 3.0f, 1e-20f, 3e20f, 1e-35f, 1e35f};
    const uint32_t sizes[] = {64800, 16200, 1, 3, 1021};
    for (int format = LDPC_SOFT_I8; format <= LDPC_SOFT_LIQUID; format++)
        for (size_t s = 0; s < sizeof scales / sizeof scales[0]; s++)
            for (int flags = 0; flags < 6; flags++)
                for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
                    ldpc_soft_input input = ldpc_soft_input_default((ldpc_soft_format)format);
                    input.scale = scales[s];
                    input.negate = flags & 1;
                    input.normalization = (ldpc_soft_normalization)(flags >> 1);
                    noisy_bytes(&rng, raw, sizes[z]);
                    check_equal(&input, raw, sizes[z]);
                }
}

/* Frames whose sum of |LLR| is zero (liquid erasures, int8 zeros) are left
 * unnormalised, like the library leaves them; saturating values clamp alike. */
static void erasures_and_extremes(void **state)
{
    (void)state;
    ldpc_soft_input liquid = ldpc_soft_input_default(LDPC_SOFT_LIQUID);
    memset(raw, 127, 16200);
    check_equal(&liquid, raw, 16200);
    ldpc_soft_input int8 = ldpc_soft_input_default(LDPC_SOFT_I8);
    int8.normalization = LDPC_SOFT_MEAN_TARGET;
    memset(raw, 0, 16200);
    check_equal(&int8, raw, 16200);
    for (uint32_t i = 0; i < 256; i++)
        raw[i] = (uint8_t)i; /* every byte value once */
    int8.normalization = LDPC_SOFT_AS_IS;
    int8.scale = 50.0f; /* most values saturate at +-127 */
    check_equal(&int8, raw, 256);
    check_equal(&liquid, raw, 256);
}

static void f32_goes_through_the_library(void **state)
{
    (void)state;
    test_rng rng;
    test_rng_seed(&rng, 9);
    uint32_t n = 16200;
    float values[16200];
    for (uint32_t i = 0; i < n; i++)
        values[i] = (float)(test_rng_gaussian(&rng) * 3.0 + 2.0);
    memcpy(raw + 1, values, sizeof values); /* unaligned on purpose */
    ldpc_soft_input input = ldpc_soft_input_default(LDPC_SOFT_F32);
    input.scale = 0.7f;
    check_equal(&input, raw + 1, n);
    input.normalization = LDPC_SOFT_MEAN_TARGET;
    check_equal(&input, raw + 1, n);
    /* a non-finite value refuses the frame */
    float bad = NAN;
    memcpy(raw + 1 + 100 * sizeof(float), &bad, sizeof bad);
    ldpcd_frame_input to_q = {.to_float = 0, .llr_scale = 2.0f, .llr_scratch = scratch};
    assert_int_equal(ldpcd_frame_input_convert(&to_q, &input, raw + 1, n, got_q), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(one_byte_formats_equal_the_library),
        cmocka_unit_test(erasures_and_extremes),
        cmocka_unit_test(f32_goes_through_the_library),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
