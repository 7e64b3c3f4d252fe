/* The vector half of simd_lane_results.c, written once for the inter-frame
 * decoders: the byte transposes between frame-major data and their
 * [variable][lane] rows, and each lane's count of unsatisfied checks. An
 * instruction-set file includes it after its vec vocabulary
 * (simd_layered_template.h) and a 16-byte tile vocabulary:
 *   tile (16 int8), tile_load, tile_store (unaligned), tile_set1, tile_max
 *   (signed), tile_select(mask, if_set, if_clear), tile_negative_one (1
 *   where a < 0, 0 elsewhere),
 *   tile_zip8/16/32/64(a, b, &lo, &hi): the low halves of a and b
 *   interleaved in 8- to 64-bit units, and the high halves.
 * As scalar byte loops, spreading the frames over lanes and writing the
 * decisions back took 30% of a 20-iteration saturated call on DVB-S2 short
 * 1/2 (perf, docs/CPU.md). Tiles are 16 variables of 16 lanes; the variables
 * beyond the last whole tile take the scalar path. */
#include <string.h>

#include "common/simd_lane_results.h"
#include "code/code_struct.h"

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

/* Groups of 16 lanes where fewer lanes than this start a frame (or finish
 * one) take the byte path, lane by lane: a tile transposes all 16 lanes for
 * the sake of one or two (about 8 instructions per variable and group against
 * 4 per variable and lane: tiles for every group took 12% more instructions
 * per call on DVB-S2 short 1/2 at 1.5 dB, docs/CPU.md). */
#define SIMD_TILE_MIN_LANES 3

/* rows[v][lane] = max(llr[v], -127), or +127 without a frame, for v in
 * [first, end): one byte store per row. */
static void SIMD_FUNCTION(interleave_lane_bytes)(int8_t *rows, uint32_t lane, const int8_t *llr,
                                                 uint32_t first, uint32_t end)
{
    for (uint32_t v = first; v < end; v++) {
        int8_t value = llr != NULL ? llr[v] : 127;
        rows[(size_t)v * VEC_LANES + lane] = value < -127 ? (int8_t)-127 : value;
    }
}

/* The lanes of `group` marked in `marked` (non-zero), at most 16. */
static uint32_t SIMD_FUNCTION(group_lanes)(uint32_t group, const uint8_t *marked)
{
    uint32_t count = 0;
    for (uint32_t j = 0; j < 16; j++)
        count += marked[group + j] != 0;
    return count;
}

/* Spreads the frames of the lanes that start one (keep 0) into their lane of
 * the [variable][lane] rows: rows[v][lane] = max(lane_llr[lane][v], -127), or
 * +127 for a starting lane without a frame (past the call's last: never
 * reported); the other lanes' bytes are kept. In tiles where several lanes
 * of a group start, merged into the rows by a blend where not all of them
 * do; the variables past the last whole tile, and the groups where only one
 * or two lanes start, byte by byte. */
static void SIMD_FUNCTION(interleave_lanes)(int8_t *rows, uint32_t n,
                                            const int8_t *const *lane_llr, const int8_t *keep)
{
    const tile minus127 = tile_set1(-127), no_frame = tile_set1(127);
    uint8_t starts[VEC_LANES];
    for (uint32_t lane = 0; lane < VEC_LANES; lane++)
        starts[lane] = keep[lane] == 0;
    for (uint32_t group = 0; group < VEC_LANES; group += 16) {
        const uint32_t starting = SIMD_FUNCTION(group_lanes)(group, starts);
        const uint32_t tiled = starting < SIMD_TILE_MIN_LANES ? 0 : n - n % 16;
        const tile group_keep = tile_load(keep + group);
        for (uint32_t v = 0; v < tiled; v += 16) {
            tile frames[16];
            for (uint32_t r = 0; r < 16; r++) {
                const int8_t *llr = lane_llr[group + r];
                frames[r] = llr != NULL ? tile_max(tile_load(llr + v), minus127) : no_frame;
            }
            SIMD_FUNCTION(transpose_tile)(frames);
            for (uint32_t j = 0; j < 16; j++) {
                int8_t *row = rows + (size_t)(v + j) * VEC_LANES + group;
                const tile fresh = frames[tile_column_register[j]];
                tile_store(row,
                           starting == 16 ? fresh : tile_select(group_keep, tile_load(row), fresh));
            }
        }
        for (uint32_t lane = group; lane < group + 16; lane++)
            if (starts[lane])
                SIMD_FUNCTION(interleave_lane_bytes)(rows, lane, lane_llr[lane], tiled, n);
    }
}

/* bits[v] = decided[v][lane] < 0 for v in [first, end): one byte load per
 * row. */
static void SIMD_FUNCTION(write_lane_bytes)(const int8_t *decided, uint32_t lane, uint8_t *bits,
                                            uint32_t first, uint32_t end)
{
    for (uint32_t v = first; v < end; v++)
        bits[v] = decided[(size_t)v * VEC_LANES + lane] < 0;
}

/* bits of lane l = decided[.][l] < 0, for the lanes with lane_bits[l]: in
 * tiles for groups where several lanes are written, byte by byte past the
 * last whole tile and for groups where one or two are. */
static void SIMD_FUNCTION(write_decisions)(const int8_t *decided, uint32_t n,
                                           uint8_t *const *lane_bits)
{
    uint8_t writing[VEC_LANES];
    for (uint32_t lane = 0; lane < VEC_LANES; lane++)
        writing[lane] = lane_bits[lane] != NULL;
    for (uint32_t group = 0; group < VEC_LANES; group += 16) {
        const uint32_t written = SIMD_FUNCTION(group_lanes)(group, writing);
        const uint32_t tiled = written < SIMD_TILE_MIN_LANES ? 0 : n - n % 16;
        for (uint32_t v = 0; v < tiled; v += 16) {
            tile rows[16];
            for (uint32_t r = 0; r < 16; r++)
                rows[r] = tile_negative_one(tile_load(decided + (size_t)(v + r) * VEC_LANES + group));
            SIMD_FUNCTION(transpose_tile)(rows);
            for (uint32_t j = 0; j < 16; j++)
                if (writing[group + j])
                    tile_store(lane_bits[group + j] + v, rows[tile_column_register[j]]);
        }
        for (uint32_t lane = group; lane < group + 16; lane++)
            if (writing[lane])
                SIMD_FUNCTION(write_lane_bytes)(decided, lane, lane_bits[lane], tiled, n);
    }
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

/* After the pass simd_lanes_advance asked for (ws->decided up to date): the
 * due lanes' results, with every lane's count of unsatisfied checks where
 * some lane ran its last iteration. */
static void SIMD_FUNCTION(record_due_lanes)(const ldpc_code *code, simd_workspace *ws,
                                            simd_lane_results *lanes, simd_lanes_check check)
{
    uint32_t unsatisfied[VEC_LANES];
    if (check == SIMD_CHECK_COUNT)
        SIMD_FUNCTION(count_unsatisfied)(code, ws, unsatisfied);
    simd_lanes_record(lanes, check == SIMD_CHECK_COUNT ? unsatisfied : NULL);
}

static const simd_lane_vector_ops SIMD_FUNCTION(lane_vector_ops) = {
    .lanes = VEC_LANES,
    .interleave_lanes = SIMD_FUNCTION(interleave_lanes),
    .write_decisions = SIMD_FUNCTION(write_decisions),
};
