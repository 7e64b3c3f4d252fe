/* The AVX-512 forms of the saturated decoder's message store (the interface
 * is in common/saturated_byte_messages.h). Every message a check sends is its
 * sent min1 or min2 with a sign, so besides one int8 vector per edge
 * (SIMD_MESSAGES_EDGES) a check can keep its two sent minima as two vectors
 * and each edge two 64-bit lane masks, which lanes got min2 and which were
 * negative (SIMD_MESSAGES_MASKS): 16 bytes per edge instead of 64, 240
 * instead of 448 for a DVB 1/2 check of degree 7. A mask register makes the
 * rebuild two operations per edge (a blend and a masked subtraction).
 * The masks decode normal frames 1.5x faster (docs/CPU.md), whose per-edge messages (14.5 MB for 1/2) stream from memory
 * and bound the decoder, and short frames about 8% slower, whose 3 MB mostly
 * stay in cache; hence the masks from 8 MiB of per-edge messages on.
 * Mask layout in ws->messages, in update order: code->m pairs of minima
 * vectors, then code->edges pairs of masks (simd_saturated_message_bytes
 * sizes both forms). */
#define SATURATED_MASKS_FROM_BYTES ((size_t)8 << 20)

typedef struct {
    int8_t *edges; /* per edge: the next check's first message; masks: its minima */
    __mmask64 *masks;
} saturated_messages;

typedef struct {
    const int8_t *edges;
    vec min1, min2;
    const __mmask64 *masks;
} saturated_sent;

static inline simd_message_store saturated_form_for(const ldpc_code *code, const simd_workspace *ws)
{
    if (ws->message_store == SIMD_MESSAGES_AUTO)
        return (size_t)code->edges * VEC_LANES >= SATURATED_MASKS_FROM_BYTES ? SIMD_MESSAGES_MASKS
                                                                             : SIMD_MESSAGES_EDGES;
    return ws->message_store == SIMD_MESSAGES_MASKS ? SIMD_MESSAGES_MASKS : SIMD_MESSAGES_EDGES;
}

static inline saturated_messages saturated_messages_begin(simd_workspace *ws, const ldpc_code *code,
                                                          simd_message_store form)
{
    int8_t *masks = ws->messages + (size_t)code->m * 2 * VEC_LANES;
    return (saturated_messages){ws->messages,
                                form == SIMD_MESSAGES_MASKS ? (__mmask64 *)(void *)masks : NULL};
}

static inline saturated_sent saturated_sent_load(const saturated_messages *cursor,
                                                 simd_message_store form)
{
    if (form == SIMD_MESSAGES_EDGES)
        return (saturated_sent){.edges = cursor->edges};
    return (saturated_sent){.min1 = v_load(cursor->edges),
                            .min2 = v_load(cursor->edges + VEC_LANES),
                            .masks = cursor->masks};
}

static inline vec saturated_sent_message(const saturated_sent *sent, uint32_t j,
                                         simd_message_store form)
{
    if (form == SIMD_MESSAGES_EDGES)
        return v_load(sent->edges + (size_t)j * VEC_LANES);
    vec magnitude = _mm512_mask_blend_epi8(sent->masks[2 * j], sent->min1, sent->min2);
    return _mm512_mask_sub_epi8(magnitude, sent->masks[2 * j + 1], _mm512_setzero_si512(),
                                magnitude);
}

static inline vec saturated_send(saturated_messages *cursor, uint32_t j, vec magnitude, vec min1,
                                 vec sent_min1, vec sent_min2, vec sign, simd_message_store form)
{
    const __mmask64 is_min2 = _mm512_cmpeq_epi8_mask(magnitude, min1);
    const __mmask64 negative = _mm512_movepi8_mask(sign);
    const vec sent = _mm512_mask_blend_epi8(is_min2, sent_min1, sent_min2);
    const vec message = _mm512_mask_sub_epi8(sent, negative, _mm512_setzero_si512(), sent);
    if (form == SIMD_MESSAGES_EDGES) {
        v_store(cursor->edges + (size_t)j * VEC_LANES, message);
    } else {
        cursor->masks[2 * j] = is_min2;
        cursor->masks[2 * j + 1] = negative;
    }
    return message;
}

static inline void saturated_check_end(saturated_messages *cursor, uint32_t degree, vec sent_min1,
                                       vec sent_min2, simd_message_store form)
{
    if (form == SIMD_MESSAGES_EDGES) {
        cursor->edges += (size_t)degree * VEC_LANES;
        return;
    }
    v_store(cursor->edges, sent_min1);
    v_store(cursor->edges + VEC_LANES, sent_min2);
    cursor->edges += 2 * VEC_LANES;
    cursor->masks += 2 * (size_t)degree;
}
