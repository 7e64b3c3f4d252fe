/* SSE4.1 instance of the frame decoder: 16 checks per vector, 24 vectors per
 * layer. */
#include "x86/vec_sse41.h"

#define FRAME_FUNCTION(name) sse41_##name

static inline vec v_select_equal(vec a, vec b, vec if_equal, vec otherwise)
{
    return _mm_blendv_epi8(otherwise, if_equal, _mm_cmpeq_epi8(a, b));
}
/* sign_epi8 zeroes where s is 0: OR-ing 1 in keeps the sign and avoids it. */
static inline vec v_apply_sign(vec magnitude, vec s)
{
    return _mm_sign_epi8(magnitude, _mm_or_si128(s, _mm_set1_epi8(1)));
}
static inline vec v_scale_q4(vec a, uint8_t q4)
{
    const __m128i low_bytes = _mm_set1_epi16(0x00ff);
    __m128i even = scale_q4_words(_mm_and_si128(a, low_bytes), q4);
    __m128i odd = scale_q4_words(_mm_srli_epi16(a, 8), q4);
    return _mm_or_si128(_mm_and_si128(even, low_bytes), _mm_slli_epi16(odd, 8));
}
static inline int v_any_negative(vec a) { return _mm_movemask_epi8(a) != 0; }
static inline int v_count_negative(vec a) { return __builtin_popcount((unsigned)_mm_movemask_epi8(a)); }

/* Posteriors widen in natural lane order, which the rotated windows need. */
static inline wide w_widen(vec a)
{
    return (wide){_mm_cvtepi8_epi16(a), _mm_cvtepi8_epi16(_mm_srli_si128(a, 8))};
}
static inline wide w_loadu(const int16_t *p)
{
    const __m128i *q = (const __m128i *)(const void *)p;
    return (wide){_mm_loadu_si128(q), _mm_loadu_si128(q + 1)};
}
static inline void w_storeu(int16_t *p, wide a)
{
    __m128i *q = (__m128i *)(void *)p;
    _mm_storeu_si128(q, a.lo);
    _mm_storeu_si128(q + 1, a.hi);
}
/* blendv picks bytes by their top bit; the masks are whole int16 lanes. */
static inline wide w_select(wide mask, wide if_set, wide if_clear)
{
    return (wide){_mm_blendv_epi8(if_clear.lo, if_set.lo, mask.lo),
                  _mm_blendv_epi8(if_clear.hi, if_set.hi, mask.hi)};
}

/* Layers by vectors (layer_vectors), as in frame_avx2.c. */
#define FRAME_HAS_W_STOREU_FIRST
static inline void w_storeu_first(int16_t *p, wide a, uint32_t count)
{
    const __m128i limit = _mm_set1_epi16((int16_t)count);
    const __m128i low = _mm_setr_epi16(0, 1, 2, 3, 4, 5, 6, 7);
    const __m128i high = _mm_add_epi16(low, _mm_set1_epi16(8));
    wide keep = {_mm_cmpgt_epi16(limit, low), _mm_cmpgt_epi16(limit, high)};
    w_storeu(p, w_select(keep, a, w_loadu(p)));
}
#include "common/frame_decoder_template.h"
