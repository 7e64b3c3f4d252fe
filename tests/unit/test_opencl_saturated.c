/* Saturated 8-bit posteriors (posterior_bits 8) on the OpenCL backend (PoCL in
 * CI) against the reference (src/decode/ref_fixed_saturated.c), frame by
 * frame: decided bits and every statistic. Each saturated kernel (check degree
 * bounds 8, 16, 32 and any), DVB short and normal codes and alist codes (one
 * with a check of degree 1), offset and normalized min-sum, caps 31 (the
 * default), 127 and small ones, syndrome periods 0, 1 and > 1, batches of
 * any size (one work-item per frame: several work-groups, the last partial,
 * rows longer than the batch), launches of fewer iterations than the frames
 * run, batches that mix converging and failing frames; each case with one
 * frame per work-item and with 4 and 16 per work-item (the lanes of a char
 * vector, kernels/27_layered_saturated_lanes.cl); the width taken from the
 * device's preferred char vector width by default; a design that does not
 * implement it is refused at creation; buffers beyond 2 and 4 GiB are taken
 * where the device allows them. */
#include <unistd.h>

#ifdef LDPC_WITH_OPENCL
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#endif

#include "test_decoder_codes.h"
#include "test_opencl_support.h"

typedef struct {
    const char *code;
    ldpc_check_rule rule;
    uint8_t cap; /* 0: what posterior=8 implies (31) */
    uint32_t iterations, period;
    uint32_t frames, batch;
    double ebn0_low, ebn0_high;
    uint32_t iterations_per_launch; /* 0: the device's default */
} saturated_case;

#define SATURATED_DEFAULT_CAP 31

static ldpc_decoder_config saturated_config(const saturated_case *c)
{
    ldpc_decoder_config config =
        test_opencl_decoder_config(LDPC_SCHEDULE_LAYERED, c->rule, c->iterations, c->period);
    config.posterior_bits = 8;
    config.message_cap = c->cap ? c->cap : SATURATED_DEFAULT_CAP;
    return config;
}

/* Frames per work-item each case runs with: the scalar kernels, and char4
 * and char16 lanes. */
static const uint32_t case_lanes[] = {1, 4, 16};

/* work_group_size 0: the device's default. */
static void run_case_in_groups(const saturated_case *c, uint32_t work_group_size)
{
    test_opencl_require();
    ldpc_code *code = test_opencl_code(c->code);
    float *llr = test_opencl_frames(code, c->frames, c->ebn0_low, c->ebn0_high, 0x5a7 + c->frames);
    ldpc_decoder_config config = saturated_config(c);
    for (size_t i = 0; i < sizeof case_lanes / sizeof case_lanes[0]; i++) {
        cl_options opencl = test_opencl_config(LDPC_OPENCL_DESIGN_AUTO);
        opencl.iterations_per_launch = c->iterations_per_launch;
        opencl.work_group_size = work_group_size;
        opencl.char_lanes = case_lanes[i];
        test_opencl_outcome outcome =
            test_opencl_compare(code, &config, &opencl, llr, c->frames, c->batch);
        assert_int_equal(outcome.char_lanes, case_lanes[i]);
        /* The comparison means something only if both kinds of frames occurred. */
        assert_true(outcome.converged > 0);
        assert_true(outcome.failed > 0);
        /* Every batch in the saturated item design, whatever its size. */
        assert_int_equal(outcome.item_batches, (c->frames + c->batch - 1) / c->batch);
        assert_int_equal(outcome.group_batches, 0);
        assert_int_equal(outcome.latency_batches, 0);
    }
    free(llr);
    ldpc_code_destroy(code);
}

static void run_case(const saturated_case *c)
{
    run_case_in_groups(c, 0);
}

/* Check degree <= 8: steps of 4 checks. Batches of 13 (three words and one
 * frame) and a last one of 4; syndrome every iteration, two per launch. */
static void dvb_short_offset_default_cap(void **state)
{
    (void)state;
    saturated_case c = {"dvbs2-short-1/2", LDPC_RULE_MIN_SUM_OFFSET, 0, 30, 1, 30, 13,
                        0.0, 2.5, 2};
    run_case(&c);
}

/* No cap (127), normalized, syndrome every 3 iterations (and at the last). */
static void dvb_short_normalized_uncapped(void **state)
{
    (void)state;
    saturated_case c = {"dvbs2-short-1/2", LDPC_RULE_MIN_SUM_NORMALIZED, 127, 25, 3, 18, 18,
                        0.0, 3.0, 0};
    run_case(&c);
}

/* Check degree 11: steps of 2 checks, some repeats sharing their step with the
 * earlier check of their variable (SAME_STEP); a small cap; period 2. */
static void dvb_short_degree_16_small_cap(void **state)
{
    (void)state;
    saturated_case c = {"dvbs2-short-3/5", LDPC_RULE_MIN_SUM_OFFSET, 12, 25, 2, 14, 7,
                        2.0, 5.0, 3};
    run_case(&c);
}

/* Check degree 27, one check per step; no early termination (period 0): every
 * frame runs all iterations, in launches of 4. */
static void dvb_short_degree_32_no_early_termination(void **state)
{
    (void)state;
    saturated_case c = {"dvbs2-short-8/9", LDPC_RULE_MIN_SUM_NORMALIZED, 0, 12, 0, 11, 11,
                        3.2, 4.6, 4};
    run_case(&c);
}

/* A frame per work-item in groups of 32: batches of 100 frames (four groups,
 * the last with 4 frames) and a last batch of 45 in rows of 64 bytes (its
 * rows are longer than the batch, shorter than the limit); one iteration per
 * launch, so retired frames sit beside running ones between launches. */
static void dvb_short_several_groups(void **state)
{
    (void)state;
    saturated_case c = {"dvbs2-short-1/2", LDPC_RULE_MIN_SUM_NORMALIZED, 0, 20, 1, 145, 100,
                        0.0, 3.0, 1};
    run_case_in_groups(&c, 32);
}

/* A normal frame's 32400 checks; 6 frames. */
static void dvb_normal(void **state)
{
    (void)state;
    saturated_case c = {"dvbs2-normal-1/2", LDPC_RULE_MIN_SUM_OFFSET, 0, 15, 1, 6, 6, 0.6, 2.2,
                        0};
    run_case(&c);
}

#define ALIST_DIR LDPC_SOURCE_DIR "/tests/vectors/codes/binary/"

/* Every check a layer of its own (alist), normalized, period 2. */
static void alist_mackay(void **state)
{
    (void)state;
    saturated_case c = {"alist:" ALIST_DIR "MACKAY_504_1008.alist", LDPC_RULE_MIN_SUM_NORMALIZED,
                        0, 40, 2, 41, 41, 1.0, 3.5, 0};
    run_case(&c);
}

/* Check degree 54: the kernel of any degree, on a random (3, 54) code of
 * rate 17/18 written as an alist file here. */
static void alist_any_degree(void **state)
{
    (void)state;
    char path[64], name[80];
    snprintf(path, sizeof path, "/tmp/ldpc-degree54-%d.alist", (int)getpid());
    snprintf(name, sizeof name, "alist:%s", path);
    ldpc_code *code = test_code_random_regular("degree-54", 16200, 3, 54, 300, 54);
    assert_int_equal(code->max_check_degree, 54);
    assert_int_equal(test_write_alist(code, path), 0);
    ldpc_code_destroy(code);
    saturated_case c = {name, LDPC_RULE_MIN_SUM_OFFSET, 20, 20, 1, 9, 9, 3.5, 5.0, 0};
    run_case(&c);
    remove(path);
}

/* A check of degree 1 sends rule(127) whatever the cap (its second minimum is
 * the uncapped start value): a small code with one, written here. Rows of H
 * (1-based variables); the alist's column section is derived from them. */
static void degree_one_check(void **state)
{
    (void)state;
    test_opencl_require();
    static const int rows[][8] = {{1},          {2, 3, 4, 5},   {4, 6, 7, 8},
                                  {5, 7, 9, 10}, {8, 10, 11, 12}, {2, 3, 6, 9, 11, 12}};
    static const int row_degree[] = {1, 4, 4, 4, 4, 6};
    char path[32];
    test_opencl_write_alist(12, 6, rows, row_degree, path);
    char name[64];
    snprintf(name, sizeof name, "alist:%s", path);
    saturated_case c = {name, LDPC_RULE_MIN_SUM_OFFSET, 6, 10, 1, 64, 30, -1.0, 4.0, 0};
    run_case(&c);
    c.rule = LDPC_RULE_MIN_SUM_NORMALIZED;
    c.period = 0;
    run_case(&c);
    unlink(path);
}

/* CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR of the device named `name`, asked of
 * OpenCL directly; 0 if no platform has it (or the build has no OpenCL, where
 * test_opencl_require skips before asking). */
static uint32_t preferred_char_width(const char *name)
{
#ifndef LDPC_WITH_OPENCL
    (void)name;
    return 0;
#else
    cl_platform_id platforms[8];
    cl_uint platform_count = 0;
    if (clGetPlatformIDs(8, platforms, &platform_count) != CL_SUCCESS)
        return 0;
    for (cl_uint p = 0; p < platform_count && p < 8; p++) {
        cl_device_id devices[8];
        cl_uint device_count = 0;
        if (clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, 8, devices, &device_count) !=
            CL_SUCCESS)
            continue;
        for (cl_uint d = 0; d < device_count && d < 8; d++) {
            char device_name[LDPC_OPENCL_NAME_SIZE] = "";
            cl_uint width = 0;
            clGetDeviceInfo(devices[d], CL_DEVICE_NAME, sizeof device_name - 1, device_name,
                            NULL);
            if (strcmp(device_name, name) == 0 &&
                clGetDeviceInfo(devices[d], CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR, sizeof width,
                                &width, NULL) == CL_SUCCESS)
                return width;
        }
    }
    return 0;
#endif
}

/* By default the saturated decoder's frames per work-item are the device's
 * preferred char vector width (PoCL: 16 on x86 CPUs), as a power of two up to
 * 16; the width set in the configuration overrides it, rounded down to one. */
static void lanes_from_device_query(void **state)
{
    (void)state;
    test_opencl_require();
    ldpc_code *code = test_opencl_code("dvbs2-short-1/2");
    saturated_case c = {"dvbs2-short-1/2", LDPC_RULE_MIN_SUM_OFFSET, 0, 10, 1, 20, 20, 1.0, 3.0,
                        0};
    ldpc_decoder_config config = saturated_config(&c);
    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(code, c.batch);
    const uint32_t configured[] = {0, 3};
    for (size_t i = 0; i < 2; i++) {
        cl_options opencl = test_opencl_config(LDPC_OPENCL_DESIGN_AUTO);
        opencl.char_lanes = configured[i];
        ldpc_decoder *decoder = NULL;
        ldpc_error err = {{0}};
        if (cl_options_decoder_create(&config, &limits, &opencl, &decoder, &err) != LDPC_OK)
            fail_msg("opencl decoder: %s", err.message);
        ldpc_opencl_stats stats = test_opencl_stats(decoder);
        uint32_t width = configured[i] ? configured[i] : preferred_char_width(stats.device_name);
        assert_true(width > 0);
        uint32_t expected = 1;
        while (expected < 16 && expected * 2 <= width)
            expected *= 2;
        assert_int_equal(stats.char_lanes, expected);
        ldpc_decoder_destroy(decoder);
    }
    ldpc_code_destroy(code);
}

/* Sixteen frames per work-item through several device passes: buffers of
 * 20 rows hold one vector (16 frames per pass), so a call of 40 frames is
 * three passes (16, 16, 8), or five pipelined ones of 8 alternating between
 * the staging slots, each with rows of 16; buffers of fewer rows than a
 * vector take the scalar kernels (1 frame per work-item) instead of none. */
static void lanes_in_several_passes(void **state)
{
    (void)state;
    test_opencl_require();
    enum { CALL_FRAMES = 40 };
    ldpc_code *code = test_opencl_code("dvbs2-short-1/2");
    saturated_case c = {"dvbs2-short-1/2", LDPC_RULE_MIN_SUM_OFFSET, 0, 20, 1, CALL_FRAMES,
                        CALL_FRAMES, 0.5, 3.5, 0};
    ldpc_decoder_config config = saturated_config(&c);
    float *llr = test_opencl_frames(code, CALL_FRAMES, c.ebn0_low, c.ebn0_high, 0x1a7e5);
    const struct {
        size_t rows;
        uint32_t pipeline_frames, lanes, frames_per_pass, batches;
    } cases[] = {{20, 0, 16, 16, 3}, {20, 8, 16, 16, 5}, {14, 0, 1, 14, 3}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cl_options opencl = test_opencl_config(LDPC_OPENCL_DESIGN_AUTO);
        opencl.char_lanes = 16;
        opencl.max_buffer_bytes = cases[i].rows * code->edges; /* messages: a byte per edge */
        opencl.pipeline_frames = cases[i].pipeline_frames;
        ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(code, CALL_FRAMES);
        ldpc_decoder *decoder = NULL;
        ldpc_error err = {{0}};
        if (cl_options_decoder_create(&config, &limits, &opencl, &decoder, &err) != LDPC_OK)
            fail_msg("opencl decoder: %s", err.message);
        ldpc_opencl_stats stats = test_opencl_stats(decoder);
        assert_int_equal(stats.char_lanes, cases[i].lanes);
        assert_int_equal(stats.frames_per_pass, cases[i].frames_per_pass);
        test_opencl_expect_reference(decoder, code, llr, CALL_FRAMES);
        stats = test_opencl_stats(decoder);
        assert_int_equal(stats.frames_on_cpu, 0);
        assert_int_equal(stats.batches, cases[i].batches);
        assert_int_equal(stats.pipelined_calls, cases[i].pipeline_frames ? 1 : 0);
        ldpc_decoder_destroy(decoder);
    }
    free(llr);
    ldpc_code_destroy(code);
}

/* The latency and group designs do not implement posterior_bits 8: forcing
 * one is an error at creation, naming the setting; item is the design. */
static void other_designs_refused(void **state)
{
    (void)state;
    test_opencl_require();
    ldpc_code *code = test_opencl_code("dvbs2-short-1/2");
    saturated_case c = {"dvbs2-short-1/2", LDPC_RULE_MIN_SUM_OFFSET, 0, 10, 1, 5, 5, 1.0, 3.0, 0};
    ldpc_decoder_config config = saturated_config(&c);
    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(code, c.batch);
    const ldpc_opencl_design refused[] = {LDPC_OPENCL_DESIGN_LATENCY,
                                          LDPC_OPENCL_DESIGN_GROUP_PER_FRAME};
    for (size_t i = 0; i < 2; i++) {
        cl_options opencl = test_opencl_config(refused[i]);
        ldpc_decoder *decoder = NULL;
        ldpc_error err = {{0}};
        assert_int_equal(cl_options_decoder_create(&config, &limits, &opencl, &decoder, &err),
                         LDPC_ERR_UNSUPPORTED);
        assert_null(decoder);
        if (strstr(err.message, "posterior=8") == NULL || strstr(err.message, "design=item") == NULL)
            fail_msg("unclear refusal: %s", err.message);
    }
    float *llr = test_opencl_frames(code, c.frames, c.ebn0_low, c.ebn0_high, 7);
    cl_options item = test_opencl_config(LDPC_OPENCL_DESIGN_ITEM_PER_FRAME);
    test_opencl_compare(code, &config, &item, llr, c.frames, c.batch);
    free(llr);
    ldpc_code_destroy(code);
}

/* The kernels' offsets are 64-bit, so limits whose messages pass 2 GiB, then
 * 4 GiB, are decoded on the device wherever its largest allocation allows
 * such a buffer (until then the decoder refused every buffer beyond 2 GiB and
 * fell back to the CPU). 4096 frames of up to 524289, then 1048577 edges; a
 * batch of 24 frames touches its own rows only: the buffers are reserved,
 * not filled. Such buffers need max_buffer_bytes raised: by default a decoder
 * keeps every buffer below 2 GiB and decodes larger calls in several passes
 * (test_opencl_exact, calls_in_several_passes), since fully used buffers
 * beyond 2 GiB failed on NVIDIA's driver. */
static void messages_beyond_2_and_4_gib(void **state)
{
    (void)state;
    test_opencl_require();
    ldpc_code *code = test_opencl_code("dvbs2-short-1/2");
    saturated_case c = {"dvbs2-short-1/2", LDPC_RULE_MIN_SUM_OFFSET, 0, 20, 1, 24, 24, 1.0, 3.0,
                        0};
    ldpc_decoder_config config = saturated_config(&c);
    cl_options opencl = test_opencl_config(LDPC_OPENCL_DESIGN_AUTO);
    opencl.max_buffer_bytes = (size_t)8 << 30; /* buffers that large, not several passes */
    float *llr = test_opencl_frames(code, c.frames, c.ebn0_low, c.ebn0_high, 0xb16);
    const uint32_t frames = 4096;
    const uint64_t message_bytes[] = {((uint64_t)2 << 30) + frames, ((uint64_t)4 << 30) + frames};
    size_t decoded = 0;
    for (size_t i = 0; i < 2; i++) {
        ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(code, frames);
        limits.max_edges = (uint32_t)(message_bytes[i] / frames);
        ldpc_decoder *decoder = NULL;
        ldpc_error err = {{0}};
        if (cl_options_decoder_create(&config, &limits, &opencl, &decoder, &err) != LDPC_OK)
            fail_msg("opencl decoder: %s", err.message);
        ldpc_opencl_stats stats = test_opencl_stats(decoder);
        if (!stats.on_device && stats.max_alloc_bytes > 0 &&
            stats.max_alloc_bytes < message_bytes[i]) {
            print_message("  %llu-byte messages: beyond the device's largest allocation (%llu), "
                          "skipped\n",
                          (unsigned long long)message_bytes[i],
                          (unsigned long long)stats.max_alloc_bytes);
            ldpc_decoder_destroy(decoder);
            break;
        }
        if (!stats.on_device)
            fail_msg("%llu-byte messages not on the device: %s",
                     (unsigned long long)message_bytes[i], stats.fallback_reason);
        test_opencl_expect_reference(decoder, code, llr, c.frames);
        assert_int_equal(test_opencl_stats(decoder).frames_on_cpu, 0);
        ldpc_decoder_destroy(decoder);
        decoded++;
    }
    free(llr);
    ldpc_code_destroy(code);
    if (decoded == 0)
        skip();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(dvb_short_offset_default_cap),
        cmocka_unit_test(dvb_short_normalized_uncapped),
        cmocka_unit_test(dvb_short_degree_16_small_cap),
        cmocka_unit_test(dvb_short_degree_32_no_early_termination),
        cmocka_unit_test(dvb_short_several_groups),
        cmocka_unit_test(dvb_normal),
        cmocka_unit_test(alist_mackay),
        cmocka_unit_test(alist_any_degree),
        cmocka_unit_test(degree_one_check),
        cmocka_unit_test(lanes_from_device_query),
        cmocka_unit_test(lanes_in_several_passes),
        cmocka_unit_test(other_designs_refused),
        cmocka_unit_test(messages_beyond_2_and_4_gib),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
