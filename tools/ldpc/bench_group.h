/* One backend under ldpc bench as ldpcd runs it: --instances N independent
 * decoders (each with --threads workers), each driven by its own thread over
 * the same frames, the way ldpcd's workers each own a decoder. With one
 * instance it is the decoder alone on the calling thread. A window ends when
 * every instance has run for at least the window's time; its throughput is
 * the sum over the instances of frames over time spent in decode calls, so
 * that the bench's checking of each call's results (which for a GPU call of
 * thousands of frames takes as long as a sixth of the call) does not count. */
#ifndef LDPC_TOOL_BENCH_GROUP_H
#define LDPC_TOOL_BENCH_GROUP_H

#include <stdint.h>

#include "bench_run.h"

#define BENCH_MAX_INSTANCES 64
#define BENCH_MAX_ROUNDS 100

typedef struct {
    bench_run *runs; /* count of them */
    uint32_t count;
    double seconds; /* wall time of all windows */
    uint32_t rounds;
    double round_mbps[BENCH_MAX_ROUNDS]; /* coded Mbit/s of each window, all instances */
} bench_group;

/* Opens `count` instances of the backend. 0, or -1 with the reason printed
 * (nothing left to close). */
int bench_group_open(bench_group *group, uint32_t count, const tool_code *code,
                     const ldpc_decoder_config *config, const bench_frames *frames,
                     const char *backend);

/* One timed window of every instance at once (bench_run_window). 0, or -1. */
int bench_group_window(bench_group *group, const tool_code *code, const bench_frames *frames,
                       bench_mode mode, double seconds);

/* Frames per second of decoding, summed over the instances (all windows). */
double bench_group_frames_per_second(const bench_group *group);

/* Time spent inside decode calls, summed over the instances (all windows). */
double bench_group_decode_seconds(const bench_group *group);

/* The instances' totals: frames, calls, decoder iterations, frame errors. */
void bench_group_totals(const bench_group *group, uint64_t *frames, uint64_t *calls,
                        uint64_t *iterations, uint64_t *frame_errors);

/* Median and 99th percentile call latency in ms over every instance's calls. */
void bench_group_latency(bench_group *group, double *median_ms, double *p99_ms);

void bench_group_close(bench_group *group);

#endif
