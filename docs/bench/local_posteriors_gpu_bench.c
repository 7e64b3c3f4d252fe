/* The latency design with its posteriors in local memory against the same
 * design with them in global memory (docs/OPENCL.md, round 3 of issue 4), in
 * one process on the same frames: two OpenCL decoders, identical but for
 * latency_posteriors (the rest from the LDPC_CL_* environment), their calls
 * alternating. Frames as in saturated_gpu_bench.c: 256 distinct noisy frames
 * (BPSK over AWGN) tiled over the batch, because `ldpc bench` generates every
 * frame on one thread. Per call end to end (ldpc_decoder_decode_i8, one
 * untimed call each first); kernel and transfer time per call from
 * ldpc_opencl_stats with LDPC_CL_PROFILE=1; the two decoders' bits and
 * statistics are compared on every call (the local kernel must equal the
 * global one, which the tests prove equal to the reference). Not part of the
 * build:
 *   cc -O2 -std=c11 -I include -I platform -o local_posteriors_gpu_bench \
 *      docs/bench/local_posteriors_gpu_bench.c BUILD/libldpc.a -lOpenCL -lm -lpthread
 *   LDPC_CL_PROFILE=1 ./local_posteriors_gpu_bench CODE FRAMES ITERATIONS CALLS \
 *      [EBN0_DB [SYNDROME_PERIOD]]
 * SYNDROME_PERIOD 0 (the default) runs every iteration, as `ldpc bench` does. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ldpc/ldpc.h"
#include "opencl/opencl_backend.h"
#include "gpu_bench_frames.h"

#define MAX_CALLS 200u

/* One of the two decoders and what its calls gave. */
typedef struct {
    const char *name;
    ldpc_decoder *decoder;
    uint8_t *bits;
    ldpc_frame_stats *stats;
    double latencies[MAX_CALLS];
    ldpc_opencl_stats before, after;
} contender;

static int create(contender *c, const char *name, ldpc_opencl_posterior_memory memory,
                  const ldpc_decoder_config *config, const ldpc_decoder_limits *limits,
                  size_t values)
{
    ldpc_error err = {{0}};
    ldpc_opencl_config opencl = ldpc_opencl_config_default();
    if (ldpc_opencl_config_from_env(&opencl, &err) != LDPC_OK) {
        fprintf(stderr, "%s\n", err.message);
        return 0;
    }
    opencl.latency_posteriors = memory;
    c->name = name;
    c->bits = malloc(values);
    c->stats = malloc(limits->max_frames * sizeof *c->stats);
    if (c->bits == NULL || c->stats == NULL ||
        ldpc_opencl_decoder_create(config, limits, &opencl, &c->decoder, &err) != LDPC_OK) {
        fprintf(stderr, "%s decoder: %s\n", name, err.message);
        return 0;
    }
    ldpc_opencl_stats_get(c->decoder, &c->before, &err);
    if (!c->before.on_device)
        fprintf(stderr, "%s: CPU fallback: %s\n", name, c->before.fallback_reason);
    return c->before.on_device;
}

static int decode(contender *c, const ldpc_code *code, const int8_t *q, uint32_t frames,
                  double *seconds)
{
    ldpc_error err = {{0}};
    double t0 = now_seconds();
    ldpc_status status = ldpc_decoder_decode_i8(c->decoder, code, q, frames, c->bits, c->stats,
                                                &err);
    *seconds = now_seconds() - t0;
    if (status != LDPC_OK)
        fprintf(stderr, "%s decode: %s\n", c->name, err.message);
    return status == LDPC_OK;
}

static double report(contender *c, const ldpc_code *code, const uint8_t *codewords,
                     uint32_t distinct, uint32_t frames, uint32_t calls)
{
    ldpc_error err = {{0}};
    ldpc_opencl_stats_get(c->decoder, &c->after, &err);
    size_t n = code->n;
    uint32_t frame_errors = 0;
    for (uint32_t f = 0; f < frames; f++)
        frame_errors +=
            memcmp(c->bits + (size_t)f * n, codewords + (size_t)(f % distinct) * n, n) != 0;
    qsort(c->latencies, calls, sizeof c->latencies[0], compare_doubles);
    double median = c->latencies[calls / 2];
    printf("  %-6s median %.3f ms/call (min %.3f, max %.3f), %.3f Gbit/s coded; per call "
           "kernels %.3f ms, transfers %.3f ms; latency calls %llu, local %llu; group %zu "
           "work-items max; FER %.4f; %s\n",
           c->name, median * 1e3, c->latencies[0] * 1e3, c->latencies[calls - 1] * 1e3,
           (double)frames * n / median * 1e-9,
           (double)(c->after.kernel_ns - c->before.kernel_ns) / calls * 1e-6,
           (double)(c->after.transfer_ns - c->before.transfer_ns) / calls * 1e-6,
           (unsigned long long)c->after.batches_latency,
           (unsigned long long)c->after.batches_latency_local,
           (size_t)c->after.latency_group_sizes[0], (double)frame_errors / frames,
           c->after.on_device ? "on device" : "CPU fallback");
    return median;
}

int main(int argc, char **argv)
{
    if (argc < 5) {
        fprintf(stderr, "usage: %s CODE FRAMES ITERATIONS CALLS [EBN0_DB [SYNDROME_PERIOD]]\n",
                argv[0]);
        return 2;
    }
    uint32_t frames = (uint32_t)strtoul(argv[2], NULL, 10);
    uint32_t iterations = (uint32_t)strtoul(argv[3], NULL, 10);
    uint32_t calls = (uint32_t)strtoul(argv[4], NULL, 10);
    double ebn0_db = argc > 5 ? strtod(argv[5], NULL) : 1.0;
    uint32_t period = argc > 6 ? (uint32_t)strtoul(argv[6], NULL, 10) : 0;
    if (frames == 0 || calls == 0 || calls > MAX_CALLS)
        return 2;
    setvbuf(stdout, NULL, _IOLBF, 0); /* a line survives a timeout */
    ldpc_error err = {{0}};
    ldpc_code *code = NULL;
    if (ldpc_code_create(argv[1], &code, &err) != LDPC_OK) {
        fprintf(stderr, "%s\n", err.message);
        return 1;
    }
    ldpc_decoder_config config = ldpc_decoder_config_default();
    config.max_iterations = iterations;
    config.syndrome_period = period;
    size_t n = code->n, values = (size_t)frames * n;
    uint32_t distinct = frames < DISTINCT_FRAMES ? frames : DISTINCT_FRAMES;
    uint8_t *codewords = malloc(distinct * n);
    int8_t *q = malloc(values);
    if (codewords == NULL || q == NULL) {
        fprintf(stderr, "out of memory for %u frames\n", frames);
        return 1;
    }
    make_frames(code, &config, ebn0_db, distinct, frames, codewords, q);

    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(code, frames);
    contender global = {0}, local = {0};
    if (!create(&global, "global", LDPC_OPENCL_POSTERIORS_GLOBAL, &config, &limits, values) ||
        !create(&local, "local", LDPC_OPENCL_POSTERIORS_LOCAL, &config, &limits, values))
        return 1;
    double untimed;
    if (!decode(&global, code, q, frames, &untimed) || !decode(&local, code, q, frames, &untimed))
        return 1;
    ldpc_opencl_stats_get(global.decoder, &global.before, &err);
    ldpc_opencl_stats_get(local.decoder, &local.before, &err);
    uint32_t mismatches = 0;
    for (uint32_t c = 0; c < calls; c++) {
        if (!decode(&global, code, q, frames, &global.latencies[c]) ||
            !decode(&local, code, q, frames, &local.latencies[c]))
            return 1;
        mismatches += memcmp(global.bits, local.bits, values) != 0 ||
                      memcmp(global.stats, local.stats, frames * sizeof *global.stats) != 0;
    }
    printf("%s frames %u it %u period %u Eb/N0 %.2f dB calls %u, %s (local memory %llu bytes, "
           "%s)\n",
           argv[1], frames, iterations, period, ebn0_db, calls, local.before.device_name,
           (unsigned long long)local.before.local_memory_bytes,
           local.before.local_memory_dedicated ? "dedicated" : "not dedicated");
    double median_global = report(&global, code, codewords, distinct, frames, calls);
    double median_local = report(&local, code, codewords, distinct, frames, calls);
    printf("  local/global: %.3fx faster per call; bits and statistics %s\n",
           median_global / median_local,
           mismatches == 0 ? "identical on every call" : "DIFFER");
    ldpc_decoder_destroy(global.decoder);
    ldpc_decoder_destroy(local.decoder);
    ldpc_code_destroy(code);
    free(codewords);
    free(q);
    free(global.bits);
    free(global.stats);
    free(local.bits);
    free(local.stats);
    return mismatches == 0 ? 0 : 1;
}
