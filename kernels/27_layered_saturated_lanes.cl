/* posterior_bits 8 (the algorithm of 26_layered_saturated.cl and of the
 * reference src/decode/ref_fixed_saturated.c, bit for bit) with
 * LDPC_SATURATED_LANES frames per work-item, one per lane of a charN vector:
 * what a device that prefers wide char vectors runs (the host sets the width
 * from CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR, docs/OPENCL.md "Per-vendor
 * defaults"): Mali's Midgard cores issue char16 operations as one
 * instruction, and a CPU device's compiler maps them onto its SIMD registers.
 * Where the width is 1 this file is empty and 26_layered_saturated.cl runs.
 *
 * Layout: the item design's frame-interleaved byte rows ([index][frame],
 * index_stride bytes per row, a multiple of the width), so a work-item's
 * lanes are one vector load of a row. The checks run one after another in
 * layer order, each as two passes over its edges (the second reads its
 * inputs again: a check's variables are distinct, so its own stores do not
 * change them), as in the CPU's inter-frame decoders
 * (platform/common/simd_saturated_template.h): t = sat(post - c2v), the
 * magnitudes capped before the minima, and the edge whose magnitude equals
 * min1 gets min2, which is the reference's "first edge at the minimum"
 * because edges that tie at min1 make min2 equal to min1.
 *
 * A lane whose frame has retired (converged, at its last iteration, or beyond
 * the batch) is frozen: its stores write back the values read, so its result
 * stays final while the other lanes decode on. */
#if LDPC_SATURATED_LANES > 1

#define LANES_CAT(a, b) a##b
#define LANES_OF(base, n) LANES_CAT(base, n)
typedef LANES_OF(char, LDPC_SATURATED_LANES) lanes_t;
#define lanes_load(p) LANES_OF(vload, LDPC_SATURATED_LANES)(0, p)
#define lanes_store(v, p) LANES_OF(vstore, LDPC_SATURATED_LANES)(v, 0, p)
#define as_lanes LANES_OF(as_char, LDPC_SATURATED_LANES)

/* sat(post - c2v) per lane: -128 never stays (the reference's q_sat). */
inline lanes_t lanes_input(lanes_t post, lanes_t message)
{
    return max(sub_sat(post, message), (lanes_t)(-Q_MAX));
}

inline lanes_t lanes_capped_magnitude(lanes_t t, lanes_t cap)
{
    return min(as_lanes(abs(t)), cap); /* |t| <= 127: the bits of a char */
}

/* rule[m] per lane, from the table in local memory. */
inline lanes_t lanes_rule(local const uchar *rule, lanes_t m)
{
    char magnitude[LDPC_SATURATED_LANES], out[LDPC_SATURATED_LANES];
    lanes_store(m, magnitude);
#pragma unroll
    for (uint k = 0; k < LDPC_SATURATED_LANES; k++)
        out[k] = (char)rule[magnitude[k]];
    return lanes_load(out);
}

/* The check on layered edges e0 .. e1 - 1; `frozen` is -1 in the lanes whose
 * values must not change. */
inline void lanes_check(global const uint *item_var, uint e0, uint e1, uint stride,
                        global char *post, global char *c2v, local const uchar *rule,
                        lanes_t cap, lanes_t frozen)
{
    lanes_t min1 = (lanes_t)Q_MAX, min2 = (lanes_t)Q_MAX, signs = (lanes_t)0;
    for (uint e = e0; e < e1; e++) {
        lanes_t t = lanes_input(lanes_load(post + (ulong)ITEM_VARIABLE(item_var[e]) * stride),
                                lanes_load(c2v + (ulong)e * stride));
        lanes_t magnitude = lanes_capped_magnitude(t, cap);
        min2 = min(min2, max(min1, magnitude));
        min1 = min(min1, magnitude);
        signs ^= t;
    }
    lanes_t out1 = lanes_rule(rule, min1), out2 = lanes_rule(rule, min2);
    for (uint e = e0; e < e1; e++) {
        global char *p = post + (ulong)ITEM_VARIABLE(item_var[e]) * stride;
        global char *m = c2v + (ulong)e * stride;
        lanes_t old_post = lanes_load(p), old_message = lanes_load(m);
        lanes_t t = lanes_input(old_post, old_message);
        lanes_t sent = select(out1, out2, lanes_capped_magnitude(t, cap) == min1);
        lanes_t message = select(sent, -sent, (signs ^ t) < (lanes_t)0);
        lanes_t updated = max(add_sat(t, message), (lanes_t)(-Q_MAX));
        lanes_store(select(updated, old_post, frozen), p);
        lanes_store(select(message, old_message, frozen), m);
    }
}

/* -1 in the lanes with an unsatisfied check (the sign of the exclusive or of
 * a check's posteriors is its parity); stops early once every lane that is
 * not frozen has one. */
inline lanes_t lanes_unsatisfied(global const uint *item_offsets, global const uint *item_var,
                                 uint m, uint stride, global const char *post, lanes_t frozen)
{
    lanes_t unsatisfied = (lanes_t)0;
    for (uint i = 0; i < m; i++) {
        lanes_t parity = (lanes_t)0;
        for (uint e = item_offsets[i]; e < item_offsets[i + 1]; e++)
            parity ^= lanes_load(post + (ulong)ITEM_VARIABLE(item_var[e]) * stride);
        unsatisfied |= parity;
        if (all((unsatisfied | frozen) < (lanes_t)0))
            break;
    }
    return unsatisfied < (lanes_t)0;
}

/* -1 in the lanes whose frame is in the batch and still active. */
inline lanes_t lanes_live(global const uint *frame_active, uint first_frame, uint frames)
{
    char live[LDPC_SATURATED_LANES];
#pragma unroll
    for (uint k = 0; k < LDPC_SATURATED_LANES; k++)
        live[k] = first_frame + k < frames && frame_active[first_frame + k] ? -1 : 0;
    return lanes_load(live);
}

/* Iterations first_iteration+1 .. last_iteration of the work-item's frames;
 * each lane retires (frame_active = 0, active_count - 1) when its syndrome
 * is satisfied or at max_iterations. The kernel arguments are the scalar
 * kernels' (LAYERED_SATURATED_PARAMS). */
kernel void layered_saturated_lanes(LAYERED_SATURATED_PARAMS)
{
    local uchar rule_local[Q_MAX + 1];
    rule_to_local(rule_local, rule);
    barrier(CLK_LOCAL_MEM_FENCE);
    uint f = get_global_id(0) * LDPC_SATURATED_LANES;
    if (f >= frames)
        return;
    lanes_t live = lanes_live(frame_active, f, frames);
    if (!any(live))
        return;
    global const uint *item_offsets = tables + code.item_offsets;
    global const uint *item_var = tables + code.item_var;
    global char *post = posterior + f;
    global char *c2v = messages + f;
    lanes_t cap = (lanes_t)(char)message_cap;

    for (uint it = first_iteration + 1; it <= last_iteration; it++) {
        for (uint i = 0; i < code.m; i++)
            lanes_check(item_var, item_offsets[i], item_offsets[i + 1], index_stride, post, c2v,
                        rule_local, cap, ~live);
        lanes_t retiring = it == max_iterations ? live : (lanes_t)0;
        if (!all(retiring == live) && syndrome_due(it, syndrome_period, max_iterations))
            retiring = live & ~lanes_unsatisfied(item_offsets, item_var, code.m, index_stride,
                                                 post, ~live);
        char live_lane[LDPC_SATURATED_LANES], retiring_lane[LDPC_SATURATED_LANES];
        lanes_store(live, live_lane);
        lanes_store(retiring, retiring_lane);
#pragma unroll
        for (uint k = 0; k < LDPC_SATURATED_LANES; k++) {
            if (live_lane[k])
                frame_iterations[f + k] = it;
            if (retiring_lane[k])
                frame_retire(frame_active, active_count, f + k);
        }
        live &= ~retiring;
        if (!any(live))
            return;
    }
}

#endif
