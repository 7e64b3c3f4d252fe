/* The inter-frame layered min-sum decoder, written once over a small vector
 * vocabulary. An instruction-set file defines, then includes this header:
 *   vec (VEC_LANES int8 lanes), wide (the same lanes as int16, two registers),
 *   SIMD_FUNCTION(name)
 *   v_load, v_store, v_set1, v_zero, v_subs (saturating), v_sub
 *   (wrapping), v_min, v_max (signed), v_abs, v_xor, v_and, v_or,
 *   v_negative_mask (lanes < 0 -> all ones), v_equal_mask, v_greater_mask
 *   (signed a > b), v_select(mask, if_set, if_clear),
 *   v_scale_q4(a, q4) = (a * q4 + 8) >> 4 for a in [0, 127] (rounds half up)
 *   w_load(const int16_t *), w_store(int16_t *, wide) (2 * VEC_LANES int16),
 *   w_widen(vec), w_narrow(wide) (saturating to [-128, 127], the inverse lane
 *   order of w_widen), w_add, w_sub, w_xor, w_or, w_select(mask, if_set,
 *   if_clear)
 * and, between that vocabulary and this header, simd_lane_results_template.h
 * with its tile vocabulary (the saturated template uses it too).
 * SIMD_CHECKS_IN_REGISTERS (defined by an instruction set of 32 vector
 * registers) keeps the inputs of checks of degree <= 8 in registers.
 * The operations are the reference's (docs/DECODERS.md) applied lane-wise:
 * narrowing then max(-127) is sat(); posteriors are exact 16-bit sums. */
#include "common/simd_lane_results.h"
#include "code/code_struct.h"
#include "common/simd_layered.h"

static inline vec SIMD_FUNCTION(check_rule)(vec magnitude, const ldpc_decoder_config *config)
{
    if (config->rule == LDPC_RULE_MIN_SUM_OFFSET)
        return v_max(v_subs(magnitude, v_set1((int8_t)config->offset_q)), v_zero());
    return v_scale_q4(magnitude, config->normalization_q4);
}

static inline int16_t *SIMD_FUNCTION(post_of)(simd_workspace *ws, uint32_t variable)
{
    return ws->post + (size_t)variable * VEC_LANES;
}

/* The posteriors and messages a check will need, requested a few checks ahead:
 * the variables of a check are scattered over megabytes of posteriors, which
 * the hardware prefetcher cannot predict. */
#define SIMD_PREFETCH_DISTANCE 4
static void SIMD_FUNCTION(prefetch_check)(const ldpc_code *code, simd_workspace *ws,
                                          uint32_t check)
{
    for (uint32_t e = code->check_offsets[check]; e < code->check_offsets[check + 1]; e++) {
        const char *post = (const char *)SIMD_FUNCTION(post_of)(ws, code->check_var[e]);
        for (size_t line = 0; line < VEC_LANES * sizeof(int16_t); line += 64)
            __builtin_prefetch(post + line, 1);
    }
    const char *record = (const char *)simd_check_record(ws, code, check, VEC_LANES);
    for (size_t line = 0; line < simd_check_record_bytes(code, VEC_LANES); line += 64)
        __builtin_prefetch(record + line, 1);
}

/* The message check c sent on its j-th edge at the previous iteration, rebuilt
 * from its record (simd_layered.h): the edge idx got min2, the others min1
 * (sent_min1 and sent_min2, loaded from the record), with the sign of bit j. */
static inline vec SIMD_FUNCTION(old_message)(const int8_t *record, vec sent_min1, vec sent_min2,
                                             uint32_t j)
{
    vec magnitude = v_select(v_equal_mask(v_load(record + 2 * VEC_LANES), v_set1((int8_t)j)),
                             sent_min2, sent_min1);
    const vec bit = v_set1((int8_t)(1u << (j % 8)));
    vec negative = v_equal_mask(v_and(v_load(record + (3 + j / 8) * VEC_LANES), bit), bit);
    return v_sub(v_xor(magnitude, negative), negative);
}

/* One check of a layer. Its variables' posteriors are the layer-start values
 * except where an earlier check of the layer shared the variable: those
 * `repeats` edges (ascending) read the layer-start value from ws->snapshot, so
 * that the result is the reference's parallel layer (docs/DECODERS.md). Either
 * way the posterior update adds the message change to the current value.
 * The lanes that start a frame at this iteration (keep 0) read their old
 * messages as 0: zero magnitudes, whatever the previous frame left in their
 * record. Each edge's input t and extrinsic wait in t[j] and extrinsic[j]
 * between the two passes: registers where this is inlined with a constant
 * degree, the workspace's scratch otherwise. */
static inline __attribute__((always_inline)) void SIMD_FUNCTION(update_check_with)(
    const ldpc_code *code, const ldpc_decoder_config *config, simd_workspace *ws, uint32_t check,
    const uint32_t degree, const uint32_t *repeat_edges, const uint32_t *repeat_slots,
    uint32_t repeats, vec keep, vec *t, wide *extrinsic)
{
    const uint32_t first = code->check_offsets[check];
    const vec minus127 = v_set1(-127);
    int8_t *record = simd_check_record(ws, code, check, VEC_LANES);
    const vec old_min1 = v_and(v_load(record), keep);
    const vec old_min2 = v_and(v_load(record + VEC_LANES), keep);
    vec min1 = v_set1(127), min2 = v_set1(127), signs = v_zero(), idx1 = v_zero();
    uint32_t r = 0;
#pragma GCC unroll 8
    for (uint32_t j = 0; j < degree; j++) {
        uint32_t e = first + j;
        wide old_message = w_widen(SIMD_FUNCTION(old_message)(record, old_min1, old_min2, j));
        extrinsic[j] = w_sub(w_load(SIMD_FUNCTION(post_of)(ws, code->check_var[e])), old_message);
        if (r < repeats && repeat_edges[r] == e) {
            const int16_t *layer_start = ws->snapshot + (size_t)repeat_slots[r++] * VEC_LANES;
            t[j] = v_max(w_narrow(w_sub(w_load(layer_start), old_message)), minus127);
        } else {
            t[j] = v_max(w_narrow(extrinsic[j]), minus127);
        }
        vec magnitude = v_abs(t[j]);
        /* The first edge reaching the minimum gets min2 (the reference's idx1). */
        idx1 = v_select(v_greater_mask(min1, magnitude), v_set1((int8_t)j), idx1);
        min2 = v_min(min2, v_max(min1, magnitude));
        min1 = v_min(min1, magnitude);
        signs = v_xor(signs, t[j]);
    }
    /* Only min1 and min2 are ever sent, so the rule is applied to them once. */
    const vec sent_min1 = SIMD_FUNCTION(check_rule)(min1, config);
    const vec sent_min2 = SIMD_FUNCTION(check_rule)(min2, config);
    vec sign_bits = v_zero();
#pragma GCC unroll 8
    for (uint32_t j = 0; j < degree; j++) {
        vec magnitude = v_select(v_equal_mask(idx1, v_set1((int8_t)j)), sent_min2, sent_min1);
        vec negative = v_negative_mask(v_xor(signs, t[j]));
        vec message = v_sub(v_xor(magnitude, negative), negative);
        w_store(SIMD_FUNCTION(post_of)(ws, code->check_var[first + j]),
                w_add(extrinsic[j], w_widen(message)));
        sign_bits = v_or(sign_bits, v_and(negative, v_set1((int8_t)(1u << (j % 8)))));
        if (j % 8 == 7 || j + 1 == degree) {
            v_store(record + (3 + j / 8) * VEC_LANES, sign_bits);
            sign_bits = v_zero();
        }
    }
    v_store(record, sent_min1);
    v_store(record + VEC_LANES, sent_min2);
    v_store(record + 2 * VEC_LANES, idx1);
}

static void SIMD_FUNCTION(update_check)(const ldpc_code *code, const ldpc_decoder_config *config,
                                        simd_workspace *ws, uint32_t check,
                                        const uint32_t *repeat_edges, const uint32_t *repeat_slots,
                                        uint32_t repeats, vec keep)
{
    const uint32_t degree = code->check_offsets[check + 1] - code->check_offsets[check];
#ifdef SIMD_CHECKS_IN_REGISTERS
    /* Up to degree 8 AVX-512's 32 registers hold the inputs: normal 1/2
     * 1.17-1.2x, MacKay 4000x8000 1.04-1.14x; with AVX2's 16 they spill and
     * lost, 0.63-0.97x (docs/CPU.md, "Inter-frame decoders"). */
    vec t[8];
    wide extrinsic[8];
    switch (degree) {
#define SIMD_REGISTER_CASE(d)                                                                      \
    case d:                                                                                        \
        SIMD_FUNCTION(update_check_with)(code, config, ws, check, d, repeat_edges, repeat_slots,   \
                                         repeats, keep, t, extrinsic);                             \
        return;
        SIMD_REGISTER_CASE(2)
        SIMD_REGISTER_CASE(3)
        SIMD_REGISTER_CASE(4)
        SIMD_REGISTER_CASE(5)
        SIMD_REGISTER_CASE(6)
        SIMD_REGISTER_CASE(7)
        SIMD_REGISTER_CASE(8)
#undef SIMD_REGISTER_CASE
    }
#endif
    /* The scratch is written and read only as these types. */
    SIMD_FUNCTION(update_check_with)(code, config, ws, check, degree, repeat_edges, repeat_slots,
                                     repeats, keep, (vec *)(void *)ws->t,
                                     (wide *)(void *)ws->t_wide);
}

/* Copies the layer-start posteriors of the variables layer l's checks share. */
static void SIMD_FUNCTION(take_snapshot)(const ldpc_code *code, simd_workspace *ws, uint32_t l)
{
    const uint32_t first = code->layer_snapshot_offsets[l];
    for (uint32_t i = first; i < code->layer_snapshot_offsets[l + 1]; i++)
        w_store(ws->snapshot + (size_t)(i - first) * VEC_LANES,
                w_load(SIMD_FUNCTION(post_of)(ws, code->layer_snapshot_vars[i])));
}

static void SIMD_FUNCTION(layered_iteration)(const ldpc_code *code,
                                             const ldpc_decoder_config *config, simd_workspace *ws,
                                             vec keep)
{
    for (uint32_t l = 0; l < code->layer_count; l++) {
        if (code->layer_repeat_count > 0)
            SIMD_FUNCTION(take_snapshot)(code, ws, l);
        for (uint32_t i = code->layer_offsets[l]; i < code->layer_offsets[l + 1]; i++) {
            if (i + SIMD_PREFETCH_DISTANCE < code->m)
                SIMD_FUNCTION(prefetch_check)(code, ws,
                                              code->layer_checks[i + SIMD_PREFETCH_DISTANCE]);
            const uint32_t *repeat_edges = NULL, *repeat_slots = NULL;
            uint32_t repeats = 0;
            if (code->layer_repeat_count > 0) {
                uint32_t first = code->check_repeat_offsets[i];
                repeat_edges = code->check_repeat_edges + first;
                repeat_slots = code->check_repeat_slots + first;
                repeats = code->check_repeat_offsets[i + 1] - first;
            }
            SIMD_FUNCTION(update_check)(code, config, ws, code->layer_checks[i], repeat_edges,
                                        repeat_slots, repeats, keep);
        }
    }
}

/* Marks, in ws->lane_bytes, the lanes whose decision fails some check: the sign
 * of the XOR of the posteriors of a check is its parity. */
static void SIMD_FUNCTION(syndrome)(const ldpc_code *code, simd_workspace *ws)
{
    wide failing = w_widen(v_zero());
    for (uint32_t check = 0; check < code->m; check++) {
        wide parity = w_widen(v_zero());
        for (uint32_t e = code->check_offsets[check]; e < code->check_offsets[check + 1]; e++)
            parity = w_xor(parity, w_load(SIMD_FUNCTION(post_of)(ws, code->check_var[e])));
        failing = w_or(failing, parity);
    }
    v_store(ws->lane_bytes, w_narrow(failing));
}

/* Narrows every posterior into ws->decided (natural lane order). */
static void SIMD_FUNCTION(export_decisions)(const ldpc_code *code, simd_workspace *ws)
{
    for (uint32_t v = 0; v < code->n; v++)
        v_store(ws->decided + (size_t)v * VEC_LANES,
                w_narrow(w_load(SIMD_FUNCTION(post_of)(ws, v))));
}

/* The lanes that start a frame (keep 0) take their channel values as
 * posteriors; the others keep theirs. */
static void SIMD_FUNCTION(start_posteriors)(const ldpc_code *code, simd_workspace *ws, vec keep)
{
    const wide keep_wide = w_widen(keep);
    for (uint32_t v = 0; v < code->n; v++) {
        int16_t *post = SIMD_FUNCTION(post_of)(ws, v);
        w_store(post, w_select(keep_wide, w_load(post),
                               w_widen(v_load(ws->channel + (size_t)v * VEC_LANES))));
    }
}

void SIMD_FUNCTION(layered_decode)(const ldpc_code *code, const ldpc_decoder_config *config,
                                   simd_workspace *ws, simd_frame_source *source)
{
    simd_lane_results lanes;
    simd_lanes_begin(&lanes, code, config, ws, ws->channel, &SIMD_FUNCTION(lane_vector_ops),
                     source);
    simd_lanes_start start;
    while ((start = simd_lanes_refill(&lanes)) != SIMD_LANES_DONE) {
        const vec keep = v_load(lanes.keep);
        if (start != SIMD_LANES_RUNNING)
            SIMD_FUNCTION(start_posteriors)(code, ws, keep);
        SIMD_FUNCTION(layered_iteration)(code, config, ws, keep);
        const simd_lanes_check check = simd_lanes_advance(&lanes);
        if (check == SIMD_CHECK_NONE)
            continue;
        if (check == SIMD_CHECK_SYNDROME) {
            SIMD_FUNCTION(syndrome)(code, ws);
            if (simd_lanes_converged(&lanes) == 0)
                continue;
        }
        SIMD_FUNCTION(export_decisions)(code, ws);
        /* The narrowed posteriors keep their signs, so their parities are the
         * exact posteriors'. */
        SIMD_FUNCTION(record_due_lanes)(code, ws, &lanes, check);
    }
}
