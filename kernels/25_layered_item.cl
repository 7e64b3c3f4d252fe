/* Layered min-sum with one work-item per frame: the arithmetic of
 * 20_layered.cl (docs/DECODERS.md), for large batches.
 *
 * The work-item walks the checks of each layer in order and finishes one check
 * (new messages, then its posteriors) before the next, so that nothing of a
 * check leaves registers between the two phases and no `next` array is needed.
 * That is the parallel layer of the reference because a check reads the
 * posteriors of the layer's start: an edge whose variable an earlier check of
 * the layer already changed (a repeat, flagged in item_var) reads the value
 * from a snapshot taken before the layer (ldpc_code's layer_snapshot_* lists,
 * as the CPU SIMD decoders do), then adds its change to the current posterior.
 *
 * Layout: frame-interleaved ([index][frame], stride = index_stride), posteriors
 * as shorts, messages numbered in layer order (the edges of the check at layer
 * position i are item_offsets[i] .. item_offsets[i+1]-1). Neighbouring
 * work-items touch neighbouring bytes and read the same table word. An
 * element's offset, index * stride, is 64-bit (00_fixed_point.cl): a batch
 * of 65536 dvbs2-normal frames has more than 2^32 posteriors and messages.
 *
 * A work-item is limited by memory latency: every edge needs a posterior from
 * anywhere in the frame. So the checks go in steps of `checks` checks of at
 * most `degree` edges, unrolled, every load of a step issued before the first
 * is used, every store after the last. A repeat also reads the posterior it
 * will add to at the step's start, which holds every earlier step's change;
 * only when an earlier check of its own step shares the variable (SAME_STEP,
 * flagged at upload) does it read it again before its store. The host picks
 * the kernel with the smallest degree bound that fits the code;
 * layered_item_any takes any degree, one check at a time. */

#define REPEATED_IN_LAYER 0x80000000u
/* On a repeat whose variable an earlier check of the same step updated: that
 * update is not in the posterior read at the step's start. */
#define SAME_STEP 0x40000000u
#define ITEM_VARIABLE(word) ((word) & ~(REPEATED_IN_LAYER | SAME_STEP))
/* degree x checks of every unrolled kernel: the values a step keeps in
 * registers. The checks per step are also in platform/opencl/cl_item_kernels.c,
 * which flags SAME_STEP. */
#define ITEM_STEP_EDGES 32
/* Snapshot values copied per round trip. */
#define ITEM_SNAPSHOT_STEP 16

typedef struct {
    global const uint *offsets, *var, *slot; /* item_offsets, item_var, item_slot */
    uint stride;
} item_tables_t;

/* What a check needs of a layered edge, from what the step read of it, packed
 * in one int: t = sat(layer-start posterior - c2v) in the low 8 bits (plus
 * 128), and above them the posterior as it stands minus c2v, to which the new
 * message is added (exact: |post| < 32768). A repeat's layer-start value is
 * its snapshot; the posterior it adds to has moved since. */
inline int item_pack(uint word, int old, int now, int snapshot)
{
    int start = (word & REPEATED_IN_LAYER) ? snapshot : now;
    return (now - old) * 256 + (q_sat(start - old) + 128);
}

/* item_pack for layered edge e, read now. */
inline int item_load(item_tables_t t, uint e, uint word, global const short *restrict post,
                     global const char *restrict c2v, global const short *restrict snap)
{
    return item_pack(word, c2v[(ulong)e * t.stride],
                     post[(ulong)ITEM_VARIABLE(word) * t.stride],
                     snap[(ulong)t.slot[e] * t.stride]);
}

inline int item_t(int packed)
{
    return (packed & 0xFF) - 128;
}

/* Stores the edge's new message and its posterior: the value read at the
 * step's start minus the old message plus the new one, or for SAME_STEP
 * (rare) the same computed from the posterior and message read again. */
inline void item_store(item_tables_t t, uint e, uint word, int packed, int message,
                       global short *restrict post, global char *restrict c2v)
{
    global short *p = post + (ulong)ITEM_VARIABLE(word) * t.stride;
    if (word & SAME_STEP)
        *p = (short)(*p - c2v[(ulong)e * t.stride] + message);
    else
        *p = (short)((packed >> 8) + message);
    c2v[(ulong)e * t.stride] = (char)message;
}

/* Checks i .. i+count-1 (layer positions, count <= checks) of at most
 * `degree` edges each, unrolled: degree and checks are constants. Every load
 * of the step is made before anything branches or uses a loaded value (a
 * branch would make the hardware wait for the loads before it): missing edges
 * load the check's last edge again, missing checks the step's last check, and
 * the snapshot is read for every edge (slot 0 where not a repeat). */
inline void item_step(item_tables_t t, uint i, uint count, global short *restrict post,
                      global char *restrict c2v, global const short *restrict snap,
                      local const uchar *rule, const uint degree, const uint checks)
{
    uint e0[ITEM_STEP_EDGES], edges[ITEM_STEP_EDGES], word[ITEM_STEP_EDGES];
    int old[ITEM_STEP_EDGES], now[ITEM_STEP_EDGES], packed[ITEM_STEP_EDGES];
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
            old[k * degree + j] = c2v[(ulong)e * t.stride];
            packed[k * degree + j] = t.slot[e]; /* the slot, for now */
        }
    }
#pragma unroll
    for (uint n = 0; n < checks * degree; n++) {
        now[n] = post[(ulong)ITEM_VARIABLE(word[n]) * t.stride];
        packed[n] = snap[(ulong)packed[n] * t.stride];
    }
#pragma unroll
    for (uint n = 0; n < checks * degree; n++)
        packed[n] = item_pack(word[n], old[n], now[n], packed[n]);
#pragma unroll
    for (uint k = 0; k < checks; k++) {
        check_mins_t s = check_mins_start(0);
#pragma unroll
        for (uint j = 0; j < degree; j++) {
            /* A missing edge is neutral: magnitude Q_MAX, positive. */
            int v = j < edges[k] ? item_t(packed[k * degree + j]) : Q_MAX;
            check_mins_take(&s, v < 0 ? -v : v, v < 0, j);
        }
        int out1 = rule[s.min1], out2 = rule[s.min2];
#pragma unroll
        for (uint j = 0; j < degree; j++) {
            if (k < count && j < edges[k]) {
                int v = packed[k * degree + j];
                item_store(t, e0[k] + j, word[k * degree + j], v,
                           check_mins_message(s, j, item_t(v) < 0, out1, out2), post, c2v);
            }
        }
    }
}

/* One check of any degree on layered edges e0..e1-1 (a step of one check: no
 * SAME_STEP): the edges are read twice instead of kept (a check's own stores
 * do not change them: its variables are distinct). */
inline void item_check_any(item_tables_t t, uint e0, uint e1, global short *restrict post,
                           global char *restrict c2v, global const short *restrict snap,
                           local const uchar *rule)
{
    check_mins_t s = check_mins_start(e0);
    for (uint e = e0; e < e1; e++) {
        int v = item_t(item_load(t, e, t.var[e], post, c2v, snap));
        check_mins_take(&s, v < 0 ? -v : v, v < 0, e);
    }
    int out1 = rule[s.min1], out2 = rule[s.min2];
    for (uint e = e0; e < e1; e++) {
        uint word = t.var[e];
        int v = item_load(t, e, word, post, c2v, snap);
        item_store(t, e, word, v, check_mins_message(s, e, item_t(v) < 0, out1, out2), post,
                   c2v);
    }
}

/* 1 if a check of the frame is unsatisfied (degree 0: any degree, a check at
 * a time; else steps as in item_step, loads first). */
inline int item_unsatisfied(item_tables_t t, uint m, global const short *restrict post,
                            const uint degree, const uint checks)
{
    if (degree == 0) {
        for (uint i = 0; i < m; i++) {
            int parity = 0;
            for (uint e = t.offsets[i]; e < t.offsets[i + 1]; e++)
                parity ^= post[(ulong)ITEM_VARIABLE(t.var[e]) * t.stride] < 0;
            if (parity)
                return 1;
        }
        return 0;
    }
    for (uint i = 0; i < m; i += checks) {
        uint count = min(checks, m - i);
        uint e0[ITEM_STEP_EDGES], edges[ITEM_STEP_EDGES];
        int value[ITEM_STEP_EDGES];
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
        int unsatisfied = 0;
#pragma unroll
        for (uint k = 0; k < checks; k++) {
            int parity = 0;
#pragma unroll
            for (uint j = 0; j < degree; j++)
                parity ^= j < edges[k] && value[k * degree + j] < 0;
            unsatisfied |= parity;
        }
        if (unsatisfied)
            return 1;
    }
    return 0;
}

/* The parameters of every layered iteration kernel (20_layered.cl has the
 * same list): here posterior is short and next_messages holds the snapshot. */
#define LAYERED_ITEM_PARAMS                                                                      \
    global const uint *tables, code_tables_t code, global short *restrict posterior,            \
        global char *restrict messages, global short *restrict snapshots, uint index_stride,   \
        uint post_frame_stride, uint message_frame_stride, uint frames, uint first_iteration,  \
        uint last_iteration, uint max_iterations, uint syndrome_period, constant uchar *rule,   \
        global uint *frame_iterations, global uint *frame_active, global uint *active_count
#define LAYERED_ITEM_ARGS                                                                        \
    tables, code, posterior, messages, snapshots, index_stride, post_frame_stride,              \
        message_frame_stride, frames, first_iteration, last_iteration, max_iterations,          \
        syndrome_period, rule, frame_iterations, frame_active, active_count

/* Iterations first_iteration+1 .. last_iteration of the work-item's frame, if
 * active; retires it (frame_active = 0, active_count - 1) when its syndrome is
 * satisfied or it reaches max_iterations. rule_local: the kernel's copy of the
 * rule (table lookups with a different index in every work-item). */
inline void layered_item_frame(LAYERED_ITEM_PARAMS, local uchar *rule_local, const uint degree,
                               const uint checks)
{
    rule_to_local(rule_local, rule);
    barrier(CLK_LOCAL_MEM_FENCE);
    uint f = get_global_id(0);
    if (f >= frames || !frame_active[f])
        return;
    item_tables_t t = {tables + code.item_offsets, tables + code.item_var,
                       tables + code.item_slot, index_stride};
    global const uint *layer_offsets = tables + code.layer_offsets;
    global const uint *snapshot_offsets = tables + code.snapshot_offsets;
    global const uint *snapshot_vars = tables + code.snapshot_vars;
    global short *post = posterior + (ulong)f * post_frame_stride;
    global char *c2v = messages + (ulong)f * message_frame_stride;
    global short *snap = snapshots + (ulong)f * post_frame_stride;

    for (uint it = first_iteration + 1; it <= last_iteration; it++) {
        for (uint l = 0; l < code.layer_count; l++) {
            uint s0 = snapshot_offsets[l], s1 = snapshot_offsets[l + 1];
            for (uint s = s0; s < s1; s += ITEM_SNAPSHOT_STEP) {
                short value[ITEM_SNAPSHOT_STEP];
#pragma unroll
                for (uint j = 0; j < ITEM_SNAPSHOT_STEP; j++)
                    value[j] = post[(ulong)snapshot_vars[min(s + j, s1 - 1)] * index_stride];
#pragma unroll
                for (uint j = 0; j < ITEM_SNAPSHOT_STEP; j++)
                    if (s + j < s1)
                        snap[(ulong)(s + j - s0) * index_stride] = value[j];
            }
            uint first = layer_offsets[l], end = layer_offsets[l + 1];
            if (degree == 0) {
                for (uint i = first; i < end; i++)
                    item_check_any(t, t.offsets[i], t.offsets[i + 1], post, c2v, snap,
                                   rule_local);
            } else {
                for (uint i = first; i < end; i += checks)
                    item_step(t, i, min(checks, end - i), post, c2v, snap, rule_local, degree,
                              checks);
            }
        }
        frame_iterations[f] = it;
        int done = it == max_iterations;
        if (!done && syndrome_due(it, syndrome_period, max_iterations))
            done = !item_unsatisfied(t, code.m, post, degree, checks);
        if (done) {
            frame_retire(frame_active, active_count, f);
            return;
        }
    }
}

/* One kernel per degree bound and checks per step (0: any degree, one check
 * at a time), as platform/opencl/cl_item_kernels.c lists them. */
#define LAYERED_ITEM_KERNEL(name, bound, checks)                                                 \
    kernel void name(LAYERED_ITEM_PARAMS)                                                        \
    {                                                                                            \
        local uchar rule_local[Q_MAX + 1];                                                       \
        layered_item_frame(LAYERED_ITEM_ARGS, rule_local, bound, checks);                        \
    }

LAYERED_ITEM_KERNEL(layered_item_d8, 8, 4)
LAYERED_ITEM_KERNEL(layered_item_d16, 16, 2)
LAYERED_ITEM_KERNEL(layered_item_d32, 32, 1)
LAYERED_ITEM_KERNEL(layered_item_any, 0, 1)
