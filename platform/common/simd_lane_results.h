/* The scalar side of the inter-frame decoders, shared by every instruction
 * set: spreading frames over lanes, and taking each lane's decision and
 * statistics out at the iteration where the reference decoder would stop. */
#ifndef LDPC_SIMD_LANE_RESULTS_H
#define LDPC_SIMD_LANE_RESULTS_H

#include <stdint.h>

#include "common/simd_layered.h"

#define SIMD_MAX_LANES 256

typedef struct {
    const ldpc_code *code;
    simd_workspace *ws;
    uint32_t lanes;
    uint32_t frames;       /* lanes 0..frames-1 carry frames */
    uint32_t active;       /* frames not yet finished */
    uint8_t finished[SIMD_MAX_LANES]; /* per lane */
} simd_lane_results;

/* Interleaves the frames (raw values in [-128, 127]) into ws->channel, -128
 * read as -127 (unused lanes get +127 and are never reported). */
void simd_lanes_begin(simd_lane_results *r, const ldpc_code *code, simd_workspace *ws,
                      uint32_t lanes, const int8_t *llr, uint32_t frames);

/* Lanes (of those still active) that converged: ws->lane_bytes >= 0 after a
 * syndrome pass. */
uint32_t simd_lanes_newly_converged(const simd_lane_results *r);

/* After a syndrome pass (ws->lane_bytes < 0 marks failing lanes) and with
 * ws->decided up to date: writes the result of every newly converged frame.
 * Returns the frames still active. */
uint32_t simd_lanes_record_converged(simd_lane_results *r, uint32_t iteration, uint8_t *bits,
                                     ldpc_frame_stats *stats);

/* Writes the result of every frame still active after the last iteration
 * (ws->decided up to date). */
void simd_lanes_finish(simd_lane_results *r, uint32_t iterations, uint8_t *bits,
                       ldpc_frame_stats *stats);

/* The same with each lane's count of unsatisfied checks already known (a
 * vector pass over the decisions instead of one pass per frame over its bits). */
void simd_lanes_finish_counted(simd_lane_results *r, uint32_t iterations,
                               const uint32_t *unsatisfied, uint8_t *bits,
                               ldpc_frame_stats *stats);

#endif
