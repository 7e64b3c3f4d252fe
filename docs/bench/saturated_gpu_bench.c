/* Large-batch throughput of the OpenCL backend (docs/OPENCL.md, "Saturated
 * posteriors"): `ldpc bench` generates every frame of its batch on one
 * thread (about 5-10 ms per dvbs2-normal frame), which for the 16384-65536
 * frames a GPU needs costs minutes per line; this harness generates 256
 * distinct noisy frames (BPSK over AWGN) and tiles them over the batch, then
 * times ldpc_decoder_decode_i8 end to end per call as `ldpc bench` does
 * (fixed iterations, no early termination, one untimed call first). Kernel
 * and transfer time per timed call come from ldpc_opencl_stats with
 * LDPC_CL_PROFILE=1. Not part of the build:
 *   cc -O2 -std=c11 -I include -I platform -o saturated_gpu_bench \
 *      docs/bench/saturated_gpu_bench.c BUILD/libldpc.a -lOpenCL -lm -lpthread
 *   LDPC_CL_PROFILE=1 ./saturated_gpu_bench CODE SPEC FRAMES ITERATIONS CALLS [EBN0_DB] */
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

#define MAX_CALLS 64u

int main(int argc, char **argv)
{
    if (argc < 6) {
        fprintf(stderr, "usage: %s CODE SPEC FRAMES ITERATIONS CALLS [EBN0_DB]\n", argv[0]);
        return 2;
    }
    uint32_t frames = (uint32_t)strtoul(argv[3], NULL, 10);
    uint32_t iterations = (uint32_t)strtoul(argv[4], NULL, 10);
    uint32_t calls = (uint32_t)strtoul(argv[5], NULL, 10);
    double ebn0_db = argc > 6 ? strtod(argv[6], NULL) : 1.0;
    if (frames == 0 || calls == 0 || calls > MAX_CALLS)
        return 2;
    setvbuf(stdout, NULL, _IOLBF, 0); /* a line survives a timeout */
    ldpc_error err = {{0}};
    ldpc_code *code = NULL;
    ldpc_decoder_config config;
    if (ldpc_code_create(argv[1], &code, &err) != LDPC_OK ||
        ldpc_decoder_spec_parse(argv[2], &config, &err) != LDPC_OK) {
        fprintf(stderr, "%s\n", err.message);
        return 1;
    }
    config.max_iterations = iterations;
    config.syndrome_period = 0;
    size_t n = code->n, values = (size_t)frames * n;
    uint32_t distinct = frames < DISTINCT_FRAMES ? frames : DISTINCT_FRAMES;
    uint8_t *codewords = malloc(distinct * n), *bits = malloc(values);
    int8_t *q = malloc(values);
    ldpc_frame_stats *stats = malloc(frames * sizeof *stats);
    if (codewords == NULL || bits == NULL || q == NULL || stats == NULL) {
        fprintf(stderr, "out of memory for %u frames\n", frames);
        return 1;
    }
    make_frames(code, &config, ebn0_db, distinct, frames, codewords, q);

    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(code, frames);
    ldpc_decoder *decoder = NULL;
    double created = now_seconds();
    if (ldpc_decoder_create(&config, &limits, "opencl", &decoder, &err) != LDPC_OK) {
        fprintf(stderr, "decoder: %s\n", err.message);
        return 1;
    }
    ldpc_opencl_stats before, after;
    ldpc_opencl_stats_get(decoder, &before, &err);
    printf("  created in %.1f s (program build %.1f ms, from cache %d), %s%s\n",
           now_seconds() - created, before.program_build_ms, before.program_from_cache,
           before.on_device ? "on device" : "CPU fallback: ", before.fallback_reason);
    if (!before.on_device)
        return 1; /* the reference would take minutes for such a batch */
    double warm = now_seconds();
    if (ldpc_decoder_decode_i8(decoder, code, q, frames, bits, stats, &err) != LDPC_OK) {
        fprintf(stderr, "decode: %s\n", err.message);
        return 1;
    }
    ldpc_opencl_stats_get(decoder, &before, &err);
    printf("  untimed first call %.1f ms, %s%s\n", (now_seconds() - warm) * 1e3,
           before.on_device ? "on device" : "CPU fallback: ", before.fallback_reason);
    if (!before.on_device)
        return 1;
    double latencies[MAX_CALLS];
    for (uint32_t c = 0; c < calls; c++) {
        double t0 = now_seconds();
        ldpc_decoder_decode_i8(decoder, code, q, frames, bits, stats, &err);
        latencies[c] = now_seconds() - t0;
    }
    ldpc_opencl_stats_get(decoder, &after, &err);
    uint32_t frame_errors = 0;
    for (uint32_t f = 0; f < frames; f++)
        frame_errors += memcmp(bits + (size_t)f * n, codewords + (size_t)(f % distinct) * n, n) != 0;
    qsort(latencies, calls, sizeof *latencies, compare_doubles);
    double median = latencies[calls / 2];
    printf("%s %s frames %u it %u calls %u: median %.1f ms/call, %.3f Gbit/s coded; "
           "per call kernels %.1f ms, transfers %.1f ms; calls latency/group/item %llu/%llu/%llu; "
           "FER %.4f; %s, %s\n",
           argv[1], argv[2], frames, iterations, calls, median * 1e3,
           (double)values / median * 1e-9, (double)(after.kernel_ns - before.kernel_ns) / calls * 1e-6,
           (double)(after.transfer_ns - before.transfer_ns) / calls * 1e-6,
           (unsigned long long)after.batches_latency,
           (unsigned long long)after.batches_group_per_frame,
           (unsigned long long)after.batches_item_per_frame, (double)frame_errors / frames,
           after.device_name, after.on_device ? "on device" : "CPU fallback");
    ldpc_decoder_destroy(decoder);
    ldpc_code_destroy(code);
    free(codewords);
    free(bits);
    free(q);
    free(stats);
    return after.on_device ? 0 : 1;
}
