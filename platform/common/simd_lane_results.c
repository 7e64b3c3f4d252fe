#include <string.h>

#include "common/simd_lane_results.h"
#include "decode/early_termination.h"

void simd_lanes_begin(simd_lane_results *r, const ldpc_code *code, simd_workspace *ws,
                      uint32_t lanes, const int8_t *llr, uint32_t frames)
{
    r->code = code;
    r->ws = ws;
    r->lanes = lanes;
    r->frames = frames;
    r->active = frames;
    memset(r->finished, 0, sizeof r->finished);
    for (uint32_t v = 0; v < code->n; v++) {
        int8_t *row = ws->channel + (size_t)v * lanes;
        for (uint32_t f = 0; f < frames; f++) {
            int8_t value = llr[(size_t)f * code->n + v];
            row[f] = value < -127 ? (int8_t)-127 : value;
        }
        for (uint32_t f = frames; f < lanes; f++)
            row[f] = 127;
    }
}

/* Writes the decisions and statistics of the lanes marked in `writing`. The
 * arrays are interleaved [variable][lane], so one pass over the rows serves
 * every lane (a pass per lane would touch a cache line per bit). Lanes that
 * just passed the syndrome check have no unsatisfied check to count; the
 * others' counts come in `unsatisfied` (per lane) or are counted here (NULL). */
static void write_lanes(const simd_lane_results *r, const uint8_t *writing, uint32_t iterations,
                        int converged, const uint32_t *unsatisfied, uint8_t *bits,
                        ldpc_frame_stats *stats)
{
    const ldpc_code *code = r->code;
    uint32_t corrected[SIMD_MAX_LANES] = {0};
    for (uint32_t v = 0; v < code->n; v++) {
        const int8_t *decided = r->ws->decided + (size_t)v * r->lanes;
        const int8_t *channel = r->ws->channel + (size_t)v * r->lanes;
        for (uint32_t lane = 0; lane < r->frames; lane++) {
            if (!writing[lane])
                continue;
            uint8_t bit = decided[lane] < 0;
            bits[(size_t)lane * code->n + v] = bit;
            corrected[lane] += bit != (channel[lane] < 0);
        }
    }
    if (stats == NULL)
        return;
    for (uint32_t lane = 0; lane < r->frames; lane++) {
        if (!writing[lane])
            continue;
        if (converged)
            frame_stats_converged(iterations, corrected[lane], &stats[lane]);
        else if (unsatisfied != NULL)
            stats[lane] = (ldpc_frame_stats){.iterations = iterations,
                                             .converged = unsatisfied[lane] == 0,
                                             .unsatisfied_checks = unsatisfied[lane],
                                             .corrected_bits = corrected[lane]};
        else
            frame_stats_finish(code, bits + (size_t)lane * code->n, iterations, corrected[lane],
                               &stats[lane]);
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
    write_lanes(r, writing, iteration, 1, NULL, bits, stats);
    return r->active;
}

void simd_lanes_finish_counted(simd_lane_results *r, uint32_t iterations,
                               const uint32_t *unsatisfied, uint8_t *bits,
                               ldpc_frame_stats *stats)
{
    uint8_t writing[SIMD_MAX_LANES] = {0};
    for (uint32_t lane = 0; lane < r->frames; lane++)
        writing[lane] = !r->finished[lane];
    write_lanes(r, writing, iterations, 0, unsatisfied, bits, stats);
}

void simd_lanes_finish(simd_lane_results *r, uint32_t iterations, uint8_t *bits,
                       ldpc_frame_stats *stats)
{
    simd_lanes_finish_counted(r, iterations, NULL, bits, stats);
}
