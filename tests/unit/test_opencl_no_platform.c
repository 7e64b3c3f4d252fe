/* No OpenCL platform at all (the ICD loader pointed at an empty vendors
 * directory before the first OpenCL call of the process): the "opencl"
 * backend is still created, decodes on the CPU and says why. */
#include <unistd.h>

#include "test_opencl_support.h"

static char empty_vendors[] = "/tmp/ldpc-no-vendors-XXXXXX";

static void no_platform_falls_back(void **state)
{
    (void)state;
    test_opencl_require();
    ldpc_code *code = test_opencl_code("dvbs2-short-1/2");
    float *llr = test_opencl_frames(code, 4, 0.5, 3.0, 21);
    ldpc_decoder_config config = ldpc_decoder_config_default();
    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(code, 4);
    ldpc_decoder *decoder = NULL;
    ldpc_error err = {{0}};
    assert_int_equal(ldpc_decoder_create(&config, &limits, "opencl", &decoder, &err), LDPC_OK);
    ldpc_opencl_stats stats = test_opencl_stats(decoder);
    assert_int_equal(stats.on_device, 0);
    assert_int_equal(stats.fallbacks, 1);
    if (strstr(stats.fallback_reason, "no OpenCL platform") == NULL)
        fail_msg("reason: %s", stats.fallback_reason);
    char place[512];
    assert_int_equal(ldpc_decoder_describe(decoder, place, sizeof place), 1);
    if (strstr(place, "opencl on the CPU") != place || strstr(place, "no OpenCL platform") == NULL)
        fail_msg("description: %s", place);
    test_opencl_expect_reference(decoder, code, llr, 4);
    assert_int_equal(test_opencl_stats(decoder).frames_on_cpu, 4);
    ldpc_decoder_destroy(decoder);
    free(llr);
    ldpc_code_destroy(code);
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
