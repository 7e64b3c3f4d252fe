#include "opencl_circulant_tables.h"
#include "code/code_struct.h"

/* The kernels' bound on a layer's block edges (the check degree). */
#define CIRCULANT_MAX_DEGREE 32u
#define CIRCULANT_MAX_POSITION (1u << CIRCULANT_OFFSET_SHIFT)

/* Layer t must hold checks t, t + q, ..., t + 359 q in that order: the kernel
 * names the check at layer position k by its circulant position k. */
static int layers_in_circulant_order(const ldpc_code *code)
{
    const uint32_t q = code->dvb_q;
    for (uint32_t t = 0; t < code->layer_count; t++) {
        if (code->layer_offsets[t + 1] - code->layer_offsets[t] != FRAME_GROUP)
            return 0;
        for (uint32_t i = 0; i < FRAME_GROUP; i++)
            if (code->layer_checks[code->layer_offsets[t] + i] != t + i * q)
                return 0;
    }
    return 1;
}

uint32_t opencl_circulant_words(const ldpc_code *code)
{
    if (!frame_code_dvb(code) || code->max_check_degree > CIRCULANT_MAX_DEGREE ||
        code->n >= CIRCULANT_MAX_POSITION || !layers_in_circulant_order(code))
        return 0;
    /* a block edge per table address and two staircase block edges per layer */
    uint32_t block_edges = code->dvb_row_offsets[code->dvb_groups] + 2 * code->dvb_q;
    return code->layer_count + 1 + block_edges;
}

size_t opencl_circulant_capacity(uint32_t max_m, uint32_t max_edges)
{
    return frame_schedule_layer_capacity(max_m) + frame_schedule_edge_capacity(max_edges);
}

/* 1 if another block edge of the layer [first, end) reaches edge e's block:
 * O(degree^2) per layer, a few thousand comparisons per code. */
static int block_reached_twice(const frame_schedule *s, uint32_t first, uint32_t end, uint32_t e)
{
    for (uint32_t other = first; other < end; other++)
        if (other != e && s->edges[other].block == s->edges[e].block)
            return 1;
    return 0;
}

void opencl_circulant_tables(frame_schedule *s, const ldpc_code *code, uint32_t *words)
{
    frame_schedule_prepare(s, code);
    const uint32_t q = s->q;
    uint32_t *edge_words = words + q + 1;
    for (uint32_t t = 0; t <= q; t++)
        words[t] = s->layer_offsets[t];
    for (uint32_t t = 0; t < q; t++) {
        uint32_t first = s->layer_offsets[t], end = s->layer_offsets[t + 1];
        for (uint32_t e = first; e < end; e++) {
            const frame_block_edge *edge = &s->edges[e];
            edge_words[e] = edge->block * FRAME_GROUP |
                            (uint32_t)edge->offset << CIRCULANT_OFFSET_SHIFT |
                            (edge->check0_gap ? CIRCULANT_GAP : 0) |
                            (block_reached_twice(s, first, end, e) ? CIRCULANT_ATOMIC : 0);
        }
    }
}
