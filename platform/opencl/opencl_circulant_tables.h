/* The circulant tables of the latency design (kernels/24_layered_circulant.cl):
 * a DVB code is quasi-cyclic in blocks of 360 (platform/common/frame_decoder.h),
 * so the check at position k of a layer meets the block of each of the layer's
 * block edges at position (offset + k) mod 360. One word per block edge
 * replaces the 360 per-check words of the slot tables: no table load per
 * edge, every load of a layer issued before any is needed, and atomics only
 * where two block edges of a layer reach one block.
 *
 * Layout, in 32-bit words: layer_count + 1 layer words (the index of the
 * layer's first block edge; the last, their count), then one word per block
 * edge: the block's first posterior position (the latency order, which for a
 * DVB code is its block order: opencl_latency_order.h), offset <<
 * CIRCULANT_OFFSET_SHIFT, CIRCULANT_GAP on the staircase edge that check 0
 * of layer 0 lacks, and CIRCULANT_ATOMIC where another block edge of the
 * layer reaches the same block (two of its checks share each variable). */
#ifndef LDPC_OPENCL_CIRCULANT_TABLES_H
#define LDPC_OPENCL_CIRCULANT_TABLES_H

#include <stdint.h>

#include "common/frame_decoder.h"
#include "ldpc/code.h"

#define CIRCULANT_ATOMIC 0x40000000u
#define CIRCULANT_GAP 0x20000000u
#define CIRCULANT_OFFSET_SHIFT 20

/* Words of the circulant tables of `code`, or 0 where it has none: not a DVB
 * code of the frame path's structure, layers not in the order t + i q, a
 * check above degree 32 (the kernels' bound), or 2^20 variables or more. */
uint32_t opencl_circulant_words(const ldpc_code *code);

/* The most words for codes up to max_m checks and max_edges edges. */
size_t opencl_circulant_capacity(uint32_t max_m, uint32_t max_edges);

/* Fills `words` (opencl_circulant_words(code) of them) through the block schedule
 * `s` (frame_schedule_prepare's arrays, reserved by the caller). */
void opencl_circulant_tables(frame_schedule *s, const ldpc_code *code, uint32_t *words);

#endif
