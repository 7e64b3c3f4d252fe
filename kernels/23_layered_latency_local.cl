/* The latency design (22_layered_latency.cl) with the frame's posteriors in
 * local memory: the same slots, check assignment, arithmetic and early
 * termination, but a layer step no longer waits for global memory. The host
 * runs it where the posteriors (two bytes each) and the records fit the
 * device's local memory: a DVB short frame is 32400 bytes, within the 48 KB a
 * work-group gets from NVIDIA's OpenCL; a normal frame (129600) is not.
 *
 * Posteriors. The biased 16-bit values of the global kernel
 * (POSTERIOR_BIASED, 00_fixed_point.cl), here in local memory. In a layer
 * whose checks share no variable each posterior has one writer, a plain
 * 16-bit store. In a layer that shares one (LAYER_SHARES) every change is
 * added to the variable's word with one 32-bit atomic_add of (new - old)
 * shifted to its half; every write of such a layer goes through the atomic,
 * so no plain store races with an atomic on the same word. (A compare-and-swap
 * loop on 16-bit posteriors serialised the shared variables and was slower.)
 *
 * Messages stay in global memory, but a message slot is only ever read and
 * written by one work-item (check k of every layer belongs to work-item
 * k mod G), so they need no barrier: the old messages of a work-item's first
 * two checks of the next layer are loaded as soon as this layer's are
 * written, and arrive during the barrier. Loading them before the layer's
 * first barrier instead keeps more registers live across it (1.2x slower
 * for one short frame).
 *
 * At the start of a launch the posteriors come in from the frame's global row
 * the setup kernel wrote, and at the end (the frame retired or the launch's
 * last iteration) they go back there, for the statistics and decision
 * kernels: a decode split over several launches still gives the same result.
 */

#define LAYERED_LATENCY_LOCAL_PARAMS LAYERED_LATENCY_PARAMS, local uint *post_words
#define LAYERED_LATENCY_LOCAL_ARGS LAYERED_LATENCY_ARGS, post_words

inline int local_posterior(local const ushort *post, uint v)
{
    return (int)post[v] - POSTERIOR_BIAS;
}

inline void local_posterior_store(local ushort *post, uint v, int value)
{
    post[v] = (ushort)(value + POSTERIOR_BIAS);
}

/* Adds delta to posterior v while other work-items may add to its word. */
inline void local_posterior_add(local uint *post_words, uint v, int delta)
{
    atomic_add(post_words + (v >> 1), (uint)delta << POSTERIOR_HALF_SHIFT(v));
}

/* latency_minima without branches (check_mins_take: a slot without an
 * edge passes Q_MAX): selects instead of a divergent block per slot, which
 * NVIDIA's compiler padded with register moves in this kernel (the
 * global-posterior and circulant kernels were faster with the branches). */
inline check_mins_t local_minima(latency_layer_t layer, const uint *word, const int *u,
                                 const uint bound)
{
    check_mins_t s = check_mins_start(0);
#pragma unroll
    for (uint j = 0; j < bound; j++) {
        int t = j < layer.slots && word[j] != LATENCY_NO_EDGE ? q_sat(u[j]) : Q_MAX;
        check_mins_take(&s, abs(t), t < 0, j);
    }
    return s;
}

/* Phase 1 for the check at layer position k, its old messages already in
 * `old`: u = posterior - old (exact) and the two smallest |sat(u)|. */
inline check_mins_t local_read(local const ushort *post, latency_layer_t layer,
                               const uint *word, const int *old, int *u, const uint bound)
{
#pragma unroll
    for (uint j = 0; j < bound; j++)
        if (j < layer.slots && word[j] != LATENCY_NO_EDGE)
            u[j] = local_posterior(post, VARIABLE(word[j])) - old[j];
    return local_minima(layer, word, u, bound);
}

/* Phase 2 for the same check: new messages and posteriors. */
inline void local_write(local uint *post_words, global char *c2v, latency_layer_t layer, uint k,
                        const uint *word, const int *old, const int *u, check_mins_t s,
                        local const uchar *rule_local, const uint bound)
{
    int out1 = rule_local[s.min1], out2 = rule_local[s.min2];
    /* One loop per case: the uniform test inside the loop cost a branch per
     * slot. */
    if (layer.shares) {
#pragma unroll
        for (uint j = 0; j < bound; j++)
            if (j < layer.slots && word[j] != LATENCY_NO_EDGE) {
                int message = check_mins_message(s, j, u[j] < 0, out1, out2);
                c2v[layer.base + j * layer.checks + k] = (char)message;
                local_posterior_add(post_words, VARIABLE(word[j]), message - old[j]);
            }
    } else {
#pragma unroll
        for (uint j = 0; j < bound; j++)
            if (j < layer.slots && word[j] != LATENCY_NO_EDGE) {
                int message = check_mins_message(s, j, u[j] < 0, out1, out2);
                c2v[layer.base + j * layer.checks + k] = (char)message;
                local_posterior_store((local ushort *)post_words, VARIABLE(word[j]),
                                      u[j] + message);
            }
    }
}

/* Both phases of a further check (the third on) of a layer whose checks
 * share no variable. */
inline void local_update(global const uint *slot_var, local uint *post_words, global char *c2v,
                         latency_layer_t layer, uint k, local const uchar *rule_local,
                         uint *word, int *old, int *u, const uint bound)
{
    latency_fetch_offsets(slot_var, layer, k, word, bound);
    latency_messages(c2v, layer, k, old, bound);
    check_mins_t s =
        local_read((local const ushort *)post_words, layer, word, old, u, bound);
    local_write(post_words, c2v, layer, k, word, old, u, s, rule_local, bound);
}

/* Phase 1 of a further check of a sharing layer, kept as a record. */
inline void local_record(global const uint *slot_var, local const ushort *post,
                         global const char *c2v, latency_layer_t layer, uint k,
                         local uint *records, uint *word, int *old, int *u, const uint bound)
{
    latency_fetch_offsets(slot_var, layer, k, word, bound);
    latency_messages(c2v, layer, k, old, bound);
    check_mins_t s = local_read(post, layer, word, old, u, bound);
    latency_store_record(records, layer, k, word, u, s, bound);
}

/* Phase 2 of a recorded check (a sharing layer: changes added atomically). */
inline void local_apply(global const uint *slot_var, local uint *post_words, global char *c2v,
                        latency_layer_t layer, uint k, local const uint *records,
                        local const uchar *rule_local, uint *word, const uint bound)
{
    uint signs;
    check_mins_t s = latency_load_record(records, k, &signs);
    int out1 = rule_local[s.min1], out2 = rule_local[s.min2];
    latency_fetch_offsets(slot_var, layer, k, word, bound);
#pragma unroll
    for (uint j = 0; j < bound; j++)
        if (j < layer.slots && word[j] != LATENCY_NO_EDGE) {
            uint at = layer.base + j * layer.checks + k;
            int old = c2v[at];
            int message = check_mins_message(s, j, (signs >> j) & 1, out1, out2);
            c2v[at] = (char)message;
            local_posterior_add(post_words, VARIABLE(word[j]), message - old);
        }
}

/* 1 if the check at layer position k has odd parity of hard decisions. */
inline int local_unsatisfied(global const uint *slot_var, local const ushort *post,
                             latency_layer_t layer, uint k, const uint bound)
{
    int parity = 0;
#pragma unroll
    for (uint j = 0; j < bound; j++)
        if (j < layer.slots) {
            uint word = WORD_AT(slot_var, layer.base + j * layer.checks + k);
            if (word != LATENCY_NO_EDGE)
                parity ^= local_posterior(post, VARIABLE(word)) < 0;
        }
    return parity;
}

/* The frame's posteriors between global ints and local memory. */
/* The frame's posteriors between the global row and local memory, in the
 * same format (whole words: the row's length is even). */
inline void local_posteriors_in(local uint *post_words, global const uint *post_global, uint n)
{
    for (uint w = get_local_id(0); w < (n + 1) / 2; w += get_local_size(0))
        post_words[w] = post_global[w];
}

inline void local_posteriors_out(local const uint *post_words, global uint *post_global, uint n)
{
    for (uint w = get_local_id(0); w < (n + 1) / 2; w += get_local_size(0))
        post_global[w] = post_words[w];
}

/* The registers of a work-item (arrays of `bound` elements declared by the
 * kernel): for its first two checks the slot words and old messages of this
 * layer and the next, and u; scratch for a further check. */
typedef struct {
    uint *word, *next_word, *word2, *next_word2;
    int *old, *next_old, *old2, *next_old2, *u, *u2;
    uint *further_word;
    int *further_old, *further_u;
} local_registers_t;

/* The old messages of the work-item's first two checks of `layer`. */
inline void local_prefetch(global const char *c2v, latency_layer_t layer, uint i, uint group,
                           int *old, int *old2, const uint bound)
{
    if (i < layer.checks)
        latency_messages(c2v, layer, i, old, bound);
    if (i + group < layer.checks)
        latency_messages(c2v, layer, i + group, old2, bound);
}

inline void layered_latency_local_frame(LAYERED_LATENCY_LOCAL_PARAMS, local uchar *rule_local,
                                        volatile local int *unsatisfied, local_registers_t r,
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
    global uint *post_global = (global uint *)posterior + (ulong)f * (post_frame_stride / 2);
    global char *c2v = messages + (ulong)f * message_frame_stride;
    local ushort *post = (local ushort *)post_words;

    uint group = get_local_size(0);
    latency_layer_t layer = latency_layer(layer_offsets, layers, 0);
    if (i < layer.checks)
        latency_fetch_offsets(slot_var, layer, i, r.word, bound);
    if (i + group < layer.checks)
        latency_fetch_offsets(slot_var, layer, i + group, r.word2, bound);
    local_prefetch(c2v, layer, i, group, r.old, r.old2, bound);
    local_posteriors_in(post_words, post_global, code.n);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint it = first_iteration + 1; it <= last_iteration; it++) {
        for (uint l = 0; l < code.layer_count; l++) {
            /* Phase 1: a sharing layer's further checks first, then the first
             * two checks, whose inputs are all in local memory or registers. */
            if (layer.shares)
                for (uint k = i + 2 * group; k < layer.checks; k += group)
                    local_record(slot_var, post, c2v, layer, k, records, r.further_word,
                                 r.further_old, r.further_u, bound);
            check_mins_t mins, mins2;
            if (i < layer.checks)
                mins = local_read(post, layer, r.word, r.old, r.u, bound);
            if (i + group < layer.checks)
                mins2 = local_read(post, layer, r.word2, r.old2, r.u2, bound);
            latency_layer_t next =
                latency_layer(layer_offsets, layers, l + 1 < code.layer_count ? l + 1 : 0);
            if (i < next.checks)
                latency_fetch_offsets(slot_var, next, i, r.next_word, bound);
            if (i + group < next.checks)
                latency_fetch_offsets(slot_var, next, i + group, r.next_word2, bound);
            barrier(CLK_LOCAL_MEM_FENCE);
            /* Phase 2. */
            if (i < layer.checks)
                local_write(post_words, c2v, layer, i, r.word, r.old, r.u, mins, rule_local,
                            bound);
            if (i + group < layer.checks)
                local_write(post_words, c2v, layer, i + group, r.word2, r.old2, r.u2, mins2,
                            rule_local, bound);
            for (uint k = i + 2 * group; k < layer.checks; k += group) {
                if (layer.shares)
                    local_apply(slot_var, post_words, c2v, layer, k, records, rule_local,
                                r.further_word, bound);
                else
                    local_update(slot_var, post_words, c2v, layer, k, rule_local,
                                 r.further_word, r.further_old, r.further_u, bound);
            }
            local_prefetch(c2v, next, i, group, r.next_old, r.next_old2, bound);
            barrier(CLK_LOCAL_MEM_FENCE);
            layer = next;
#pragma unroll
            for (uint j = 0; j < bound; j++) {
                r.word[j] = r.next_word[j];
                r.word2[j] = r.next_word2[j];
                r.old[j] = r.next_old[j];
                r.old2[j] = r.next_old2[j];
            }
        }
        int done = it == max_iterations;
        if (!done && syndrome_due(it, syndrome_period, max_iterations)) {
            syndrome_vote_open(unsatisfied, i);
            for (uint l = 0; l < code.layer_count && !*unsatisfied; l++) {
                latency_layer_t checked = latency_layer(layer_offsets, layers, l);
                for (uint k = i; k < checked.checks; k += group)
                    if (local_unsatisfied(slot_var, post, checked, k, bound))
                        *unsatisfied = 1;
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            done = !*unsatisfied;
        }
        if (i == 0)
            frame_iterations[f] = it;
        if (done) {
            local_posteriors_out(post_words, post_global, code.n);
            if (i == 0)
                frame_retire(frame_active, active_count, f);
            return;
        }
    }
    local_posteriors_out(post_words, post_global, code.n);
}

/* One kernel per bound on the check degree, its arrays of exactly that size. */
#define LAYERED_LATENCY_LOCAL_KERNEL(name, bound, attributes)                                    \
    kernel attributes void name(LAYERED_LATENCY_LOCAL_PARAMS)                                    \
    {                                                                                            \
        local uchar rule_local[Q_MAX + 1];                                                       \
        volatile local int unsatisfied;                                                          \
        uint word[bound], next_word[bound], word2[bound], next_word2[bound];                     \
        uint further_word[bound];                                                                \
        int old[bound], next_old[bound], old2[bound], next_old2[bound], u[bound], u2[bound];     \
        int further_old[bound], further_u[bound];                                                \
        local_registers_t r = {word,      next_word, word2, next_word2,   old,                   \
                               next_old,  old2,      next_old2, u,        u2,                    \
                               further_word, further_old, further_u};                            \
        layered_latency_local_frame(LAYERED_LATENCY_LOCAL_ARGS, rule_local, &unsatisfied, r,     \
                                    bound);                                                      \
    }

LAYERED_LATENCY_LOCAL_KERNEL(layered_latency_local_d8, 8, )
LAYERED_LATENCY_LOCAL_KERNEL(layered_latency_local_d16, 16, )
LAYERED_LATENCY_LOCAL_KERNEL(layered_latency_local_d32, 32, )
#ifdef LDPC_LAYER_GROUP
LAYERED_LATENCY_LOCAL_KERNEL(layered_latency_local_d8_layer, 8, LAYER_GROUP_SIZE)
#endif
