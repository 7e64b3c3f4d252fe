/* The bookkeeping of the inter-frame decoders, shared by every instruction
 * set: which frame each lane decodes, at which of its own iterations, when its
 * syndrome is due, and taking its decision and statistics out at the
 * iteration where the reference decoder would stop. A lane whose frame has
 * finished takes the next frame of the call (lane refill), so the lanes of a
 * vector run at different iteration numbers under early termination. The
 * byte work is the instruction set's (simd_lane_results_template.h). */
#ifndef LDPC_SIMD_LANE_RESULTS_H
#define LDPC_SIMD_LANE_RESULTS_H

#include <stdint.h>

#include "common/simd_layered.h"

#define SIMD_MAX_LANES 256
#define SIMD_NO_FRAME UINT32_MAX

/* An instruction set's byte work for the lane results, on [variable][lane]
 * rows of its vector width (simd_lane_results_template.h). */
typedef struct {
    uint32_t lanes; /* the vector width in int8 lanes */
    /* For the lanes with keep[lane] 0: rows[v][lane] =
     * max(lane_llr[lane][v], -127), or +127 where lane_llr[lane] is NULL;
     * the other lanes' bytes are kept. */
    void (*interleave_lanes)(int8_t *rows, uint32_t n, const int8_t *const *lane_llr,
                             const int8_t *keep);
    /* lane_bits[lane][v] = decided[v][lane] < 0 for the lanes whose
     * lane_bits[lane] is not NULL. */
    void (*write_decisions)(const int8_t *decided, uint32_t n, uint8_t *const *lane_bits);
} simd_lane_vector_ops;

/* Which lanes start a frame at the coming iteration (simd_lanes_refill). */
typedef enum {
    SIMD_LANES_DONE,    /* no lane has a frame left: the worker's part is over */
    SIMD_LANES_RUNNING, /* none starts */
    SIMD_LANES_SOME_START, /* the lanes with keep 0 */
    SIMD_LANES_ALL_START,  /* all of them (lanes past the call's last frame
                            * with +127, never reported) */
} simd_lanes_start;

/* What the lanes due after an iteration need (simd_lanes_advance). */
typedef enum {
    SIMD_CHECK_NONE,     /* no lane is due */
    SIMD_CHECK_SYNDROME, /* a syndrome pass: ws->lane_bytes < 0 where failing */
    SIMD_CHECK_COUNT,    /* a lane reached max_iterations: each lane's count of
                          * unsatisfied checks (which is also its syndrome) */
} simd_lanes_check;

typedef struct {
    /* Per lane: 0 where the lane starts a frame at the coming iteration (its
     * posteriors are to be reset to the channel, its old messages read as 0),
     * -1 elsewhere; one vector's worth, loaded by the templates. */
    _Alignas(64) int8_t keep[SIMD_MAX_LANES];
    const ldpc_code *code;
    const ldpc_decoder_config *config;
    simd_workspace *ws;
    int8_t *channel_rows; /* where the starting lanes' channel values go */
    const simd_lane_vector_ops *vector_ops;
    simd_frame_source *source;
    int source_empty;   /* the source has no frame left */
    uint32_t iteration; /* iterations the vector has run in this call */
    uint32_t active;    /* lanes with a frame */
    uint32_t frame[SIMD_MAX_LANES];   /* per lane: its frame, or SIMD_NO_FRAME */
    uint32_t started[SIMD_MAX_LANES]; /* per lane: `iteration` when its frame started */
    uint8_t due[SIMD_MAX_LANES];      /* per lane: checked after this iteration */
} simd_lane_results;

/* Prepares a call's frames for the workers (before they start). */
void simd_frame_source_start(simd_frame_source *source, const int8_t *llr, uint32_t frames,
                             uint8_t *bits, ldpc_frame_stats *stats);

/* A worker's lanes, all free, with the instruction set's vector_ops; the
 * frames' channel values go into the [variable][lane] channel_rows
 * (ws->channel, or the saturated decoder's posteriors themselves). */
void simd_lanes_begin(simd_lane_results *r, const ldpc_code *code,
                      const ldpc_decoder_config *config, simd_workspace *ws,
                      int8_t *channel_rows, const simd_lane_vector_ops *vector_ops,
                      simd_frame_source *source);

/* Gives every free lane the next frame of the source, interleaved into
 * channel_rows, and sets keep. The caller then resets the posteriors of the
 * starting lanes to their channel values (if channel_rows are not the
 * posteriors) and runs an iteration in which their old messages read as 0. */
simd_lanes_start simd_lanes_refill(simd_lane_results *r);

/* After an iteration: counts it for every lane and marks the lanes whose
 * syndrome is due (syndrome_due of their own iteration, or their last). */
simd_lanes_check simd_lanes_advance(simd_lane_results *r);

/* Due lanes that converged, after a syndrome pass (ws->lane_bytes). */
uint32_t simd_lanes_converged(const simd_lane_results *r);

/* With ws->decided up to date, after the pass simd_lanes_advance asked for
 * (unsatisfied: each lane's count for SIMD_CHECK_COUNT, NULL after a
 * syndrome pass): writes the decision and statistics of every due lane that
 * converged or ran its last iteration, and frees its lane. */
void simd_lanes_record(simd_lane_results *r, const uint32_t *unsatisfied);

#endif
