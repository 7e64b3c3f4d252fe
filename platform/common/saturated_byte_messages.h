/* How the saturated inter-frame decoder (simd_saturated_template.h) keeps a
 * check's messages between iterations, for instruction sets with no mask
 * registers (SSE4.1, AVX2, NEON): one int8 vector per edge, in update order.
 * AVX-512 can also keep two lane masks per edge instead
 * (x86/saturated_mask_messages_avx512.h). Included by an instruction-set file
 * after its vector vocabulary, before the template. The interface, which both
 * implement; `form` is saturated_form_for's answer for the call
 * (SIMD_MESSAGES_EDGES or SIMD_MESSAGES_MASKS, auto resolved), a constant
 * where the template inlines the functions:
 *   saturated_form_for(code, ws): the form this call's messages take;
 *   saturated_messages_begin(ws, code, form): a cursor at the first check;
 *   saturated_sent_load(cursor, form): what the current check sent last
 *     iteration;
 *   saturated_sent_message(sent, j, form): edge j's message of that record;
 *   saturated_send(cursor, j, magnitude, min1, sent_min1, sent_min2, sign,
 *     form): edge j's new message, kept and returned: sent_min2 in the lanes
 *     where the edge's magnitude is min1, sent_min1 elsewhere, negated where
 *     sign < 0 (the store makes it, since the mask form keeps that choice);
 *   saturated_check_end(cursor, degree, sent_min1, sent_min2, form): on to
 *     the next check, after the current one's sent minima are kept. */
typedef struct {
    int8_t *edges;
} saturated_messages;

typedef struct {
    const int8_t *edges;
} saturated_sent;

static inline simd_message_store saturated_form_for(const ldpc_code *code, const simd_workspace *ws)
{
    (void)code;
    (void)ws;
    return SIMD_MESSAGES_EDGES;
}

static inline saturated_messages saturated_messages_begin(simd_workspace *ws, const ldpc_code *code,
                                                          simd_message_store form)
{
    (void)code;
    (void)form;
    return (saturated_messages){ws->messages};
}

static inline saturated_sent saturated_sent_load(const saturated_messages *cursor,
                                                 simd_message_store form)
{
    (void)form;
    return (saturated_sent){cursor->edges};
}

static inline vec saturated_sent_message(const saturated_sent *sent, uint32_t j,
                                         simd_message_store form)
{
    (void)form;
    return v_load(sent->edges + (size_t)j * VEC_LANES);
}

static inline vec saturated_send(saturated_messages *cursor, uint32_t j, vec magnitude, vec min1,
                                 vec sent_min1, vec sent_min2, vec sign, simd_message_store form)
{
    (void)form;
    vec sent = v_select(v_equal_mask(magnitude, min1), sent_min2, sent_min1);
    vec message = v_negate_where_negative(sent, sign);
    v_store(cursor->edges + (size_t)j * VEC_LANES, message);
    return message;
}

static inline void saturated_check_end(saturated_messages *cursor, uint32_t degree, vec sent_min1,
                                       vec sent_min2, simd_message_store form)
{
    (void)sent_min1;
    (void)sent_min2;
    (void)form;
    cursor->edges += (size_t)degree * VEC_LANES;
}
