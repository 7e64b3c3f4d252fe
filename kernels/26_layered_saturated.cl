/* Layered min-sum with saturated 8-bit posteriors (posterior_bits 8): the
 * reference src/decode/ref_fixed_saturated.c, bit for bit. The checks run in
 * layer order, each reading the posteriors the previous one wrote (so no
 * snapshots: the sequential order is the algorithm); t = sat(post - c2v), the
 * magnitudes capped at message_cap before the minima, post = sat(t + c2v').
 *
 * One work-item per frame on Le Gal et al.'s byte layout: the item design's
 * frame-interleaved bytes ([index][frame], index_stride bytes per row), so the
 * 32 work-items of a warp read 32 neighbouring bytes of a row, one 32-byte
 * sector. Posteriors and messages are a char each, the arithmetic native
 * 32-bit ints. One frame per work-item, not four in char4 words: with
 * four, 16384 short frames are about one warp per compute unit of a large
 * GPU, each step's chain of dependent loads unhidden; one frame per work-item
 * gives 4x the warps on the same bytes (27_layered_saturated_lanes.cl packs
 * frames where a device prefers char vectors).
 * Messages are numbered in layer order (item_offsets / item_var of
 * 25_layered_item.cl, whose macros this file uses: the files are one program).
 *
 * Memory latency bounds a work-item as in the item design, so the checks go
 * in the same unrolled steps (4 checks of degree <= 8, 2 of <= 16, 1 of <= 32;
 * cl_item_kernels.c), every load of a step issued first. An edge whose
 * variable an earlier check of its step wrote (SAME_STEP, flagged at upload
 * for exactly these step sizes) reads its posterior again before its check. */

typedef struct {
    global const uint *offsets, *var; /* item_offsets, item_var */
    uint stride;                      /* bytes per row */
} saturated_tables_t;

inline int capped_magnitude(int t, int cap)
{
    return min(max(t, -t), cap); /* abs() would return a uint */
}

/* The running minima of a check (check_update_fixed in src/decode/check_rules.c):
 * min1, min2 from 127, the first edge attaining min1 in `first_min`, the
 * parity of the negative inputs in the sign bit of `signs`. Not
 * check_mins_t (05_check_step.cl): the magnitudes are capped, and the parity
 * of 8-bit inputs costs one exclusive or per edge this way. */
typedef struct {
    int min1, min2, signs;
    uint first_min;
} check_minima_t;

inline check_minima_t minima_start(void)
{
    check_minima_t s = {Q_MAX, Q_MAX, 0, 0};
    return s;
}

/* Adds input t of edge j (in increasing j). */
inline void minima_add(check_minima_t *s, int t, uint j, int cap)
{
    int magnitude = capped_magnitude(t, cap);
    if (magnitude < s->min1)
        s->first_min = j;
    s->min2 = min(s->min2, max(s->min1, magnitude));
    s->min1 = min(s->min1, magnitude);
    s->signs ^= t;
}

/* The new message of edge j with input t: rule(min2) where the edge holds the
 * first minimum, else rule(min1), negative where the other inputs' signs
 * multiply to -1. */
inline int minima_message(const check_minima_t *s, int t, uint j, local const uchar *rule)
{
    int magnitude = rule[j == s->first_min ? s->min2 : s->min1];
    return (s->signs ^ t) < 0 ? -magnitude : magnitude;
}

/* Checks i .. i+count-1 (layer positions, count <= checks) of at most
 * `degree` edges each, unrolled (degree and checks are constants). Missing
 * edges load the check's last edge again, missing checks the step's last
 * check, so that every load is made before anything branches. */
inline void saturated_step(saturated_tables_t t, uint i, uint count, global char *restrict post,
                           global char *restrict c2v, local const uchar *rule, int cap,
                           const uint degree, const uint checks)
{
    uint e0[ITEM_STEP_EDGES], edges[ITEM_STEP_EDGES], word[ITEM_STEP_EDGES];
    int input[ITEM_STEP_EDGES], now[ITEM_STEP_EDGES];
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
            input[k * degree + j] = c2v[(ulong)e * t.stride]; /* the old message, for now */
        }
    }
#pragma unroll
    for (uint n = 0; n < checks * degree; n++)
        now[n] = post[(ulong)ITEM_VARIABLE(word[n]) * t.stride];
#pragma unroll
    for (uint k = 0; k < checks; k++) {
        if (k >= count)
            continue;
        check_minima_t s = minima_start();
#pragma unroll
        for (uint j = 0; j < degree; j++) {
            uint n = k * degree + j;
            if (j < edges[k]) {
                if (word[n] & SAME_STEP)
                    now[n] = post[(ulong)ITEM_VARIABLE(word[n]) * t.stride];
                input[n] = q_sat(now[n] - input[n]);
                minima_add(&s, input[n], j, cap);
            }
        }
#pragma unroll
        for (uint j = 0; j < degree; j++) {
            uint n = k * degree + j;
            if (j < edges[k]) {
                int message = minima_message(&s, input[n], j, rule);
                post[(ulong)ITEM_VARIABLE(word[n]) * t.stride] = (char)q_sat(input[n] + message);
                c2v[(ulong)(e0[k] + j) * t.stride] = (char)message;
            }
        }
    }
}

/* One check of any degree on layered edges e0..e1-1: read twice instead of
 * kept (its own stores do not change its inputs: a check's variables are
 * distinct). */
inline void saturated_check_any(saturated_tables_t t, uint e0, uint e1,
                                global char *restrict post, global char *restrict c2v,
                                local const uchar *rule, int cap)
{
    check_minima_t s = minima_start();
    for (uint e = e0; e < e1; e++)
        minima_add(&s,
                   q_sat(post[(ulong)ITEM_VARIABLE(t.var[e]) * t.stride] -
                         c2v[(ulong)e * t.stride]),
                   e - e0, cap);
    for (uint e = e0; e < e1; e++) {
        global char *p = post + (ulong)ITEM_VARIABLE(t.var[e]) * t.stride;
        int input = q_sat(*p - c2v[(ulong)e * t.stride]);
        int message = minima_message(&s, input, e - e0, rule);
        *p = (char)q_sat(input + message);
        c2v[(ulong)e * t.stride] = (char)message;
    }
}

/* 1 if a check of the frame is unsatisfied, walking the checks in steps as
 * saturated_step (degree 0: one check at a time, any degree). The parity of
 * the hard decisions is the sign of the bytes' exclusive or. */
inline int saturated_unsatisfied(saturated_tables_t t, uint m, global const char *restrict post,
                                 const uint degree, const uint checks)
{
    if (degree == 0) {
        for (uint i = 0; i < m; i++) {
            char parity = 0;
            for (uint e = t.offsets[i]; e < t.offsets[i + 1]; e++)
                parity ^= post[(ulong)ITEM_VARIABLE(t.var[e]) * t.stride];
            if (parity < 0)
                return 1;
        }
        return 0;
    }
    for (uint i = 0; i < m; i += checks) {
        uint count = min(checks, m - i);
        uint e0[ITEM_STEP_EDGES], edges[ITEM_STEP_EDGES];
        char value[ITEM_STEP_EDGES];
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
                    post[(ulong)ITEM_VARIABLE(t.var[e0[k] + min(j, edges[k] - 1)]) *
                         t.stride];
        }
        char unsatisfied = 0;
#pragma unroll
        for (uint k = 0; k < checks; k++) {
            char parity = 0;
#pragma unroll
            for (uint j = 0; j < degree; j++)
                if (j < edges[k])
                    parity ^= value[k * degree + j];
            unsatisfied |= parity;
        }
        if (unsatisfied < 0)
            return 1;
    }
    return 0;
}

#define LAYERED_SATURATED_PARAMS                                                               \
    global const uint *tables, code_tables_t code, global char *restrict posterior,           \
        global char *restrict messages, uint index_stride, uint frames, uint first_iteration,  \
        uint last_iteration, uint max_iterations, uint syndrome_period, uint message_cap,      \
        constant uchar *rule, global uint *frame_iterations, global uint *frame_active,        \
        global uint *active_count
#define LAYERED_SATURATED_ARGS                                                                 \
    tables, code, posterior, messages, index_stride, frames, first_iteration, last_iteration,  \
        max_iterations, syndrome_period, message_cap, rule, frame_iterations, frame_active,    \
        active_count

/* Iterations first_iteration+1 .. last_iteration of the work-item's frame, if
 * active; retires it (frame_active = 0, active_count - 1) when its syndrome is
 * satisfied or at max_iterations. rule: the rule uncapped (rule[m] for every
 * m, cl_decoder_create.c), copied to local memory (lookups with a different
 * index in every work-item). */
inline void layered_saturated_frame(LAYERED_SATURATED_PARAMS, local uchar *rule_local,
                                    const uint degree, const uint checks)
{
    rule_to_local(rule_local, rule);
    barrier(CLK_LOCAL_MEM_FENCE);
    uint f = get_global_id(0);
    if (f >= frames || !frame_active[f])
        return;
    saturated_tables_t t = {tables + code.item_offsets, tables + code.item_var, index_stride};
    global const uint *layer_offsets = tables + code.layer_offsets;
    global char *post = posterior + f;
    global char *c2v = messages + f;
    int cap = (int)message_cap;

    for (uint it = first_iteration + 1; it <= last_iteration; it++) {
        for (uint l = 0; l < code.layer_count; l++) {
            uint first = layer_offsets[l], end = layer_offsets[l + 1];
            if (degree == 0) {
                for (uint i = first; i < end; i++)
                    saturated_check_any(t, t.offsets[i], t.offsets[i + 1], post, c2v, rule_local,
                                        cap);
            } else {
                for (uint i = first; i < end; i += checks)
                    saturated_step(t, i, min(checks, end - i), post, c2v, rule_local, cap, degree,
                                   checks);
            }
        }
        frame_iterations[f] = it;
        int done = it == max_iterations;
        if (!done && syndrome_due(it, syndrome_period, max_iterations))
            done = !saturated_unsatisfied(t, code.m, post, degree, checks);
        if (done) {
            frame_retire(frame_active, active_count, f);
            return;
        }
    }
}

/* One kernel per degree bound and checks per step (0: any degree, one check
 * at a time), as platform/opencl/cl_item_kernels.c lists them. */
#define LAYERED_SATURATED_KERNEL(name, bound, checks)                                            \
    kernel void name(LAYERED_SATURATED_PARAMS)                                                   \
    {                                                                                            \
        local uchar rule_local[Q_MAX + 1];                                                       \
        layered_saturated_frame(LAYERED_SATURATED_ARGS, rule_local, bound, checks);              \
    }

LAYERED_SATURATED_KERNEL(layered_saturated_d8, 8, 4)
LAYERED_SATURATED_KERNEL(layered_saturated_d16, 16, 2)
LAYERED_SATURATED_KERNEL(layered_saturated_d32, 32, 1)
LAYERED_SATURATED_KERNEL(layered_saturated_any, 0, 1)
