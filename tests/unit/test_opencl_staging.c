/* The OpenCL backend's staging areas (ldpc_decoder_input_area and
 * _output_area): values put into its pinned input staging, and bits read
 * from its output staging, decode exactly as the caller's own arrays do, in
 * a single pass and in pipelined passes (both staging slots), at an offset
 * inside the areas, in and out separately, and after the device is lost (the
 * areas stay for the CPU fallback). CPU backends have none. */
#include "test_opencl_support.h"

enum { FRAMES = 24 };

typedef struct {
    ldpc_decoder_config config; /* 20 iterations */
    ldpc_code *code;
    int8_t *q; /* FRAMES frames, quantised */
    uint8_t *bits;
    ldpc_frame_stats stats[FRAMES];
} reference_run;

/* The frames of DVB-S2 short 1/2 quantised as a service's conversion
 * would, and what the reference decoder makes of them: every test's state. */
static int reference_setup(void **state)
{
    reference_run *r = calloc(1, sizeof *r);
    assert_non_null(r);
    r->config = ldpc_decoder_config_default();
    r->config.max_iterations = 20;
    r->code = test_opencl_code("dvbs2-short-1/2");
    size_t values = (size_t)FRAMES * r->code->n;
    float *llr = test_opencl_frames(r->code, FRAMES, 0.5, 3.0, 0x57a6);
    r->q = malloc(values);
    r->bits = malloc(values);
    assert_non_null(r->q);
    assert_non_null(r->bits);
    ldpc_quantise(llr, values, r->config.llr_scale, r->q);
    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(r->code, FRAMES);
    ldpc_decoder *reference = NULL;
    assert_int_equal(ldpc_decoder_create(&r->config, &limits, "reference", &reference, NULL),
                     LDPC_OK);
    assert_int_equal(
        ldpc_decoder_decode_i8(reference, r->code, r->q, FRAMES, r->bits, r->stats, NULL),
        LDPC_OK);
    ldpc_decoder_destroy(reference);
    free(llr);
    *state = r;
    return 0;
}

static int reference_teardown(void **state)
{
    reference_run *r = *state;
    free(r->q);
    free(r->bits);
    ldpc_code_destroy(r->code);
    free(r);
    return 0;
}

static ldpc_decoder *opencl_decoder(const reference_run *r, const cl_options *opencl)
{
    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(r->code, FRAMES);
    ldpc_decoder *decoder = NULL;
    ldpc_error err = {{0}};
    if (cl_options_decoder_create(&r->config, &limits, opencl, &decoder, &err) != LDPC_OK)
        fail_msg("opencl decoder: %s", err.message);
    return decoder;
}

/* Frames [first, first + count) decoded with their values at `at` (the input
 * area or not) into `out` (the output area or not), against the reference. */
static void expect_frames(ldpc_decoder *decoder, const reference_run *r, uint32_t first,
                          uint32_t count, int8_t *at, uint8_t *out)
{
    size_t n = r->code->n;
    ldpc_frame_stats stats[FRAMES];
    memcpy(at, r->q + first * n, count * n);
    memset(out, 0x7F, count * n);
    ldpc_error err = {{0}};
    if (ldpc_decoder_decode_i8(decoder, r->code, at, count, out, stats, &err) != LDPC_OK)
        fail_msg("decode: %s", err.message);
    assert_memory_equal(out, r->bits + first * n, count * n);
    assert_memory_equal(stats, r->stats + first, count * sizeof *stats);
}

static void areas_decode_as_own_arrays(void **state)
{
    test_opencl_require();
    const reference_run *r = *state;
    size_t n = r->code->n;
    int8_t *own_q = malloc((size_t)FRAMES * n);
    uint8_t *own_bits = malloc((size_t)FRAMES * n);
    assert_non_null(own_q);
    assert_non_null(own_bits);
    /* one pass per call (a call pipelines from twice pipeline_frames), then
     * passes of 4 frames through both staging slots */
    const uint32_t pipelines[] = {FRAMES, 4};
    for (size_t p = 0; p < 2; p++) {
        cl_options opencl = test_opencl_config(LDPC_OPENCL_DESIGN_AUTO);
        opencl.pipeline_frames = pipelines[p];
        ldpc_decoder *decoder = opencl_decoder(r, &opencl);
        int8_t *input = ldpc_decoder_input_area(decoder);
        uint8_t *output = ldpc_decoder_output_area(decoder);
        assert_non_null(input);
        assert_non_null(output);
        expect_frames(decoder, r, 0, FRAMES, input, output);
        expect_frames(decoder, r, 0, FRAMES, input, own_bits);
        expect_frames(decoder, r, 0, FRAMES, own_q, output);
        expect_frames(decoder, r, 0, FRAMES, own_q, own_bits);
        /* part of a call's frames, at an offset inside both areas */
        expect_frames(decoder, r, 5, 9, input + 7 * n, output + 3 * n);
        ldpc_opencl_stats stats = test_opencl_stats(decoder);
        assert_int_equal(stats.on_device, 1);
        assert_int_equal(stats.frames_on_cpu, 0);
        assert_int_equal(stats.pipelined_calls, p == 0 ? 0 : 5);
        assert_ptr_equal(ldpc_decoder_input_area(decoder), input);
        assert_ptr_equal(ldpc_decoder_output_area(decoder), output);
        ldpc_decoder_destroy(decoder);
    }
    free(own_q);
    free(own_bits);
}

/* The device is lost at the second call, whose values and results are in
 * the areas: the CPU fallback decodes them from there, and the areas stay
 * where they were for the calls after. */
static void areas_outlive_a_lost_device(void **state)
{
    test_opencl_require();
    const reference_run *r = *state;
    cl_options opencl = test_opencl_config(LDPC_OPENCL_DESIGN_AUTO);
    opencl.simulate_device_loss_at_call = 2;
    ldpc_decoder *decoder = opencl_decoder(r, &opencl);
    int8_t *input = ldpc_decoder_input_area(decoder);
    uint8_t *output = ldpc_decoder_output_area(decoder);
    assert_non_null(input);
    assert_non_null(output);
    for (int call = 1; call <= 3; call++) {
        expect_frames(decoder, r, 0, FRAMES, input, output);
        assert_ptr_equal(ldpc_decoder_input_area(decoder), input);
        assert_ptr_equal(ldpc_decoder_output_area(decoder), output);
    }
    ldpc_opencl_stats stats = test_opencl_stats(decoder);
    assert_int_equal(stats.on_device, 0);
    assert_int_equal(stats.frames_on_cpu, 2 * FRAMES);
    ldpc_decoder_destroy(decoder);
}

/* A CPU backend reads and writes the caller's arrays in place: no areas. */
static void cpu_backends_have_none(void **state)
{
    const reference_run *r = *state;
    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(r->code, 4);
    const char *backends[] = {"reference", "auto"};
    for (size_t b = 0; b < sizeof backends / sizeof backends[0]; b++) {
        ldpc_decoder *decoder = NULL;
        assert_int_equal(ldpc_decoder_create(&r->config, &limits, backends[b], &decoder, NULL),
                         LDPC_OK);
        assert_null(ldpc_decoder_input_area(decoder));
        assert_null(ldpc_decoder_output_area(decoder));
        ldpc_decoder_destroy(decoder);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(areas_decode_as_own_arrays),
        cmocka_unit_test(areas_outlive_a_lost_device),
        cmocka_unit_test(cpu_backends_have_none),
    };
    return cmocka_run_group_tests(tests, reference_setup, reference_teardown);
}
