/* SSE4.1 instance of the frame decoder: 16 checks per vector, 24 vectors per
 * layer. */
#include <stdint.h>

#include <smmintrin.h>

typedef __m128i vec;
#define VEC_LANES 16
#define FRAME_FUNCTION(name) sse41_##name

static inline vec v_load(const int8_t *p) { return _mm_load_si128((const __m128i *)(const void *)p); }
static inline void v_store(int8_t *p, vec a) { _mm_store_si128((__m128i *)(void *)p, a); }
static inline vec v_set1(int8_t x) { return _mm_set1_epi8(x); }
static inline vec v_zero(void) { return _mm_setzero_si128(); }
static inline vec v_subs(vec a, vec b) { return _mm_subs_epi8(a, b); }
static inline vec v_min(vec a, vec b) { return _mm_min_epi8(a, b); }
static inline vec v_max(vec a, vec b) { return _mm_max_epi8(a, b); }
static inline vec v_abs(vec a) { return _mm_abs_epi8(a); }
static inline vec v_xor(vec a, vec b) { return _mm_xor_si128(a, b); }
static inline vec v_select(vec mask, vec if_set, vec if_clear) { return _mm_blendv_epi8(if_clear, if_set, mask); }
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
    const __m128i factor = _mm_set1_epi16(q4), low_bytes = _mm_set1_epi16(0x00ff);
    const __m128i half = _mm_set1_epi16(8); /* rounds half up, as the reference */
    __m128i even = _mm_srli_epi16(_mm_add_epi16(_mm_mullo_epi16(_mm_and_si128(a, low_bytes), factor), half), 4);
    __m128i odd = _mm_srli_epi16(_mm_add_epi16(_mm_mullo_epi16(_mm_srli_epi16(a, 8), factor), half), 4);
    return _mm_or_si128(_mm_and_si128(even, low_bytes), _mm_slli_epi16(odd, 8));
}
static inline int v_any_negative(vec a) { return _mm_movemask_epi8(a) != 0; }
static inline int v_count_negative(vec a) { return __builtin_popcount((unsigned)_mm_movemask_epi8(a)); }

typedef struct {
    __m128i lo, hi;
} wide;
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
static inline wide w_widen(vec a)
{
    return (wide){_mm_cvtepi8_epi16(a), _mm_cvtepi8_epi16(_mm_srli_si128(a, 8))};
}
static inline vec w_narrow(wide a) { return _mm_packs_epi16(a.lo, a.hi); }
static inline wide w_add(wide a, wide b) { return (wide){_mm_add_epi16(a.lo, b.lo), _mm_add_epi16(a.hi, b.hi)}; }
static inline wide w_sub(wide a, wide b) { return (wide){_mm_sub_epi16(a.lo, b.lo), _mm_sub_epi16(a.hi, b.hi)}; }
static inline wide w_load(const int16_t *p)
{
    const __m128i *q = (const __m128i *)(const void *)p;
    return (wide){_mm_load_si128(q), _mm_load_si128(q + 1)};
}
static inline void w_store(int16_t *p, wide a)
{
    __m128i *q = (__m128i *)(void *)p;
    _mm_store_si128(q, a.lo);
    _mm_store_si128(q + 1, a.hi);
}
/* blendv picks bytes by their top bit; the masks are whole int16 lanes. */
static inline wide w_select(wide mask, wide if_set, wide if_clear)
{
    return (wide){_mm_blendv_epi8(if_clear.lo, if_set.lo, mask.lo),
                  _mm_blendv_epi8(if_clear.hi, if_set.hi, mask.hi)};
}

#include "common/frame_decoder_template.h"
