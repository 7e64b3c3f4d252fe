/* Layered min-sum with saturated 8-bit posteriors (posterior_bits 8): the
 * reference src/decode/ref_fixed_saturated.c, bit for bit. The checks run in
 * layer order, each reading the posteriors the previous one wrote (so no
 * snapshots: the sequential order is the algorithm); t = sat(post - c2v), the
 * magnitudes capped at message_cap before the minima, post = sat(t + c2v').
 *
 * Le Gal et al.'s packing: a work-item decodes four frames side by side, one
 * per byte of a char4, with OpenCL's saturating byte arithmetic (add_sat,
 * sub_sat), so one 32-bit load or store serves four frames and no value is
 * ever widened. Layout: the frame-interleaved bytes of the item design
 * ([index][frame], index_stride bytes per row, a multiple of 4) read as
 * char4 words: word w of a row holds frames 4w .. 4w+3, so neighbouring
 * work-items touch neighbouring words. Messages are numbered in layer order
 * (item_offsets / item_var of 25_layered_item.cl, whose macros this file
 * uses: the files are one program).
 *
 * Memory latency bounds a work-item as in the item design, so the checks go
 * in the same unrolled steps (4 checks of degree <= 8, 2 of <= 16, 1 of <= 32;
 * cl_item_kernels.c), every load of a step issued first. An edge whose
 * variable an earlier check of its step wrote (SAME_STEP, flagged at upload
 * for exactly these step sizes) reads its posterior again before its check.
 *
 * Early termination per frame: a lane whose frame retired keeps its
 * posteriors (its stores write back the value read) while its messages run on
 * unread; the work-item returns once its four lanes have retired. */

/* Lane masks are char4 with -1 (lane on) or 0; select() reads the top bit. */
typedef struct {
    global const uint *offsets, *var; /* item_offsets, item_var */
    uint stride;                      /* words per row */
} saturated_tables_t;

/* sat(a - b) and sat(a + b) for a, b in [-127, 127]: the byte arithmetic
 * saturates at -128, the algorithm at -127. */
inline char4 saturated_sub(char4 a, char4 b)
{
    return max(sub_sat(a, b), (char4)(-Q_MAX));
}

inline char4 saturated_add(char4 a, char4 b)
{
    return max(add_sat(a, b), (char4)(-Q_MAX));
}

inline char4 rule_of(local const uchar *rule, uchar4 magnitude)
{
    return as_char4((uchar4)(rule[magnitude.s0], rule[magnitude.s1], rule[magnitude.s2],
                             rule[magnitude.s3]));
}

/* The running minima of a check (check_update_fixed in src/decode/check_rules.c):
 * min1, min2 from 127, the first edge attaining min1 marked by `first_min`,
 * the parity of the negative inputs in the top bit of `signs`. */
typedef struct {
    uchar4 min1, min2;
    char4 signs;
} check_minima_t;

inline check_minima_t minima_start(void)
{
    check_minima_t s = {(uchar4)(Q_MAX), (uchar4)(Q_MAX), (char4)(0)};
    return s;
}

/* Adds input t; returns the lanes where it is the new first minimum. */
inline char4 minima_add(check_minima_t *s, char4 t, uchar4 cap)
{
    uchar4 magnitude = min(abs(t), cap);
    char4 first = magnitude < s->min1;
    s->min2 = min(s->min2, max(s->min1, magnitude));
    s->min1 = min(s->min1, magnitude);
    s->signs ^= t;
    return first;
}

/* The new message of an edge with input t: rule(min2) where the edge holds
 * the first minimum, else rule(min1), negative where the other inputs' signs
 * multiply to -1. */
inline char4 minima_message(char4 t, char4 signs, char4 first_min, char4 out1, char4 out2)
{
    char4 magnitude = select(out1, out2, first_min);
    return select(magnitude, -magnitude, signs ^ t);
}

/* The posterior to store: sat(t + message) where the lane is active, the
 * value read (`now`) where its frame has retired. */
inline char4 posterior_after(char4 now, char4 t, char4 message, char4 active)
{
    return select(now, saturated_add(t, message), active);
}

/* Checks i .. i+count-1 (layer positions, count <= checks) of at most
 * `degree` edges each, unrolled (degree and checks are constants). Missing
 * edges load the check's last edge again, missing checks the step's last
 * check, so that every load is made before anything branches. */
inline void saturated_step(saturated_tables_t t, uint i, uint count, global char4 *restrict post,
                           global char4 *restrict c2v, local const uchar *rule, uchar4 cap,
                           char4 active, const uint degree, const uint checks)
{
    uint e0[ITEM_STEP_EDGES], edges[ITEM_STEP_EDGES], word[ITEM_STEP_EDGES];
    char4 input[ITEM_STEP_EDGES], now[ITEM_STEP_EDGES];
#pragma unroll
    for (uint k = 0; k < checks; k++) {
        uint position = i + min(k, count - 1);
        e0[k] = t.offsets[position];
        edges[k] = t.offsets[position + 1] - e0[k];
    }
#pragma unroll
    for (uint k = 0; k < checks; k++) {
#pragma unroll
        for (uint j = 0; j < degree; j++) {
            uint e = e0[k] + min(j, edges[k] - 1);
            word[k * degree + j] = t.var[e];
            input[k * degree + j] = c2v[e * t.stride]; /* the old message, for now */
        }
    }
#pragma unroll
    for (uint n = 0; n < checks * degree; n++)
        now[n] = post[ITEM_VARIABLE(word[n]) * t.stride];
#pragma unroll
    for (uint k = 0; k < checks; k++) {
        if (k >= count)
            continue;
        check_minima_t s = minima_start();
        char4 first_min = (char4)(0);
#pragma unroll
        for (uint j = 0; j < degree; j++) {
            uint n = k * degree + j;
            if (j < edges[k]) {
                if (word[n] & SAME_STEP)
                    now[n] = post[ITEM_VARIABLE(word[n]) * t.stride];
                input[n] = saturated_sub(now[n], input[n]);
                char4 first = minima_add(&s, input[n], cap);
                first_min = select(first_min, (char4)((char)j), first);
            }
        }
        char4 out1 = rule_of(rule, s.min1), out2 = rule_of(rule, s.min2);
#pragma unroll
        for (uint j = 0; j < degree; j++) {
            uint n = k * degree + j;
            if (j < edges[k]) {
                char4 message =
                    minima_message(input[n], s.signs, first_min == (char4)((char)j), out1, out2);
                post[ITEM_VARIABLE(word[n]) * t.stride] =
                    posterior_after(now[n], input[n], message, active);
                c2v[(e0[k] + j) * t.stride] = message;
            }
        }
    }
}

/* One check of any degree on layered edges e0..e1-1: read twice instead of
 * kept (its own stores do not change its inputs: a check's variables are
 * distinct); the first minimum is the first edge whose magnitude equals min1. */
inline void saturated_check_any(saturated_tables_t t, uint e0, uint e1,
                                global char4 *restrict post, global char4 *restrict c2v,
                                local const uchar *rule, uchar4 cap, char4 active)
{
    check_minima_t s = minima_start();
    for (uint e = e0; e < e1; e++)
        minima_add(&s, saturated_sub(post[ITEM_VARIABLE(t.var[e]) * t.stride], c2v[e * t.stride]),
                   cap);
    char4 out1 = rule_of(rule, s.min1), out2 = rule_of(rule, s.min2);
    char4 found = (char4)(0);
    for (uint e = e0; e < e1; e++) {
        global char4 *p = post + ITEM_VARIABLE(t.var[e]) * t.stride;
        char4 now = *p, input = saturated_sub(now, c2v[e * t.stride]);
        char4 first_min = ~found & (min(abs(input), cap) == s.min1);
        found |= first_min;
        char4 message = minima_message(input, s.signs, first_min, out1, out2);
        *p = posterior_after(now, input, message, active);
        c2v[e * t.stride] = message;
    }
}

/* The lanes with an unsatisfied check (top bit set), walking the checks in
 * steps as saturated_step (degree 0: one check at a time, any degree) and
 * stopping once every lane of `pending` has one. */
inline char4 saturated_unsatisfied(saturated_tables_t t, uint m, global const char4 *restrict post,
                                   char4 pending, const uint degree, const uint checks)
{
    char4 unsatisfied = ~pending;
    if (degree == 0) {
        for (uint i = 0; i < m && !all(unsatisfied); i++) {
            char4 parity = (char4)(0);
            for (uint e = t.offsets[i]; e < t.offsets[i + 1]; e++)
                parity ^= post[ITEM_VARIABLE(t.var[e]) * t.stride];
            unsatisfied |= parity;
        }
        return unsatisfied;
    }
    for (uint i = 0; i < m && !all(unsatisfied); i += checks) {
        uint count = min(checks, m - i);
        uint e0[ITEM_STEP_EDGES], edges[ITEM_STEP_EDGES];
        char4 value[ITEM_STEP_EDGES];
#pragma unroll
        for (uint k = 0; k < checks; k++) {
            uint position = i + min(k, count - 1);
            e0[k] = t.offsets[position];
            edges[k] = t.offsets[position + 1] - e0[k];
        }
#pragma unroll
        for (uint k = 0; k < checks; k++) {
#pragma unroll
            for (uint j = 0; j < degree; j++)
                value[k * degree + j] =
                    post[ITEM_VARIABLE(t.var[e0[k] + min(j, edges[k] - 1)]) * t.stride];
        }
#pragma unroll
        for (uint k = 0; k < checks; k++) {
            char4 parity = (char4)(0);
#pragma unroll
            for (uint j = 0; j < degree; j++)
                if (j < edges[k])
                    parity ^= value[k * degree + j];
            unsatisfied |= parity;
        }
    }
    return unsatisfied;
}

/* Retires frame f if `lane` is on: its iteration count is final. */
inline void retire_lane(char lane, uint f, uint it, global uint *frame_iterations,
                        global uint *frame_active, global uint *active_count)
{
    if (lane < 0) {
        frame_iterations[f] = it;
        frame_active[f] = 0;
        atomic_dec(active_count);
    }
}

/* The lanes of word w whose frames exist and are active. */
inline char4 active_lanes(uint w, uint frames, global const uint *frame_active)
{
    uint f = 4 * w;
    return (char4)((char)(f < frames && frame_active[f] ? -1 : 0),
                   (char)(f + 1 < frames && frame_active[f + 1] ? -1 : 0),
                   (char)(f + 2 < frames && frame_active[f + 2] ? -1 : 0),
                   (char)(f + 3 < frames && frame_active[f + 3] ? -1 : 0));
}

#define LAYERED_SATURATED_PARAMS                                                               \
    global const uint *tables, code_tables_t code, global char4 *restrict posterior,          \
        global char4 *restrict messages, uint index_stride, uint frames, uint first_iteration, \
        uint last_iteration, uint max_iterations, uint syndrome_period, uint message_cap,      \
        constant uchar *rule, global uint *frame_iterations, global uint *frame_active,        \
        global uint *active_count
#define LAYERED_SATURATED_ARGS                                                                 \
    tables, code, posterior, messages, index_stride, frames, first_iteration, last_iteration,  \
        max_iterations, syndrome_period, message_cap, rule, frame_iterations, frame_active,    \
        active_count

/* Iterations first_iteration+1 .. last_iteration of the four frames of this
 * work-item's word that are active; each retires (frame_active = 0,
 * active_count - 1) when its syndrome is satisfied or at max_iterations.
 * rule: the rule uncapped (rule[m] for every m, cl_decoder.c), copied to
 * local memory (lookups with a different index in every lane). */
inline void layered_saturated_words(LAYERED_SATURATED_PARAMS, local uchar *rule_local,
                                    const uint degree, const uint checks)
{
    for (uint i = get_local_id(0); i <= Q_MAX; i += get_local_size(0))
        rule_local[i] = rule[i];
    barrier(CLK_LOCAL_MEM_FENCE);
    uint w = get_global_id(0);
    if (4 * w >= frames)
        return;
    char4 active = active_lanes(w, frames, frame_active);
    if (!any(active))
        return;
    saturated_tables_t t = {tables + code.item_offsets, tables + code.item_var, index_stride / 4};
    global const uint *layer_offsets = tables + code.layer_offsets;
    global char4 *post = posterior + w;
    global char4 *c2v = messages + w;
    uchar4 cap = (uchar4)((uchar)message_cap);

    for (uint it = first_iteration + 1; it <= last_iteration; it++) {
        for (uint l = 0; l < code.layer_count; l++) {
            uint first = layer_offsets[l], end = layer_offsets[l + 1];
            if (degree == 0) {
                for (uint i = first; i < end; i++)
                    saturated_check_any(t, t.offsets[i], t.offsets[i + 1], post, c2v, rule_local,
                                        cap, active);
            } else {
                for (uint i = first; i < end; i += checks)
                    saturated_step(t, i, min(checks, end - i), post, c2v, rule_local, cap, active,
                                   degree, checks);
            }
        }
        char4 retire = (char4)(0);
        if (it == max_iterations)
            retire = active;
        else if (syndrome_due(it, syndrome_period, max_iterations))
            retire = active & ~saturated_unsatisfied(t, code.m, post, active, degree, checks);
        retire = retire < (char4)(0);
        retire_lane(retire.s0, 4 * w, it, frame_iterations, frame_active, active_count);
        retire_lane(retire.s1, 4 * w + 1, it, frame_iterations, frame_active, active_count);
        retire_lane(retire.s2, 4 * w + 2, it, frame_iterations, frame_active, active_count);
        retire_lane(retire.s3, 4 * w + 3, it, frame_iterations, frame_active, active_count);
        active &= ~retire;
        if (!any(active))
            return;
    }
}

kernel void layered_saturated_d8(LAYERED_SATURATED_PARAMS)
{
    local uchar rule_local[Q_MAX + 1];
    layered_saturated_words(LAYERED_SATURATED_ARGS, rule_local, 8, 4);
}

kernel void layered_saturated_d16(LAYERED_SATURATED_PARAMS)
{
    local uchar rule_local[Q_MAX + 1];
    layered_saturated_words(LAYERED_SATURATED_ARGS, rule_local, 16, 2);
}

kernel void layered_saturated_d32(LAYERED_SATURATED_PARAMS)
{
    local uchar rule_local[Q_MAX + 1];
    layered_saturated_words(LAYERED_SATURATED_ARGS, rule_local, 32, 1);
}

kernel void layered_saturated_any(LAYERED_SATURATED_PARAMS)
{
    local uchar rule_local[Q_MAX + 1];
    layered_saturated_words(LAYERED_SATURATED_ARGS, rule_local, 0, 1);
}
