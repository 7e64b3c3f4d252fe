/* Layered min-sum with saturated 8-bit posteriors by layer
 * (LDPC_SATURATED_BY_LAYER, src/decode/ref_fixed_saturated.c), bit for bit,
 * for DVB codes through their circulant tables (24_layered_circulant.cl's
 * words and variable positions): one work-group per frame runs every
 * iteration in one launch, one or two checks of each layer per work-item.
 *
 * What makes it cheaper than the exact decoder's kernels:
 * - a posterior is a char (a normal frame's 64.8 KB, not 129.6);
 * - a check's messages are one record (RECORD_WORDS words): the signs of its
 *   messages, the first minimum's edge and the rule's two outputs, so a check
 *   reads and writes one or two words where the exact kernels move a byte
 *   per edge;
 * - every check of a layer reads the layer's start, and only a variable that
 *   two block edges of the layer reach (CIRCULANT_ATOMIC) waits for the sum
 *   of its changes: so a check reads, decides and writes its posteriors in
 *   one go, and the one barrier inside a layer guards only those.
 *
 * The cap on the magnitudes entering a check comes through the rule: the
 * second half of `rule` holds rule(min(m, cap)), and taking the minima of
 * the uncapped magnitudes gives the same messages (a minimum above the cap
 * sends rule(cap) to every edge, whichever edge holds it).
 *
 * Local memory (`records`, sized by the host): the code's circulant words,
 * one byte per block edge (its rank among the layer's shared block edges,
 * SHARED_FIRST on the first edge of its block), one byte per layer (its
 * shared block edges), then a char per shared block edge and block position:
 * the change that edge's check made to the variable there. */

#define SHARED_FIRST 0x80u
#define SHARED_RANK_MASK 0x7Fu

/* Record fields: the signs of up to `bound` messages, the edge of the first
 * minimum, rule(min1) and rule(min2), each output at most the cap (<= 63,
 * the host's bound for this design). Bound <= 16: one word, signs in bits
 * 0-15, edge in 16-19, outputs in 20-25 and 26-31; bound 32: signs in the
 * first word, edge (5 bits) and the outputs in the second. */
typedef struct {
    uint signs, edge;
    int out1, out2;
} saturated_record_t;

inline saturated_record_t record_load(global const uint *records, uint check, const uint bound)
{
    saturated_record_t r;
    if (bound <= 16) {
        uint w = records[check];
        r.signs = w & 0xFFFFu;
        r.edge = (w >> 16) & 0xFu;
        r.out1 = (int)((w >> 20) & 0x3Fu);
        r.out2 = (int)(w >> 26);
    } else {
        uint2 w = vload2(check, records);
        r.signs = w.x;
        r.edge = w.y & 0x1Fu;
        r.out1 = (int)((w.y >> 5) & 0x3Fu);
        r.out2 = (int)((w.y >> 11) & 0x3Fu);
    }
    return r;
}

inline void record_store(global uint *records, uint check, saturated_record_t r,
                         const uint bound)
{
    if (bound <= 16)
        records[check] = r.signs | r.edge << 16 | (uint)r.out1 << 20 | (uint)r.out2 << 26;
    else
        vstore2((uint2)(r.signs, r.edge | (uint)r.out1 << 5 | (uint)r.out2 << 11), check,
                records);
}

/* The message of edge j as the record holds it. */
inline int record_message(saturated_record_t r, uint j)
{
    int magnitude = j == r.edge ? r.out2 : r.out1;
    return (r.signs >> j) & 1u ? -magnitude : magnitude;
}

/* The per-edge and per-layer shared bytes, from the words (once per launch). */
inline void shared_bytes(local const uint *layer_words, local const uint *edge_words,
                         uint layer_count, local uchar *edge_shared, local uchar *layer_shared)
{
    for (uint l = get_local_id(0); l < layer_count; l += get_local_size(0)) {
        uint first = layer_words[l], end = layer_words[l + 1], rank = 0;
        for (uint e = first; e < end; e++) {
            uint word = edge_words[e];
            if (!(word & CIRCULANT_ATOMIC))
                continue;
            uint block = word & CIRCULANT_POSITION_MASK, first_of_block = SHARED_FIRST;
            for (uint other = first; other < e; other++)
                if ((edge_words[other] & CIRCULANT_POSITION_MASK) == block)
                    first_of_block = 0;
            edge_shared[e] = (uchar)(rank++ | first_of_block);
        }
        layer_shared[l] = (uchar)rank;
    }
}

/* One check at layer position k: its record and posteriors in, its new
 * record out, and each posterior's new value stored (a variable of its own
 * in the layer) or its change left in `delta` (a shared one). Every load is
 * issued before any is used; a slot beyond the layer's block edges reads its
 * last one and is masked. */
inline void saturated_check(global char *post, global uint *layer_records,
                            local const uint *layer_edge_words, local const uchar *layer_edge_shared,
                            uint count, uint k, local char *delta, local const uchar *rule,
                            const uint bound)
{
    uint word[32], at[32];
    int p[32], old[32], t[32];
    saturated_record_t r = record_load(layer_records, k, bound);
#pragma unroll
    for (uint j = 0; j < bound; j++) {
        word[j] = layer_edge_words[j < count ? j : count - 1];
        at[j] = circulant_variable(word[j], k);
        p[j] = post[at[j]];
    }
    int corner = k == 0; /* the only position that may lack an edge */
    int min1 = Q_MAX, min2 = Q_MAX, negatives = 0;
    uint edge = 0, signs = 0, present = 0; /* present: a bit per edge the check has */
#pragma unroll
    for (uint j = 0; j < bound; j++) {
        present |= (uint)(j < count && !(corner && (word[j] & CIRCULANT_GAP))) << j;
        old[j] = record_message(r, j);
        t[j] = (present >> j) & 1u ? q_sat(p[j] - old[j]) : Q_MAX;
        int magnitude = max(t[j], -t[j]);
        edge = magnitude < min1 ? j : edge;
        min2 = min(min2, max(min1, magnitude));
        min1 = min(min1, magnitude);
        negatives ^= t[j] < 0;
        signs |= (uint)(t[j] < 0) << j;
    }
    /* A message's sign: the product of the other inputs' signs. */
    uint all_edges = bound < 32 ? (1u << bound) - 1u : 0xFFFFFFFFu;
    saturated_record_t next = {negatives ? signs ^ all_edges : signs, edge, rule[min1],
                               rule[min2]};
    record_store(layer_records, k, next, bound);
#pragma unroll
    for (uint j = 0; j < bound; j++) {
        if (!((present >> j) & 1u))
            continue;
        int change = record_message(next, j) - old[j];
        if (word[j] & CIRCULANT_ATOMIC) {
            uint position = at[j] - (word[j] & CIRCULANT_POSITION_MASK);
            uint rank = layer_edge_shared[j] & SHARED_RANK_MASK;
            delta[rank * CIRCULANT_SIZE + position] = (char)change;
        } else {
            post[at[j]] = (char)q_sat(p[j] + change);
        }
    }
}

/* A shared block's variables after the layer: sat(post + the changes of
 * every block edge of the layer that reaches the block). */
inline void saturated_combine(global char *post, local const uint *word,
                              local const uchar *shared, uint count, local const char *delta)
{
    for (uint j = 0; j < count; j++) {
        if (!(word[j] & CIRCULANT_ATOMIC) || !(shared[j] & SHARED_FIRST))
            continue;
        uint block = word[j] & CIRCULANT_POSITION_MASK;
        for (uint position = get_local_id(0); position < CIRCULANT_SIZE;
             position += get_local_size(0)) {
            int value = post[block + position];
            for (uint other = j; other < count; other++)
                if ((word[other] & CIRCULANT_ATOMIC) &&
                    (word[other] & CIRCULANT_POSITION_MASK) == block)
                    value += delta[(shared[other] & SHARED_RANK_MASK) * CIRCULANT_SIZE + position];
            post[block + position] = (char)q_sat(value);
        }
    }
}

/* 1 if the check at layer position k has odd parity of hard decisions. */
inline int layer_check_unsatisfied(global const char *post, local const uint *edge_words,
                                   uint first, uint count, uint k)
{
    int parity = 0;
    for (uint j = 0; j < count; j++) {
        uint word = edge_words[first + j];
        if (circulant_has_edge(word, k))
            parity ^= post[circulant_variable(word, k)] < 0;
    }
    return parity;
}

inline void layered_saturated_layer_frame(LAYERED_LATENCY_PARAMS, local uchar *rule_local,
                                          volatile local int *unsatisfied, const uint bound)
{
    uint f = get_group_id(0), i = get_local_id(0), group = get_local_size(0);
    const uint layer_count = code.layer_count, words = code.circulant_words;
    const uint block_edges = words - layer_count - 1;
    global const uint *table = tables + code.circulants;
    for (uint w = i; w < words; w += group)
        records[w] = table[w];
    rule_to_local(rule_local, rule + Q_MAX + 1); /* the capped rule */
    local const uint *layer_words = records, *edge_words = records + layer_count + 1;
    local uchar *edge_shared = (local uchar *)(records + words);
    local uchar *layer_shared = edge_shared + block_edges;
    local char *delta = (local char *)(layer_shared + layer_count);
    barrier(CLK_LOCAL_MEM_FENCE);
    shared_bytes(layer_words, edge_words, layer_count, edge_shared, layer_shared);
    barrier(CLK_LOCAL_MEM_FENCE);
    /* Both conditions are the same for every work-item of the group. */
    if (f >= frames || !frame_active[f])
        return;
    global char *post = (global char *)posterior + (ulong)f * post_frame_stride;
    global uint *frame_records = (global uint *)(messages + (ulong)f * message_frame_stride);
    const uint record_words = bound <= 16 ? 1 : 2;

    for (uint it = first_iteration + 1; it <= last_iteration; it++) {
        for (uint l = 0; l < layer_count; l++) {
            uint first = layer_words[l], count = layer_words[l + 1] - first;
            global uint *layer_records = frame_records + l * CIRCULANT_SIZE * record_words;
            for (uint k = i; k < CIRCULANT_SIZE; k += group)
                saturated_check(post, layer_records, edge_words + first, edge_shared + first,
                                count, k, delta, rule_local, bound);
            /* Unconditional, as in 24_layered_circulant.cl: a barrier under
             * even a uniform condition breaks some compilers. */
            barrier(CLK_LOCAL_MEM_FENCE);
            if (layer_shared[l] > 0)
                saturated_combine(post, edge_words + first, edge_shared + first, count, delta);
            /* The next layer reads what this one wrote. */
            barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
        }
        int done = it == max_iterations;
        if (!done && syndrome_due(it, syndrome_period, max_iterations)) {
            syndrome_vote_open(unsatisfied, i);
            for (uint l = 0; l < layer_count && !*unsatisfied; l++) {
                uint first = layer_words[l], count = layer_words[l + 1] - first;
                for (uint k = i; k < CIRCULANT_SIZE; k += group)
                    if (layer_check_unsatisfied(post, edge_words, first, count, k))
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

/* One kernel per bound on a layer's block edges (8, 16, 32). */
#define LAYERED_SATURATED_LAYER_KERNEL(name, bound)                                              \
    kernel void name(LAYERED_LATENCY_PARAMS)                                                     \
    {                                                                                            \
        local uchar rule_local[Q_MAX + 1];                                                       \
        volatile local int unsatisfied;                                                          \
        layered_saturated_layer_frame(LAYERED_LATENCY_ARGS, rule_local, &unsatisfied, bound);   \
    }

LAYERED_SATURATED_LAYER_KERNEL(layered_saturated_layer_d8, 8)
LAYERED_SATURATED_LAYER_KERNEL(layered_saturated_layer_d16, 16)
LAYERED_SATURATED_LAYER_KERNEL(layered_saturated_layer_d32, 32)
