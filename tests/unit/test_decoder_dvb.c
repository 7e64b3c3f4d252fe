/* Every decoder variant of the reference backend on a real code with encoded
 * random messages: dvbs2-short-1/2 at Eb/N0 3 dB (well above its threshold)
 * decodes every frame of a fixed-seed run. */
#include <stdlib.h>
#include <string.h>

#include "ldpc/decoder.h"
#include "ldpc/encoder.h"
#include "test_decoder_codes.h"

enum { FRAMES = 20, FRAMES_PER_CALL = 4 };

typedef struct {
    ldpc_code *code;
    uint8_t *codewords; /* FRAMES * n */
    float *llr;         /* FRAMES * n */
} dvb_run;

static int setup(void **state)
{
    dvb_run *run = calloc(1, sizeof *run);
    ldpc_error err;
    if (ldpc_code_create("dvbs2-short-1/2", &run->code, &err) != LDPC_OK) {
        print_error("%s\n", err.message);
        return -1;
    }
    uint32_t n = run->code->n, k = run->code->k;
    run->codewords = malloc((size_t)FRAMES * n);
    run->llr = malloc((size_t)FRAMES * n * sizeof(float));
    uint8_t *info = malloc(k);
    test_rng rng;
    test_rng_seed(&rng, 2024);
    for (uint32_t f = 0; f < FRAMES; f++) {
        test_random_bits(&rng, info, k);
        if (ldpc_encode(run->code, info, run->codewords + (size_t)f * n, &err) != LDPC_OK) {
            print_error("%s\n", err.message);
            return -1;
        }
        test_bpsk_awgn_llr(&rng, run->codewords + (size_t)f * n, n, (double)k / n, 3.0,
                           run->llr + (size_t)f * n);
    }
    free(info);
    *state = run;
    return 0;
}

static int teardown(void **state)
{
    dvb_run *run = *state;
    ldpc_code_destroy(run->code);
    free(run->codewords);
    free(run->llr);
    free(run);
    return 0;
}

static void decode_all(const dvb_run *run, ldpc_arithmetic arithmetic, ldpc_check_rule rule,
                       ldpc_schedule schedule)
{
    ldpc_decoder_config config = ldpc_decoder_config_default();
    config.arithmetic = arithmetic;
    config.rule = rule;
    config.schedule = schedule;
    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(run->code, FRAMES_PER_CALL);
    ldpc_decoder *decoder;
    ldpc_error err;
    assert_int_equal(ldpc_decoder_create(&config, &limits, "reference", &decoder, &err), LDPC_OK);
    uint32_t n = run->code->n;
    uint8_t *bits = malloc((size_t)FRAMES * n);
    ldpc_frame_stats stats[FRAMES];
    uint32_t channel_errors = 0;
    for (uint32_t f = 0; f < FRAMES; f += FRAMES_PER_CALL)
        assert_int_equal(ldpc_decoder_decode_f32(decoder, run->code, run->llr + (size_t)f * n,
                                                 FRAMES_PER_CALL, bits + (size_t)f * n,
                                                 stats + f, &err),
                         LDPC_OK);
    for (uint32_t f = 0; f < FRAMES; f++) {
        assert_int_equal(stats[f].converged, 1);
        assert_int_equal(stats[f].unsatisfied_checks, 0);
        assert_true(stats[f].iterations < config.max_iterations);
        assert_memory_equal(bits + (size_t)f * n, run->codewords + (size_t)f * n, n);
        channel_errors += stats[f].corrected_bits;
    }
    assert_true(channel_errors > FRAMES * 100); /* about 4% of the bits arrive wrong */
    free(bits);
    ldpc_decoder_destroy(decoder);
}

static void fixed_layered_normalized(void **state)
{
    decode_all(*state, LDPC_ARITH_FIXED8, LDPC_RULE_MIN_SUM_NORMALIZED, LDPC_SCHEDULE_LAYERED);
}

static void fixed_layered_offset(void **state)
{
    decode_all(*state, LDPC_ARITH_FIXED8, LDPC_RULE_MIN_SUM_OFFSET, LDPC_SCHEDULE_LAYERED);
}

static void fixed_flooding_normalized(void **state)
{
    decode_all(*state, LDPC_ARITH_FIXED8, LDPC_RULE_MIN_SUM_NORMALIZED, LDPC_SCHEDULE_FLOODING);
}

static void fixed_flooding_offset(void **state)
{
    decode_all(*state, LDPC_ARITH_FIXED8, LDPC_RULE_MIN_SUM_OFFSET, LDPC_SCHEDULE_FLOODING);
}

static void float_layered_sum_product(void **state)
{
    decode_all(*state, LDPC_ARITH_FLOAT, LDPC_RULE_SUM_PRODUCT, LDPC_SCHEDULE_LAYERED);
}

static void float_flooding_sum_product(void **state)
{
    decode_all(*state, LDPC_ARITH_FLOAT, LDPC_RULE_SUM_PRODUCT, LDPC_SCHEDULE_FLOODING);
}

static void float_layered_normalized(void **state)
{
    decode_all(*state, LDPC_ARITH_FLOAT, LDPC_RULE_MIN_SUM_NORMALIZED, LDPC_SCHEDULE_LAYERED);
}

static void float_flooding_offset(void **state)
{
    decode_all(*state, LDPC_ARITH_FLOAT, LDPC_RULE_MIN_SUM_OFFSET, LDPC_SCHEDULE_FLOODING);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fixed_layered_normalized),  cmocka_unit_test(fixed_layered_offset),
        cmocka_unit_test(fixed_flooding_normalized), cmocka_unit_test(fixed_flooding_offset),
        cmocka_unit_test(float_layered_sum_product), cmocka_unit_test(float_flooding_sum_product),
        cmocka_unit_test(float_layered_normalized),  cmocka_unit_test(float_flooding_offset),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
