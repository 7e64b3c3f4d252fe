/* The low-latency layered min-sum decoder for one DVB frame, written once over
 * a small vector vocabulary; lanes are the 360 checks of a layer (padded to
 * FRAME_LANES). An instruction-set file defines, then includes this header:
 *   vec (VEC_LANES int8 lanes, VEC_LANES dividing FRAME_LANES), wide (the same
 *   lanes as int16, natural order), FRAME_FUNCTION(name)
 *   v_load, v_store (64-byte aligned), v_set1, v_zero, v_subs (saturating),
 *   v_sub (wrapping), v_min, v_max (signed), v_abs, v_xor, v_negative_mask
 *   (lanes < 0 -> all ones), v_equal_mask, v_select(mask, if_set, if_clear),
 *   v_scale_q4(a, q4) = (a * q4 + 8) >> 4 for a in [0, 127] (rounds half up),
 *   v_any_negative (1 if some lane < 0)
 *   w_loadu, w_storeu (any int16 address), w_load, w_store (64-byte aligned),
 *   w_widen (sign-extends, natural order), w_narrow (saturates to
 *   [-128, 127], natural order), w_add, w_sub, w_select (as v_select)
 * The arithmetic is the reference's (docs/DECODERS.md) lane by lane: narrowing
 * then max(-127) is sat(); posteriors are exact 16-bit sums. The layer is the
 * reference's parallel layer: phase 1 reads the layer-start posteriors of
 * every block edge, phase 2 adds each block edge's message changes in turn
 * (a block repeated in the layer sees the earlier edge's changes). */
#include <string.h>

#include "common/frame_decoder.h"
#include "decode/early_termination.h"

static inline vec FRAME_FUNCTION(check_rule)(vec magnitude, const ldpc_decoder_config *config)
{
    if (config->rule == LDPC_RULE_MIN_SUM_OFFSET)
        return v_max(v_subs(magnitude, v_set1((int8_t)config->offset_q)), v_zero());
    return v_scale_q4(magnitude, config->normalization_q4);
}

static inline int16_t *FRAME_FUNCTION(block_post)(frame_workspace *ws, uint32_t block)
{
    return ws->post + (size_t)block * FRAME_BLOCK_STRIDE + FRAME_MARGIN;
}

/* Where lane `lane` of a window starting at `offset` sits in its block
 * (offset + lane < 744: the padding lanes may wrap twice). */
static inline uint32_t FRAME_FUNCTION(window_position)(uint32_t offset, uint32_t lane)
{
    uint32_t position = offset + lane;
    while (position >= FRAME_GROUP)
        position -= FRAME_GROUP;
    return position;
}

/* VEC_LANES posteriors of a block read cyclically from `position`: one load,
 * or two blended where the run crosses 360 (the lanes read from the margins
 * are discarded). lanes_from: ws->lanes_from. */
static inline wide FRAME_FUNCTION(load_cyclic)(const int16_t *ws_lanes_from, const int16_t *post,
                                                uint32_t position)
{
    wide run = w_loadu(post + position);
    if (position + VEC_LANES <= FRAME_GROUP)
        return run;
    uint32_t first_wrapped = FRAME_GROUP - position;
    return w_select(w_loadu(ws_lanes_from + FRAME_MARGIN - first_wrapped),
                    w_loadu(post + position - FRAME_GROUP), run);
}

/* The inverse: lanes past 360 go to the slack after the block, and the second
 * store, made only when the run wraps, puts the wrapped lanes at the start
 * while its leading lanes land in the margin before the block. */
static inline void FRAME_FUNCTION(store_cyclic)(int16_t *post, uint32_t position, wide values)
{
    w_storeu(post + position, values);
    if (position + VEC_LANES > FRAME_GROUP)
        w_storeu(post + position - FRAME_GROUP, values);
}

/* Phase 1 of a layer (block edges first..last-1): the inputs t of every check
 * from the layer-start posteriors, kept in ws->t (and posterior - old message
 * in ws->extrinsic), and per check min1, the two magnitudes it sends and the
 * XOR of its signs. The edge check 0 lacks enters as +127, which changes
 * neither minimum (both start at 127) nor the sign. */
static void FRAME_FUNCTION(layer_inputs)(const ldpc_decoder_config *config, frame_workspace *ws,
                                         uint32_t first, uint32_t last)
{
    const frame_block_edge *edges = ws->schedule.edges;
    const vec minus127 = v_set1(-127), plus127 = v_set1(127);
    for (uint32_t c = 0; c < FRAME_LANES; c += VEC_LANES) {
        vec min1 = plus127, min2 = plus127, signs = v_zero();
        int8_t *t_store = ws->t + c;
        int16_t *extrinsic_store = ws->extrinsic + c;
        for (uint32_t e = first; e < last;
             e++, t_store += FRAME_LANES, extrinsic_store += FRAME_LANES) {
            wide posterior = FRAME_FUNCTION(load_cyclic)(ws->lanes_from, 
                FRAME_FUNCTION(block_post)(ws, edges[e].block),
                FRAME_FUNCTION(window_position)(edges[e].offset, c));
            wide extrinsic =
                w_sub(posterior, w_widen(v_load(ws->c2v + (size_t)e * FRAME_LANES + c)));
            vec t = v_max(w_narrow(extrinsic), minus127);
            if (edges[e].check0_gap)
                t = v_select(v_load(ws->check0_gap_lanes + c), plus127, t);
            vec magnitude = v_abs(t);
            min2 = v_min(min2, v_max(min1, magnitude));
            min1 = v_min(min1, magnitude);
            signs = v_xor(signs, t);
            v_store(t_store, t);
            w_store(extrinsic_store, extrinsic);
        }
        v_store(ws->min1 + c, min1);
        v_store(ws->sent_min1 + c, FRAME_FUNCTION(check_rule)(min1, config));
        v_store(ws->sent_min2 + c, FRAME_FUNCTION(check_rule)(min2, config));
        v_store(ws->signs + c, signs);
    }
}

/* The new message of block edge e (layer position j) in lanes c.. */
static inline vec FRAME_FUNCTION(new_message)(const frame_workspace *ws,
                                              const frame_block_edge *edge, uint32_t j,
                                              uint32_t c)
{
    vec t = v_load(ws->t + (size_t)j * FRAME_LANES + c);
    vec magnitude = v_select(v_equal_mask(v_abs(t), v_load(ws->min1 + c)),
                             v_load(ws->sent_min2 + c), v_load(ws->sent_min1 + c));
    vec negative = v_negative_mask(v_xor(v_load(ws->signs + c), t));
    vec message = v_sub(v_xor(magnitude, negative), negative);
    if (edge->check0_gap)
        message = v_select(v_load(ws->check0_gap_lanes + c), v_zero(), message);
    return message;
}

/* Phase 2: each block edge's new messages, and its change added to its
 * block's posteriors. The first edge of a block in the layer finds the
 * layer-start values, so the new posterior is the extrinsic of phase 1 plus
 * the new message. A repeated block has changed since: its window is read
 * again, and completed before it is stored, because the padding lanes of its
 * last vector hold the same variables as the first lanes. */
static void FRAME_FUNCTION(layer_update)(frame_workspace *ws, uint32_t first, uint32_t last)
{
    const frame_block_edge *edges = ws->schedule.edges;
    for (uint32_t e = first; e < last; e++) {
        const frame_block_edge *edge = &edges[e];
        const uint32_t j = e - first;
        int16_t *post = FRAME_FUNCTION(block_post)(ws, edge->block);
        int8_t *c2v = ws->c2v + (size_t)e * FRAME_LANES;
        if (!edge->repeated) {
            const int16_t *extrinsic = ws->extrinsic + (size_t)j * FRAME_LANES;
            for (uint32_t c = 0; c < FRAME_LANES; c += VEC_LANES) {
                vec message = FRAME_FUNCTION(new_message)(ws, edge, j, c);
                v_store(c2v + c, message);
                FRAME_FUNCTION(store_cyclic)(post,
                                             FRAME_FUNCTION(window_position)(edge->offset, c),
                                             w_add(w_load(extrinsic + c), w_widen(message)));
            }
            continue;
        }
        for (uint32_t c = 0; c < FRAME_LANES; c += VEC_LANES) {
            vec message = FRAME_FUNCTION(new_message)(ws, edge, j, c);
            wide old_message = w_widen(v_load(c2v + c));
            v_store(c2v + c, message);
            wide current = FRAME_FUNCTION(load_cyclic)(ws->lanes_from, 
                post, FRAME_FUNCTION(window_position)(edge->offset, c));
            w_store(ws->window + c, w_add(w_sub(current, old_message), w_widen(message)));
        }
        for (uint32_t c = 0; c < FRAME_LANES; c += VEC_LANES)
            FRAME_FUNCTION(store_cyclic)(post, FRAME_FUNCTION(window_position)(edge->offset, c),
                                         w_load(ws->window + c));
    }
}

/* The parity of the decisions of layer l's checks in lanes c..c+VEC_LANES-1:
 * the sign of the XOR of their posteriors. */
static inline vec FRAME_FUNCTION(check_parity)(frame_workspace *ws, uint32_t layer, uint32_t c)
{
    const frame_block_edge *edges = ws->schedule.edges;
    vec parity = v_zero();
    for (uint32_t e = ws->schedule.layer_offsets[layer]; e < ws->schedule.layer_offsets[layer + 1];
         e++) {
        vec sign = w_narrow(FRAME_FUNCTION(load_cyclic)(ws->lanes_from, 
            FRAME_FUNCTION(block_post)(ws, edges[e].block),
            FRAME_FUNCTION(window_position)(edges[e].offset, c)));
        if (edges[e].check0_gap)
            sign = v_select(v_load(ws->check0_gap_lanes + c), v_zero(), sign);
        parity = v_xor(parity, sign);
    }
    return parity;
}

static int FRAME_FUNCTION(all_satisfied)(frame_workspace *ws)
{
    for (uint32_t l = 0; l < ws->schedule.q; l++)
        for (uint32_t c = 0; c < FRAME_LANES; c += VEC_LANES)
            if (v_any_negative(FRAME_FUNCTION(check_parity)(ws, l, c)))
                return 0;
    return 1;
}

static uint32_t FRAME_FUNCTION(count_unsatisfied)(frame_workspace *ws)
{
    const uint32_t layers = ws->schedule.q;
    for (uint32_t l = 0; l < layers; l++)
        for (uint32_t c = 0; c < FRAME_LANES; c += VEC_LANES)
            v_store(ws->parity + (size_t)l * FRAME_LANES + c,
                    FRAME_FUNCTION(check_parity)(ws, l, c));
    uint32_t unsatisfied = 0;
    for (uint32_t l = 0; l < layers; l++)
        for (uint32_t i = 0; i < FRAME_GROUP; i++)
            unsatisfied += ws->parity[(size_t)l * FRAME_LANES + i] < 0;
    return unsatisfied;
}

/* Block b's 360 channel values: src[i * stride]. */
static void FRAME_FUNCTION(load_block)(int16_t *post, const int8_t *src, size_t stride)
{
    for (uint32_t i = 0; i < FRAME_GROUP; i++)
        post[i] = src[i * stride];
}

static void FRAME_FUNCTION(load_channel)(const ldpc_code *code, frame_workspace *ws,
                                         const int8_t *q)
{
    const uint32_t groups = ws->schedule.groups, layers = ws->schedule.q;
    for (uint32_t g = 0; g < groups; g++)
        FRAME_FUNCTION(load_block)(FRAME_FUNCTION(block_post)(ws, g), q + (size_t)g * FRAME_GROUP,
                                   1);
    for (uint32_t t = 0; t < layers; t++)
        FRAME_FUNCTION(load_block)(FRAME_FUNCTION(block_post)(ws, groups + t), q + code->k + t,
                                   layers);
}

static void FRAME_FUNCTION(export_bits)(const ldpc_code *code, frame_workspace *ws,
                                        uint8_t *bits)
{
    const uint32_t groups = ws->schedule.groups, layers = ws->schedule.q;
    for (uint32_t g = 0; g < groups; g++) {
        const int16_t *post = FRAME_FUNCTION(block_post)(ws, g);
        uint8_t *out = bits + (size_t)g * FRAME_GROUP;
        for (uint32_t i = 0; i < FRAME_GROUP; i++)
            out[i] = (uint8_t)(post[i] < 0);
    }
    for (uint32_t t = 0; t < layers; t++) {
        const int16_t *post = FRAME_FUNCTION(block_post)(ws, groups + t);
        uint8_t *out = bits + code->k + t;
        for (uint32_t i = 0; i < FRAME_GROUP; i++)
            out[(size_t)i * layers] = (uint8_t)(post[i] < 0);
    }
}

void FRAME_FUNCTION(frame_decode)(const ldpc_code *code, const ldpc_decoder_config *config,
                                  frame_workspace *ws, const int8_t *q, uint8_t *bits,
                                  ldpc_frame_stats *stats)
{
    const uint32_t *layer_offsets = ws->schedule.layer_offsets;
    FRAME_FUNCTION(load_channel)(code, ws, q);
    memset(ws->c2v, 0, (size_t)ws->schedule.edge_count * FRAME_LANES);
    uint32_t iteration = 0;
    int converged = 0;
    while (iteration < config->max_iterations && !converged) {
        iteration++;
        for (uint32_t l = 0; l < ws->schedule.q; l++) {
            FRAME_FUNCTION(layer_inputs)(config, ws, layer_offsets[l], layer_offsets[l + 1]);
            FRAME_FUNCTION(layer_update)(ws, layer_offsets[l], layer_offsets[l + 1]);
        }
        if (syndrome_due(config, iteration))
            converged = FRAME_FUNCTION(all_satisfied)(ws);
    }
    FRAME_FUNCTION(export_bits)(code, ws, bits);
    if (stats == NULL)
        return;
    uint32_t corrected = 0;
    for (uint32_t v = 0; v < code->n; v++)
        corrected += bits[v] != (uint8_t)(q[v] < 0);
    stats->iterations = iteration;
    stats->unsatisfied_checks = converged ? 0 : FRAME_FUNCTION(count_unsatisfied)(ws);
    stats->converged = stats->unsatisfied_checks == 0;
    stats->corrected_bits = corrected;
}
