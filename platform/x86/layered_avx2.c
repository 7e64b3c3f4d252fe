/* AVX2 instance: 32 frames per 256-bit vector. */
#include <stdint.h>

#include <immintrin.h>

typedef __m256i vec;
#define VEC_LANES 32
#define SIMD_FUNCTION(name) avx2_##name

static inline vec v_load(const int8_t *p) { return _mm256_load_si256((const __m256i *)(const void *)p); }
static inline void v_store(int8_t *p, vec a) { _mm256_store_si256((__m256i *)(void *)p, a); }
static inline vec v_set1(int8_t x) { return _mm256_set1_epi8(x); }
static inline vec v_zero(void) { return _mm256_setzero_si256(); }
static inline vec v_adds(vec a, vec b) { return _mm256_adds_epi8(a, b); }
static inline vec v_subs(vec a, vec b) { return _mm256_subs_epi8(a, b); }
static inline vec v_sub(vec a, vec b) { return _mm256_sub_epi8(a, b); }
static inline vec v_min(vec a, vec b) { return _mm256_min_epi8(a, b); }
static inline vec v_max(vec a, vec b) { return _mm256_max_epi8(a, b); }
static inline vec v_abs(vec a) { return _mm256_abs_epi8(a); }
static inline vec v_xor(vec a, vec b) { return _mm256_xor_si256(a, b); }
static inline vec v_or(vec a, vec b) { return _mm256_or_si256(a, b); }
static inline vec v_negative_mask(vec a) { return _mm256_cmpgt_epi8(_mm256_setzero_si256(), a); }
static inline vec v_equal_mask(vec a, vec b) { return _mm256_cmpeq_epi8(a, b); }
static inline vec v_select(vec mask, vec if_set, vec if_clear) { return _mm256_blendv_epi8(if_clear, if_set, mask); }
static inline vec v_scale_q4(vec a, uint8_t q4)
{
    const __m256i factor = _mm256_set1_epi16(q4), low_bytes = _mm256_set1_epi16(0x00ff);
    const __m256i half = _mm256_set1_epi16(8); /* rounds half up, as the reference */
    __m256i even = _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(a, low_bytes), factor), half), 4);
    __m256i odd = _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_srli_epi16(a, 8), factor), half), 4);
    return _mm256_or_si256(even, _mm256_slli_epi16(odd, 8));
}

/* Posteriors: 32 int16 in two registers, in unpack order within each 128-bit
 * half (packs undoes it). */
typedef struct {
    __m256i lo, hi;
} wide;
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
static inline wide w_widen(vec a)
{
    __m256i sign = v_negative_mask(a);
    return (wide){_mm256_unpacklo_epi8(a, sign), _mm256_unpackhi_epi8(a, sign)};
}
static inline vec w_narrow(wide a) { return _mm256_packs_epi16(a.lo, a.hi); }
static inline wide w_add(wide a, wide b) { return (wide){_mm256_add_epi16(a.lo, b.lo), _mm256_add_epi16(a.hi, b.hi)}; }
static inline wide w_sub(wide a, wide b) { return (wide){_mm256_sub_epi16(a.lo, b.lo), _mm256_sub_epi16(a.hi, b.hi)}; }
static inline wide w_xor(wide a, wide b) { return (wide){_mm256_xor_si256(a.lo, b.lo), _mm256_xor_si256(a.hi, b.hi)}; }
static inline wide w_or(wide a, wide b) { return (wide){_mm256_or_si256(a.lo, b.lo), _mm256_or_si256(a.hi, b.hi)}; }

#include "x86/x86_variants.h"
#include "common/simd_layered_template.h"
