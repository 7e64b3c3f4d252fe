/* AVX2 instance of the frame decoder: 32 checks per vector, twelve vectors
 * per layer. packs works within 128-bit halves, so narrowing permutes the
 * quarters back into natural lane order. */
#include <stdint.h>

#include <immintrin.h>

typedef __m256i vec;
#define VEC_LANES 32
#define FRAME_FUNCTION(name) avx2_##name

static inline vec v_load(const int8_t *p) { return _mm256_load_si256((const __m256i *)(const void *)p); }
static inline void v_store(int8_t *p, vec a) { _mm256_store_si256((__m256i *)(void *)p, a); }
static inline vec v_set1(int8_t x) { return _mm256_set1_epi8(x); }
static inline vec v_zero(void) { return _mm256_setzero_si256(); }
static inline vec v_subs(vec a, vec b) { return _mm256_subs_epi8(a, b); }
static inline vec v_min(vec a, vec b) { return _mm256_min_epi8(a, b); }
static inline vec v_max(vec a, vec b) { return _mm256_max_epi8(a, b); }
static inline vec v_abs(vec a) { return _mm256_abs_epi8(a); }
static inline vec v_xor(vec a, vec b) { return _mm256_xor_si256(a, b); }
static inline vec v_select(vec mask, vec if_set, vec if_clear) { return _mm256_blendv_epi8(if_clear, if_set, mask); }
static inline vec v_select_equal(vec a, vec b, vec if_equal, vec otherwise)
{
    return _mm256_blendv_epi8(otherwise, if_equal, _mm256_cmpeq_epi8(a, b));
}
/* sign_epi8 zeroes where s is 0: OR-ing 1 in keeps the sign and avoids it. */
static inline vec v_apply_sign(vec magnitude, vec s)
{
    return _mm256_sign_epi8(magnitude, _mm256_or_si256(s, _mm256_set1_epi8(1)));
}
static inline vec v_scale_q4(vec a, uint8_t q4)
{
    const __m256i factor = _mm256_set1_epi16(q4), low_bytes = _mm256_set1_epi16(0x00ff);
    const __m256i half = _mm256_set1_epi16(8); /* rounds half up, as the reference */
    __m256i even = _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(a, low_bytes), factor), half), 4);
    __m256i odd = _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_srli_epi16(a, 8), factor), half), 4);
    return _mm256_or_si256(_mm256_and_si256(even, low_bytes), _mm256_slli_epi16(odd, 8));
}
static inline int v_any_negative(vec a) { return _mm256_movemask_epi8(a) != 0; }
static inline int v_count_negative(vec a) { return __builtin_popcount((unsigned)_mm256_movemask_epi8(a)); }

typedef struct {
    __m256i lo, hi;
} wide;
static inline wide w_loadu(const int16_t *p)
{
    const __m256i *q = (const __m256i *)(const void *)p;
    return (wide){_mm256_loadu_si256(q), _mm256_loadu_si256(q + 1)};
}
static inline void w_storeu(int16_t *p, wide a)
{
    __m256i *q = (__m256i *)(void *)p;
    _mm256_storeu_si256(q, a.lo);
    _mm256_storeu_si256(q + 1, a.hi);
}
static inline wide w_widen(vec a)
{
    return (wide){_mm256_cvtepi8_epi16(_mm256_castsi256_si128(a)),
                  _mm256_cvtepi8_epi16(_mm256_extracti128_si256(a, 1))};
}
static inline vec w_narrow(wide a)
{
    return _mm256_permute4x64_epi64(_mm256_packs_epi16(a.lo, a.hi), 0xd8);
}
static inline wide w_add(wide a, wide b) { return (wide){_mm256_add_epi16(a.lo, b.lo), _mm256_add_epi16(a.hi, b.hi)}; }
static inline wide w_sub(wide a, wide b) { return (wide){_mm256_sub_epi16(a.lo, b.lo), _mm256_sub_epi16(a.hi, b.hi)}; }
static inline wide w_load(const int16_t *p)
{
    const __m256i *q = (const __m256i *)(const void *)p;
    return (wide){_mm256_load_si256(q), _mm256_load_si256(q + 1)};
}
static inline void w_store(int16_t *p, wide a)
{
    __m256i *q = (__m256i *)(void *)p;
    _mm256_store_si256(q, a.lo);
    _mm256_store_si256(q + 1, a.hi);
}
/* blendv picks bytes by their top bit; the masks are whole int16 lanes. */
static inline wide w_select(wide mask, wide if_set, wide if_clear)
{
    return (wide){_mm256_blendv_epi8(if_clear.lo, if_set.lo, mask.lo),
                  _mm256_blendv_epi8(if_clear.hi, if_set.hi, mask.hi)};
}

#include "common/frame_decoder_template.h"
