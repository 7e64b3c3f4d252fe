/* What the GPU bench harnesses of docs/bench share (saturated_gpu_bench.c,
 * local_posteriors_gpu_bench.c): a fixed-seed generator, a clock, and
 * `distinct` noisy frames (random codewords, BPSK over AWGN, quantised as the
 * decoder's config says) that a harness tiles over a large batch. Included
 * by exactly one translation unit per harness, hence static. */
#ifndef LDPC_DOCS_BENCH_GPU_BENCH_FRAMES_H
#define LDPC_DOCS_BENCH_GPU_BENCH_FRAMES_H

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ldpc/ldpc.h"

/* Distinct frames a harness generates; the rest of a batch repeats them. */
#define DISTINCT_FRAMES 256u

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint64_t rng_next(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static double rng_uniform(void) /* (0, 1) */
{
    return ((double)(rng_next() >> 11) + 0.5) / 9007199254740992.0;
}

static double rng_gaussian(void)
{
    return sqrt(-2.0 * log(rng_uniform())) * cos(6.283185307179586 * rng_uniform());
}

static double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* `distinct` codewords and their quantised channel values, the values tiled
 * over all `frames` of q (frame f repeats frame f % distinct). */
static void make_frames(const ldpc_code *code, const ldpc_decoder_config *config, double ebn0_db,
                        uint32_t distinct, uint32_t frames, uint8_t *codewords, int8_t *q)
{
    double rate = (double)code->k / code->n;
    double sigma = sqrt(1.0 / (2.0 * rate * pow(10.0, ebn0_db / 10.0)));
    uint8_t *info = malloc(code->k);
    float *llr = malloc(code->n * sizeof *llr);
    for (uint32_t f = 0; f < distinct; f++) {
        uint8_t *codeword = codewords + (size_t)f * code->n;
        for (uint32_t i = 0; i < code->k; i++)
            info[i] = (uint8_t)(rng_next() & 1);
        ldpc_encode(code, info, codeword, NULL);
        for (uint32_t v = 0; v < code->n; v++) {
            double y = (codeword[v] ? -1.0 : 1.0) + sigma * rng_gaussian();
            llr[v] = (float)(2.0 * y / (sigma * sigma));
        }
        ldpc_quantise(llr, code->n, config->llr_scale, q + (size_t)f * code->n);
    }
    free(info);
    free(llr);
    for (uint32_t f = distinct; f < frames; f++)
        memcpy(q + (size_t)f * code->n, q + (size_t)(f % distinct) * code->n, code->n);
}

#endif
