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

static void write_lane(const simd_lane_results *r, uint32_t lane, uint32_t iterations,
                       uint8_t *bits, ldpc_frame_stats *stats)
{
    const ldpc_code *code = r->code;
    uint8_t *frame_bits = bits + (size_t)lane * code->n;
    uint32_t corrected = 0;
    for (uint32_t v = 0; v < code->n; v++) {
        size_t at = (size_t)v * r->lanes + lane;
        frame_bits[v] = r->ws->decided[at] < 0;
        corrected += frame_bits[v] != (r->ws->channel[at] < 0);
    }
    frame_stats_finish(code, frame_bits, iterations, corrected, stats ? &stats[lane] : NULL);
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
    for (uint32_t lane = 0; lane < r->frames; lane++) {
        if (r->finished[lane] || r->ws->lane_bytes[lane] < 0)
            continue;
        write_lane(r, lane, iteration, bits, stats);
        r->finished[lane] = 1;
        r->active--;
    }
    return r->active;
}

void simd_lanes_finish(simd_lane_results *r, uint32_t iterations, uint8_t *bits,
                       ldpc_frame_stats *stats)
{
    for (uint32_t lane = 0; lane < r->frames; lane++)
        if (!r->finished[lane])
            write_lane(r, lane, iterations, bits, stats);
}
