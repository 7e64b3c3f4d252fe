#include <string.h>

#include "common/simd_lane_results.h"
#include "decode/early_termination.h"

void simd_lanes_begin(simd_lane_results *r, const ldpc_code *code, simd_workspace *ws,
                      const simd_lane_vector_ops *vector_ops, const int8_t *llr,
                      uint32_t frames)
{
    r->code = code;
    r->ws = ws;
    r->vector_ops = vector_ops;
    r->frames = frames;
    r->active = frames;
    memset(r->finished, 0, sizeof r->finished);
    vector_ops->interleave_frames(ws->channel, llr, code->n, frames);
}

/* Writes the decisions and statistics of the lanes marked in `writing`.
 * Lanes that just passed the syndrome check (unsatisfied NULL) have no
 * unsatisfied check; the others' counts come per lane. */
static void write_lanes(const simd_lane_results *r, const uint8_t *writing, uint32_t iterations,
                        const uint32_t *unsatisfied, uint8_t *bits, ldpc_frame_stats *stats)
{
    const ldpc_code *code = r->code;
    r->vector_ops->write_decisions(r->ws->decided, code->n, r->frames, writing, bits);
    if (stats == NULL)
        return;
    uint32_t corrected[SIMD_MAX_LANES];
    r->vector_ops->count_corrected(r->ws->decided, r->ws->channel, code->n, corrected);
    for (uint32_t lane = 0; lane < r->frames; lane++) {
        if (!writing[lane])
            continue;
        if (unsatisfied == NULL)
            frame_stats_converged(iterations, corrected[lane], &stats[lane]);
        else
            stats[lane] = (ldpc_frame_stats){.iterations = iterations,
                                             .converged = unsatisfied[lane] == 0,
                                             .unsatisfied_checks = unsatisfied[lane],
                                             .corrected_bits = corrected[lane]};
    }
}

uint32_t simd_lanes_newly_converged(const simd_lane_results *r)
{
    uint32_t count = 0;
    for (uint32_t lane = 0; lane < r->frames; lane++)
        count += !r->finished[lane] && r->ws->lane_bytes[lane] >= 0;
    return count;
}

uint32_t simd_lanes_record_converged(simd_lane_results *r, uint32_t iteration, uint8_t *bits,
                                     ldpc_frame_stats *stats)
{
    uint8_t writing[SIMD_MAX_LANES] = {0};
    for (uint32_t lane = 0; lane < r->frames; lane++) {
        if (r->finished[lane] || r->ws->lane_bytes[lane] < 0)
            continue;
        writing[lane] = 1;
        r->finished[lane] = 1;
        r->active--;
    }
    write_lanes(r, writing, iteration, NULL, bits, stats);
    return r->active;
}

void simd_lanes_finish(simd_lane_results *r, uint32_t iterations, const uint32_t *unsatisfied,
                       uint8_t *bits, ldpc_frame_stats *stats)
{
    uint8_t writing[SIMD_MAX_LANES] = {0};
    for (uint32_t lane = 0; lane < r->frames; lane++)
        writing[lane] = !r->finished[lane];
    write_lanes(r, writing, iterations, unsatisfied, bits, stats);
}
