/* The inter-frame layered min-sum with saturated 8-bit posteriors
 * (config->posterior_bits 8; src/decode/ref_fixed_saturated.c defines it),
 * written once over the vector vocabulary of simd_layered_template.h, which
 * an instruction-set file includes first (this one shares its check_rule),
 * plus:
 *   v_adds (saturating add),
 *   v_negate_where_negative(a, s): -a in the lanes where s < 0, a elsewhere,
 * and a message store (common/saturated_byte_messages.h has its interface):
 * how a check's messages are kept from one iteration to the next.
 * Everything is int8 and interleaved [index][lane] in natural lane order, so
 * nothing is widened: posteriors (ws->decided, which are therefore always
 * ready to report) and the messages of every edge (ws->messages), the method
 * of Le Gal et al.'s x86 decoders. The messages are stored in the order the
 * checks are updated, so they stream through the cache sequentially, which
 * the hardware prefetcher follows; AVX-512 can store them compressed, as two
 * lane masks per edge, which its mask registers rebuild in two operations.
 * Checks run one after another in layer_checks order, each reading what the
 * previous one wrote: that is the reference's order, so no snapshots are
 * needed. */
#include "common/simd_lane_results.h"
#include "code/code_struct.h"
#include "common/simd_layered.h"

static inline int8_t *SIMD_FUNCTION(saturated_post_of)(int8_t *post, uint32_t variable)
{
    return post + (size_t)variable * VEC_LANES;
}

/* One check (docs/DECODERS.md, "Saturated posteriors"): t = sat(post - c2v),
 * magnitudes capped, then post = sat(t + c2v'). The edge that attains min1
 * gets min2: comparing each capped magnitude with min1 finds it without
 * tracking its index, because where several edges attain min1, min2 equals
 * min1 and every edge gets the same magnitude, as in the reference.
 * start (a constant where it is inlined) says which lanes start a frame at
 * this iteration, and so read their old messages as 0: all of them (the
 * messages are not read at all, nor need clearing), those with keep 0 (the
 * previous frame's messages are masked), or none. The arrays come as
 * arguments rather than through ws: int8 stores may alias the workspace's
 * pointers, which would then be reloaded after every store. */
static inline void SIMD_FUNCTION(saturated_check)(const ldpc_decoder_config *config,
                                                  int8_t *post, int8_t *t_scratch,
                                                  const uint32_t *variables, uint32_t degree,
                                                  saturated_messages *messages, vec cap,
                                                  simd_lanes_start start, vec keep,
                                                  simd_message_store form)
{
    const vec minus127 = v_set1(-127);
    vec min1 = v_set1(127), min2 = v_set1(127), signs = v_zero();
    saturated_sent sent = {0};
    if (start != SIMD_LANES_ALL_START)
        sent = saturated_sent_load(messages, form);
    for (uint32_t j = 0; j < degree; j++) {
        vec current = v_load(SIMD_FUNCTION(saturated_post_of)(post, variables[j])), t = current;
        if (start != SIMD_LANES_ALL_START) {
            vec old = saturated_sent_message(&sent, j, form);
            if (start == SIMD_LANES_SOME_START)
                old = v_and(old, keep);
            t = v_max(v_subs(current, old), minus127);
        }
        vec magnitude = v_min(v_abs(t), cap);
        min2 = v_min(min2, v_max(min1, magnitude));
        min1 = v_min(min1, magnitude);
        signs = v_xor(signs, t);
        v_store(t_scratch + (size_t)j * VEC_LANES, t);
    }
    /* Only min1 and min2 are ever sent, so the rule is applied to them once. */
    const vec sent_min1 = SIMD_FUNCTION(check_rule)(min1, config);
    const vec sent_min2 = SIMD_FUNCTION(check_rule)(min2, config);
    for (uint32_t j = 0; j < degree; j++) {
        vec t = v_load(t_scratch + (size_t)j * VEC_LANES);
        vec message = saturated_send(messages, j, v_min(v_abs(t), cap), min1, sent_min1,
                                     sent_min2, v_xor(signs, t), form);
        v_store(SIMD_FUNCTION(saturated_post_of)(post, variables[j]),
                v_max(v_adds(t, message), minus127));
    }
    saturated_check_end(messages, degree, sent_min1, sent_min2, form);
}

/* saturated_check for a check of degree at most SATURATED_REGISTER_DEGREE,
 * the degree a constant where it is inlined: the loops unroll, so the t of
 * every edge stays in a register instead of going through t_scratch (DVB
 * checks have degree 4 to 30: this takes rates 1/4 to 2/3, short 3/4 and
 * most of short 4/5). Same operations, same order, so the same result. 12
 * measured best on AVX-512 (16 lost on normal 3/4, degree 14: its t no
 * longer fit the 32 registers) and no worse on AVX2 (docs/CPU.md). */
#define SATURATED_REGISTER_DEGREE 12
static inline __attribute__((always_inline)) void SIMD_FUNCTION(saturated_check_in_registers)(
    const ldpc_decoder_config *config, int8_t *post, const uint32_t *variables,
    const uint32_t degree, saturated_messages *messages, vec cap, simd_lanes_start start, vec keep,
    simd_message_store form)
{
    const vec minus127 = v_set1(-127);
    vec min1 = v_set1(127), min2 = v_set1(127), signs = v_zero();
    vec t[SATURATED_REGISTER_DEGREE];
    saturated_sent sent = {0};
    if (start != SIMD_LANES_ALL_START)
        sent = saturated_sent_load(messages, form);
#pragma GCC unroll 12
    for (uint32_t j = 0; j < degree; j++) {
        t[j] = v_load(SIMD_FUNCTION(saturated_post_of)(post, variables[j]));
        if (start != SIMD_LANES_ALL_START) {
            vec old = saturated_sent_message(&sent, j, form);
            if (start == SIMD_LANES_SOME_START)
                old = v_and(old, keep);
            t[j] = v_max(v_subs(t[j], old), minus127);
        }
        vec magnitude = v_min(v_abs(t[j]), cap);
        min2 = v_min(min2, v_max(min1, magnitude));
        min1 = v_min(min1, magnitude);
        signs = v_xor(signs, t[j]);
    }
    const vec sent_min1 = SIMD_FUNCTION(check_rule)(min1, config);
    const vec sent_min2 = SIMD_FUNCTION(check_rule)(min2, config);
#pragma GCC unroll 12
    for (uint32_t j = 0; j < degree; j++) {
        vec message = saturated_send(messages, j, v_min(v_abs(t[j]), cap), min1, sent_min1,
                                     sent_min2, v_xor(signs, t[j]), form);
        v_store(SIMD_FUNCTION(saturated_post_of)(post, variables[j]),
                v_max(v_adds(t[j], message), minus127));
    }
    saturated_check_end(messages, degree, sent_min1, sent_min2, form);
}

static inline __attribute__((always_inline)) void SIMD_FUNCTION(saturated_checks)(
    const ldpc_code *code, const ldpc_decoder_config *config, simd_workspace *ws,
    simd_lanes_start start, vec keep, simd_message_store form)
{
    const vec cap = v_set1((int8_t)config->message_cap);
    int8_t *const post = ws->decided, *const t_scratch = ws->t;
    /* The edges in update order (layer_checks), read as one stream. */
    const uint32_t *const edge_offsets = code->layer_edge_offsets;
    saturated_messages messages = saturated_messages_begin(ws, code, form);
    /* No software prefetch: requesting the posteriors of the check four
     * positions ahead, as the 16-bit template does, measured no faster here
     * (docs/CPU.md); a posterior row is one cache line or less. */
    for (uint32_t i = 0; i < code->m; i++) {
        const uint32_t *const variables = code->layer_var + edge_offsets[i];
        switch (edge_offsets[i + 1] - edge_offsets[i]) {
#define SATURATED_DEGREE_CASE(d)                                                                   \
    case d:                                                                                        \
        SIMD_FUNCTION(saturated_check_in_registers)(config, post, variables, d, &messages, cap,    \
                                                    start, keep, form);                            \
        break;
            SATURATED_DEGREE_CASE(2)
            SATURATED_DEGREE_CASE(3)
            SATURATED_DEGREE_CASE(4)
            SATURATED_DEGREE_CASE(5)
            SATURATED_DEGREE_CASE(6)
            SATURATED_DEGREE_CASE(7)
            SATURATED_DEGREE_CASE(8)
            SATURATED_DEGREE_CASE(9)
            SATURATED_DEGREE_CASE(10)
            SATURATED_DEGREE_CASE(11)
            SATURATED_DEGREE_CASE(12)
#undef SATURATED_DEGREE_CASE
        default:
            SIMD_FUNCTION(saturated_check)(config, post, t_scratch, variables,
                                           edge_offsets[i + 1] - edge_offsets[i], &messages, cap,
                                           start, keep, form);
        }
    }
}

/* The loop instantiated for each case, so that neither choice costs a branch
 * per edge: every lane starts a frame (no message loads), some do (one more
 * operation per edge), none does; and each message form the instruction set
 * has (one, or two on AVX-512). Both this and saturated_checks must be
 * forced inline: as plain `static inline` GCC 12 kept one out-of-line
 * saturated_checks with `start` and `form` as run-time arguments, tested at
 * every edge, and P8 ran 1.2-1.4x slower (docs/CPU.md, "Every case its
 * own loop"). */
static inline __attribute__((always_inline)) void SIMD_FUNCTION(saturated_checks_for)(
    const ldpc_code *code, const ldpc_decoder_config *config, simd_workspace *ws,
    simd_lanes_start start, vec keep, simd_message_store form)
{
    if (start == SIMD_LANES_ALL_START)
        SIMD_FUNCTION(saturated_checks)(code, config, ws, SIMD_LANES_ALL_START, keep, form);
    else if (start == SIMD_LANES_SOME_START)
        SIMD_FUNCTION(saturated_checks)(code, config, ws, SIMD_LANES_SOME_START, keep, form);
    else
        SIMD_FUNCTION(saturated_checks)(code, config, ws, SIMD_LANES_RUNNING, keep, form);
}

static void SIMD_FUNCTION(saturated_iteration)(const ldpc_code *code,
                                               const ldpc_decoder_config *config,
                                               simd_workspace *ws, simd_lanes_start start,
                                               vec keep, simd_message_store form)
{
    if (form == SIMD_MESSAGES_EDGES)
        SIMD_FUNCTION(saturated_checks_for)(code, config, ws, start, keep, SIMD_MESSAGES_EDGES);
    else
        SIMD_FUNCTION(saturated_checks_for)(code, config, ws, start, keep, SIMD_MESSAGES_MASKS);
}

/* Marks, in ws->lane_bytes, the lanes whose decision fails some check: the sign
 * of the XOR of the posteriors of a check is its parity. */
static void SIMD_FUNCTION(saturated_syndrome)(const ldpc_code *code, simd_workspace *ws)
{
    int8_t *const post = ws->decided;
    vec failing = v_zero();
    for (uint32_t check = 0; check < code->m; check++) {
        vec parity = v_zero();
        for (uint32_t e = code->check_offsets[check]; e < code->check_offsets[check + 1]; e++)
            parity = v_xor(parity, v_load(SIMD_FUNCTION(saturated_post_of)(post, code->check_var[e])));
        failing = v_or(failing, parity);
    }
    v_store(ws->lane_bytes, failing);
}

void SIMD_FUNCTION(saturated_decode)(const ldpc_code *code, const ldpc_decoder_config *config,
                                     simd_workspace *ws, simd_frame_source *source)
{
    simd_lane_results lanes;
    /* The posteriors of a starting lane are its channel values, spread
     * straight into them (no channel copy is kept). */
    simd_lanes_begin(&lanes, code, config, ws, ws->decided, &SIMD_FUNCTION(lane_vector_ops),
                     source);
    const simd_message_store form = saturated_form_for(code, ws);
    simd_lanes_start start;
    while ((start = simd_lanes_refill(&lanes)) != SIMD_LANES_DONE) {
        SIMD_FUNCTION(saturated_iteration)(code, config, ws, start, v_load(lanes.keep), form);
        const simd_lanes_check check = simd_lanes_advance(&lanes);
        if (check == SIMD_CHECK_NONE)
            continue;
        if (check == SIMD_CHECK_SYNDROME) {
            SIMD_FUNCTION(saturated_syndrome)(code, ws);
            if (simd_lanes_converged(&lanes) == 0)
                continue;
        }
        SIMD_FUNCTION(record_due_lanes)(code, ws, &lanes, check);
    }
}
