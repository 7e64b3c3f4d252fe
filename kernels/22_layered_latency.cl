/* Layered min-sum for one frame as fast as possible (the "latency" design):
 * the arithmetic of 20_layered.cl (docs/DECODERS.md), one work-group per
 * frame, ALL iterations in one launch (the frame retires itself), one
 * work-item per check of the layer.
 *
 * A check's edges are numbered in "slots": layer l occupies slots
 * base_l .. base_l + slots_l * checks_l - 1, slot j of the check at layer
 * position i being base_l + j * checks_l + i (j < slots_l, the layer's largest
 * check degree). The work-items of a warp thus read adjacent table words and
 * adjacent message bytes. A slot beyond its check's degree holds
 * LATENCY_NO_EDGE. The messages of a frame use the same numbering.
 *
 * Per layer a work-item reads its check's messages and posteriors once and
 * keeps them in registers: u = posterior - c2v (exact), t = sat(u); the
 * slots' variables (constant) were read during the previous layer.
 * The new message goes straight to memory, and the posterior becomes u + new
 * (= posterior + new - old). Only a layer where two checks share a variable
 * (flag in the layer's word) needs a barrier between reading and writing, and
 * adds new - old to that variable atomically (flagged by SHARED_IN_LAYER);
 * in a disjoint layer no other check touches the check's variables. Every
 * layer ends with a barrier (the next layer reads what this one wrote).
 *
 * The syndrome, when due, walks the same slots layer by layer and stops as
 * soon as any work-item found an unsatisfied check (a flag in local memory).
 */

#define LATENCY_NO_EDGE 0xFFFFFFFFu
/* In the second word of a layer's entry: two checks of the layer share a
 * variable. The low bits are the layer's slots per check. */
#define LAYER_SHARES 0x80000000u

/* The parameters of the latency kernels. */
#define LAYERED_LATENCY_PARAMS                                                                   \
    global const uint *tables, code_tables_t code, global int *posterior,                      \
        global char *messages, uint post_frame_stride, uint message_frame_stride, uint frames, \
        uint first_iteration, uint last_iteration, uint max_iterations, uint syndrome_period,  \
        constant uchar *rule, global uint *frame_iterations, global uint *frame_active,        \
        global uint *active_count
#define LAYERED_LATENCY_ARGS                                                                     \
    tables, code, posterior, messages, post_frame_stride, message_frame_stride, frames,        \
        first_iteration, last_iteration, max_iterations, syndrome_period, rule,                \
        frame_iterations, frame_active, active_count

/* A layer as the kernels see it: checks, first slot, slots per check, and
 * whether two of its checks share a variable. */
typedef struct {
    uint checks, base, slots;
    int shares;
} latency_layer_t;

inline latency_layer_t latency_layer(global const uint *layer_offsets, global const uint *layers,
                                     uint l)
{
    uint word = layers[2 * l + 1];
    latency_layer_t layer = {layer_offsets[l + 1] - layer_offsets[l], layers[2 * l],
                             word & ~LAYER_SHARES, (word & LAYER_SHARES) != 0};
    return layer;
}

/* The slot words of the check at layer position i (i < checks): they do not
 * change, so the kernel reads them a layer ahead. */
inline void latency_fetch(global const uint *slot_var, latency_layer_t layer, uint i, uint *word,
                          const uint bound)
{
#pragma unroll
    for (uint j = 0; j < bound; j++)
        if (j < layer.slots)
            word[j] = slot_var[layer.base + j * layer.checks + i];
}

/* What a check keeps in registers between reading its layer and writing it. */
typedef struct {
    int min1, min2, negatives;
    uint idx1;
} latency_mins_t;

/* Phase 1 for the check at layer position i (i < checks): its old messages
 * and u = posterior - old (exact), and the two smallest |sat(u)|. */
inline latency_mins_t latency_read(global const int *post, global const char *c2v,
                                   latency_layer_t layer, uint i, const uint *word, int *old,
                                   int *u, const uint bound)
{
    latency_mins_t s = {Q_MAX, Q_MAX, 0, 0};
#pragma unroll
    for (uint j = 0; j < bound; j++)
        if (j < layer.slots)
            old[j] = c2v[layer.base + j * layer.checks + i];
#pragma unroll
    for (uint j = 0; j < bound; j++)
        if (j < layer.slots && word[j] != LATENCY_NO_EDGE)
            u[j] = post[VARIABLE(word[j])];
#pragma unroll
    for (uint j = 0; j < bound; j++)
        if (j < layer.slots && word[j] != LATENCY_NO_EDGE) {
            u[j] -= old[j];
            int t = q_sat(u[j]);
            int magnitude = t < 0 ? -t : t;
            s.negatives ^= t < 0;
            if (magnitude < s.min1) {
                s.min2 = s.min1;
                s.min1 = magnitude;
                s.idx1 = j;
            } else if (magnitude < s.min2) {
                s.min2 = magnitude;
            }
        }
    return s;
}

/* Phase 2 for the same check: new messages and posteriors. */
inline void latency_write(global int *post, global char *c2v, latency_layer_t layer, uint i,
                          const uint *word, const int *old, const int *u, latency_mins_t s,
                          local const uchar *rule_local, const uint bound)
{
    int out1 = rule_local[s.min1], out2 = rule_local[s.min2];
#pragma unroll
    for (uint j = 0; j < bound; j++)
        if (j < layer.slots && word[j] != LATENCY_NO_EDGE) {
            int magnitude = j == s.idx1 ? out2 : out1;
            int message = (s.negatives ^ (u[j] < 0)) ? -magnitude : magnitude;
            c2v[layer.base + j * layer.checks + i] = (char)message;
            if (word[j] & SHARED_IN_LAYER)
                atomic_add(post + VARIABLE(word[j]), message - old[j]);
            else
                post[word[j]] = u[j] + message;
        }
}

/* 1 if the check at layer position i has odd parity of hard decisions. */
inline int latency_unsatisfied(global const uint *slot_var, global const int *post,
                               latency_layer_t layer, uint i, const uint bound)
{
    int parity = 0;
#pragma unroll
    for (uint j = 0; j < bound; j++)
        if (j < layer.slots) {
            uint word = slot_var[layer.base + j * layer.checks + i];
            if (word != LATENCY_NO_EDGE)
                parity ^= post[VARIABLE(word)] < 0;
        }
    return parity;
}

inline void layered_latency_frame(LAYERED_LATENCY_PARAMS, local uchar *rule_local,
                                  volatile local int *unsatisfied, const uint bound)
{
    uint f = get_group_id(0), i = get_local_id(0);
    for (uint r = i; r <= Q_MAX; r += get_local_size(0))
        rule_local[r] = rule[r];
    barrier(CLK_LOCAL_MEM_FENCE);
    /* Both conditions are the same for every work-item of the group. */
    if (f >= frames || !frame_active[f])
        return;
    global const uint *layer_offsets = tables + code.layer_offsets;
    global const uint *layers = tables + code.latency_layers;
    global const uint *slot_var = tables + code.latency_var;
    global int *post = posterior + f * post_frame_stride;
    global char *c2v = messages + f * message_frame_stride;

    latency_layer_t layer = latency_layer(layer_offsets, layers, 0);
    uint word[32];
    if (i < layer.checks)
        latency_fetch(slot_var, layer, i, word, bound);
    for (uint it = first_iteration + 1; it <= last_iteration; it++) {
        for (uint l = 0; l < code.layer_count; l++) {
            int old[32], u[32];
            latency_mins_t mins;
            if (i < layer.checks)
                mins = latency_read(post, c2v, layer, i, word, old, u, bound);
            /* Uniform: every work-item read the same layer word. */
            if (layer.shares)
                barrier(CLK_GLOBAL_MEM_FENCE);
            latency_layer_t next =
                latency_layer(layer_offsets, layers, l + 1 < code.layer_count ? l + 1 : 0);
            uint next_word[32];
            if (i < next.checks)
                latency_fetch(slot_var, next, i, next_word, bound);
            if (i < layer.checks)
                latency_write(post, c2v, layer, i, word, old, u, mins, rule_local, bound);
            barrier(CLK_GLOBAL_MEM_FENCE);
            layer = next;
#pragma unroll
            for (uint j = 0; j < bound; j++)
                word[j] = next_word[j];
        }
        int done = it == max_iterations;
        if (!done && syndrome_due(it, syndrome_period, max_iterations)) {
            if (i == 0)
                *unsatisfied = 0;
            barrier(CLK_LOCAL_MEM_FENCE);
            for (uint l = 0; l < code.layer_count && !*unsatisfied; l++) {
                latency_layer_t checked = latency_layer(layer_offsets, layers, l);
                if (i < checked.checks && latency_unsatisfied(slot_var, post, checked, i, bound))
                    *unsatisfied = 1;
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            done = !*unsatisfied;
        }
        if (i == 0)
            frame_iterations[f] = it;
        if (done) {
            if (i == 0) {
                frame_active[f] = 0;
                atomic_dec(active_count);
            }
            return;
        }
    }
}

kernel void layered_latency_d8(LAYERED_LATENCY_PARAMS)
{
    local uchar rule_local[Q_MAX + 1];
    volatile local int unsatisfied;
    layered_latency_frame(LAYERED_LATENCY_ARGS, rule_local, &unsatisfied, 8);
}

kernel void layered_latency_d16(LAYERED_LATENCY_PARAMS)
{
    local uchar rule_local[Q_MAX + 1];
    volatile local int unsatisfied;
    layered_latency_frame(LAYERED_LATENCY_ARGS, rule_local, &unsatisfied, 16);
}

kernel void layered_latency_d32(LAYERED_LATENCY_PARAMS)
{
    local uchar rule_local[Q_MAX + 1];
    volatile local int unsatisfied;
    layered_latency_frame(LAYERED_LATENCY_ARGS, rule_local, &unsatisfied, 32);
}
