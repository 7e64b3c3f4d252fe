/* Layered min-sum for DVB codes through their circulant tables
 * (platform/opencl/opencl_circulant_tables.h): the latency design of
 * 22_layered_latency.cl (one work-group per frame, every iteration in one
 * launch, the same arithmetic, biased 16-bit posteriors in global memory),
 * but a check's variables are computed instead of read: the check at layer
 * position k meets the block of block edge j at position (offset_j + k) mod
 * 360. So no table word is loaded per edge, and a group of at least half a
 * layer takes all 360 checks of a layer at once (one or two per work-item)
 * with every load of the layer, messages and posteriors, issued before any
 * result is needed: one round trip to memory per layer, where the slot
 * tables need one for a check's words and another for the posteriors of a
 * second check. The code's block words sit in
 * local memory (the `records` argument), every work-item of a group reading
 * the same address.
 *
 * The messages of a frame: block edge j (counted over the code), check
 * position k at c2v[j * 360 + k], so that a warp's accesses coalesce. The
 * absent edge of the staircase (check 0 of layer 0 has no parity bit -1)
 * enters the check as the input Q_MAX, which changes neither minimum nor the
 * sign parity; it is neither written nor part of the syndrome.
 *
 * Where two block edges of a layer reach one block (CIRCULANT_ATOMIC on
 * both), two checks of the layer share each of its variables: every check of
 * the layer is read before the barrier, and their changes new - old are
 * added to the posterior's word atomically. Only those: a block starts at a
 * multiple of 360, so no posterior word holds a variable of another block,
 * and every other posterior takes a plain store. The slot kernels make every
 * change of such a layer atomic (and gained nothing from doing otherwise). */

#define CIRCULANT_ATOMIC 0x40000000u
#define CIRCULANT_GAP 0x20000000u
#define CIRCULANT_OFFSET_SHIFT 20
#define CIRCULANT_POSITION_MASK ((1u << CIRCULANT_OFFSET_SHIFT) - 1u)
#define CIRCULANT_OFFSET_MASK 0x1FFu
/* Checks of a layer per work-item at most: the host's groups have at least
 * half as many work-items as a layer has checks. */
#define CIRCULANT_CHECKS 2

/* The circulant size: every DVB code's (the host builds no other). A
 * constant, so that a block edge's message offset is an immediate. */
#define CIRCULANT_SIZE 360u
#define CIRCULANT_NO_EDGE 0xFFFFFFFFu

/* The posterior position of the check at layer position k on block edge `word`. */
inline uint circulant_variable(uint word, uint k)
{
    uint at = ((word >> CIRCULANT_OFFSET_SHIFT) & CIRCULANT_OFFSET_MASK) + k;
    return (word & CIRCULANT_POSITION_MASK) + (at >= CIRCULANT_SIZE ? at - CIRCULANT_SIZE : at);
}

inline int circulant_has_edge(uint word, uint k)
{
    return k != 0 || (word & CIRCULANT_GAP) == 0;
}

/* Phase 1 of the check at layer position k: the posterior position of each
 * edge (var), its old message (0 where the check has no edge) and its input
 * u = posterior - old (Q_MAX where none), and the two smallest |sat(u)|.
 * Every load is unconditional, from an address that is valid for every edge
 * (a slot beyond the layer's block edges reads its last one, see
 * layered_circulant_frame), and the edges that are not there are masked
 * afterwards: a load under a condition whose result is used under the same
 * condition waits for its result before the next one is issued. */
inline check_mins_t circulant_read(global const uint *post, global const char *c2v,
                                   const uint *word, const uint *message_at, uint count, uint k,
                                   uint *var, int *old, int *u, const uint bound)
{
    int corner = k == 0; /* the only position that may lack an edge */
#pragma unroll
    for (uint j = 0; j < bound; j++) {
        var[j] = circulant_variable(word[j], k);
        old[j] = c2v[message_at[j] + k];
        u[j] = latency_posterior(post, var[j]);
        var[j] |= word[j] & CIRCULANT_ATOMIC;
    }
#pragma unroll
    for (uint j = 0; j < bound; j++) {
        int present = j < count && !(corner && (word[j] & CIRCULANT_GAP));
        old[j] = present ? old[j] : 0;
        u[j] = present ? u[j] - old[j] : Q_MAX;
        var[j] = present ? var[j] : CIRCULANT_NO_EDGE;
    }
    check_mins_t s = check_mins_start(0);
#pragma unroll
    for (uint j = 0; j < bound; j++)
        check_mins_add(&s, q_sat(u[j]), j);
    return s;
}

/* Phase 2 of the same check: its new messages and posteriors. */
inline void circulant_write(global uint *post, global char *c2v, uint k,
                            const uint *var, const int *old, const int *u, check_mins_t s,
                            local const uchar *rule_local, const uint bound)
{
    int out1 = rule_local[s.min1], out2 = rule_local[s.min2];
#pragma unroll
    for (uint j = 0; j < bound; j++)
        if (var[j] != CIRCULANT_NO_EDGE) {
            int message = check_mins_message(s, j, u[j] < 0, out1, out2);
            c2v[j * CIRCULANT_SIZE + k] = (char)message;
            uint v = var[j] & CIRCULANT_POSITION_MASK;
            if (var[j] & CIRCULANT_ATOMIC)
                latency_posterior_add(post, v, message - old[j]);
            else
                latency_posterior_store(post, v, u[j] + message);
        }
}

/* 1 if the check at layer position k has odd parity of hard decisions. */
inline int circulant_unsatisfied(global const uint *post, local const uint *edge_words,
                                 uint first, uint count, uint k)
{
    int parity = 0;
    for (uint j = 0; j < count; j++) {
        uint word = edge_words[first + j];
        if (circulant_has_edge(word, k))
            parity ^= latency_posterior(post, circulant_variable(word, k)) < 0;
    }
    return parity;
}

/* The registers of a work-item: its layer's block words and their message
 * offsets, and the posterior positions, old messages and inputs of its
 * checks (CIRCULANT_CHECKS x bound). */
typedef struct {
    uint *word, *message_at, *var;
    int *old, *u;
} circulant_registers_t;

inline void layered_circulant_frame(LAYERED_LATENCY_PARAMS, local uchar *rule_local,
                                    volatile local int *unsatisfied, circulant_registers_t r,
                                    const uint bound)
{
    uint f = get_group_id(0), i = get_local_id(0), group = get_local_size(0);
    global const uint *table = tables + code.circulants;
    for (uint w = i; w < code.circulant_words; w += group)
        records[w] = table[w];
    rule_to_local(rule_local, rule);
    barrier(CLK_LOCAL_MEM_FENCE);
    /* Both conditions are the same for every work-item of the group. */
    if (f >= frames || !frame_active[f])
        return;
    const uint layer_count = code.layer_count;
    local const uint *layer_words = records, *edge_words = records + layer_count + 1;
    /* post_frame_stride counts 16-bit posteriors, an even number. */
    global uint *post = (global uint *)posterior + (ulong)f * (post_frame_stride / 2);
    global char *c2v = messages + (ulong)f * message_frame_stride;

    for (uint it = first_iteration + 1; it <= last_iteration; it++) {
        for (uint l = 0; l < layer_count; l++) {
            uint first = layer_words[l], count = layer_words[l + 1] - first;
            /* A slot beyond the layer's block edges repeats its last one. */
#pragma unroll
            for (uint j = 0; j < bound; j++) {
                uint edge = j < count ? j : count - 1;
                r.word[j] = edge_words[first + edge];
                r.message_at[j] = edge * CIRCULANT_SIZE;
            }
            /* This layer's messages: block edge first + j at j * 360. */
            global char *layer_c2v = c2v + first * CIRCULANT_SIZE;
            check_mins_t mins[CIRCULANT_CHECKS];
#pragma unroll
            for (uint c = 0; c < CIRCULANT_CHECKS; c++) {
                uint k = i + c * group;
                if (k < CIRCULANT_SIZE)
                    mins[c] = circulant_read(post, layer_c2v, r.word, r.message_at, count, k,
                                             r.var + c * bound, r.old + c * bound,
                                             r.u + c * bound, bound);
            }
            /* Needed only where checks share a variable, but a barrier under a
             * condition, even a uniform one, breaks some compilers (PoCL 5),
             * and was slower elsewhere. */
            barrier(CLK_GLOBAL_MEM_FENCE);
#pragma unroll
            for (uint c = 0; c < CIRCULANT_CHECKS; c++) {
                uint k = i + c * group;
                if (k < CIRCULANT_SIZE)
                    circulant_write(post, layer_c2v, k, r.var + c * bound,
                                    r.old + c * bound, r.u + c * bound, mins[c], rule_local,
                                    bound);
            }
            /* The next layer reads what this one wrote. */
            barrier(CLK_GLOBAL_MEM_FENCE);
        }
        int done = it == max_iterations;
        if (!done && syndrome_due(it, syndrome_period, max_iterations)) {
            syndrome_vote_open(unsatisfied, i);
            for (uint l = 0; l < layer_count && !*unsatisfied; l++) {
                uint first = layer_words[l], count = layer_words[l + 1] - first;
                for (uint k = i; k < CIRCULANT_SIZE; k += group)
                    if (circulant_unsatisfied(post, edge_words, first, count, k))
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

/* One kernel per bound on a layer's block edges, its arrays of exactly that
 * size. */
#define LAYERED_CIRCULANT_KERNEL(name, bound, attributes)                                        \
    kernel attributes void name(LAYERED_LATENCY_PARAMS)                                          \
    {                                                                                            \
        local uchar rule_local[Q_MAX + 1];                                                       \
        volatile local int unsatisfied;                                                          \
        uint word[bound], message_at[bound], var[CIRCULANT_CHECKS * bound];                      \
        int old[CIRCULANT_CHECKS * bound], u[CIRCULANT_CHECKS * bound];                          \
        circulant_registers_t r = {word, message_at, var, old, u};                               \
        layered_circulant_frame(LAYERED_LATENCY_ARGS, rule_local, &unsatisfied, r, bound);       \
    }

LAYERED_CIRCULANT_KERNEL(layered_circulant_d8, 8, )
LAYERED_CIRCULANT_KERNEL(layered_circulant_d16, 16, )
LAYERED_CIRCULANT_KERNEL(layered_circulant_d32, 32, )
#ifdef LDPC_LAYER_GROUP
LAYERED_CIRCULANT_KERNEL(layered_circulant_d8_layer, 8, LAYER_GROUP_SIZE)
LAYERED_CIRCULANT_KERNEL(layered_circulant_d16_layer, 16, LAYER_GROUP_SIZE)
#endif
