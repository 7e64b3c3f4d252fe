/* Shared by the OpenCL tests: noisy frames of a code, decoding them with the
 * reference and with the OpenCL backend, and the comparison that must hold
 * bit for bit. Header-only (static inline) because several programs use it.
 * The program binary cache goes to ./opencl-cache (the test's build
 * directory) so that repeated runs skip PoCL's compilation. */
#ifndef LDPC_TEST_OPENCL_SUPPORT_H
#define LDPC_TEST_OPENCL_SUPPORT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "ldpc/ldpc.h"
#include "code/code_struct.h"
#include "opencl/cl_options.h"
#include "test_support.h"

/* Skips the calling test in a build without OpenCL. */
static inline void test_opencl_require(void)
{
#ifndef LDPC_WITH_OPENCL
    skip();
#endif
}

static inline ldpc_code *test_opencl_code(const char *name)
{
    ldpc_code *code = NULL;
    ldpc_error err = {{0}};
    if (ldpc_code_create(name, &code, &err) != LDPC_OK)
        fail_msg("%s: %s", name, err.message);
    return code;
}

/* Decodes `frames` frames with `decoder` and with the reference and requires
 * identical bits and statistics (whichever way the decoder decoded them). */
static inline void test_opencl_expect_reference(ldpc_decoder *decoder, const ldpc_code *code,
                                                const float *llr, uint32_t frames)
{
    const ldpc_decoder_config *config = ldpc_decoder_get_config(decoder);
    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(code, frames);
    ldpc_decoder *reference = NULL;
    ldpc_error err = {{0}};
    assert_int_equal(ldpc_decoder_create(config, &limits, "reference", &reference, &err), LDPC_OK);
    size_t values = (size_t)frames * code->n;
    uint8_t *bits_ref = malloc(values), *bits = malloc(values);
    ldpc_frame_stats *stats_ref = calloc(frames, sizeof *stats_ref);
    ldpc_frame_stats *stats = calloc(frames, sizeof *stats);
    assert_non_null(bits_ref);
    assert_non_null(bits);
    assert_non_null(stats_ref);
    assert_non_null(stats);
    assert_int_equal(ldpc_decoder_decode_f32(reference, code, llr, frames, bits_ref, stats_ref,
                                             &err),
                     LDPC_OK);
    if (ldpc_decoder_decode_f32(decoder, code, llr, frames, bits, stats, &err) != LDPC_OK)
        fail_msg("decode: %s", err.message);
    assert_memory_equal(bits, bits_ref, values);
    assert_memory_equal(stats, stats_ref, frames * sizeof *stats);
    free(bits_ref);
    free(bits);
    free(stats_ref);
    free(stats);
    ldpc_decoder_destroy(reference);
}

static inline ldpc_opencl_stats test_opencl_stats(const ldpc_decoder *decoder)
{
    ldpc_opencl_stats stats;
    ldpc_error err = {{0}};
    assert_int_equal(ldpc_opencl_stats_get(decoder, &stats, &err), LDPC_OK);
    return stats;
}

static inline cl_options test_opencl_config(ldpc_opencl_design design)
{
    cl_options config = cl_options_default();
    config.design = design;
    snprintf(config.cache_dir, sizeof config.cache_dir, "opencl-cache");
    return config;
}

/* `frames` frames of random codewords through BPSK/AWGN, Eb/N0 spread
 * linearly over [ebn0_low, ebn0_high] so that a batch mixes frames that
 * converge quickly, late and never. */
static inline float *test_opencl_frames(const ldpc_code *code, uint32_t frames, double ebn0_low,
                                        double ebn0_high, uint64_t seed)
{
    float *llr = malloc((size_t)frames * code->n * sizeof(float));
    uint8_t *info = malloc(code->k);
    uint8_t *codeword = malloc(code->n);
    assert_non_null(llr);
    assert_non_null(info);
    assert_non_null(codeword);
    test_rng rng;
    test_rng_seed(&rng, seed);
    double rate = (double)code->k / code->n;
    for (uint32_t f = 0; f < frames; f++) {
        test_random_bits(&rng, info, code->k);
        assert_int_equal(ldpc_encode(code, info, codeword, NULL), LDPC_OK);
        double ebn0 = frames > 1 ? ebn0_low + (ebn0_high - ebn0_low) * f / (frames - 1) : ebn0_low;
        test_bpsk_awgn_llr(&rng, codeword, code->n, rate, ebn0, llr + (size_t)f * code->n);
    }
    free(info);
    free(codeword);
    return llr;
}

typedef struct {
    uint32_t converged, failed; /* frames of each kind among those compared */
    uint32_t group_batches, item_batches, latency_batches;
    uint32_t latency_local_batches; /* of latency_batches: posteriors in local memory */
    uint32_t circulant_batches;     /* of latency_batches: circulant tables */
    uint32_t pair_batches;          /* of latency_batches: two frames per group */
    /* the pair kernels' check degree bounds, and of pair_batches those of each */
    uint32_t pair_kernel_bounds[LDPC_OPENCL_PAIR_KERNELS];
    uint32_t pair_bound_batches[LDPC_OPENCL_PAIR_KERNELS];
    uint32_t layer_group_batches;   /* of latency_batches: groups of one DVB layer */
    int layer_group_kernels;        /* the program has the kernels for them */
    uint32_t layer_group_twins;     /* and the decoder kept these (LDPC_OPENCL_TWIN_*) */
    uint32_t spread_batches;
    uint32_t converged_at; /* bit i: a frame converged at iteration i (i < 32) */
    uint64_t local_memory_bytes;    /* the device's, as the decoder saw it */
    int local_memory_dedicated;
    uint32_t compute_units;
    uint32_t char_lanes; /* frames per work-item of the saturated decoder */
} test_opencl_outcome;

/* Decodes the same frames with the reference and the OpenCL backend, in
 * batches of `batch` frames (the last one partial when batch does not divide
 * frames), and requires identical bits and statistics, decoded on the device. */
static inline test_opencl_outcome test_opencl_compare(const ldpc_code *code,
                                                      const ldpc_decoder_config *config,
                                                      const cl_options *opencl,
                                                      const float *llr, uint32_t frames,
                                                      uint32_t batch)
{
    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(code, batch);
    ldpc_decoder *reference = NULL, *device = NULL;
    ldpc_error err = {{0}};
    assert_int_equal(ldpc_decoder_create(config, &limits, "reference", &reference, &err), LDPC_OK);
    if (cl_options_decoder_create(config, &limits, opencl, &device, &err) != LDPC_OK)
        fail_msg("opencl decoder: %s", err.message);
    size_t values = (size_t)batch * code->n;
    uint8_t *bits_ref = malloc(values), *bits_dev = malloc(values);
    ldpc_frame_stats *stats_ref = calloc(batch, sizeof *stats_ref);
    ldpc_frame_stats *stats_dev = calloc(batch, sizeof *stats_dev);
    assert_non_null(bits_ref);
    assert_non_null(bits_dev);
    assert_non_null(stats_ref);
    assert_non_null(stats_dev);
    test_opencl_outcome outcome;
    memset(&outcome, 0, sizeof outcome);
    for (uint32_t first = 0; first < frames; first += batch) {
        uint32_t count = frames - first < batch ? frames - first : batch;
        const float *in = llr + (size_t)first * code->n;
        assert_int_equal(ldpc_decoder_decode_f32(reference, code, in, count, bits_ref, stats_ref,
                                                 &err),
                         LDPC_OK);
        memset(bits_dev, 0xAA, values);
        memset(stats_dev, 0xAA, batch * sizeof *stats_dev);
        if (ldpc_decoder_decode_f32(device, code, in, count, bits_dev, stats_dev, &err) != LDPC_OK)
            fail_msg("opencl decode: %s", err.message);
        for (uint32_t f = 0; f < count; f++) {
            const ldpc_frame_stats *r = &stats_ref[f], *d = &stats_dev[f];
            if (memcmp(r, d, sizeof *r) != 0 ||
                memcmp(bits_ref + (size_t)f * code->n, bits_dev + (size_t)f * code->n, code->n))
                fail_msg("%s frame %u: reference it=%u conv=%u unsat=%u corr=%u, opencl it=%u "
                         "conv=%u unsat=%u corr=%u, bits %s",
                         code->name, first + f, r->iterations, r->converged,
                         r->unsatisfied_checks, r->corrected_bits, d->iterations, d->converged,
                         d->unsatisfied_checks, d->corrected_bits,
                         memcmp(bits_ref + (size_t)f * code->n, bits_dev + (size_t)f * code->n,
                                code->n)
                             ? "differ"
                             : "equal");
            if (r->converged && r->iterations < 32)
                outcome.converged_at |= 1u << r->iterations;
            if (r->converged)
                outcome.converged++;
            else
                outcome.failed++;
        }
    }
    ldpc_opencl_stats stats;
    assert_int_equal(ldpc_opencl_stats_get(device, &stats, &err), LDPC_OK);
    if (!stats.on_device || stats.frames_on_cpu != 0)
        fail_msg("decoded on the CPU, not the device: %s", stats.fallback_reason);
    outcome.group_batches = (uint32_t)stats.batches_group_per_frame;
    outcome.item_batches = (uint32_t)stats.batches_item_per_frame;
    outcome.latency_batches = (uint32_t)stats.batches_latency;
    outcome.latency_local_batches = (uint32_t)stats.batches_latency_local;
    outcome.circulant_batches = (uint32_t)stats.batches_circulant;
    outcome.pair_batches = (uint32_t)stats.batches_pairs;
    for (size_t i = 0; i < LDPC_OPENCL_PAIR_KERNELS; i++) {
        outcome.pair_kernel_bounds[i] = stats.pair_kernel_bounds[i];
        outcome.pair_bound_batches[i] = (uint32_t)stats.batches_pairs_bound[i];
    }
    outcome.layer_group_batches = (uint32_t)stats.batches_layer_group;
    outcome.layer_group_kernels = stats.layer_group_kernels;
    outcome.layer_group_twins = stats.layer_group_twins;
    outcome.spread_batches = (uint32_t)stats.batches_spread;
    outcome.local_memory_bytes = stats.local_memory_bytes;
    outcome.local_memory_dedicated = stats.local_memory_dedicated;
    outcome.compute_units = stats.compute_units;
    outcome.char_lanes = stats.char_lanes;
    free(bits_ref);
    free(bits_dev);
    free(stats_ref);
    free(stats_dev);
    ldpc_decoder_destroy(reference);
    ldpc_decoder_destroy(device);
    return outcome;
}

/* Writes a binary alist file of the parity-check matrix whose rows list
 * their variables (1-based; row r has row_degree[r] of them, at most 8) to a
 * fresh file under /tmp, whose path goes to `path` (at least 32 bytes). */
static inline void test_opencl_write_alist(int n, int m, const int (*rows)[8],
                                           const int *row_degree, char *path)
{
    strcpy(path, "/tmp/ldpc_opencl_XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    int max_col = 0, max_row = 0;
    for (int v = 1; v <= n; v++) {
        int degree = 0;
        for (int r = 0; r < m; r++)
            for (int j = 0; j < row_degree[r]; j++)
                degree += rows[r][j] == v;
        max_col = degree > max_col ? degree : max_col;
    }
    for (int r = 0; r < m; r++)
        max_row = row_degree[r] > max_row ? row_degree[r] : max_row;
    fprintf(f, "%d %d\n%d %d\n", n, m, max_col, max_row);
    for (int v = 1; v <= n; v++) {
        int degree = 0;
        for (int r = 0; r < m; r++)
            for (int j = 0; j < row_degree[r]; j++)
                degree += rows[r][j] == v;
        fprintf(f, "%d ", degree);
    }
    fprintf(f, "\n");
    for (int r = 0; r < m; r++)
        fprintf(f, "%d ", row_degree[r]);
    fprintf(f, "\n");
    for (int v = 1; v <= n; v++) {
        for (int r = 0; r < m; r++)
            for (int j = 0; j < row_degree[r]; j++)
                if (rows[r][j] == v)
                    fprintf(f, "%d ", r + 1);
        fprintf(f, "\n");
    }
    for (int r = 0; r < m; r++) {
        for (int j = 0; j < row_degree[r]; j++)
            fprintf(f, "%d ", rows[r][j]);
        fprintf(f, "\n");
    }
    fclose(f);
}

static inline ldpc_decoder_config test_opencl_decoder_config(ldpc_schedule schedule,
                                                             ldpc_check_rule rule,
                                                             uint32_t iterations, uint32_t period)
{
    ldpc_decoder_config config = ldpc_decoder_config_default();
    config.schedule = schedule;
    config.rule = rule;
    config.max_iterations = iterations;
    config.syndrome_period = period;
    config.llr_scale = 2.0f; /* the frames of these tests' convergence counts */
    if (rule == LDPC_RULE_MIN_SUM_OFFSET)
        config.offset_q = 2;
    return config;
}

#endif
