/* The bookkeeping of the inter-frame decoders, shared by every instruction
 * set: spreading frames over lanes, and taking each lane's decision and
 * statistics out at the iteration where the reference decoder would stop. The
 * byte work is the instruction set's (simd_lane_results_template.h). */
#ifndef LDPC_SIMD_LANE_RESULTS_H
#define LDPC_SIMD_LANE_RESULTS_H

#include <stdint.h>

#include "common/simd_layered.h"

#define SIMD_MAX_LANES 256

/* An instruction set's byte work for the lane results, on [variable][lane]
 * rows of its vector width (simd_lane_results_template.h). */
typedef struct {
    /* channel[v][f] = max(llr[f][v], -127) for f < frames, +127 beyond. */
    void (*interleave_frames)(int8_t *channel, const int8_t *llr, uint32_t n, uint32_t frames);
    /* bits[f][v] = decided[v][f] < 0 for the frames f < frames with writing[f]. */
    void (*write_decisions)(const int8_t *decided, uint32_t n, uint32_t frames,
                            const uint8_t *writing, uint8_t *bits);
    /* corrected[lane] = how many v have decided[v][lane] and channel[v][lane]
     * of different signs, for every lane. */
    void (*count_corrected)(const int8_t *decided, const int8_t *channel, uint32_t n,
                            uint32_t *corrected);
} simd_lane_vector_ops;

typedef struct {
    const ldpc_code *code;
    simd_workspace *ws;
    const simd_lane_vector_ops *vector_ops;
    uint32_t frames;       /* lanes 0..frames-1 carry frames */
    uint32_t active;       /* frames not yet finished */
    uint8_t finished[SIMD_MAX_LANES]; /* per lane */
} simd_lane_results;

/* Interleaves the frames (raw values in [-128, 127]) into ws->channel, -128
 * read as -127 (unused lanes get +127 and are never reported), with the
 * instruction set's vector_ops, which the later calls use too. */
void simd_lanes_begin(simd_lane_results *r, const ldpc_code *code, simd_workspace *ws,
                      const simd_lane_vector_ops *vector_ops, const int8_t *llr,
                      uint32_t frames);

/* Lanes (of those still active) that converged: ws->lane_bytes >= 0 after a
 * syndrome pass. */
uint32_t simd_lanes_newly_converged(const simd_lane_results *r);

/* After a syndrome pass (ws->lane_bytes < 0 marks failing lanes) and with
 * ws->decided up to date: writes the result of every newly converged frame.
 * Returns the frames still active. */
uint32_t simd_lanes_record_converged(simd_lane_results *r, uint32_t iteration, uint8_t *bits,
                                     ldpc_frame_stats *stats);

/* Writes the result of every frame still active after the last iteration
 * (ws->decided up to date), with each lane's count of unsatisfied checks
 * (counted in the vectors: simd_lane_results_template.h). */
void simd_lanes_finish(simd_lane_results *r, uint32_t iterations, const uint32_t *unsatisfied,
                       uint8_t *bits, ldpc_frame_stats *stats);

#endif
