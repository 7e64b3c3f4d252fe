/* The order in which the latency kernels (kernels/22_layered_latency.cl and
 * its local-memory twin) keep a frame's posteriors.
 *
 * The work-items of a warp take neighbouring layer positions of one slot, so
 * a slot's posterior loads coalesce only where neighbouring checks of a layer
 * use neighbouring variables. In code order that holds for the information
 * bits of a DVB code (a layer reads a block of 360 of them with a rotation)
 * but not for its parity bits: the checks of a layer are q apart, and so are
 * their parity bits, one memory sector per work-item. Numbering the variables
 * in the order the latency tables first touch them (layer by layer, slot by
 * slot, position by position) makes those neighbours too, for any code,
 * without knowing its structure.
 *
 * A DVB code (of the frame path's structure) gets its block order instead:
 * block b of 360 variables (information group b, or parity block b - groups)
 * at positions 360 b to 360 b + 359, which its circulant tables
 * (opencl_circulant_tables.h) name. Its neighbours are as good, and since a block
 * is whole 32-bit posterior words, the circulant kernel can add to the
 * blocks that two checks of a layer share atomically and store every other
 * posterior plainly. */
#ifndef LDPC_OPENCL_LATENCY_ORDER_H
#define LDPC_OPENCL_LATENCY_ORDER_H

#include <stdint.h>

#include "ldpc/code.h"

/* The slots per check of layer l in the latency tables: its largest check
 * degree. */
uint32_t opencl_latency_layer_slots(const ldpc_code *code, uint32_t l);

/* position[v] (v < code->n): where variable v's posterior sits in a frame,
 * a permutation of 0..n-1. */
void opencl_latency_order(const ldpc_code *code, uint32_t *position);

#endif
