/* The low-latency layered min-sum decoder for one frame, written once over
 * a small vector vocabulary; lanes are the z checks of a layer (padded to
 * a.lanes, a multiple of 64). An instruction-set file defines, then includes
 * this header:
 *   vec (VEC_LANES int8 lanes, VEC_LANES dividing 64), wide (the same
 *   lanes as int16, natural order), FRAME_FUNCTION(name)
 *   v_load, v_store (64-byte aligned), v_set1, v_zero, v_subs (saturating),
 *   v_min, v_max (signed), v_abs, v_xor, v_select(mask, if_set, if_clear)
 *   (mask lanes all ones or zero), v_select_equal(a, b, if_equal, otherwise),
 *   v_apply_sign(magnitude, s) (-magnitude where s < 0, else magnitude),
 *   v_scale_q4(a, q4) = (a * q4 + 8) >> 4 for a in [0, 127] (rounds half up),
 *   v_any_negative (1 if some lane < 0), v_count_negative (lanes < 0)
 *   w_loadu, w_storeu (any int16 address), w_load, w_store (64-byte aligned),
 *   w_widen (sign-extends), w_narrow (saturates to [-128, 127]), w_add, w_sub,
 *   w_select (as v_select)
 * and optionally w_loadu_from(run, p, first) with FRAME_HAS_W_LOADU_FROM (run
 * with its lanes first.. loaded from p; without it, a load and a blend);
 * w_storeu_first(p, a, count) (lanes 0..count-1 only; the values in memory
 * stay in the others) with FRAME_HAS_W_STOREU_FIRST, which lets the small
 * layers without a repeated block go vector by vector (layer_vectors); and
 * FRAME_LANE_POSITION(i): where the int8 vectors hold the check
 * whose posterior is lane i of a wide (natural, memory order); w_narrow must
 * put lane i there and w_widen take it back. Without it, the identity. Any
 * order serves, the int8 vectors being per-check values only: an order that
 * suits the instruction set's pack and unpack can save the shuffles that
 * would restore the natural one (AVX2).
 * The arithmetic is the reference's (docs/DECODERS.md) lane by lane: narrowing
 * then max(-127) is sat(); posteriors are exact 16-bit sums. The layer is the
 * reference's parallel layer: phase 1 reads the layer-start posteriors of
 * every block edge, phase 2 adds each block edge's message changes in turn
 * (a block repeated in the layer sees the earlier edge's changes). */
#include "common/frame_decoder.h"
#include "code/code_struct.h"
#include "decode/early_termination.h"
#include "decode/fixed_point.h"

#ifndef FRAME_LANE_POSITION
#define FRAME_LANE_POSITION(i) (i)
#endif

static inline vec FRAME_FUNCTION(check_rule)(vec magnitude, const ldpc_decoder_config *config)
{
    if (config->rule == LDPC_RULE_MIN_SUM_OFFSET)
        return v_max(v_subs(magnitude, v_set1((int8_t)config->offset_q)), v_zero());
    return v_scale_q4(magnitude, config->normalization_q4);
}

static inline int16_t *FRAME_FUNCTION(block_post)(const frame_arrays a, uint32_t block)
{
    return a.post + (size_t)block * a.block_stride + FRAME_MARGIN;
}

/* Where lane `lane` of a window starting at `offset` sits in its block
 * (offset + lane < 2 z + 64: the padding lanes may wrap twice). */
static inline uint32_t FRAME_FUNCTION(window_position)(const frame_arrays a, uint32_t offset,
                                                       uint32_t lane)
{
    uint32_t position = offset + lane;
    while (position >= a.group)
        position -= a.group;
    return position;
}

/* VEC_LANES posteriors of a block read cyclically from `position`: one load,
 * and where the run crosses z its wrapped lanes again from the start of the
 * block (the lanes read from the margins are discarded). */
static inline wide FRAME_FUNCTION(load_cyclic)(const frame_arrays a, const int16_t *post,
                                                uint32_t position)
{
    wide run = w_loadu(post + position);
    if (position + VEC_LANES <= a.group)
        return run;
    uint32_t first_wrapped = a.group - position;
#ifdef FRAME_HAS_W_LOADU_FROM
    return w_loadu_from(run, post + position - a.group, first_wrapped);
#else
    return w_select(w_loadu(a.lanes_from + FRAME_MARGIN - first_wrapped),
                    w_loadu(post + position - a.group), run);
#endif
}

/* The inverse: lanes past z go to the slack after the block, and the second
 * store, made only when the run wraps, puts the wrapped lanes at the start
 * while its leading lanes land in the margin before the block. */
static inline void FRAME_FUNCTION(store_cyclic)(const frame_arrays a, int16_t *post,
                                                uint32_t position, wide values)
{
    w_storeu(post + position, values);
    if (position + VEC_LANES > a.group)
        w_storeu(post + position - a.group, values);
}

/* The input t of the checks in lanes c.. from block edge e: sat(posterior -
 * old message), +127 where check 0 lacks the edge; *extrinsic gets posterior
 * - old message. */
static inline vec FRAME_FUNCTION(check_input)(const frame_arrays a, uint32_t e, uint32_t c,
                                              int first_iteration, wide *extrinsic)
{
    const frame_block_edge edge = a.edges[e];
    wide posterior =
        FRAME_FUNCTION(load_cyclic)(a, FRAME_FUNCTION(block_post)(a, edge.block),
                                    FRAME_FUNCTION(window_position)(a, edge.offset, c));
    vec old_message = first_iteration ? v_zero() : v_load(a.c2v + (size_t)e * a.lanes + c);
    *extrinsic = w_sub(posterior, w_widen(old_message));
    vec t = v_max(w_narrow(*extrinsic), v_set1(-127));
    if (edge.check0_gap)
        t = v_select(v_load(a.check0_gap_lanes + c), v_set1(127), t);
    return t;
}

/* Phase 1 of a layer (block edges first..last-1): the inputs t of every check
 * from the layer-start posteriors, kept in a.t (and posterior - old message
 * in a.extrinsic), and per check min1, the two magnitudes it sends and the
 * XOR of its signs. The edge check 0 lacks enters as +127, which changes
 * neither minimum (both start at 127) nor the sign. In the first iteration
 * every old message is 0 and a.c2v, not yet written, is not read (this saves
 * clearing it per frame). */
static void FRAME_FUNCTION(layer_inputs)(const ldpc_decoder_config *config, const frame_arrays a,
                                         uint32_t first, uint32_t last, int first_iteration)
{
    const vec plus127 = v_set1(127);
    for (uint32_t c = 0; c < a.lanes; c += VEC_LANES) {
        vec min1 = plus127, min2 = plus127, signs = v_zero();
        int8_t *t_store = a.t + c;
        int16_t *extrinsic_store = a.extrinsic + c;
        for (uint32_t e = first; e < last; e++, t_store += a.lanes, extrinsic_store += a.lanes) {
            wide extrinsic;
            vec t = FRAME_FUNCTION(check_input)(a, e, c, first_iteration, &extrinsic);
            vec magnitude = v_abs(t);
            min2 = v_min(min2, v_max(min1, magnitude));
            min1 = v_min(min1, magnitude);
            signs = v_xor(signs, t);
            v_store(t_store, t);
            w_store(extrinsic_store, extrinsic);
        }
        v_store(a.min1 + c, min1);
        v_store(a.sent_min1 + c, FRAME_FUNCTION(check_rule)(min1, config));
        v_store(a.sent_min2 + c, FRAME_FUNCTION(check_rule)(min2, config));
        v_store(a.signs + c, signs);
    }
}

/* What phase 2 needs of the checks in lanes c..c+VEC_LANES-1. */
typedef struct {
    vec min1, sent_min1, sent_min2, signs, check0_gap_lanes;
} FRAME_FUNCTION(check_summary);

static inline FRAME_FUNCTION(check_summary) FRAME_FUNCTION(summary_at)(const frame_arrays a,
                                                                       uint32_t c)
{
    return (FRAME_FUNCTION(check_summary)){v_load(a.min1 + c), v_load(a.sent_min1 + c),
                                           v_load(a.sent_min2 + c), v_load(a.signs + c),
                                           v_load(a.check0_gap_lanes + c)};
}

/* The message a check whose input was t sends back: rule(min2) from the
 * edge that holds min1, rule(min1) from the others, with the sign of the
 * other inputs; 0 where check 0 lacks the edge. */
static inline vec FRAME_FUNCTION(message_for)(const FRAME_FUNCTION(check_summary) * checks,
                                              int check0_gap, vec t)
{
    vec magnitude = v_select_equal(v_abs(t), checks->min1, checks->sent_min2, checks->sent_min1);
    vec message = v_apply_sign(magnitude, v_xor(checks->signs, t));
    if (check0_gap)
        message = v_select(checks->check0_gap_lanes, v_zero(), message);
    return message;
}

/* The new message, in lanes c.., of the block edge at layer position j. */
static inline vec FRAME_FUNCTION(new_message)(const frame_arrays a,
                                              const FRAME_FUNCTION(check_summary) * checks,
                                              int check0_gap, uint32_t j, uint32_t c)
{
    return FRAME_FUNCTION(message_for)(checks, check0_gap,
                                       v_load(a.t + (size_t)j * a.lanes + c));
}

/* Phase 2: each block edge's new messages, and its change added to its
 * block's posteriors. The first edge of a block in the layer finds the
 * layer-start values, so the new posterior is the extrinsic of phase 1 plus
 * the new message; these edges touch distinct variables, so they go vector
 * by vector, the checks' summary in registers. (Their padding lanes store the
 * same values as lanes 0..23, from the same extrinsic.) A repeated block has
 * changed since: after them, its window is read again, and completed before
 * it is stored, because the padding lanes of its last vector hold the same
 * variables as the first lanes. The order of the changes to one variable
 * does not matter: they are exact 16-bit sums. */
static void FRAME_FUNCTION(layer_update)(const frame_arrays a, uint32_t first, uint32_t last,
                                         int first_iteration)
{
    for (uint32_t c = 0; c < a.lanes; c += VEC_LANES) {
        const FRAME_FUNCTION(check_summary) checks = FRAME_FUNCTION(summary_at)(a, c);
        for (uint32_t e = first; e < last; e++) {
            const frame_block_edge edge = a.edges[e];
            if (edge.repeated)
                continue;
            const uint32_t j = e - first;
            vec message = FRAME_FUNCTION(new_message)(a, &checks, edge.check0_gap, j, c);
            v_store(a.c2v + (size_t)e * a.lanes + c, message);
            FRAME_FUNCTION(store_cyclic)(
                a, FRAME_FUNCTION(block_post)(a, edge.block),
                FRAME_FUNCTION(window_position)(a, edge.offset, c),
                w_add(w_load(a.extrinsic + (size_t)j * a.lanes + c), w_widen(message)));
        }
    }
    for (uint32_t e = first; e < last; e++) {
        const frame_block_edge edge = a.edges[e];
        if (!edge.repeated)
            continue;
        const uint32_t j = e - first;
        int16_t *post = FRAME_FUNCTION(block_post)(a, edge.block);
        int8_t *c2v = a.c2v + (size_t)e * a.lanes;
        for (uint32_t c = 0; c < a.lanes; c += VEC_LANES) {
            const FRAME_FUNCTION(check_summary) checks = FRAME_FUNCTION(summary_at)(a, c);
            vec message = FRAME_FUNCTION(new_message)(a, &checks, edge.check0_gap, j, c);
            wide old_message = w_widen(first_iteration ? v_zero() : v_load(c2v + c));
            v_store(c2v + c, message);
            wide current = FRAME_FUNCTION(load_cyclic)(
                a, post, FRAME_FUNCTION(window_position)(a, edge.offset, c));
            w_store(a.window + c, w_add(w_sub(current, old_message), w_widen(message)));
        }
        for (uint32_t c = 0; c < a.lanes; c += VEC_LANES)
            FRAME_FUNCTION(store_cyclic)(a, post,
                                         FRAME_FUNCTION(window_position)(a, edge.offset, c),
                                         w_load(a.window + c));
    }
}

#ifdef FRAME_HAS_W_STOREU_FIRST
/* store_cyclic of lanes 0..count-1 only. */
static inline void FRAME_FUNCTION(store_cyclic_first)(const frame_arrays a, int16_t *post,
                                                      uint32_t position, wide values,
                                                      uint32_t count)
{
    w_storeu_first(post + position, values, count);
    if (position + count > a.group)
        w_storeu_first(post + position - a.group, values, count);
}

/* Layers of at most this many block edges go vector by vector: AVX-512 holds
 * such a layer's inputs in its 32 registers; AVX2 and SSE4.1 spill some of
 * theirs, and still measured faster than with the scratch arrays. */
#define FRAME_REGISTER_LAYER_DEGREE 8

/* Both phases of a layer, one vector of checks at a time, with every input
 * in registers instead of a.t and a.extrinsic, for a layer of `degree` block
 * edges (a constant where it is inlined) that meet distinct blocks (no
 * `repeated` edge). Its vectors then read and write distinct variables, so
 * one vector may finish before the next starts, except the padding lanes
 * z..: they repeat checks 0, 1, ..., whose posteriors the first vector has
 * already changed, so their posteriors are not stored (their messages go to
 * their own slots, which no check lane reads). Same operations per check
 * lane as layer_inputs and layer_update, so the same result. */
static inline __attribute__((always_inline)) void FRAME_FUNCTION(layer_in_registers)(
    const ldpc_decoder_config *config, const frame_arrays a, uint32_t first, const uint32_t degree,
    int first_iteration)
{
    const vec plus127 = v_set1(127);
    /* A vector of padding lanes only (16-lane variants, DVB: lanes 368..)
     * has nothing to store and is left out. */
    for (uint32_t c = 0; c < a.group; c += VEC_LANES) {
        vec t[FRAME_REGISTER_LAYER_DEGREE];
        wide extrinsic[FRAME_REGISTER_LAYER_DEGREE];
        vec min1 = plus127, min2 = plus127, signs = v_zero();
#pragma GCC unroll 8
        for (uint32_t j = 0; j < degree; j++) {
            t[j] = FRAME_FUNCTION(check_input)(a, first + j, c, first_iteration, &extrinsic[j]);
            vec magnitude = v_abs(t[j]);
            min2 = v_min(min2, v_max(min1, magnitude));
            min1 = v_min(min1, magnitude);
            signs = v_xor(signs, t[j]);
        }
        const FRAME_FUNCTION(check_summary) checks = {
            min1, FRAME_FUNCTION(check_rule)(min1, config),
            FRAME_FUNCTION(check_rule)(min2, config), signs, v_load(a.check0_gap_lanes + c)};
        const uint32_t check_lanes = c + VEC_LANES <= a.group ? VEC_LANES : a.group - c;
#pragma GCC unroll 8
        for (uint32_t j = 0; j < degree; j++) {
            const frame_block_edge edge = a.edges[first + j];
            vec message = FRAME_FUNCTION(message_for)(&checks, edge.check0_gap, t[j]);
            v_store(a.c2v + (size_t)(first + j) * a.lanes + c, message);
            FRAME_FUNCTION(store_cyclic_first)(a, FRAME_FUNCTION(block_post)(a, edge.block),
                                               FRAME_FUNCTION(window_position)(a, edge.offset, c),
                                               w_add(extrinsic[j], w_widen(message)), check_lanes);
        }
    }
}

/* Decodes the layer of block edges first..last-1 with layer_in_registers
 * where it qualifies (returns 1); 0 where it does not. */
static int FRAME_FUNCTION(layer_vectors)(const ldpc_decoder_config *config, const frame_arrays a,
                                         uint32_t first, uint32_t last, int first_iteration)
{
    for (uint32_t e = first; e < last; e++)
        if (a.edges[e].repeated)
            return 0;
    switch (last - first) {
#define FRAME_REGISTER_CASE(d)                                                                     \
    case d:                                                                                        \
        FRAME_FUNCTION(layer_in_registers)(config, a, first, d, first_iteration);                 \
        return 1;
        FRAME_REGISTER_CASE(3)
        FRAME_REGISTER_CASE(4)
        FRAME_REGISTER_CASE(5)
        FRAME_REGISTER_CASE(6)
        FRAME_REGISTER_CASE(7)
        FRAME_REGISTER_CASE(8)
#undef FRAME_REGISTER_CASE
    default:
        return 0;
    }
}
#endif

/* The parity of the decisions of the checks of block edges first..last-1 in
 * lanes c..c+VEC_LANES-1: the sign of the XOR of their posteriors. */
static inline vec FRAME_FUNCTION(check_parity)(const frame_arrays a, uint32_t first,
                                               uint32_t last, uint32_t c)
{
    vec parity = v_zero();
    for (uint32_t e = first; e < last; e++) {
        const frame_block_edge edge = a.edges[e];
        vec sign = w_narrow(FRAME_FUNCTION(load_cyclic)(
            a, FRAME_FUNCTION(block_post)(a, edge.block),
            FRAME_FUNCTION(window_position)(a, edge.offset, c)));
        if (edge.check0_gap)
            sign = v_select(v_load(a.check0_gap_lanes + c), v_zero(), sign);
        parity = v_xor(parity, sign);
    }
    return parity;
}

static int FRAME_FUNCTION(all_satisfied)(const frame_schedule *s, const frame_arrays a)
{
    for (uint32_t l = 0; l < s->q; l++)
        for (uint32_t c = 0; c < a.lanes; c += VEC_LANES)
            if (v_any_negative(FRAME_FUNCTION(check_parity)(a, s->layer_offsets[l],
                                                            s->layer_offsets[l + 1], c)))
                return 0;
    return 1;
}

/* The padding lanes duplicate checks counted in lanes 0, 1, ...: left out. */
static uint32_t FRAME_FUNCTION(count_unsatisfied)(const frame_schedule *s, const frame_arrays a)
{
    uint32_t unsatisfied = 0;
    for (uint32_t l = 0; l < s->q; l++)
        for (uint32_t c = 0; c < a.lanes; c += VEC_LANES)
            unsatisfied += (uint32_t)v_count_negative(
                v_select(v_load(a.padding_lanes + c), v_zero(),
                         FRAME_FUNCTION(check_parity)(a, s->layer_offsets[l],
                                                      s->layer_offsets[l + 1], c)));
    return unsatisfied;
}

/* A block's z channel values: src[i * stride]. Block by block: walking the
 * parity bits of a DVB code in codeword order instead (sequential reads, q
 * blocks written at once) measured slower, up to 3x when the block stride
 * was 1 KiB. */
static inline void FRAME_FUNCTION(load_block)(int16_t *post, const int8_t *src, size_t stride,
                                              uint32_t z)
{
    for (uint32_t i = 0; i < z; i++)
        post[i] = q_from_input(src[i * stride]);
}

static inline void FRAME_FUNCTION(export_block)(uint8_t *out, const int16_t *post, size_t stride,
                                                uint32_t z)
{
    for (uint32_t i = 0; i < z; i++)
        out[i * stride] = (uint8_t)(post[i] < 0);
}

/* Blocks 0..groups-1 are runs of consecutive bits (a literal stride of 1
 * lets the compiler vectorise them); DVB parity block t holds every q-th bit
 * from k + t. */
static void FRAME_FUNCTION(load_channel)(const ldpc_code *code, const frame_schedule *s,
                                         const frame_arrays a, const int8_t *q)
{
    for (uint32_t b = 0; b < s->groups; b++)
        FRAME_FUNCTION(load_block)(FRAME_FUNCTION(block_post)(a, b), q + (size_t)b * a.group,
                                   1, a.group);
    for (uint32_t t = 0; s->groups + t < s->blocks; t++)
        FRAME_FUNCTION(load_block)(FRAME_FUNCTION(block_post)(a, s->groups + t), q + code->k + t,
                                   s->q, a.group);
}

static void FRAME_FUNCTION(export_bits)(const ldpc_code *code, const frame_schedule *s,
                                        const frame_arrays a, uint8_t *bits)
{
    for (uint32_t b = 0; b < s->groups; b++)
        FRAME_FUNCTION(export_block)(bits + (size_t)b * a.group,
                                     FRAME_FUNCTION(block_post)(a, b), 1, a.group);
    for (uint32_t t = 0; s->groups + t < s->blocks; t++)
        FRAME_FUNCTION(export_block)(bits + code->k + t,
                                     FRAME_FUNCTION(block_post)(a, s->groups + t), s->q, a.group);
}

/* The lane masks in this variant's int8 lane order (a few hundred bytes: per
 * frame rather than a hook per variant at creation). */
static void FRAME_FUNCTION(order_lane_masks)(const frame_arrays a)
{
    for (uint32_t i = 0; i < a.lanes; i++) {
        uint32_t at = i - i % VEC_LANES + (uint32_t)FRAME_LANE_POSITION(i % VEC_LANES);
        a.check0_gap_lanes[at] = (int8_t)(i == 0 || i == a.group ? -1 : 0);
        a.padding_lanes[at] = (int8_t)(i < a.group ? 0 : -1);
    }
}

void FRAME_FUNCTION(frame_decode)(const ldpc_code *code, const ldpc_decoder_config *config,
                                  frame_workspace *ws, const int8_t *q, uint8_t *bits,
                                  ldpc_frame_stats *stats)
{
    const frame_schedule *s = &ws->schedule;
    frame_arrays a = ws->a;
    a.group = s->group;
    a.lanes = s->lanes;
    a.block_stride = s->block_stride;
    const uint32_t layers = s->q, *layer_offsets = s->layer_offsets;
    FRAME_FUNCTION(order_lane_masks)(a);
    FRAME_FUNCTION(load_channel)(code, s, a, q);
    uint32_t iteration = 0;
    int converged = 0;
    while (iteration < config->max_iterations && !converged) {
        iteration++;
        for (uint32_t l = 0; l < layers; l++) {
#ifdef FRAME_HAS_W_STOREU_FIRST
            if (FRAME_FUNCTION(layer_vectors)(config, a, layer_offsets[l], layer_offsets[l + 1],
                                              iteration == 1))
                continue;
#endif
            FRAME_FUNCTION(layer_inputs)(config, a, layer_offsets[l], layer_offsets[l + 1],
                                         iteration == 1);
            FRAME_FUNCTION(layer_update)(a, layer_offsets[l], layer_offsets[l + 1],
                                         iteration == 1);
        }
        if (syndrome_due(config, iteration))
            converged = FRAME_FUNCTION(all_satisfied)(s, a);
    }
    FRAME_FUNCTION(export_bits)(code, s, a, bits);
    if (stats == NULL)
        return;
    uint32_t corrected = 0;
    for (uint32_t v = 0; v < code->n; v++)
        corrected += bits[v] != (uint8_t)(q[v] < 0);
    stats->iterations = iteration;
    stats->unsatisfied_checks = converged ? 0 : FRAME_FUNCTION(count_unsatisfied)(s, a);
    stats->converged = stats->unsatisfied_checks == 0;
    stats->corrected_bits = corrected;
}
