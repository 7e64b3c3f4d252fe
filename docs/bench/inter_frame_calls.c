/* Decodes the same call of quantised frames a few times on one backend and
 * prints the decode-only rate, for instruction counts under callgrind (which
 * do not depend on who else shares the machine) and for best-of-N timings.
 *
 *   gcc -O2 -std=c11 -D_GNU_SOURCE -Iinclude -Itests/support \
 *       docs/bench/inter_frame_calls.c tests/support/test_support.c \
 *       -o calls BUILD/libldpc.a -lOpenCL -lcmocka -lm -lpthread
 *   valgrind --tool=callgrind --toggle-collect=ldpc_decoder_decode_i8 \
 *       ./calls dvbs2-short-1/2 1.5 512 1 8 50 1 1 avx2
 *
 * Arguments: code, Eb/N0 (dB), frames per call, calls, posterior bits (16 or
 * 8), max_iterations, syndrome_period (0: fixed iterations), threads,
 * backend. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "ldpc/ldpc.h"
#include "test_support.h"

int main(int argc, char **argv)
{
    if (argc != 10) {
        fprintf(stderr, "usage: %s CODE EBN0 FRAMES CALLS POSTERIOR ITER PERIOD THREADS BACKEND\n",
                argv[0]);
        return 2;
    }
    const uint32_t frames = (uint32_t)atoi(argv[3]), calls = (uint32_t)atoi(argv[4]);
    ldpc_code *code = NULL;
    ldpc_error err;
    if (ldpc_code_create(argv[1], &code, &err) != LDPC_OK) {
        fprintf(stderr, "%s\n", err.message);
        return 1;
    }
    int8_t *q = test_make_quantised_frames(code, frames, atof(argv[2]), 5);
    ldpc_decoder_config config = ldpc_decoder_config_default();
    if (atoi(argv[5]) == 8) {
        config.posterior_bits = 8;
        config.message_cap = 31;
    }
    config.max_iterations = (uint32_t)atoi(argv[6]);
    config.syndrome_period = (uint32_t)atoi(argv[7]);
    config.threads = (uint32_t)atoi(argv[8]);
    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(code, frames);
    ldpc_decoder *decoder = NULL;
    if (ldpc_decoder_create(&config, &limits, argv[9], &decoder, &err) != LDPC_OK) {
        fprintf(stderr, "%s\n", err.message);
        return 1;
    }
    uint8_t *bits = malloc((size_t)frames * code->n);
    ldpc_frame_stats *stats = calloc(frames, sizeof *stats);
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (uint32_t c = 0; c < calls; c++)
        if (ldpc_decoder_decode_i8(decoder, code, q, frames, bits, stats, &err) != LDPC_OK) {
            fprintf(stderr, "%s\n", err.message);
            return 1;
        }
    clock_gettime(CLOCK_MONOTONIC, &end);
    double seconds = (double)(end.tv_sec - start.tv_sec) + 1e-9 * (double)(end.tv_nsec - start.tv_nsec);
    uint64_t iterations = 0;
    for (uint32_t f = 0; f < frames; f++)
        iterations += stats[f].iterations;
    printf("%.1f coded Mbit/s, %.2f iterations on average\n",
           (double)frames * calls * code->n / seconds / 1e6, (double)iterations / frames);
    ldpc_decoder_destroy(decoder);
    ldpc_code_destroy(code);
    free(q);
    free(bits);
    free(stats);
    return 0;
}
