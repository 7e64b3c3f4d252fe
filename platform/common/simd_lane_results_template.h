/* The vector half of simd_lane_results.c, written once for the inter-frame
 * decoders: the byte transposes between frame-major data and their
 * [variable][lane] rows, and the per-lane counts of the statistics. An
 * instruction-set file includes it after its vec vocabulary
 * (simd_layered_template.h) and a 16-byte tile vocabulary:
 *   tile (16 int8), tile_load, tile_store (unaligned), tile_set1, tile_max
 *   (signed), tile_negative_one (1 where a < 0, 0 elsewhere),
 *   tile_zip8/16/32/64(a, b, &lo, &hi): the low halves of a and b
 *   interleaved in 8- to 64-bit units, and the high halves.
 * As scalar byte loops, spreading the frames over lanes and writing the
 * decisions back took 30% of a 20-iteration saturated call on DVB-S2 short
 * 1/2 (perf, docs/CPU.md). Tiles are 16 variables of 16 lanes; the variables
 * beyond the last whole tile take the scalar path. */
#include <string.h>

#include "common/simd_lane_results.h"

/* Four rounds of zips transpose a 16x16 tile; the row for column j then sits
 * in register tile_column_register[j] (j with its 4 bits reversed). */
static const uint8_t tile_column_register[16] = {0, 8, 4, 12, 2, 10, 6, 14,
                                                 1, 9, 5, 13, 3, 11, 7, 15};

static inline void SIMD_FUNCTION(transpose_tile)(tile rows[16])
{
    tile zipped[16];
    for (int i = 0; i < 8; i++)
        tile_zip8(rows[2 * i], rows[2 * i + 1], &zipped[i], &zipped[i + 8]);
    for (int i = 0; i < 8; i++)
        tile_zip16(zipped[2 * i], zipped[2 * i + 1], &rows[i], &rows[i + 8]);
    for (int i = 0; i < 8; i++)
        tile_zip32(rows[2 * i], rows[2 * i + 1], &zipped[i], &zipped[i + 8]);
    for (int i = 0; i < 8; i++)
        tile_zip64(zipped[2 * i], zipped[2 * i + 1], &rows[i], &rows[i + 8]);
}

static void SIMD_FUNCTION(interleave_frames)(int8_t *channel, const int8_t *llr, uint32_t n,
                                             uint32_t frames)
{
    const tile minus127 = tile_set1(-127), unused_lane = tile_set1(127);
    const uint32_t tiled = n - n % 16;
    for (uint32_t group = 0; group < VEC_LANES; group += 16) {
        for (uint32_t v = 0; v < tiled; v += 16) {
            tile rows[16];
            for (uint32_t r = 0; r < 16; r++)
                rows[r] = group + r < frames
                              ? tile_max(tile_load(llr + (size_t)(group + r) * n + v), minus127)
                              : unused_lane;
            SIMD_FUNCTION(transpose_tile)(rows);
            for (uint32_t j = 0; j < 16; j++)
                tile_store(channel + (size_t)(v + j) * VEC_LANES + group,
                           rows[tile_column_register[j]]);
        }
    }
    for (uint32_t v = tiled; v < n; v++) {
        int8_t *row = channel + (size_t)v * VEC_LANES;
        for (uint32_t f = 0; f < VEC_LANES; f++) {
            int8_t value = f < frames ? llr[(size_t)f * n + v] : 127;
            row[f] = value < -127 ? (int8_t)-127 : value;
        }
    }
}

/* bits of frame f = decided[.][f] < 0, for the frames marked in `writing`. */
static void SIMD_FUNCTION(write_decisions)(const int8_t *decided, uint32_t n, uint32_t frames,
                                           const uint8_t *writing, uint8_t *bits)
{
    const uint32_t tiled = n - n % 16;
    for (uint32_t group = 0; group < frames; group += 16) {
        uint32_t group_writing = 0;
        for (uint32_t j = 0; j < 16 && group + j < frames; j++)
            group_writing |= writing[group + j];
        if (!group_writing)
            continue;
        for (uint32_t v = 0; v < tiled; v += 16) {
            tile rows[16];
            for (uint32_t r = 0; r < 16; r++)
                rows[r] = tile_negative_one(tile_load(decided + (size_t)(v + r) * VEC_LANES + group));
            SIMD_FUNCTION(transpose_tile)(rows);
            for (uint32_t j = 0; j < 16 && group + j < frames; j++)
                if (writing[group + j])
                    tile_store(bits + (size_t)(group + j) * n + v, rows[tile_column_register[j]]);
        }
    }
    for (uint32_t v = tiled; v < n; v++)
        for (uint32_t f = 0; f < frames; f++)
            if (writing[f])
                bits[(size_t)f * n + v] = decided[(size_t)v * VEC_LANES + f] < 0;
}

/* Each lane's number of unsatisfied checks (ws->decided up to date), counted
 * in the vectors: the scalar count, one pass over each frame's bits, took 13%
 * of a 20-iteration saturated call on normal frames and 10% of a 16-bit one on
 * short frames. Byte counters, emptied before they can wrap. */
static void SIMD_FUNCTION(count_unsatisfied)(const ldpc_code *code, simd_workspace *ws,
                                             uint32_t *unsatisfied)
{
    const int8_t *const decided = ws->decided;
    const uint8_t *counts = (const uint8_t *)ws->lane_bytes;
    memset(unsatisfied, 0, VEC_LANES * sizeof *unsatisfied);
    for (uint32_t block = 0; block < code->m; block += 255) {
        const uint32_t end = code->m - block < 255 ? code->m : block + 255;
        vec failing = v_zero();
        for (uint32_t check = block; check < end; check++) {
            vec parity = v_zero();
            for (uint32_t e = code->check_offsets[check]; e < code->check_offsets[check + 1]; e++)
                parity = v_xor(parity, v_load(decided + (size_t)code->check_var[e] * VEC_LANES));
            failing = v_sub(failing, v_negative_mask(parity)); /* +1 where failing */
        }
        v_store(ws->lane_bytes, failing);
        for (uint32_t lane = 0; lane < VEC_LANES; lane++)
            unsatisfied[lane] += counts[lane];
    }
}

/* Per lane, the decisions that differ from the channel's sign, in byte
 * counters emptied before they can wrap. */
static void SIMD_FUNCTION(count_corrected)(const int8_t *decided, const int8_t *channel,
                                           uint32_t n, uint32_t *corrected)
{
    _Alignas(64) uint8_t counts[VEC_LANES];
    memset(corrected, 0, VEC_LANES * sizeof *corrected);
    for (uint32_t block = 0; block < n; block += 255) {
        const uint32_t end = n - block < 255 ? n : block + 255;
        vec count = v_zero();
        for (uint32_t v = block; v < end; v++) {
            const size_t row = (size_t)v * VEC_LANES;
            count = v_sub(count, v_negative_mask(v_xor(v_load(decided + row), v_load(channel + row))));
        }
        v_store((int8_t *)counts, count);
        for (uint32_t lane = 0; lane < VEC_LANES; lane++)
            corrected[lane] += counts[lane];
    }
}

static const simd_lane_vector_ops SIMD_FUNCTION(lane_vector_ops) = {
    .interleave_frames = SIMD_FUNCTION(interleave_frames),
    .write_decisions = SIMD_FUNCTION(write_decisions),
    .count_corrected = SIMD_FUNCTION(count_corrected),
};
