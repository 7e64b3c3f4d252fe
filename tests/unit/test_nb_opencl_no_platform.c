/* No OpenCL platform at all (the ICD loader pointed at an empty vendors
 * directory before the first OpenCL call of the process): the nonbinary
 * "opencl" backend is still created, decodes on the CPU with the
 * reference's results and says why. */
#include <unistd.h>

#include "ldpc/nonbinary.h"
#include "nb/nb_code_struct.h"
#include "code/code_struct.h"
#include "opencl/cl_options.h"
#include "test_opencl_support.h"

static char empty_vendors[] = "/tmp/ldpc-nb-no-vendors-XXXXXX";

enum { FRAMES = 2 };

static void decode(ldpc_nb_decoder *decoder, const ldpc_nb_code *code, const float *llr,
                   uint8_t *symbols, ldpc_frame_stats *stats)
{
    ldpc_error err = {{0}};
    if (ldpc_nb_decoder_decode_f32(decoder, code, llr, FRAMES, symbols, stats, &err) != LDPC_OK)
        fail_msg("decode: %s", err.message);
}

static void no_platform_falls_back(void **state)
{
    (void)state;
    test_opencl_require();
    ldpc_nb_code *code = NULL;
    ldpc_error err = {{0}};
    assert_int_equal(ldpc_nb_code_create("nbreg-gf32-620-310", &code, &err), LDPC_OK);
    uint32_t n = code->graph->n, bits = n * code->bits_per_symbol;
    float *llr = malloc((size_t)FRAMES * bits * sizeof(float));
    assert_non_null(llr);
    test_rng rng;
    test_rng_seed(&rng, 5);
    /* The all-zero codeword, noisy; the second frame much noisier. */
    for (uint32_t i = 0; i < FRAMES * bits; i++)
        llr[i] = (float)(4.0 + (i < bits ? 1.5 : 4.0) * test_rng_gaussian(&rng));
    ldpc_decoder_config config = ldpc_nb_decoder_config_default();
    config.max_iterations = 5;
    ldpc_nb_decoder_limits limits = ldpc_nb_decoder_limits_for_code(code, FRAMES);
    ldpc_nb_decoder *decoder = NULL, *reference = NULL;
    assert_int_equal(ldpc_nb_decoder_create(&config, &limits, "opencl", &decoder, &err),
                     LDPC_OK);
    assert_string_equal(ldpc_nb_decoder_backend_name(decoder), "opencl");
    ldpc_opencl_stats stats;
    assert_int_equal(ldpc_nb_opencl_stats_get(decoder, &stats, &err), LDPC_OK);
    assert_int_equal(stats.on_device, 0);
    assert_int_equal(stats.fallbacks, 1);
    if (strstr(stats.fallback_reason, "no OpenCL platform") == NULL)
        fail_msg("reason: %s", stats.fallback_reason);
    char place[512];
    assert_int_equal(ldpc_nb_decoder_describe(decoder, place, sizeof place), 1);
    if (strstr(place, "opencl on the CPU (reference): ") != place)
        fail_msg("description: %s", place);
    assert_int_equal(
        ldpc_nb_decoder_create(&config, &limits, "reference", &reference, &err), LDPC_OK);
    uint8_t symbols[FRAMES][620], expected[FRAMES][620];
    ldpc_frame_stats frame_stats[FRAMES], expected_stats[FRAMES];
    assert_int_equal(n, 620);
    decode(decoder, code, llr, &symbols[0][0], frame_stats);
    decode(reference, code, llr, &expected[0][0], expected_stats);
    assert_memory_equal(symbols, expected, sizeof symbols);
    assert_memory_equal(frame_stats, expected_stats, sizeof frame_stats);
    assert_int_equal(ldpc_nb_opencl_stats_get(decoder, &stats, &err), LDPC_OK);
    assert_int_equal(stats.frames_on_cpu, FRAMES);
    ldpc_nb_decoder_destroy(reference);
    ldpc_nb_decoder_destroy(decoder);
    free(llr);
    ldpc_nb_code_destroy(code);
}

int main(void)
{
    assert_non_null(mkdtemp(empty_vendors));
    setenv("OCL_ICD_VENDORS", empty_vendors, 1);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(no_platform_falls_back),
    };
    int failures = cmocka_run_group_tests(tests, NULL, NULL);
    rmdir(empty_vendors);
    return failures;
}
