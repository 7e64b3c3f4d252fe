/* Saturated 8-bit posteriors by layer (posterior=8,order=layer) on the OpenCL
 * backend (PoCL in CI) against the reference
 * (ref_fixed_saturated_layer_iteration), frame by frame: decided bits and
 * every statistic. Each kernel of kernels/29_layered_saturated_layer.cl
 * (check degree bounds 8, 16, 32), DVB-S2 short and normal codes whose
 * layers have shared blocks (the changes summed after the layer) and the
 * staircase's missing corner, offset and normalized min-sum, caps 31 and 12,
 * syndrome periods 0, 1 and 2, batches mixing converging and failing frames,
 * groups of 360, 180 and 72 work-items; codes without circulant tables
 * decoded on the CPU by the reference's rule; other designs and caps above 63
 * refused. */
#include "code/code_struct.h"
#include "opencl/opencl_circulant_tables.h"
#include "test_decoder_codes.h"
#include "test_opencl_support.h"

typedef struct {
    const char *code;
    ldpc_check_rule rule;
    uint8_t cap;
    uint32_t iterations, period;
    uint32_t frames, batch;
    double ebn0_low, ebn0_high;
} layer_case;

static ldpc_decoder_config layer_config(const layer_case *c)
{
    ldpc_decoder_config config =
        test_opencl_decoder_config(LDPC_SCHEDULE_LAYERED, c->rule, c->iterations, c->period);
    config.posterior_bits = 8;
    config.message_cap = c->cap;
    config.saturated_order = LDPC_SATURATED_BY_LAYER;
    return config;
}

/* Block edges of the code's circulant tables that share their block with
 * another block edge of their layer. */
static uint32_t shared_block_edges(const ldpc_code *code)
{
    uint32_t words = opencl_circulant_words(code);
    assert_true(words > 0);
    uint32_t *table = malloc(words * sizeof(uint32_t));
    frame_schedule s;
    s.code = NULL;
    s.layer_offsets = malloc(frame_schedule_layer_capacity(code->m) * sizeof(uint32_t));
    s.edges = malloc(frame_schedule_edge_capacity(code->edges) * sizeof(frame_block_edge));
    assert_non_null(table);
    assert_non_null(s.layer_offsets);
    assert_non_null(s.edges);
    opencl_circulant_tables(&s, code, table);
    uint32_t shared = 0;
    for (uint32_t w = code->layer_count + 1; w < words; w++)
        shared += (table[w] & CIRCULANT_ATOMIC) != 0;
    free(table);
    free(s.layer_offsets);
    free(s.edges);
    return shared;
}

/* work_group_size 0: the decoder's default (180 where the device allows). */
static void run_case_in_groups(const layer_case *c, uint32_t work_group_size)
{
    test_opencl_require();
    ldpc_code *code = test_opencl_code(c->code);
    assert_true(shared_block_edges(code) > 0); /* the sums after the layer are exercised */
    float *llr = test_opencl_frames(code, c->frames, c->ebn0_low, c->ebn0_high, 0x1a7 + c->frames);
    ldpc_decoder_config config = layer_config(c);
    cl_options opencl = test_opencl_config(LDPC_OPENCL_DESIGN_AUTO);
    opencl.work_group_size = work_group_size;
    test_opencl_outcome outcome =
        test_opencl_compare(code, &config, &opencl, llr, c->frames, c->batch);
    /* The comparison means something only if both kinds of frames occurred. */
    assert_true(outcome.converged > 0);
    assert_true(outcome.failed > 0);
    uint32_t batches = (c->frames + c->batch - 1) / c->batch;
    assert_int_equal(outcome.latency_batches, batches);
    assert_int_equal(outcome.circulant_batches, batches);
    assert_int_equal(outcome.item_batches + outcome.group_batches + outcome.pair_batches, 0);
    free(llr);
    ldpc_code_destroy(code);
}

/* Check degree 7 (bound 8, one record word), the default cap, syndrome every
 * iteration; batches of 13 and a last one of 4; groups of 360, 180 and 72.
 * Then frames up to 7 dB run 40 iterations without early termination, so
 * that shared variables sit at the rails, where summing a layer's changes
 * before saturating differs from saturating after each. */
static void short_degree_8(void **state)
{
    (void)state;
    layer_case c = {"dvbs2-short-1/2", LDPC_RULE_MIN_SUM_OFFSET, 31, 30, 1, 30, 13, 0.0, 2.5};
    run_case_in_groups(&c, 0);
    run_case_in_groups(&c, 360);
    run_case_in_groups(&c, 72);
    layer_case rails = {"dvbs2-short-1/2", LDPC_RULE_MIN_SUM_OFFSET, 31, 40, 0, 24, 24, 0.0, 7.0};
    run_case_in_groups(&rails, 0);
}

/* Check degree 11 (bound 16), normalized, a small cap, period 2. */
static void short_degree_16_small_cap(void **state)
{
    (void)state;
    layer_case c = {"dvbs2-short-3/5", LDPC_RULE_MIN_SUM_NORMALIZED, 12, 25, 2, 14, 7, 0.5, 4.0};
    run_case_in_groups(&c, 0);
}

/* Check degree 27 (bound 32, two record words), no early termination. */
static void short_degree_32_no_early_termination(void **state)
{
    (void)state;
    layer_case c = {"dvbs2-short-8/9", LDPC_RULE_MIN_SUM_OFFSET, 31, 12, 0, 11, 11, 3.2, 4.6};
    run_case_in_groups(&c, 0);
}

/* A normal frame's 90 layers; 6 frames. */
static void normal_frames(void **state)
{
    (void)state;
    layer_case c = {"dvbs2-normal-1/2", LDPC_RULE_MIN_SUM_OFFSET, 31, 15, 1, 6, 6, 0.6, 2.2};
    run_case_in_groups(&c, 0);
}

/* A code without circulant tables goes to the CPU fallback, which decodes
 * the same algorithm (the reference: no SIMD backend implements it). */
static void other_codes_on_the_cpu(void **state)
{
    (void)state;
    test_opencl_require();
    ldpc_code *code = test_opencl_code("wimax-576-1/2");
    assert_int_equal(opencl_circulant_words(code), 0);
    layer_case c = {"wimax-576-1/2", LDPC_RULE_MIN_SUM_OFFSET, 31, 20, 1, 8, 8, 1.0, 3.0};
    ldpc_decoder_config config = layer_config(&c);
    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(code, c.frames);
    cl_options opencl = test_opencl_config(LDPC_OPENCL_DESIGN_AUTO);
    ldpc_decoder *decoder = NULL;
    ldpc_error err = {{0}};
    if (cl_options_decoder_create(&config, &limits, &opencl, &decoder, &err) != LDPC_OK)
        fail_msg("opencl decoder: %s", err.message);
    float *llr = test_opencl_frames(code, c.frames, c.ebn0_low, c.ebn0_high, 9);
    test_opencl_expect_reference(decoder, code, llr, c.frames);
    ldpc_opencl_stats stats = test_opencl_stats(decoder);
    assert_int_equal(stats.frames_on_cpu, c.frames);
    assert_string_equal(stats.cpu_backend, "reference");
    free(llr);
    ldpc_decoder_destroy(decoder);
    ldpc_code_destroy(code);
}

/* The item, group and spread designs do not implement it: refused at
 * creation, naming the designs that do; a cap above 63 (the records' six
 * bits) is not supported by the backend. */
static void other_designs_and_large_caps_refused(void **state)
{
    (void)state;
    test_opencl_require();
    ldpc_code *code = test_opencl_code("dvbs2-short-1/2");
    layer_case c = {"dvbs2-short-1/2", LDPC_RULE_MIN_SUM_OFFSET, 31, 10, 1, 4, 4, 1.0, 2.0};
    ldpc_decoder_config config = layer_config(&c);
    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(code, c.batch);
    const ldpc_opencl_design refused[] = {LDPC_OPENCL_DESIGN_ITEM_PER_FRAME,
                                          LDPC_OPENCL_DESIGN_GROUP_PER_FRAME,
                                          LDPC_OPENCL_DESIGN_SPREAD};
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        cl_options opencl = test_opencl_config(refused[i]);
        ldpc_decoder *decoder = NULL;
        ldpc_error err = {{0}};
        assert_int_equal(cl_options_decoder_create(&config, &limits, &opencl, &decoder, &err),
                         LDPC_ERR_UNSUPPORTED);
        assert_non_null(strstr(err.message, "design=latency"));
    }
    config.message_cap = 64;
    cl_options opencl = test_opencl_config(LDPC_OPENCL_DESIGN_AUTO);
    ldpc_decoder *decoder = NULL;
    ldpc_error err = {{0}};
    assert_int_not_equal(cl_options_decoder_create(&config, &limits, &opencl, &decoder, &err),
                         LDPC_OK);
    ldpc_code_destroy(code);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(short_degree_8),
        cmocka_unit_test(short_degree_16_small_cap),
        cmocka_unit_test(short_degree_32_no_early_termination),
        cmocka_unit_test(normal_frames),
        cmocka_unit_test(other_codes_on_the_cpu),
        cmocka_unit_test(other_designs_and_large_caps_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
