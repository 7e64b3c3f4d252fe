/* The nonbinary OpenCL backend against the portable 8-bit reference, on
 * PoCL: identical decided symbols and statistics, byte for byte, for GF(32)
 * (the (620,310) PEG code: single-check layers; the (744,653) QC code: block
 * rows of 31 checks in parallel) and GF(64) (the (1512,1325) QC code, and a
 * small code with checks of degree 1 and 2) and GF(256) (public files), both
 * schedules, syndrome periods 0, 1 and > 1, f32 and i8 input, untruncated and
 * truncated (nm from 3 to 100), with frames that converge and frames that
 * fail; calls larger than the buffers, in device passes; one table upload
 * per code change; the CPU fallback when the device cannot be used or is
 * lost. No platform at all is test_nb_opencl_no_platform. */
#include "ldpc/nonbinary.h"
#include "nb/nb_code_struct.h"
#include "code/code_struct.h"
#include "ldpc/soft.h"
#include "nb/nb_opencl.h"
#include "opencl/cl_options.h"
#include "test_opencl_support.h"

typedef struct {
    const ldpc_nb_code *code;
    uint32_t frames, bits;
    float *llr; /* frames * bits */
} nb_frames;

/* Random codewords through BPSK/AWGN, Eb/N0 spread linearly over
 * [ebn0_low, ebn0_high] so that frames converge early, late or never. */
static nb_frames noisy_frames(const ldpc_nb_code *code, uint32_t frames, double ebn0_low,
                              double ebn0_high, uint64_t seed)
{
    const ldpc_code *g = code->graph;
    nb_frames in = {code, frames, g->n * code->bits_per_symbol, NULL};
    in.llr = malloc((size_t)frames * in.bits * sizeof(float));
    uint8_t *info = malloc(g->k), *word = malloc(g->n), *bits = malloc(in.bits);
    assert_non_null(in.llr);
    assert_non_null(info);
    assert_non_null(word);
    assert_non_null(bits);
    test_rng rng;
    test_rng_seed(&rng, seed);
    ldpc_error err = {{0}};
    for (uint32_t f = 0; f < frames; f++) {
        for (uint32_t i = 0; i < g->k; i++)
            info[i] = (uint8_t)(test_rng_next(&rng) % code->q);
        assert_int_equal(ldpc_nb_encode(code, info, word, &err), LDPC_OK);
        ldpc_nb_symbols_to_bits(code->bits_per_symbol, word, g->n, bits);
        double ebn0 = frames > 1 ? ebn0_low + (ebn0_high - ebn0_low) * f / (frames - 1) : ebn0_low;
        test_bpsk_awgn_llr(&rng, bits, in.bits, (double)g->k / g->n, ebn0,
                           in.llr + (size_t)f * in.bits);
    }
    free(info);
    free(word);
    free(bits);
    return in;
}

typedef struct {
    uint8_t *symbols;
    ldpc_frame_stats *stats;
} nb_output;

static nb_output new_output(const nb_frames *in)
{
    nb_output out = {malloc((size_t)in->frames * in->code->graph->n),
                     malloc(in->frames * sizeof(ldpc_frame_stats))};
    assert_non_null(out.symbols);
    assert_non_null(out.stats);
    /* Poison: every byte must be written by the decoder. */
    memset(out.symbols, 0xAA, (size_t)in->frames * in->code->graph->n);
    memset(out.stats, 0xAA, in->frames * sizeof(ldpc_frame_stats));
    return out;
}

static void free_output(nb_output *out)
{
    free(out->symbols);
    free(out->stats);
}

/* as_i8: the frames quantised by the caller (decode_i8), else decode_f32. */
static void decode_with(ldpc_nb_decoder *decoder, const nb_frames *in, int as_i8,
                        nb_output *out)
{
    ldpc_error err = {{0}};
    ldpc_status status;
    if (as_i8) {
        size_t count = (size_t)in->frames * in->bits;
        int8_t *q = malloc(count);
        assert_non_null(q);
        ldpc_quantise(in->llr, count, 2.0f, q);
        status = ldpc_nb_decoder_decode_i8(decoder, in->code, q, in->frames, out->symbols,
                                           out->stats, &err);
        free(q);
    } else {
        status = ldpc_nb_decoder_decode_f32(decoder, in->code, in->llr, in->frames,
                                            out->symbols, out->stats, &err);
    }
    if (status != LDPC_OK)
        fail_msg("decode: %s", err.message);
}

static nb_output decode_reference(const nb_frames *in, const ldpc_decoder_config *config,
                                  int as_i8)
{
    ldpc_nb_decoder_limits limits = ldpc_nb_decoder_limits_for_code(in->code, in->frames);
    ldpc_nb_decoder *reference = NULL;
    ldpc_error err = {{0}};
    assert_int_equal(
        ldpc_nb_decoder_create(config, &limits, "reference", &reference, &err), LDPC_OK);
    nb_output out = new_output(in);
    decode_with(reference, in, as_i8, &out);
    ldpc_nb_decoder_destroy(reference);
    return out;
}

typedef struct {
    uint32_t converged, failed;
} nb_outcome;

static void expect_equal(const nb_frames *in, const nb_output *reference, const nb_output *device,
                         nb_outcome *outcome)
{
    uint32_t n = in->code->graph->n;
    for (uint32_t f = 0; f < in->frames; f++) {
        const ldpc_frame_stats *r = &reference->stats[f], *d = &device->stats[f];
        int same_symbols =
            memcmp(reference->symbols + (size_t)f * n, device->symbols + (size_t)f * n, n) == 0;
        if (memcmp(r, d, sizeof *r) != 0 || !same_symbols)
            fail_msg("%s frame %u: reference it=%u conv=%u unsat=%u corr=%u, opencl it=%u "
                     "conv=%u unsat=%u corr=%u, symbols %s",
                     in->code->graph->name, f, r->iterations, r->converged,
                     r->unsatisfied_checks, r->corrected_bits, d->iterations, d->converged,
                     d->unsatisfied_checks, d->corrected_bits, same_symbols ? "equal" : "differ");
        if (r->converged)
            outcome->converged++;
        else
            outcome->failed++;
    }
}

static ldpc_nb_decoder *create_opencl(const ldpc_decoder_config *config,
                                      const ldpc_nb_decoder_limits *limits,
                                      const cl_options *opencl)
{
    ldpc_nb_decoder *decoder = NULL;
    ldpc_error err = {{0}};
    if (cl_options_nb_decoder_create(config, limits, opencl, &decoder, &err) != LDPC_OK)
        fail_msg("opencl decoder: %s", err.message);
    assert_string_equal(ldpc_nb_decoder_backend_name(decoder), "opencl");
    return decoder;
}

static ldpc_opencl_stats nb_stats(const ldpc_nb_decoder *decoder)
{
    ldpc_opencl_stats stats;
    ldpc_error err = {{0}};
    assert_int_equal(ldpc_nb_opencl_stats_get(decoder, &stats, &err), LDPC_OK);
    return stats;
}

typedef struct {
    ldpc_schedule schedule;
    uint32_t max_iterations, syndrome_period;
    int as_i8;
    uint32_t per_launch; /* iterations per kernel launch; 0: the vendor's default */
    uint32_t truncation; /* nm, 0 = off */
} nb_case;

/* The frames through the reference and the device (one call), identical;
 * with per_launch set, the frames' state crosses kernel launches. */
static void compare_case(const nb_frames *in, nb_case c, nb_outcome *outcome)
{
    ldpc_decoder_config config = ldpc_nb_decoder_config_default();
    config.schedule = c.schedule;
    config.max_iterations = c.max_iterations;
    config.syndrome_period = c.syndrome_period;
    config.truncation = c.truncation;
    nb_output reference = decode_reference(in, &config, c.as_i8);
    ldpc_nb_decoder_limits limits = ldpc_nb_decoder_limits_for_code(in->code, in->frames);
    cl_options opencl = test_opencl_config(LDPC_OPENCL_DESIGN_AUTO);
    opencl.iterations_per_launch = c.per_launch;
    ldpc_nb_decoder *decoder = create_opencl(&config, &limits, &opencl);
    nb_output device = new_output(in);
    decode_with(decoder, in, c.as_i8, &device);
    ldpc_opencl_stats stats = nb_stats(decoder);
    if (!stats.on_device || stats.frames_on_cpu != 0)
        fail_msg("decoded on the CPU, not the device: %s", stats.fallback_reason);
    assert_int_equal(stats.batches, 1);
    if (c.per_launch > 0)
        assert_int_equal(stats.iterations_per_launch, c.per_launch);
    /* Without early termination every frame runs every iteration. */
    uint32_t per_launch = stats.iterations_per_launch;
    if (c.syndrome_period == 0)
        assert_int_equal(stats.launches, (c.max_iterations + per_launch - 1) / per_launch);
    expect_equal(in, &reference, &device, outcome);
    free_output(&reference);
    free_output(&device);
    ldpc_nb_decoder_destroy(decoder);
}

static ldpc_nb_code *builtin(const char *name)
{
    ldpc_nb_code *code = NULL;
    ldpc_error err = {{0}};
    if (ldpc_nb_code_create(name, &code, &err) != LDPC_OK)
        fail_msg("%s: %s", name, err.message);
    return code;
}

static void compare_code(const char *name, uint32_t frames, double ebn0_low, double ebn0_high,
                         const nb_case *cases, size_t case_count)
{
    test_opencl_require();
    ldpc_nb_code *code = builtin(name);
    nb_frames in = noisy_frames(code, frames, ebn0_low, ebn0_high, 7);
    nb_outcome outcome = {0, 0};
    for (size_t c = 0; c < case_count; c++)
        compare_case(&in, cases[c], &outcome);
    /* Both kinds of frame were compared. */
    assert_true(outcome.converged > 0);
    assert_true(outcome.failed > 0);
    free(in.llr);
    ldpc_nb_code_destroy(code);
}

static void gf32_peg_620(void **state)
{
    (void)state;
    const nb_case cases[] = {
        {LDPC_SCHEDULE_LAYERED, 8, 1, 0, 0, 0},
        {LDPC_SCHEDULE_LAYERED, 7, 3, 1, 2, 0},
        {LDPC_SCHEDULE_FLOODING, 8, 1, 1, 3, 0},
        {LDPC_SCHEDULE_FLOODING, 6, 4, 0, 0, 0},
        {LDPC_SCHEDULE_LAYERED, 7, 1, 1, 0, 8},
        {LDPC_SCHEDULE_FLOODING, 6, 0, 0, 2, 3},
    };
    compare_code("nbreg-gf32-620-310", 6, 1.5, 3.5, cases, sizeof cases / sizeof cases[0]);
}

/* A call larger than the buffers (max_buffer_bytes room for 3 frames) is
 * decoded in device passes through them, frame for frame as the reference. */
static void calls_in_device_passes(void **state)
{
    (void)state;
    test_opencl_require();
    ldpc_nb_code *code = builtin("nbreg-gf32-620-310");
    nb_frames in = noisy_frames(code, 7, 1.5, 3.5, 11);
    ldpc_decoder_config config = ldpc_nb_decoder_config_default();
    config.max_iterations = 8;
    ldpc_nb_decoder_limits limits = ldpc_nb_decoder_limits_for_code(code, in.frames);
    size_t posteriors = (size_t)limits.graph.max_n * limits.max_q * sizeof(int16_t);
    size_t messages = (size_t)limits.graph.max_edges * limits.max_q;
    cl_options opencl = test_opencl_config(LDPC_OPENCL_DESIGN_AUTO);
    opencl.max_buffer_bytes = 3 * (posteriors > messages ? posteriors : messages);
    nb_outcome outcome = {0, 0};
    for (int as_i8 = 0; as_i8 <= 1; as_i8++) {
        nb_output reference = decode_reference(&in, &config, as_i8);
        ldpc_nb_decoder *decoder = create_opencl(&config, &limits, &opencl);
        nb_output device = new_output(&in);
        decode_with(decoder, &in, as_i8, &device);
        ldpc_opencl_stats stats = nb_stats(decoder);
        if (!stats.on_device || stats.frames_on_cpu != 0)
            fail_msg("decoded on the CPU, not the device: %s", stats.fallback_reason);
        assert_int_equal(stats.frames_per_pass, 3);
        assert_int_equal(stats.batches, 3); /* 7 frames: passes of 2, 2 and 3 */
        assert_int_equal(stats.split_calls, 1);
        expect_equal(&in, &reference, &device, &outcome);
        free_output(&reference);
        free_output(&device);
        ldpc_nb_decoder_destroy(decoder);
    }
    assert_true(outcome.converged > 0);
    assert_true(outcome.failed > 0);
    free(in.llr);
    ldpc_nb_code_destroy(code);
}

static void gf32_qc_744(void **state)
{
    (void)state;
    const nb_case cases[] = {
        {LDPC_SCHEDULE_LAYERED, 6, 1, 1, 0, 0},
        {LDPC_SCHEDULE_LAYERED, 5, 2, 0, 0, 0},
        {LDPC_SCHEDULE_FLOODING, 6, 1, 0, 4, 0},
        {LDPC_SCHEDULE_FLOODING, 4, 0, 1, 3, 0},
        {LDPC_SCHEDULE_LAYERED, 5, 1, 0, 0, 12},
    };
    compare_code("nbqc-gf32-744-653", 4, 3.0, 4.5, cases, sizeof cases / sizeof cases[0]);
}

static void gf64_qc_1512(void **state)
{
    (void)state;
    const nb_case cases[] = {
        {LDPC_SCHEDULE_LAYERED, 3, 1, 1, 2, 0},
        {LDPC_SCHEDULE_FLOODING, 3, 2, 0, 0, 0},
        {LDPC_SCHEDULE_LAYERED, 3, 1, 1, 0, 20},
    };
    compare_code("nbqc-gf64-1512-1325", 2, 3.0, 5.0, cases, sizeof cases / sizeof cases[0]);
}

static void gf64_small_with_short_checks(void **state)
{
    (void)state;
    test_opencl_require();
    ldpc_nb_code *code = test_small_gf64_code();
    assert_true(code->graph->max_check_degree > 2);
    nb_frames in = noisy_frames(code, 8, 0.5, 4.0, 9);
    const nb_case cases[] = {
        {LDPC_SCHEDULE_LAYERED, 10, 1, 1, 0, 0},
        {LDPC_SCHEDULE_FLOODING, 10, 1, 0, 0, 0},
        {LDPC_SCHEDULE_FLOODING, 6, 0, 1, 4, 0},
        {LDPC_SCHEDULE_LAYERED, 10, 1, 1, 0, 5},
    };
    nb_outcome outcome = {0, 0};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++)
        compare_case(&in, cases[c], &outcome);
    assert_true(outcome.converged > 0);
    assert_true(outcome.failed > 0);
    free(in.llr);
    ldpc_nb_code_destroy(code);
}

/* GF(256), one check slot of 256 lanes per group: two published codes
 * (tests/vectors/codes). */
static void gf256_published_files(void **state)
{
    (void)state;
    test_opencl_require();
    const char *files[] = {"lab-sticc/KN_N128_K64_GF256.txt",
                           "rptu_kn/LDPC_N96_K48_GF256_d1_exp.alist"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char name[1024];
        snprintf(name, sizeof name, "nbalist:%s%s", LDPC_SOURCE_DIR "/tests/vectors/codes/nonbinary/", files[i]);
        ldpc_nb_code *code = NULL;
        ldpc_error err = {{0}};
        if (ldpc_nb_code_create(name, &code, &err) != LDPC_OK)
            fail_msg("%s: %s", name, err.message);
        assert_int_equal(code->q, 256);
        nb_frames in = noisy_frames(code, 12, 0.0, 4.0, 11 + i);
        nb_outcome outcome = {0, 0};
        compare_case(&in, (nb_case){LDPC_SCHEDULE_LAYERED, 8, 1, 1, 0, 0}, &outcome);
        compare_case(&in, (nb_case){LDPC_SCHEDULE_FLOODING, 8, 2, 0, 0, 0}, &outcome);
        compare_case(&in, (nb_case){LDPC_SCHEDULE_LAYERED, 8, 1, 1, 0, 100}, &outcome);
        assert_true(outcome.converged > 0);
        assert_true(outcome.failed > 0);
        free(in.llr);
        ldpc_nb_code_destroy(code);
    }
}

/* Random LLRs of large magnitude: no codeword, most symbol values saturated
 * at 255, frames that never converge. */
static void saturated_random_input(void **state)
{
    (void)state;
    test_opencl_require();
    ldpc_nb_code *code = builtin("nbreg-gf32-620-310");
    nb_frames in = {code, 3, code->graph->n * code->bits_per_symbol, NULL};
    in.llr = malloc((size_t)in.frames * in.bits * sizeof(float));
    assert_non_null(in.llr);
    test_rng rng;
    test_rng_seed(&rng, 99);
    for (size_t i = 0; i < (size_t)in.frames * in.bits; i++)
        in.llr[i] = (float)(test_rng_uniform(&rng) * 120.0 - 60.0);
    nb_outcome outcome = {0, 0};
    compare_case(&in, (nb_case){LDPC_SCHEDULE_LAYERED, 5, 1, 1, 0, 0}, &outcome);
    compare_case(&in, (nb_case){LDPC_SCHEDULE_FLOODING, 5, 0, 0, 2, 0}, &outcome);
    compare_case(&in, (nb_case){LDPC_SCHEDULE_LAYERED, 5, 1, 1, 0, 4}, &outcome);
    assert_true(outcome.failed > 0);
    free(in.llr);
    ldpc_nb_code_destroy(code);
}

/* One decoder, limits for both codes: every code change uploads the new
 * code's tables once, a repeated code uploads nothing (a second description
 * with the same contents included), results stay exact after every switch,
 * and no buffer is created after creation. */
static void uploads_follow_code_changes(void **state)
{
    (void)state;
    test_opencl_require();
    ldpc_nb_code *a = builtin("nbreg-gf32-620-310"), *b = builtin("nbqc-gf32-744-653");
    ldpc_nb_code *a_again = builtin("nbreg-gf32-620-310");
    enum { FRAMES = 2 };
    nb_frames in_a = noisy_frames(a, FRAMES, 2.0, 3.0, 1);
    nb_frames in_b = noisy_frames(b, FRAMES, 3.5, 4.5, 2);
    nb_frames in_a_again = in_a;
    in_a_again.code = a_again;
    ldpc_decoder_config config = ldpc_nb_decoder_config_default();
    config.max_iterations = 4;
    ldpc_nb_decoder_limits la = ldpc_nb_decoder_limits_for_code(a, FRAMES);
    ldpc_nb_decoder_limits lb = ldpc_nb_decoder_limits_for_code(b, FRAMES);
    ldpc_nb_decoder_limits limits = {ldpc_decoder_limits_union(la.graph, lb.graph),
                                     la.max_q > lb.max_q ? la.max_q : lb.max_q};
    cl_options opencl = test_opencl_config(LDPC_OPENCL_DESIGN_AUTO);
    ldpc_nb_decoder *decoder = create_opencl(&config, &limits, &opencl);
    ldpc_opencl_stats created = nb_stats(decoder);
    nb_output ref_a = decode_reference(&in_a, &config, 0);
    nb_output ref_b = decode_reference(&in_b, &config, 0);
    const nb_frames *sequence[] = {&in_a, &in_a, &in_b, &in_a, &in_a_again, &in_b, &in_b};
    const uint32_t uploads_after[] = {1, 1, 2, 3, 3, 4, 4};
    nb_outcome outcome = {0, 0};
    for (size_t i = 0; i < sizeof sequence / sizeof sequence[0]; i++) {
        const nb_frames *in = sequence[i];
        nb_output device = new_output(in);
        decode_with(decoder, in, 0, &device);
        expect_equal(in, in->code == b ? &ref_b : &ref_a, &device, &outcome);
        free_output(&device);
        ldpc_opencl_stats stats = nb_stats(decoder);
        assert_int_equal(stats.table_uploads, uploads_after[i]);
        assert_int_equal(stats.table_lookups, i + 1);
    }
    ldpc_opencl_stats stats = nb_stats(decoder);
    assert_int_equal(stats.on_device, 1);
    assert_int_equal(stats.buffers_created, created.buffers_created);
    assert_int_equal(stats.device_bytes, created.device_bytes);
    assert_int_equal(stats.batches, 7);
    free_output(&ref_a);
    free_output(&ref_b);
    ldpc_nb_decoder_destroy(decoder);
    free(in_a.llr);
    free(in_b.llr);
    ldpc_nb_code_destroy(a);
    ldpc_nb_code_destroy(a_again);
    ldpc_nb_code_destroy(b);
}

/* The description says so too (ldpcd warns or refuses on it). */
static void expect_fallback(const ldpc_nb_decoder *decoder, const char *reason_part)
{
    ldpc_opencl_stats stats = nb_stats(decoder);
    assert_int_equal(stats.on_device, 0);
    assert_int_equal(stats.fallbacks, 1);
    if (strstr(stats.fallback_reason, reason_part) == NULL)
        fail_msg("reason '%s' does not mention '%s'", stats.fallback_reason, reason_part);
    char place[512], expected[512];
    assert_int_equal(ldpc_nb_decoder_describe(decoder, place, sizeof place), 1);
    snprintf(expected, sizeof expected, "opencl on the CPU (reference): %s",
             stats.fallback_reason);
    assert_string_equal(place, expected);
}

/* A device that does not exist: created anyway, every frame decoded on the
 * CPU with the reference's result. */
static void missing_device_falls_back(void **state)
{
    (void)state;
    test_opencl_require();
    ldpc_nb_code *code = builtin("nbreg-gf32-620-310");
    nb_frames in = noisy_frames(code, 3, 2.0, 3.0, 3);
    ldpc_decoder_config config = ldpc_nb_decoder_config_default();
    config.max_iterations = 5;
    ldpc_nb_decoder_limits limits = ldpc_nb_decoder_limits_for_code(code, in.frames);
    cl_options opencl = test_opencl_config(LDPC_OPENCL_DESIGN_AUTO);
    snprintf(opencl.device, sizeof opencl.device, "no-such-device-anywhere");
    ldpc_nb_decoder *decoder = create_opencl(&config, &limits, &opencl);
    expect_fallback(decoder, "no OpenCL device matches");
    nb_output reference = decode_reference(&in, &config, 0), device = new_output(&in);
    decode_with(decoder, &in, 0, &device);
    nb_outcome outcome = {0, 0};
    expect_equal(&in, &reference, &device, &outcome);
    assert_int_equal(nb_stats(decoder).frames_on_cpu, in.frames);
    free_output(&reference);
    free_output(&device);
    ldpc_nb_decoder_destroy(decoder);
    free(in.llr);
    ldpc_nb_code_destroy(code);
}

/* The device is lost at the second call: the first is decoded on the device,
 * the second (and every later one) on the CPU, all exact. */
static void lost_device_falls_back(void **state)
{
    (void)state;
    test_opencl_require();
    ldpc_nb_code *code = builtin("nbreg-gf32-620-310");
    nb_frames in = noisy_frames(code, 3, 2.0, 3.0, 4);
    ldpc_decoder_config config = ldpc_nb_decoder_config_default();
    config.max_iterations = 5;
    ldpc_nb_decoder_limits limits = ldpc_nb_decoder_limits_for_code(code, in.frames);
    cl_options opencl = test_opencl_config(LDPC_OPENCL_DESIGN_AUTO);
    opencl.simulate_device_loss_at_call = 2;
    ldpc_nb_decoder *decoder = create_opencl(&config, &limits, &opencl);
    nb_output reference = decode_reference(&in, &config, 0);
    nb_outcome outcome = {0, 0};
    for (int call = 1; call <= 3; call++) {
        nb_output device = new_output(&in);
        decode_with(decoder, &in, 0, &device);
        expect_equal(&in, &reference, &device, &outcome);
        free_output(&device);
        ldpc_opencl_stats stats = nb_stats(decoder);
        assert_int_equal(stats.on_device, call == 1);
        assert_int_equal(stats.frames_on_cpu, (uint64_t)(call - 1) * in.frames);
        char place[512], on_device[512];
        snprintf(on_device, sizeof on_device, "opencl on %s (%s)", stats.device_name,
                 stats.platform_name);
        assert_int_equal(ldpc_nb_decoder_describe(decoder, place, sizeof place), call != 1);
        if (call == 1)
            assert_string_equal(place, on_device);
    }
    expect_fallback(decoder, "simulated device loss at call 2");
    free_output(&reference);
    ldpc_nb_decoder_destroy(decoder);
    free(in.llr);
    ldpc_nb_code_destroy(code);
}

/* "auto" never picks OpenCL; OpenCL decodes fixed point only; the statistics
 * query refuses decoders of other backends. */
static void backend_choice(void **state)
{
    (void)state;
    test_opencl_require();
    ldpc_nb_code *code = builtin("nbreg-gf32-620-310");
    ldpc_nb_decoder_limits limits = ldpc_nb_decoder_limits_for_code(code, 1);
    ldpc_decoder_config config = ldpc_nb_decoder_config_default();
    ldpc_nb_decoder *decoder = NULL;
    ldpc_error err = {{0}};
    assert_int_equal(ldpc_nb_decoder_create(&config, &limits, "auto", &decoder, &err),
                     LDPC_OK);
    assert_string_not_equal(ldpc_nb_decoder_backend_name(decoder), "opencl");
    char place[64];
    assert_int_equal(ldpc_nb_decoder_describe(decoder, place, sizeof place), 0);
    assert_string_equal(place, ldpc_nb_decoder_backend_name(decoder));
    ldpc_opencl_stats stats;
    assert_int_equal(ldpc_nb_opencl_stats_get(decoder, &stats, &err), LDPC_ERR_INVALID);
    ldpc_nb_decoder_destroy(decoder);
    config.arithmetic = LDPC_ARITH_FLOAT;
    assert_int_equal(ldpc_nb_decoder_create(&config, &limits, "opencl", &decoder, &err),
                     LDPC_ERR_UNSUPPORTED);
    assert_non_null(strstr(err.message, "fixed point"));
    ldpc_nb_code_destroy(code);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(gf32_peg_620),
        cmocka_unit_test(gf32_qc_744),
        cmocka_unit_test(calls_in_device_passes),
        cmocka_unit_test(gf64_qc_1512),
        cmocka_unit_test(gf64_small_with_short_checks),
        cmocka_unit_test(gf256_published_files),
        cmocka_unit_test(saturated_random_input),
        cmocka_unit_test(uploads_follow_code_changes),
        cmocka_unit_test(missing_device_falls_back),
        cmocka_unit_test(lost_device_falls_back),
        cmocka_unit_test(backend_choice),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
