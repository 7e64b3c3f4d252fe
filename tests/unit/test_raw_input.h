/* Raw int8 input for the backends that map it themselves (maps_input): frames
 * holding -128 (also 127 and 0) whose decoding tells -128 from -127, and the
 * check that a decoder gives the reference's results for them without
 * writing to the caller's buffer. Header-only (static inline) because several
 * test programs use it. */
#ifndef LDPC_TEST_RAW_INPUT_H
#define LDPC_TEST_RAW_INPUT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "decode/fixed_point.h"
#include "code/code_struct.h"
#include "decode/ref_fixed.h"
#include "decode/workspace_layout.h"
#include "ldpc/ldpc.h"
#include "test_support.h"

typedef struct {
    int8_t *raw;    /* frames * n values, -128 among them */
    int8_t *mapped; /* the same with -128 read as -127 */
    uint32_t frames;
} test_raw_input;

/* The decoder settings under which -128 and -127 differ in the outputs: one
 * iteration, no early exit, plain min-sum (a message keeps its magnitude, so
 * a posterior can end exactly at 0 from -127 but at -1 from -128). */
static inline ldpc_decoder_config test_raw_sensitive_config(uint32_t threads)
{
    ldpc_decoder_config config = ldpc_decoder_config_default();
    config.rule = LDPC_RULE_MIN_SUM_NORMALIZED;
    config.normalization_q4 = 16;
    config.max_iterations = 1;
    config.syndrome_period = 0;
    config.threads = threads;
    return config;
}

/* Frames of mostly +127 (a strong all-zero codeword) with -128 at random
 * places, some 0 and a few other values: a -128 whose checks see only +127
 * gets messages of 127, so its posterior ends at 127 * degree - 127 or - 128;
 * at degree 1 (the last DVB parity bit) that decides the bit. */
static inline test_raw_input test_raw_input_make(const ldpc_code *code, uint32_t frames,
                                                 uint64_t seed)
{
    size_t values = (size_t)frames * code->n;
    test_raw_input in = {malloc(values), malloc(values), frames};
    assert_non_null(in.raw);
    assert_non_null(in.mapped);
    test_rng rng;
    test_rng_seed(&rng, seed);
    for (size_t i = 0; i < values; i++) {
        uint64_t r = test_rng_next(&rng) % 64;
        in.raw[i] = r < 6 ? INT8_MIN : r == 6 ? 0 : r == 7 ? (int8_t)(r * 5) : 127;
    }
    for (uint32_t f = 0; f < frames; f++)
        in.raw[(size_t)f * code->n + code->n - 1] = INT8_MIN;
    for (size_t i = 0; i < values; i++)
        in.mapped[i] = q_from_input(in.raw[i]);
    return in;
}

static inline void test_raw_input_free(test_raw_input *in)
{
    free(in->raw);
    free(in->mapped);
}

/* Frames of `in` that a decoder which forgot to map -128 would get wrong:
 * those where the reference's frame decoder, given the raw values, disagrees
 * with itself given the mapped ones (bits or statistics). */
static inline uint32_t test_raw_frames_telling_apart(const ldpc_code *code,
                                                     const ldpc_decoder_config *config,
                                                     const test_raw_input *in)
{
    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(code, 1);
    size_t bytes = workspace_round_up(ref_fixed_workspace_bytes(&limits, config->schedule));
    void *memory = aligned_alloc(WORKSPACE_ALIGNMENT, bytes);
    uint8_t *bits_raw = malloc(code->n), *bits_mapped = malloc(code->n);
    assert_non_null(memory);
    assert_non_null(bits_raw);
    assert_non_null(bits_mapped);
    ref_fixed_workspace ws;
    ref_fixed_workspace_carve(&ws, memory, &limits, config->schedule);
    uint32_t differing = 0;
    for (uint32_t f = 0; f < in->frames; f++) {
        ldpc_frame_stats raw, mapped;
        size_t at = (size_t)f * code->n;
        ref_fixed_decode_frame(code, config, &ws, in->raw + at, bits_raw, &raw);
        ref_fixed_decode_frame(code, config, &ws, in->mapped + at, bits_mapped, &mapped);
        differing += memcmp(bits_raw, bits_mapped, code->n) != 0 ||
                     raw.corrected_bits != mapped.corrected_bits ||
                     raw.unsatisfied_checks != mapped.unsatisfied_checks;
    }
    free(bits_raw);
    free(bits_mapped);
    free(memory);
    return differing;
}

/* `decoder` given the raw frames: the reference decoder's results for the
 * mapped ones, frame by frame, and the caller's buffer left as it was. */
static inline void test_raw_expect_reference(ldpc_decoder *decoder, const ldpc_code *code,
                                             const test_raw_input *in)
{
    size_t values = (size_t)in->frames * code->n;
    const ldpc_decoder_config *config = ldpc_decoder_get_config(decoder);
    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(code, in->frames);
    ldpc_decoder *reference = NULL;
    ldpc_error err = {{0}};
    assert_int_equal(ldpc_decoder_create(config, &limits, "reference", &reference, &err), LDPC_OK);
    int8_t *input = malloc(values);
    uint8_t *bits = malloc(values), *expected_bits = malloc(values);
    ldpc_frame_stats *stats = calloc(in->frames, sizeof *stats);
    ldpc_frame_stats *expected = calloc(in->frames, sizeof *expected);
    assert_non_null(input);
    assert_non_null(bits);
    assert_non_null(expected_bits);
    assert_non_null(stats);
    assert_non_null(expected);
    assert_int_equal(ldpc_decoder_decode_i8(reference, code, in->mapped, in->frames,
                                            expected_bits, expected, &err),
                     LDPC_OK);
    memcpy(input, in->raw, values);
    if (ldpc_decoder_decode_i8(decoder, code, input, in->frames, bits, stats, &err) != LDPC_OK)
        fail_msg("%s on %s: %s", ldpc_decoder_backend_name(decoder), code->name, err.message);
    if (memcmp(input, in->raw, values) != 0)
        fail_msg("%s on %s wrote to the caller's input", ldpc_decoder_backend_name(decoder),
                 code->name);
    for (uint32_t f = 0; f < in->frames; f++) {
        const ldpc_frame_stats *a = &stats[f], *b = &expected[f];
        if (memcmp(bits + (size_t)f * code->n, expected_bits + (size_t)f * code->n, code->n) !=
                0 ||
            a->iterations != b->iterations || a->converged != b->converged ||
            a->unsatisfied_checks != b->unsatisfied_checks ||
            a->corrected_bits != b->corrected_bits)
            fail_msg("%s on %s, frame %u: not the reference's result for raw input "
                     "(corrected %u vs %u, unsatisfied %u vs %u)",
                     ldpc_decoder_backend_name(decoder), code->name, f, a->corrected_bits,
                     b->corrected_bits, a->unsatisfied_checks, b->unsatisfied_checks);
    }
    free(input);
    free(bits);
    free(expected_bits);
    free(stats);
    free(expected);
    ldpc_decoder_destroy(reference);
}

#endif
