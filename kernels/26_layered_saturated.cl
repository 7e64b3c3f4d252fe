/* Layered min-sum with saturated 8-bit posteriors (posterior_bits 8): the
 * reference src/decode/ref_fixed_saturated.c, bit for bit. The checks run in
 * layer order, each reading the posteriors the previous one wrote (so no
 * snapshots: the sequential order is the algorithm); t = sat(post - c2v), the
 * magnitudes capped at message_cap before the minima, post = sat(t + c2v').
 *
 * Le Gal et al.'s packing: a work-item decodes four frames side by side, one
 * per byte of a char4, so one 32-bit load or store serves four frames.
 * The arithmetic runs on the four lanes widened to an int4 (loaded values
 * converted once, results narrowed at the store): GPUs have no native 4 x 8-bit
 * saturating instructions (NVIDIA emulates them), and on the H100 the same
 * kernel with OpenCL's char4 add_sat / sub_sat / min / max / abs was several
 * times slower (docs/OPENCL.md). Layout: the frame-interleaved bytes of the item design
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

/* Lane masks are int4 with -1 (lane on) or 0; select() reads the top bit. */
typedef struct {
    global const uint *offsets, *var; /* item_offsets, item_var */
    uint stride;                      /* words per row */
} saturated_tables_t;

/* sat(a - b) and sat(a + b) (q_sat of 00_fixed_point.cl, four lanes). */
inline int4 saturated_sub(int4 a, int4 b)
{
    return clamp(a - b, -Q_MAX, Q_MAX);
}

inline int4 saturated_add(int4 a, int4 b)
{
    return clamp(a + b, -Q_MAX, Q_MAX);
}

inline int4 rule_of(local const uchar *rule, int4 magnitude)
{
    return (int4)(rule[magnitude.s0], rule[magnitude.s1], rule[magnitude.s2], rule[magnitude.s3]);
}

inline int4 lanes_of(char4 stored)
{
    return convert_int4(stored);
}

/* The running minima of a check (check_update_fixed in src/decode/check_rules.c):
 * min1, min2 from 127, the first edge attaining min1 marked by `first_min`,
 * the parity of the negative inputs in the top bit of `signs`. */
typedef struct {
    int4 min1, min2, signs;
} check_minima_t;

inline check_minima_t minima_start(void)
{
    check_minima_t s = {(int4)(Q_MAX), (int4)(Q_MAX), (int4)(0)};
    return s;
}

inline int4 capped_magnitude(int4 t, int cap)
{
    return min(max(t, -t), cap);
}

/* Adds input t; returns the lanes where it is the new first minimum. */
inline int4 minima_add(check_minima_t *s, int4 t, int cap)
{
    int4 magnitude = capped_magnitude(t, cap);
    int4 first = magnitude < s->min1;
    s->min2 = min(s->min2, max(s->min1, magnitude));
    s->min1 = min(s->min1, magnitude);
    s->signs ^= t;
    return first;
}

/* The new message of an edge with input t: rule(min2) where the edge holds
 * the first minimum, else rule(min1), negative where the other inputs' signs
 * multiply to -1. */
inline int4 minima_message(int4 t, int4 signs, int4 first_min, int4 out1, int4 out2)
{
    int4 magnitude = select(out1, out2, first_min);
    return select(magnitude, -magnitude, signs ^ t);
}

/* The posterior to store: sat(t + message) where the lane is active, the
 * value read (`now`) where its frame has retired. */
inline char4 posterior_after(int4 now, int4 t, int4 message, int4 active)
{
    return convert_char4(select(now, saturated_add(t, message), active));
}

/* Checks i .. i+count-1 (layer positions, count <= checks) of at most
 * `degree` edges each, unrolled (degree and checks are constants). Missing
 * edges load the check's last edge again, missing checks the step's last
 * check, so that every load is made before anything branches. */
inline void saturated_step(saturated_tables_t t, uint i, uint count, global char4 *restrict post,
                           global char4 *restrict c2v, local const uchar *rule, int cap,
                           int4 active, const uint degree, const uint checks)
{
    uint e0[ITEM_STEP_EDGES], edges[ITEM_STEP_EDGES], word[ITEM_STEP_EDGES];
    int4 input[ITEM_STEP_EDGES], now[ITEM_STEP_EDGES];
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
            input[k * degree + j] = lanes_of(c2v[e * t.stride]); /* the old message, for now */
        }
    }
#pragma unroll
    for (uint n = 0; n < checks * degree; n++)
        now[n] = lanes_of(post[ITEM_VARIABLE(word[n]) * t.stride]);
#pragma unroll
    for (uint k = 0; k < checks; k++) {
        if (k >= count)
            continue;
        check_minima_t s = minima_start();
        int4 first_min = (int4)(0);
#pragma unroll
        for (uint j = 0; j < degree; j++) {
            uint n = k * degree + j;
            if (j < edges[k]) {
                if (word[n] & SAME_STEP)
                    now[n] = lanes_of(post[ITEM_VARIABLE(word[n]) * t.stride]);
                input[n] = saturated_sub(now[n], input[n]);
                int4 first = minima_add(&s, input[n], cap);
                first_min = select(first_min, (int4)((int)j), first);
            }
        }
        int4 out1 = rule_of(rule, s.min1), out2 = rule_of(rule, s.min2);
#pragma unroll
        for (uint j = 0; j < degree; j++) {
            uint n = k * degree + j;
            if (j < edges[k]) {
                int4 message =
                    minima_message(input[n], s.signs, first_min == (int4)((int)j), out1, out2);
                post[ITEM_VARIABLE(word[n]) * t.stride] =
                    posterior_after(now[n], input[n], message, active);
                c2v[(e0[k] + j) * t.stride] = convert_char4(message);
            }
        }
    }
}

/* One check of any degree on layered edges e0..e1-1: read twice instead of
 * kept (its own stores do not change its inputs: a check's variables are
 * distinct); the first minimum is the first edge whose magnitude equals min1. */
inline void saturated_check_any(saturated_tables_t t, uint e0, uint e1,
                                global char4 *restrict post, global char4 *restrict c2v,
                                local const uchar *rule, int cap, int4 active)
{
    check_minima_t s = minima_start();
    for (uint e = e0; e < e1; e++)
        minima_add(&s,
                   saturated_sub(lanes_of(post[ITEM_VARIABLE(t.var[e]) * t.stride]),
                                 lanes_of(c2v[e * t.stride])),
                   cap);
    int4 out1 = rule_of(rule, s.min1), out2 = rule_of(rule, s.min2);
    int4 found = (int4)(0);
    for (uint e = e0; e < e1; e++) {
        global char4 *p = post + ITEM_VARIABLE(t.var[e]) * t.stride;
        int4 now = lanes_of(*p), input = saturated_sub(now, lanes_of(c2v[e * t.stride]));
        int4 first_min = ~found & (capped_magnitude(input, cap) == s.min1);
        found |= first_min;
        int4 message = minima_message(input, s.signs, first_min, out1, out2);
        *p = posterior_after(now, input, message, active);
        c2v[e * t.stride] = convert_char4(message);
    }
}

/* The lanes with an unsatisfied check (top bit set), walking the checks in
 * steps as saturated_step (degree 0: one check at a time, any degree) and
 * stopping once every lane of `pending` has one. The parity of the signs is
 * the top bit of the bytes' exclusive or: no widening needed. */
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
inline void retire_lane(int lane, uint f, uint it, global uint *frame_iterations,
                        global uint *frame_active, global uint *active_count)
{
    if (lane < 0) {
        frame_iterations[f] = it;
        frame_active[f] = 0;
        atomic_dec(active_count);
    }
}

/* The lanes of word w whose frames exist and are active. */
inline int4 active_lanes(uint w, uint frames, global const uint *frame_active)
{
    uint f = 4 * w;
    return (int4)(f < frames && frame_active[f] ? -1 : 0, f + 1 < frames && frame_active[f + 1] ? -1 : 0,
                  f + 2 < frames && frame_active[f + 2] ? -1 : 0,
                  f + 3 < frames && frame_active[f + 3] ? -1 : 0);
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
    int4 active = active_lanes(w, frames, frame_active);
    if (!any(active))
        return;
    saturated_tables_t t = {tables + code.item_offsets, tables + code.item_var, index_stride / 4};
    global const uint *layer_offsets = tables + code.layer_offsets;
    global char4 *post = posterior + w;
    global char4 *c2v = messages + w;
    int cap = (int)message_cap;

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
        int4 retire = (int4)(0);
        if (it == max_iterations)
            retire = active;
        else if (syndrome_due(it, syndrome_period, max_iterations))
            retire = active & ~convert_int4(saturated_unsatisfied(t, code.m, post,
                                                                  convert_char4(active), degree,
                                                                  checks));
        retire = retire < (int4)(0);
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
