/* Layered min-sum for one frame as fast as possible (the "latency" design):
 * the arithmetic of 20_layered.cl (docs/DECODERS.md), one work-group per
 * frame, ALL iterations in one launch (the frame retires itself). A group of G
 * work-items shares the checks of each layer: work-item i takes the checks at
 * layer positions i, i + G, i + 2G, ... (the host picks G, a divisor of the
 * layer within the kernel's largest group: DVB layers of 360 checks run as
 * 360 or 180 work-items).
 *
 * A check's edges are numbered in "slots": layer l occupies slots
 * base_l .. base_l + slots_l * checks_l - 1, slot j of the check at layer
 * position k being base_l + j * checks_l + k (j < slots_l, the layer's largest
 * check degree). The work-items of a warp thus read adjacent table words and
 * adjacent message bytes. A slot beyond its check's degree holds
 * LATENCY_NO_EDGE. The messages of a frame use the same numbering.
 *
 * Per layer a work-item reads the messages and posteriors of its first check
 * (i) with all loads in flight together (above degree bound 8 the messages
 * were loaded during the previous layer), and keeps them in registers:
 * u = posterior - c2v (exact), t = sat(u); the slots' variables (constant)
 * were read during the previous layer. A barrier separates the reads of a
 * layer from its writes: the new messages, and the posteriors u + new
 * (= posterior + new - old). Where two checks of the layer share a variable
 * (flag in the layer's word) every change new - old is added atomically to
 * its posterior's word (see "Posteriors" below), and a work-item's further
 * checks (the second on) are read before the barrier too, their state kept
 * as a record in local memory (the two minima, the minimum's slot, the sign
 * parity and the signs of the inputs). In a layer without shared variables
 * nothing else touches a check's variables, so a further check is read and
 * written at once after the barrier. Every layer ends with a barrier: the
 * next one reads what this one wrote.
 *
 * Why one check in registers and not two (as 23_layered_latency_local.cl
 * keeps): with global posteriors a group is not bound by local memory, and
 * half the registers let more groups share a compute unit (1.25-1.4x for
 * normal frames from 1024 frames per call on, 1.1x for one frame).
 *
 * Posteriors: biased 16-bit values, two to a 32-bit word (POSTERIOR_BIASED,
 * 00_fixed_point.cl), in the frame's row of the posterior buffer: half the
 * bytes of ints, so more of a batch's posteriors stay in the L2 cache (1.2x
 * for normal frames). A layer
 * without shared variables stores u + new as a plain 16-bit value (one
 * writer per posterior); a sharing layer adds every change to its word with
 * an atomic, so that no plain store races with an atomic on the same word.
 *
 * The syndrome, when due, walks the same slots layer by layer and stops as
 * soon as any work-item found an unsatisfied check (a flag in local memory).
 */

#define LATENCY_NO_EDGE 0xFFFFFFFFu
/* In the second word of a layer's entry: two checks of the layer share a
 * variable. The low bits are the layer's slots per check. */
#define LAYER_SHARES 0x80000000u

/* Where the host defines LDPC_LAYER_GROUP (the checks of a DVB layer, 360,
 * where the device runs groups that large), the circulant kernels of bounds
 * 8 and 16 and the local-posterior and pair kernels of bound 8 have a twin,
 * named *_layer, that requires groups of exactly that size: one check per
 * work-item (the other bounds lost or spilled in groups of 360). NVIDIA's
 * driver offers at most 256 work-items for a kernel that leaves its group size
 * open, and runs a required 360. */
#ifdef LDPC_LAYER_GROUP
#define LAYER_GROUP_SIZE __attribute__((reqd_work_group_size(LDPC_LAYER_GROUP, 1, 1)))
#endif

/* The parameters of the latency kernels. */
#define LAYERED_LATENCY_PARAMS                                                                   \
    global const uint *tables, code_tables_t code, global int *posterior,                      \
        global char *messages, uint post_frame_stride, uint message_frame_stride, uint frames, \
        uint first_iteration, uint last_iteration, uint max_iterations, uint syndrome_period,  \
        constant uchar *rule, global uint *frame_iterations, global uint *frame_active,        \
        global uint *active_count, local uint *records
#define LAYERED_LATENCY_ARGS                                                                     \
    tables, code, posterior, messages, post_frame_stride, message_frame_stride, frames,        \
        first_iteration, last_iteration, max_iterations, syndrome_period, rule,                \
        frame_iterations, frame_active, active_count, records

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

/* The slot words of the check at layer position k (k < checks): they do not
 * change, so the kernel reads them a layer ahead. */
inline void latency_fetch(global const uint *slot_var, latency_layer_t layer, uint k, uint *word,
                          const uint bound)
{
#pragma unroll
    for (uint j = 0; j < bound; j++)
        if (j < layer.slots)
            word[j] = slot_var[layer.base + j * layer.checks + k];
}

/* latency_fetch through WORD_AT's 32-bit byte offsets: they save the
 * local-posterior kernel two registers and the pair kernel eight (with its
 * other addresses), but cost this file's kernel five: each kernel takes the
 * form that leaves it fewer registers. */
inline void latency_fetch_offsets(global const uint *slot_var, latency_layer_t layer, uint k,
                                  uint *word, const uint bound)
{
#pragma unroll
    for (uint j = 0; j < bound; j++)
        if (j < layer.slots)
            word[j] = WORD_AT(slot_var, layer.base + j * layer.checks + k);
}

/* The old messages of the check at layer position k (k < checks). */
inline void latency_messages(global const char *c2v, latency_layer_t layer, uint k, int *old,
                             const uint bound)
{
#pragma unroll
    for (uint j = 0; j < bound; j++)
        if (j < layer.slots)
            old[j] = c2v[layer.base + j * layer.checks + k];
}

/* The check rule's first step over the inputs sat(u): the two smallest
 * magnitudes, the first slot of the smallest, and the sign parity. */
inline check_mins_t latency_minima(latency_layer_t layer, const uint *word, const int *u,
                                   const uint bound)
{
    check_mins_t s = check_mins_start(0);
#pragma unroll
    for (uint j = 0; j < bound; j++)
        if (j < layer.slots && word[j] != LATENCY_NO_EDGE)
            check_mins_add(&s, q_sat(u[j]), j);
    return s;
}

/* The frame's posteriors: biased 16-bit halves of 32-bit words
 * (POSTERIOR_BIASED, 00_fixed_point.cl). */
inline int latency_posterior(global const uint *post, uint v)
{
    return (int)((global const ushort *)post)[v] - POSTERIOR_BIAS;
}

inline void latency_posterior_store(global uint *post, uint v, int value)
{
    ((global ushort *)post)[v] = (ushort)(value + POSTERIOR_BIAS);
}

/* Adds delta to posterior v while other work-items may add to its word. */
inline void latency_posterior_add(global uint *post, uint v, int delta)
{
    atomic_add(post + (v >> 1), (uint)delta << POSTERIOR_HALF_SHIFT(v));
}

/* Phase 1 for a check whose old messages are in `old`: u = posterior - old
 * (exact) and the two smallest |sat(u)|. */
inline check_mins_t latency_read(global const uint *post, latency_layer_t layer,
                                 const uint *word, const int *old, int *u, const uint bound)
{
#pragma unroll
    for (uint j = 0; j < bound; j++)
        if (j < layer.slots && word[j] != LATENCY_NO_EDGE)
            u[j] = latency_posterior(post, VARIABLE(word[j])) - old[j];
    return latency_minima(layer, word, u, bound);
}

/* Phase 2 for the same check: new messages and posteriors. */
inline void latency_write(global uint *post, global char *c2v, latency_layer_t layer, uint k,
                          const uint *word, const int *old, const int *u, check_mins_t s,
                          local const uchar *rule_local, const uint bound)
{
    int out1 = rule_local[s.min1], out2 = rule_local[s.min2];
#pragma unroll
    for (uint j = 0; j < bound; j++)
        if (j < layer.slots && word[j] != LATENCY_NO_EDGE) {
            int message = check_mins_message(s, j, u[j] < 0, out1, out2);
            c2v[layer.base + j * layer.checks + k] = (char)message;
            if (layer.shares)
                latency_posterior_add(post, VARIABLE(word[j]), message - old[j]);
            else
                latency_posterior_store(post, VARIABLE(word[j]), u[j] + message);
        }
}

/* Both phases of a further check of a layer whose checks share no variable. */
inline void latency_update(global const uint *slot_var, global uint *post, global char *c2v,
                           latency_layer_t layer, uint k, local const uchar *rule_local,
                           uint *word, int *old, int *u, const uint bound)
{
    latency_fetch(slot_var, layer, k, word, bound);
    latency_messages(c2v, layer, k, old, bound);
    check_mins_t s = latency_read(post, layer, word, old, u, bound);
    latency_write(post, c2v, layer, k, word, old, u, s, rule_local, bound);
}

/* The record of the check at layer position k: records[2k] = min1 |
 * min2 << 7 | idx1 << 14 | negatives << 19 and records[2k + 1] bit j = input
 * j negative. */
inline void latency_store_record(local uint *records, latency_layer_t layer, uint k,
                                 const uint *word, const int *u, check_mins_t s,
                                 const uint bound)
{
    uint signs = 0;
#pragma unroll
    for (uint j = 0; j < bound; j++)
        if (j < layer.slots && word[j] != LATENCY_NO_EDGE)
            signs |= (uint)(u[j] < 0) << j;
    records[2 * k] = (uint)s.min1 | (uint)s.min2 << 7 | s.idx1 << 14 | (uint)s.negatives << 19;
    records[2 * k + 1] = signs;
}

inline check_mins_t latency_load_record(local const uint *records, uint k, uint *signs)
{
    uint packed = records[2 * k];
    check_mins_t s = {packed & 127, (packed >> 7) & 127, (packed >> 19) & 1,
                      (packed >> 14) & 31};
    *signs = records[2 * k + 1];
    return s;
}

/* Phase 1 of a further check of a sharing layer, kept as a record. */
inline void latency_record(global const uint *slot_var, global const uint *post,
                           global const char *c2v, latency_layer_t layer, uint k,
                           local uint *records, uint *word, int *old, int *u, const uint bound)
{
    latency_fetch(slot_var, layer, k, word, bound);
    latency_messages(c2v, layer, k, old, bound);
    check_mins_t s = latency_read(post, layer, word, old, u, bound);
    latency_store_record(records, layer, k, word, u, s, bound);
}

/* Phase 2 of a recorded check (a sharing layer: every change is added
 * atomically). Its old messages are still in memory. */
inline void latency_apply(global const uint *slot_var, global uint *post, global char *c2v,
                          latency_layer_t layer, uint k, local const uint *records,
                          local const uchar *rule_local, uint *word, const uint bound)
{
    uint signs;
    check_mins_t s = latency_load_record(records, k, &signs);
    int out1 = rule_local[s.min1], out2 = rule_local[s.min2];
    latency_fetch(slot_var, layer, k, word, bound);
#pragma unroll
    for (uint j = 0; j < bound; j++)
        if (j < layer.slots && word[j] != LATENCY_NO_EDGE) {
            uint at = layer.base + j * layer.checks + k;
            int old = c2v[at];
            int message = check_mins_message(s, j, (signs >> j) & 1, out1, out2);
            c2v[at] = (char)message;
            latency_posterior_add(post, VARIABLE(word[j]), message - old);
        }
}

/* 1 if the check at layer position k has odd parity of hard decisions. */
inline int latency_unsatisfied(global const uint *slot_var, global const uint *post,
                               latency_layer_t layer, uint k, const uint bound)
{
    int parity = 0;
#pragma unroll
    for (uint j = 0; j < bound; j++)
        if (j < layer.slots) {
            uint word = slot_var[layer.base + j * layer.checks + k];
            if (word != LATENCY_NO_EDGE)
                parity ^= latency_posterior(post, VARIABLE(word)) < 0;
        }
    return parity;
}

/* The registers of a work-item, arrays of `bound` elements declared by the
 * kernel (their size is what lets the compiler keep them in registers): for
 * its first check (i) the slot words, those of the next layer and the inputs
 * (old, u); the slot words and old messages of a further check. */
typedef struct {
    uint *word, *next_word, *further_word;
    int *old, *u, *further_old;
} latency_registers_t;

inline void layered_latency_frame(LAYERED_LATENCY_PARAMS, local uchar *rule_local,
                                  volatile local int *unsatisfied, latency_registers_t r,
                                  const uint bound)
{
    uint f = get_group_id(0), i = get_local_id(0);
    rule_to_local(rule_local, rule);
    barrier(CLK_LOCAL_MEM_FENCE);
    /* Both conditions are the same for every work-item of the group. */
    if (f >= frames || !frame_active[f])
        return;
    global const uint *layer_offsets = tables + code.layer_offsets;
    global const uint *layers = tables + code.latency_layers;
    global const uint *slot_var = tables + code.latency_var;
    /* post_frame_stride counts 16-bit posteriors, an even number. */
    global uint *post = (global uint *)posterior + (ulong)f * (post_frame_stride / 2);
    global char *c2v = messages + (ulong)f * message_frame_stride;

    uint group = get_local_size(0);
    latency_layer_t layer = latency_layer(layer_offsets, layers, 0);
    uint *word = r.word, *next_word = r.next_word, *further = r.further_word;
    int *old = r.old, *u = r.u, *further_old = r.further_old;
    /* Above degree bound 8 the first check's old messages load a layer
     * ahead, across the barrier; at 8 that lost (more registers live across
     * the layer) and they load with the posteriors. A constant: each kernel has one of the two loops. */
    const int messages_ahead = bound > 8;
    if (i < layer.checks) {
        latency_fetch(slot_var, layer, i, word, bound);
        if (messages_ahead)
            latency_messages(c2v, layer, i, old, bound);
    }
    for (uint it = first_iteration + 1; it <= last_iteration; it++) {
        for (uint l = 0; l < code.layer_count; l++) {
            /* Phase 1: a sharing layer's further checks first (u serves as
             * their scratch too), then the first check, whose loads are all
             * in flight together. */
            if (layer.shares)
                for (uint k = i + group; k < layer.checks; k += group)
                    latency_record(slot_var, post, c2v, layer, k, records, further,
                                   further_old, u, bound);
            check_mins_t mins;
            if (i < layer.checks) {
                if (!messages_ahead)
                    latency_messages(c2v, layer, i, old, bound);
                mins = latency_read(post, layer, word, old, u, bound);
            }
            latency_layer_t next =
                latency_layer(layer_offsets, layers, l + 1 < code.layer_count ? l + 1 : 0);
            if (i < next.checks)
                latency_fetch(slot_var, next, i, next_word, bound);
            /* Needed only where checks share a variable, but a barrier under a
             * condition, even a uniform one, breaks some compilers (PoCL 5). */
            barrier(CLK_GLOBAL_MEM_FENCE);
            /* Phase 2. */
            if (i < layer.checks)
                latency_write(post, c2v, layer, i, word, old, u, mins, rule_local, bound);
            for (uint k = i + group; k < layer.checks; k += group) {
                if (layer.shares)
                    latency_apply(slot_var, post, c2v, layer, k, records, rule_local, further,
                                  bound);
                else
                    latency_update(slot_var, post, c2v, layer, k, rule_local, further,
                                   further_old, u, bound);
            }
            /* Only this work-item writes the first check's messages of the
             * next layer, so they may load across the barrier. */
            if (messages_ahead && i < next.checks)
                latency_messages(c2v, next, i, old, bound);
            barrier(CLK_GLOBAL_MEM_FENCE);
            layer = next;
#pragma unroll
            for (uint j = 0; j < bound; j++)
                word[j] = next_word[j];
        }
        int done = it == max_iterations;
        if (!done && syndrome_due(it, syndrome_period, max_iterations)) {
            syndrome_vote_open(unsatisfied, i);
            for (uint l = 0; l < code.layer_count && !*unsatisfied; l++) {
                latency_layer_t checked = latency_layer(layer_offsets, layers, l);
                for (uint k = i; k < checked.checks; k += group)
                    if (latency_unsatisfied(slot_var, post, checked, k, bound))
                        *unsatisfied = 1;
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            done = !*unsatisfied;
        }
        if (i == 0)
            frame_iterations[f] = it;
        if (done) {
            if (i == 0)
                frame_retire(frame_active, active_count, f);
            return;
        }
    }
}

/* One kernel per bound on the check degree, its arrays of exactly that size. */
#define LAYERED_LATENCY_KERNEL(name, bound)                                                      \
    kernel void name(LAYERED_LATENCY_PARAMS)                                                     \
    {                                                                                            \
        local uchar rule_local[Q_MAX + 1];                                                       \
        volatile local int unsatisfied;                                                          \
        uint word[bound], next_word[bound], further_word[bound];                                 \
        int old[bound], u[bound], further_old[bound];                                            \
        latency_registers_t r = {word, next_word, further_word, old, u, further_old};            \
        layered_latency_frame(LAYERED_LATENCY_ARGS, rule_local, &unsatisfied, r, bound);         \
    }

LAYERED_LATENCY_KERNEL(layered_latency_d8, 8)
LAYERED_LATENCY_KERNEL(layered_latency_d16, 16)
LAYERED_LATENCY_KERNEL(layered_latency_d32, 32)
