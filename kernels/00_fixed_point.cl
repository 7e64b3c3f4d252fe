/* The 8-bit fixed-point arithmetic of the decoders: the device twin of
 * src/decode/fixed_point.h and check_update_fixed() in src/decode/check_rules.c.
 * Every kernel file is concatenated after this one into one program, in file
 * name order. OpenCL C 1.2, no extensions, no doubles.
 *
 * Layout: a per-frame array element (index i of frame f) lives at
 *     base[f * frame_stride + i * index_stride]
 * "frame-interleaved" (one work-item per frame): index_stride = frames
 * capacity, frame_stride = 1, so neighbouring work-items touch neighbouring
 * bytes; "frame-major" (one work-group per frame): index_stride = 1.
 *
 * Offsets are 64-bit: a buffer may pass 4 G elements (the limits allow 65536
 * frames of 2^28 edges), where a 32-bit product wraps. Every product of an
 * index and a stride is (ulong)index * stride, a widening 32 x 32 -> 64-bit
 * multiply, not a 64 x 64 one. An offset within one frame-major frame (a
 * variable, a slot: below the frame's size, which the host keeps below 2^32)
 * stays 32-bit. */

#define Q_MAX 127
/* Check degrees up to this keep their inputs in private memory (DVB: <= 30). */
#define PRIVATE_DEGREE 32

/* clamp(x, -127, 127) over an exact integer: messages never hold -128. */
inline int q_sat(int x)
{
    return clamp(x, -Q_MAX, Q_MAX);
}

/* The check rule (normalized or offset min-sum) reaches the kernels as
 * `constant uchar *rule`: its output for each of the 128 possible magnitudes,
 * computed by the host from the reference's own check_update_fixed(), so that
 * the device cannot drift from the reference's rounding. */

/* Posteriors (layered) and totals (flooding) are exact sums q + sum(c2v), as
 * in the reference, which needs 16 bits: |q| + degree * 127 < 32768 (the host
 * refuses variable degrees above 256). The layered item-per-frame kernels keep
 * them in a short; the latency design in a *biased* short (below); the others
 * in an int, because the group design adds to shared posteriors with
 * atomic_add, which OpenCL 1.2 has for 32-bit integers only. Saturated
 * posteriors (posterior_bits 8, 26_layered_saturated.cl) are a char. The
 * kernels that serve every design read them through posterior_at, told the
 * format: the element's size in bytes for signed values (1, 2 or 4),
 * POSTERIOR_BIASED or POSTERIOR_PAIRED.
 *
 * Biased: the value + 32768 as an unsigned 16-bit half of a 32-bit word. An
 * exact posterior stays below 32639 in magnitude, so a biased half stays
 * within [129, 65407] before and after any change: adding a change to the
 * word, shifted to its half (POSTERIOR_HALF_SHIFT), with one 32-bit
 * atomic_add never carries into or borrows from the other half, and two
 * changes of one variable add up in either order. */
#define POSTERIOR_BIASED 3u
#define POSTERIOR_BIAS 32768
/* Biased too, with frames 2p and 2p + 1 interleaved (28_layered_latency_pairs.cl):
 * their rows hold one 32-bit word per variable, frame 2p's value in its low
 * half. The setup and finish kernels address such a frame from frame_start
 * with an index_stride of 2. */
#define POSTERIOR_PAIRED 5u

/* base[index] of 32-bit words and 16-bit halves, addressed as the base plus a
 * 32-bit byte offset: NVIDIA's compiler then forms each address from a
 * uniform base with one shift-add (LEA, IMAD.X) instead of 64-bit index
 * arithmetic, fewer instructions and registers (the pair kernel 79 against
 * 87). Callers keep the byte offsets below 2^32. */
#define WORD_AT(base, index) (*(global uint *)((global uchar *)(base) + ((index) << 2)))
#define HALF_AT(base, index) (*(global ushort *)((global uchar *)(base) + ((index) << 1)))

/* Which half of its 32-bit word the 16-bit posterior v is. */
#ifdef __ENDIAN_LITTLE__
#define POSTERIOR_HALF_SHIFT(v) (((v) & 1u) * 16u)
#else
#define POSTERIOR_HALF_SHIFT(v) ((~(v) & 1u) * 16u)
#endif

/* Biased 16-bit posteriors, one frame per row or two interleaved. */
inline int posterior_biased(uint posterior_format)
{
    return posterior_format == POSTERIOR_BIASED || posterior_format == POSTERIOR_PAIRED;
}

inline int posterior_at(global const int *posterior, ulong at, uint posterior_format)
{
    if (posterior_format == 1)
        return ((global const char *)posterior)[at];
    if (posterior_biased(posterior_format))
        return (int)((global const ushort *)posterior)[at] - POSTERIOR_BIAS;
    return posterior_format == 2 ? ((global const short *)posterior)[at] : posterior[at];
}

/* The element where frame f's row begins (frame_stride elements a row). */
inline ulong frame_start(uint f, uint frame_stride, uint posterior_format)
{
    if (posterior_format == POSTERIOR_PAIRED)
        return (ulong)(f & ~1u) * frame_stride + (f & 1u);
    return (ulong)f * frame_stride;
}

/* Iteration `it` (1-based) ends with a syndrome check. */
inline int syndrome_due(uint it, uint syndrome_period, uint max_iterations)
{
    return syndrome_period > 0 && (it % syndrome_period == 0 || it == max_iterations);
}

/* check_var as uploaded: the variable in the low 31 bits, and bit 31 set when
 * another check of the same layer also uses that variable (the layered
 * kernels then add to its posterior atomically). */
#define SHARED_IN_LAYER 0x80000000u
#define VARIABLE(word) ((word) & ~SHARED_IN_LAYER)

/* Parity of the hard decisions (posterior < 0) of the check on edges e0..e1-1;
 * the posterior of variable v is element v * stride. */
inline int check_unsatisfied(global const uint *check_var, uint e0, uint e1,
                             global const int *posterior, uint stride, uint posterior_format)
{
    int parity = 0;
    for (uint e = e0; e < e1; e++)
        parity ^= posterior_at(posterior, (ulong)VARIABLE(check_var[e]) * stride,
                               posterior_format) < 0;
    return parity;
}

/* Where the code's tables sit inside the table arena (offsets in words).
 * The item_* tables serve the layered item-per-frame kernels
 * (25_layered_item.cl): the edges renumbered in layer order (the edges of the
 * check at layer position i are item_offsets[i] .. item_offsets[i+1]-1) and
 * the snapshot lists of ldpc_code. The latency_* tables serve the latency
 * kernels (22_layered_latency.cl): two words per layer, the slots, and
 * latency_position; latency_slots is the slots' count (0: the code has no
 * latency tables). The circulant tables of a DVB code serve
 * 24_layered_circulant.cl: circulant_words words at `circulants` (0: the
 * code has none). */
typedef struct {
    uint n, m, layer_count, max_check_degree;
    uint check_offsets, check_var, var_offsets, var_edges;
    uint layer_offsets, layer_checks, item_offsets, item_var;
    uint item_slot, snapshot_offsets, snapshot_vars, latency_layers;
    uint latency_var, latency_slots, max_layer_size, latency_position;
    uint circulants, circulant_words;
} code_tables_t;

/* Where a frame's posterior of variable v sits: the latency design keeps
 * them in the order its tables first touch them (latency_position[v], so
 * that a warp's loads coalesce: platform/opencl/opencl_latency_order.h), the
 * other designs in code order. latency_order says which. */
inline uint posterior_index(global const uint *tables, code_tables_t code, uint latency_order,
                            uint v)
{
    return latency_order ? tables[code.latency_position + v] : v;
}
