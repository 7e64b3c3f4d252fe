/* One decoder under ldpc bench: created and warmed up once, then timed in
 * one or more windows (bench_group.h runs several at once and keeps each
 * window's throughput). */
#ifndef LDPC_TOOL_BENCH_RUN_H
#define LDPC_TOOL_BENCH_RUN_H

#include <stddef.h>
#include <stdint.h>

#include "bench_frames.h"
#include "tool_code.h"
#include "tool_decoder.h"

#define BENCH_MAX_CALLS 200000

/* What a timed call covers. */
typedef enum {
    BENCH_DECODE,    /* the 8-bit decoder on quantised LLRs */
    BENCH_QUANTISE,  /* float LLRs through the quantiser (decode_f32) */
    BENCH_CALIBRATE  /* each frame's scale estimated and undone first, as every
                        path does by default (ldpc_soft_to_llr), then decode_f32 */
} bench_mode;

const char *bench_mode_name(bench_mode mode);

typedef struct {
    tool_decoder decoder;
    const char *backend; /* the name the registry resolved */
    uint8_t *bits;
    ldpc_frame_stats *stats;
    double *latencies; /* ms per call, BENCH_MAX_CALLS */
    float *calibrated; /* BENCH_CALIBRATE: the frames after calibration */
    uint64_t frames, calls, iterations, frame_errors; /* all windows */
    double decode_seconds; /* all windows: time inside the decode calls */
    double create_ms, first_call_ms;
} bench_run;

/* Creates the decoder and its buffers and makes one untimed call. 0, or -1
 * with the reason printed (nothing left to close). */
int bench_run_open(bench_run *run, const tool_code *code, const ldpc_decoder_config *config,
                   const bench_frames *frames, const char *backend);

/* Decodes the frames over and over for at least `seconds` (one call at least,
 * none once BENCH_MAX_CALLS were made), timing each call with what `mode`
 * adds; checking its results (iterations, frame errors) happens between the
 * calls, outside their time. 0, or -1 when a call failed (reason printed). */
int bench_run_window(bench_run *run, const tool_code *code, const bench_frames *frames,
                     bench_mode mode, double seconds);

/* Sorts `values` ascending. */
void bench_sort(double *values, size_t count);

/* The median and 99th percentile of `count` (at least one) values, which it
 * sorts. */
void bench_percentiles(double *values, size_t count, double *median, double *p99);

void bench_run_close(bench_run *run);

#endif
