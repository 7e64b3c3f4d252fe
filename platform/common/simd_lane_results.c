#include <string.h>

#include "common/simd_lane_results.h"
#include "code/code_struct.h"
#include "decode/early_termination.h"

void simd_frame_source_start(simd_frame_source *source, const int8_t *llr, uint32_t frames,
                             uint8_t *bits, ldpc_frame_stats *stats)
{
    source->llr = llr;
    source->bits = bits;
    source->stats = stats;
    source->frames = frames;
    atomic_store_explicit(&source->next, 0, memory_order_relaxed);
}

void simd_lanes_begin(simd_lane_results *r, const ldpc_code *code,
                      const ldpc_decoder_config *config, simd_workspace *ws,
                      int8_t *channel_rows, const simd_lane_vector_ops *vector_ops,
                      simd_frame_source *source)
{
    r->code = code;
    r->config = config;
    r->ws = ws;
    r->channel_rows = channel_rows;
    r->vector_ops = vector_ops;
    r->source = source;
    r->source_empty = 0;
    r->iteration = 0;
    r->active = 0;
    for (uint32_t lane = 0; lane < vector_ops->lanes; lane++)
        r->frame[lane] = SIMD_NO_FRAME;
}

/* Takes up to `wanted` consecutive frames of the source, the first in *first;
 * returns how many. Frames go to whichever worker asks first: every frame
 * starts afresh in its lane, so its result does not depend on which. */
static uint32_t take_frames(simd_lane_results *r, uint32_t wanted, uint32_t *first)
{
    if (wanted == 0 || r->source_empty)
        return 0;
    simd_frame_source *source = r->source;
    uint32_t f = atomic_fetch_add_explicit(&source->next, wanted, memory_order_relaxed);
    uint32_t left = f < source->frames ? source->frames - f : 0;
    if (left <= wanted)
        r->source_empty = 1;
    *first = f;
    return left < wanted ? left : wanted;
}

static uint32_t lane_iteration(const simd_lane_results *r, uint32_t lane)
{
    return r->iteration - r->started[lane];
}

static int at_last_iteration(const simd_lane_results *r, uint32_t lane)
{
    return lane_iteration(r, lane) == r->config->max_iterations;
}

simd_lanes_start simd_lanes_refill(simd_lane_results *r)
{
    const uint32_t lanes = r->vector_ops->lanes, n = r->code->n;
    memset(r->keep, -1, lanes);
    uint32_t first = 0, count = take_frames(r, lanes - r->active, &first);
    if (count == 0)
        return r->active > 0 ? SIMD_LANES_RUNNING : SIMD_LANES_DONE;
    /* With every lane free the whole vector starts, lanes past the call's
     * last frame too (+127, never reported). */
    const int whole_vector = r->active == 0;
    const int8_t *lane_llr[SIMD_MAX_LANES] = {NULL};
    for (uint32_t lane = 0, taken = 0; lane < lanes; lane++) {
        if (r->frame[lane] != SIMD_NO_FRAME)
            continue;
        if (taken < count) {
            const uint32_t f = first + taken++;
            lane_llr[lane] = r->source->llr + (size_t)f * n;
            r->frame[lane] = f;
            r->started[lane] = r->iteration;
            r->active++;
        } else if (!whole_vector) {
            break; /* the idle lanes of a running vector keep their bytes */
        }
        r->keep[lane] = 0;
    }
    r->vector_ops->interleave_lanes(r->channel_rows, n, lane_llr, r->keep);
    return whole_vector ? SIMD_LANES_ALL_START : SIMD_LANES_SOME_START;
}

simd_lanes_check simd_lanes_advance(simd_lane_results *r)
{
    r->iteration++;
    simd_lanes_check check = SIMD_CHECK_NONE;
    for (uint32_t lane = 0; lane < r->vector_ops->lanes; lane++) {
        r->due[lane] = 0;
        if (r->frame[lane] == SIMD_NO_FRAME)
            continue;
        if (at_last_iteration(r, lane)) {
            r->due[lane] = 1;
            check = SIMD_CHECK_COUNT;
        } else if (syndrome_due(r->config, lane_iteration(r, lane))) {
            r->due[lane] = 1;
            if (check == SIMD_CHECK_NONE)
                check = SIMD_CHECK_SYNDROME;
        }
    }
    return check;
}

uint32_t simd_lanes_converged(const simd_lane_results *r)
{
    uint32_t count = 0;
    for (uint32_t lane = 0; lane < r->vector_ops->lanes; lane++)
        count += r->due[lane] && r->ws->lane_bytes[lane] >= 0;
    return count;
}

/* Decided bits that differ from the hard decision of the frame's input (the
 * channel's: -128 is read as -127): per finished frame, over its own n bits,
 * which under lane refill (a frame or two finishing at a time) costs much
 * less than a pass over every lane's rows. */
static uint32_t corrected_bits(const uint8_t *bits, const int8_t *llr, uint32_t n)
{
    uint32_t corrected = 0;
    for (uint32_t block = 0; block < n; block += 255) {
        const uint32_t end = n - block < 255 ? n : block + 255;
        uint8_t count = 0; /* byte sums, which the compiler vectorises */
        for (uint32_t v = block; v < end; v++)
            count += bits[v] ^ (uint8_t)((uint8_t)llr[v] >> 7);
        corrected += count;
    }
    return corrected;
}

/* The unsatisfied checks of a due lane: its count, or, after a syndrome pass
 * (no lane at its last iteration), 0 or 1 for converged or not. */
static uint32_t lane_unsatisfied(const simd_lane_results *r, const uint32_t *unsatisfied,
                                 uint32_t lane)
{
    return unsatisfied != NULL ? unsatisfied[lane] : r->ws->lane_bytes[lane] < 0;
}

void simd_lanes_record(simd_lane_results *r, const uint32_t *unsatisfied)
{
    const uint32_t lanes = r->vector_ops->lanes, n = r->code->n;
    uint8_t *lane_bits[SIMD_MAX_LANES] = {NULL};
    uint32_t failing[SIMD_MAX_LANES];
    for (uint32_t lane = 0; lane < lanes; lane++) {
        failing[lane] = r->due[lane] ? lane_unsatisfied(r, unsatisfied, lane) : 0;
        const int finishing =
            r->due[lane] && (failing[lane] == 0 || at_last_iteration(r, lane));
        lane_bits[lane] = finishing ? r->source->bits + (size_t)r->frame[lane] * n : NULL;
    }
    r->vector_ops->write_decisions(r->ws->decided, n, lane_bits);
    ldpc_frame_stats *stats = r->source->stats;
    for (uint32_t lane = 0; lane < lanes; lane++) {
        const uint8_t *bits = lane_bits[lane];
        if (bits == NULL)
            continue;
        const uint32_t f = r->frame[lane];
        if (stats != NULL)
            stats[f] = (ldpc_frame_stats){
                .iterations = lane_iteration(r, lane),
                .converged = failing[lane] == 0,
                .unsatisfied_checks = failing[lane],
                .corrected_bits = corrected_bits(bits, r->source->llr + (size_t)f * n, n)};
        r->frame[lane] = SIMD_NO_FRAME;
        r->active--;
    }
}
