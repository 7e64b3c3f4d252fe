/* One Monte Carlo point of ldpc sim, spread over worker threads.
 *
 * Frames are grouped in batches (one decoder call each). Batch b of point p
 * draws its information bits and noise from the stream (seed, p, b), so its
 * result does not depend on which thread ran it. Workers claim batches in
 * order until the completed batches hold max_frame_errors frame errors or
 * max_frames frames are claimed; the point's result is then the shortest
 * prefix of batches 0, 1, ... that reaches max_frame_errors (or all of them),
 * which makes a run reproducible for a given seed whatever the thread count. */
#ifndef LDPC_TOOL_SIM_RUN_H
#define LDPC_TOOL_SIM_RUN_H

#include <stdint.h>

#include "ldpc/ldpc.h"
#include "sim_channel.h"
#include "tool_code.h"

typedef struct {
    const tool_code *code; /* binary or nonbinary */
    ldpc_decoder_config config;
    const char *backend; /* NULL: auto */
    sim_modulation modulation;
    sim_demod demod;
    uint32_t batch;   /* frames per decoder call */
    unsigned threads; /* >= 1 */
    uint64_t seed;
    uint64_t max_frame_errors;
    uint64_t max_frames;
    /* What the receiver does with the channel's LLRs before decoding
     * (format f32): a scale that stands for an uncalibrated demodulator, and
     * the normalisation ldpc decode and ldpcd apply by default. */
    ldpc_soft_input receiver;
} sim_setup;

typedef struct {
    uint64_t frames;
    uint64_t frame_errors;
    uint64_t bit_errors;    /* information bits */
    uint64_t symbol_errors; /* information symbols (bits for binary codes) */
    uint64_t iterations;    /* sum over frames */
} sim_tally;

/* Called about twice a second from the thread that runs the point, with the
 * tally of the batches completed so far (in completion order). */
typedef void (*sim_progress_fn)(const sim_tally *so_far, void *context);

typedef struct sim_runner sim_runner;

/* Creates one decoder, channel and buffer set per thread. NULL with a
 * message in why (why_size bytes) on failure. */
sim_runner *sim_runner_create(const sim_setup *setup, char *why, size_t why_size);
void sim_runner_destroy(sim_runner *runner);
const char *sim_runner_backend_name(const sim_runner *runner);

/* Runs point number point_index at the given Es/N0. Returns 0, or -1 with a
 * message in why (e.g. a decoder error). */
int sim_runner_run_point(sim_runner *runner, uint64_t point_index, double esn0_db,
                         sim_progress_fn progress, void *context, sim_tally *result, char *why,
                         size_t why_size);

#endif
