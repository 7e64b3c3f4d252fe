/* The latency design (22_layered_latency.cl) for two frames at once: each
 * work-group decodes frames 2p and 2p + 1 of a batch with the slots, check
 * assignment, barriers and early termination of the global-posterior kernel,
 * but every value a work-item handles is a pair, one frame per 16-bit half of
 * a 32-bit word (frame 2p in the low half). One slot word, one address and
 * one load or store then serve both frames, and most of the min-sum
 * arithmetic runs on both halves in one operation: the global kernel was
 * bound by instruction issue, most of it address arithmetic and control.
 *
 * Layout. The pair's posteriors are one 32-bit word per variable (latency
 * order), each half the biased 16-bit posterior of POSTERIOR_BIASED; its
 * messages one 16-bit word per slot, a signed byte per frame. Both occupy the
 * rows of frames 2p and 2p + 1 in the usual buffers (POSTERIOR_PAIRED,
 * 00_fixed_point.cl), which the host sizes for whole pairs of rows.
 *
 * The arithmetic is the reference's, exactly (test_opencl_exact), on biased
 * halves that never carry into each other:
 *   U = u + 32768 per half (u = posterior - old message, exact);
 *   V = sat(u) + 128, in [1, 255], by a clamp of U;
 *   M = |sat(u)| + 128 = max(V, 256 - V), in [128, 255];
 * the two minima of M per half (min2 = min(min2, max(min1, M))); the sign
 * parity in bit 7 of the exclusive or of ~V (bit 7 of V is clear exactly
 * when sat(u) < 0). The message to slot j is rule(min2) where M_j = min1 and
 * rule(min1) elsewhere: where two slots tie at min1, min2 = min1 and both
 * get the same value, so this equals the reference's "first slot of the
 * minimum". A slot without an edge passes V = 255, which moves neither
 * minimum nor the parity.
 *
 * A frame that retires (converged, or at its last iteration) while the other
 * decodes on is frozen: its half of every new message is its old one, so its
 * posteriors and messages stay as they were. */

/* x in both halves. */
#define PAIR(x) ((uint)(x) * 0x00010001u)

#ifdef LDPC_PTX_16X2
/* NVIDIA from compute capability 9.0 (the host defines LDPC_PTX_16X2): PTX's
 * packed 16-bit minimum and maximum (one VIMNMX each; its OpenCL compiler
 * splits ushort2 operations into two) and byte permutes. */
inline uint pair_min(uint a, uint b)
{
    uint r;
    asm("min.u16x2 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
    return r;
}

inline uint pair_max(uint a, uint b)
{
    uint r;
    asm("max.u16x2 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
    return r;
}

/* Bytes 0 and 1 of x to bytes 0 and 2, the others 0. */
inline uint pair_spread_bytes(uint x)
{
    uint r;
    asm("prmt.b32 %0, %1, 0, 0x4140;" : "=r"(r) : "r"(x));
    return r;
}

/* Bytes 0 and 2 of x to bytes 0 and 1, the others 0. */
inline uint pair_pack(uint halves)
{
    uint r;
    asm("prmt.b32 %0, %1, 0, 0x4420;" : "=r"(r) : "r"(halves));
    return r;
}
#else
inline uint pair_min(uint a, uint b)
{
    return as_uint(min(as_ushort2(a), as_ushort2(b)));
}

inline uint pair_max(uint a, uint b)
{
    return as_uint(max(as_ushort2(a), as_ushort2(b)));
}

inline uint pair_spread_bytes(uint x)
{
    return (x & 0xFFu) | ((x & 0xFF00u) << 8);
}

/* The low bytes of the two halves as one message word. */
inline uint pair_pack(uint halves)
{
    return (halves & 0xFFu) | ((halves >> 8) & 0xFF00u);
}
#endif

/* The two bytes of a message word, each + 128 (0x80 flips the sign bit),
 * spread to the two halves. */
inline uint pair_spread(uint messages)
{
    return pair_spread_bytes(messages) ^ PAIR(0x80);
}

/* U = u + 32768 per half: the posterior word less the old messages. */
inline uint pair_u(uint posterior, uint old)
{
    return posterior + PAIR(128) - pair_spread(old);
}

/* V = sat(u) + 128 per half. */
inline uint pair_v(uint u)
{
    return pair_min(pair_max(u, PAIR(POSTERIOR_BIAS - Q_MAX)), PAIR(POSTERIOR_BIAS + Q_MAX)) -
           PAIR(POSTERIOR_BIAS - 128);
}

/* M = |sat(u)| + 128 per half. */
inline uint pair_magnitude(uint v)
{
    return pair_max(v, PAIR(256) - v);
}

/* What a pair's check keeps between reading its layer and writing it: the
 * two minima of M and the sign parity (bit 7 of each half). */
typedef struct {
    uint min1, min2, negatives;
} pair_mins_t;

/* 0x00FF in each half where m (a magnitude M) equals the check's minimum
 * min1, 0 where it is larger. */
inline uint pair_minimum_bytes(uint m, uint min1)
{
    /* 0 or 1 per half: m > min1 */
    uint above = pair_min(m - min1, PAIR(1));
    return PAIR(0xFF) - above * 0xFFu;
}

/* The message word a check sends to a slot: the magnitude out1 or out2 per
 * half (at_minimum: 0xFF where the slot holds the minimum), negative where
 * bit 7 of `negative` is set. */
inline uint pair_message(uint out1, uint out2, uint at_minimum, uint negative)
{
    uint magnitude = out1 ^ ((out1 ^ out2) & at_minimum);
    uint sign = (negative >> 7) & PAIR(1);
    return pair_pack((magnitude ^ (sign * 0xFFu)) + sign);
}

/* The rule's outputs for the two halves of m (each + 128), as a pair. */
inline uint pair_rule(local const uchar *rule_local, uint m)
{
    return (uint)rule_local[(m & 0xFFu) - 128] | (uint)rule_local[(m >> 16) - 128] << 16;
}

/* The minima and sign parity of a check's inputs U (latency_minima for
 * pairs, without branches). */
inline pair_mins_t pair_minima(latency_layer_t layer, const uint *word, const uint *u,
                               const uint bound)
{
    pair_mins_t s = {PAIR(255), PAIR(255), 0};
#pragma unroll
    for (uint j = 0; j < bound; j++) {
        uint v = j < layer.slots && word[j] != LATENCY_NO_EDGE ? pair_v(u[j]) : PAIR(255);
        uint m = pair_magnitude(v);
        s.negatives ^= ~v;
        s.min2 = pair_min(s.min2, pair_max(s.min1, m));
        s.min1 = pair_min(s.min1, m);
    }
    return s;
}

/* The old message words of the check at layer position k. */
inline void pair_messages(global const ushort *c2v, latency_layer_t layer, uint k, uint *old,
                          const uint bound)
{
#pragma unroll
    for (uint j = 0; j < bound; j++)
        if (j < layer.slots)
            old[j] = HALF_AT(c2v, layer.base + j * layer.checks + k);
}

/* Phase 1: U per slot and the minima. */
inline pair_mins_t pair_read(global const uint *post, latency_layer_t layer, const uint *word,
                             const uint *old, uint *u, const uint bound)
{
#pragma unroll
    for (uint j = 0; j < bound; j++)
        if (j < layer.slots && word[j] != LATENCY_NO_EDGE)
            u[j] = pair_u(WORD_AT(post, VARIABLE(word[j])), old[j]);
    return pair_minima(layer, word, u, bound);
}

/* The message word a check with minima s and rule outputs out1, out2 sends
 * to the slot whose input is U = u; a frozen half keeps its old byte. */
inline uint pair_new_message(uint out1, uint out2, pair_mins_t s, uint u, uint old, uint frozen)
{
    uint v = pair_v(u);
    uint message = pair_message(out1, out2, pair_minimum_bytes(pair_magnitude(v), s.min1),
                                s.negatives ^ ~v);
    return bitselect(message, old, frozen);
}

/* Phase 2's slot loop. pair_write inlines it with `shares` and `frozen`
 * constant, so that each case gets its own loop. */
inline void pair_write_slots(global uint *post, global ushort *c2v, latency_layer_t layer, uint k,
                             const uint *word, const uint *old, const uint *u, pair_mins_t s,
                             uint out1, uint out2, uint frozen, const int shares,
                             const uint bound)
{
#pragma unroll
    for (uint j = 0; j < bound; j++)
        if (j < layer.slots && word[j] != LATENCY_NO_EDGE) {
            uint message = pair_new_message(out1, out2, s, u[j], old[j], frozen);
            HALF_AT(c2v, layer.base + j * layer.checks + k) = (ushort)message;
            if (shares)
                atomic_add(&WORD_AT(post, VARIABLE(word[j])),
                           pair_spread(message) - pair_spread(old[j]));
            else
                WORD_AT(post, VARIABLE(word[j])) = u[j] - PAIR(128) + pair_spread(message);
        }
}

/* Phase 2: the new messages (a frozen half keeps its old byte) and the
 * posteriors u + new, stored, or added as new - old where the layer's
 * checks share a variable. */
inline void pair_write(global uint *post, global ushort *c2v, latency_layer_t layer, uint k,
                       const uint *word, const uint *old, const uint *u, pair_mins_t s,
                       local const uchar *rule_local, uint frozen, const uint bound)
{
    uint out1 = pair_rule(rule_local, s.min1), out2 = pair_rule(rule_local, s.min2);
    /* One loop per case, chosen outside it: a uniform test inside the loop
     * costs a branch per slot, and while neither frame is frozen
     * (every layer at fixed iterations) no slot needs the old byte. */
    if (layer.shares) {
        if (frozen)
            pair_write_slots(post, c2v, layer, k, word, old, u, s, out1, out2, frozen, 1, bound);
        else
            pair_write_slots(post, c2v, layer, k, word, old, u, s, out1, out2, 0, 1, bound);
    } else {
        if (frozen)
            pair_write_slots(post, c2v, layer, k, word, old, u, s, out1, out2, frozen, 0, bound);
        else
            pair_write_slots(post, c2v, layer, k, word, old, u, s, out1, out2, 0, 0, bound);
    }
}

/* Both phases of a further check of a layer whose checks share no variable. */
inline void pair_update(global const uint *slot_var, global uint *post, global ushort *c2v,
                        latency_layer_t layer, uint k, local const uchar *rule_local, uint frozen,
                        uint *word, uint *old, uint *u, const uint bound)
{
    latency_fetch_offsets(slot_var, layer, k, word, bound);
    pair_messages(c2v, layer, k, old, bound);
    pair_mins_t s = pair_read(post, layer, word, old, u, bound);
    pair_write(post, c2v, layer, k, word, old, u, s, rule_local, frozen, bound);
}

/* Words of a record's per-slot bits of each kind (pair_record): above degree
 * bound 8, one per 16 slots; at 8 both kinds share one word. */
inline uint pair_bit_words(const uint bound)
{
    return (bound + 15) / 16;
}

/* Words of a check's record (pair_record): two up to degree 8, else one and
 * two per 16 slots (three at bound 14, five at 24 and 32). */
inline uint pair_record_words(const uint bound)
{
    return bound <= 8 ? 2 : 1 + 2 * pair_bit_words(bound);
}

/* The record of a further check of a sharing layer: word 0 = the minima - 128
 * (min1 in bits 0-6 of each half, min2 in bits 8-14) and the sign parity (bit
 * 15 of each half); then per slot j a bit of each half: input negative, and
 * the slot holds min1 (degree bound 8: both in word 1, bit j and bit 8 + j;
 * above, the negatives of slots 16w to 16w + 15 in word 1 + w and their
 * minimum bits in the words after them); frame 2p + 1 in the high half. */
inline void pair_record(global const uint *slot_var, global const uint *post,
                        global const ushort *c2v, latency_layer_t layer, uint k,
                        local uint *records, uint *word, uint *old, uint *u, const uint bound)
{
    latency_fetch_offsets(slot_var, layer, k, word, bound);
    pair_messages(c2v, layer, k, old, bound);
    pair_mins_t s = pair_read(post, layer, word, old, u, bound);
    /* 16 slots' bits per word (two words at bound 32). */
    uint negative[2] = {0, 0}, minimum[2] = {0, 0};
#pragma unroll
    for (uint j = 0; j < bound; j++)
        if (j < layer.slots && word[j] != LATENCY_NO_EDGE) {
            uint v = pair_v(u[j]);
            negative[j / 16] |= ((~v >> 7) & PAIR(1)) << (j % 16);
            minimum[j / 16] |= (pair_minimum_bytes(pair_magnitude(v), s.min1) & PAIR(1))
                               << (j % 16);
        }
    local uint *record = records + pair_record_words(bound) * k;
    record[0] = (s.min1 - PAIR(128)) | (s.min2 - PAIR(128)) << 8 | (s.negatives & PAIR(0x80)) << 8;
    if (bound <= 8) {
        record[1] = negative[0] | minimum[0] << 8;
    } else {
        for (uint w = 0; w < pair_bit_words(bound); w++) {
            record[1 + w] = negative[w];
            record[1 + pair_bit_words(bound) + w] = minimum[w];
        }
    }
}

/* Phase 2 of a recorded check: every change is added atomically. */
inline void pair_apply(global const uint *slot_var, global uint *post, global ushort *c2v,
                       latency_layer_t layer, uint k, local const uint *records,
                       local const uchar *rule_local, uint frozen, uint *word, const uint bound)
{
    local const uint *record = records + pair_record_words(bound) * k;
    uint packed = record[0];
    uint negative[2], minimum[2];
    for (uint w = 0; w < pair_bit_words(bound); w++) {
        negative[w] = record[1 + w];
        minimum[w] = bound <= 8 ? record[1] >> 8 : record[1 + pair_bit_words(bound) + w];
    }
    uint min1 = (packed & PAIR(0x7F)) + PAIR(128), min2 = ((packed >> 8) & PAIR(0x7F)) + PAIR(128);
    uint parity = (packed >> 8) & PAIR(0x80);
    uint out1 = pair_rule(rule_local, min1), out2 = pair_rule(rule_local, min2);
    latency_fetch_offsets(slot_var, layer, k, word, bound);
#pragma unroll
    for (uint j = 0; j < bound; j++)
        if (j < layer.slots && word[j] != LATENCY_NO_EDGE) {
            uint at = layer.base + j * layer.checks + k;
            uint old = HALF_AT(c2v, at);
            uint at_minimum = ((minimum[j / 16] >> (j % 16)) & PAIR(1)) * 0xFFu;
            uint negative_bit = (negative[j / 16] >> (j % 16)) & PAIR(1);
            uint message = pair_message(out1, out2, at_minimum, parity ^ (negative_bit << 7));
            message = bitselect(message, old, frozen);
            HALF_AT(c2v, at) = (ushort)message;
            atomic_add(&WORD_AT(post, VARIABLE(word[j])), pair_spread(message) - pair_spread(old));
        }
}

/* Bit 15 of each half set where the check at layer position k has odd
 * parity of hard decisions in that frame. */
inline uint pair_unsatisfied(global const uint *slot_var, global const uint *post,
                             latency_layer_t layer, uint k, const uint bound)
{
    uint parity = 0;
#pragma unroll
    for (uint j = 0; j < bound; j++)
        if (j < layer.slots) {
            uint word = WORD_AT(slot_var, layer.base + j * layer.checks + k);
            if (word != LATENCY_NO_EDGE)
                parity ^= ~WORD_AT(post, VARIABLE(word));
        }
    return parity & PAIR(0x8000);
}

/* The two frames of a pair that are still decoding, as byte masks of their
 * halves (the complement is `frozen`). */
inline uint pair_live(global const uint *frame_active, uint f, uint frames)
{
    return (f < frames && frame_active[f] ? 0x00FFu : 0) |
           (f + 1 < frames && frame_active[f + 1] ? 0xFF00u : 0);
}

/* A work-item's arrays of `bound` values each, declared in the entry points
 * below so that each is exactly as long as its kernel's bound. With
 * `tight` the further checks reuse next_word and old (further_word and
 * further_old name the same arrays), and the next layer's slot words are
 * read after them instead of before the layer's barrier. */
typedef struct {
    uint *word, *next_word, *further_word, *old, *u, *further_old;
    int tight;
} pair_registers_t;

/* The pair kernels' body, `bound` slots per check. */
inline void layered_latency_pairs(LAYERED_LATENCY_PARAMS, local uchar *rule_local,
                                  volatile local uint *unsatisfied_flags,
                                  pair_registers_t arrays, const uint bound)
{
    uint *word = arrays.word, *next_word = arrays.next_word;
    uint *further_word = arrays.further_word, *old = arrays.old, *u = arrays.u;
    uint *further_old = arrays.further_old;
    uint p = get_group_id(0), i = get_local_id(0), f = 2 * p;
    rule_to_local(rule_local, rule);
    barrier(CLK_LOCAL_MEM_FENCE);
    /* The same for every work-item of the group. */
    uint live = pair_live(frame_active, f, frames);
    if (live == 0)
        return;
    global const uint *layer_offsets = tables + code.layer_offsets;
    global const uint *layers = tables + code.latency_layers;
    global const uint *slot_var = tables + code.latency_var;
    /* The pair's words span the rows of frames f and f + 1: post_frame_stride
     * 16-bit posteriors each, message_frame_stride bytes each. */
    global uint *post = (global uint *)posterior + (ulong)p * post_frame_stride;
    global ushort *c2v = (global ushort *)messages + (ulong)p * message_frame_stride;

    uint group = get_local_size(0);
    latency_layer_t layer = latency_layer(layer_offsets, layers, 0);
    if (i < layer.checks)
        latency_fetch_offsets(slot_var, layer, i, word, bound);
    for (uint it = first_iteration + 1; it <= last_iteration; it++) {
        uint frozen = ~live & 0xFFFFu;
        for (uint l = 0; l < code.layer_count; l++) {
            if (layer.shares)
                for (uint k = i + group; k < layer.checks; k += group)
                    pair_record(slot_var, post, c2v, layer, k, records, further_word,
                                further_old, u, bound);
            pair_mins_t mins;
            if (i < layer.checks) {
                pair_messages(c2v, layer, i, old, bound);
                mins = pair_read(post, layer, word, old, u, bound);
            }
            latency_layer_t next =
                latency_layer(layer_offsets, layers, l + 1 < code.layer_count ? l + 1 : 0);
            if (!arrays.tight && i < next.checks)
                latency_fetch_offsets(slot_var, next, i, next_word, bound);
            barrier(CLK_GLOBAL_MEM_FENCE);
            if (i < layer.checks)
                pair_write(post, c2v, layer, i, word, old, u, mins, rule_local, frozen, bound);
            for (uint k = i + group; k < layer.checks; k += group) {
                if (layer.shares)
                    pair_apply(slot_var, post, c2v, layer, k, records, rule_local, frozen,
                               further_word, bound);
                else
                    pair_update(slot_var, post, c2v, layer, k, rule_local, frozen,
                                further_word, further_old, u, bound);
            }
            if (arrays.tight && i < next.checks)
                latency_fetch_offsets(slot_var, next, i, next_word, bound);
            barrier(CLK_GLOBAL_MEM_FENCE);
            layer = next;
#pragma unroll
            for (uint j = 0; j < bound; j++)
                word[j] = next_word[j];
        }
        /* Which halves retire: at the last iteration, or with a satisfied
         * syndrome. */
        uint retiring = it == max_iterations ? live : 0;
        if (retiring != live && syndrome_due(it, syndrome_period, max_iterations)) {
            if (i == 0)
                *unsatisfied_flags = 0;
            barrier(CLK_LOCAL_MEM_FENCE);
            uint wanted = ((live & 0x00FFu) ? 0x8000u : 0) | ((live & 0xFF00u) ? 0x80000000u : 0);
            for (uint l = 0; l < code.layer_count && (*unsatisfied_flags & wanted) != wanted; l++) {
                latency_layer_t checked = latency_layer(layer_offsets, layers, l);
                for (uint k = i; k < checked.checks; k += group) {
                    uint odd = pair_unsatisfied(slot_var, post, checked, k, bound) & wanted;
                    if (odd != 0)
                        atomic_or(unsatisfied_flags, odd);
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            uint satisfied = ~*unsatisfied_flags & wanted;
            retiring = ((satisfied & 0x8000u) ? 0x00FFu : 0) |
                       ((satisfied & 0x80000000u) ? 0xFF00u : 0);
        }
        if (i == 0) {
            if (live & 0x00FFu)
                frame_iterations[f] = it;
            if (live & 0xFF00u)
                frame_iterations[f + 1] = it;
            if (retiring & 0x00FFu)
                frame_retire(frame_active, active_count, f);
            if (retiring & 0xFF00u)
                frame_retire(frame_active, active_count, f + 1);
        }
        live &= ~retiring;
        if (live == 0)
            return;
    }
}

/* One kernel per bound on the check degree, whose arrays are exactly that
 * long; the host takes the smallest bound at or above the code's largest
 * check degree (cl_pair_bounds). Above bound 8 the kernels are tight: that
 * keeps bound 14 at about 96 registers (three groups of 180 per compute unit
 * where bound 16 would need 163) and bound 24 at 168 (two groups), and bound
 * 32 fits no other way. At bound 8 they lost, in the layer-group twin
 * and in groups of 180. */
#define LAYERED_LATENCY_PAIRS_KERNEL(name, bound, attributes)                                  \
    kernel attributes void name(LAYERED_LATENCY_PARAMS)                                        \
    {                                                                                          \
        local uchar rule_local[Q_MAX + 1];                                                     \
        volatile local uint unsatisfied;                                                       \
        uint word[bound], next_word[bound], further_word[bound];                               \
        uint old[bound], u[bound], further_old[bound];                                         \
        const int tight = (bound) > 8;                                                         \
        pair_registers_t arrays = {word,        next_word, tight ? next_word : further_word,   \
                                   old,         u,         tight ? old : further_old,          \
                                   tight};                                                     \
        layered_latency_pairs(LAYERED_LATENCY_ARGS, rule_local, &unsatisfied, arrays, bound);  \
    }

LAYERED_LATENCY_PAIRS_KERNEL(layered_latency_pairs_d8, 8, )
LAYERED_LATENCY_PAIRS_KERNEL(layered_latency_pairs_d14, 14, )
LAYERED_LATENCY_PAIRS_KERNEL(layered_latency_pairs_d24, 24, )
LAYERED_LATENCY_PAIRS_KERNEL(layered_latency_pairs_d32, 32, )
#ifdef LDPC_LAYER_GROUP
LAYERED_LATENCY_PAIRS_KERNEL(layered_latency_pairs_d8_layer, 8, LAYER_GROUP_SIZE)
#endif
