/* The AVX2 vector vocabulary that both decoders use alike: the inter-frame
 * decoder (layered_avx2.c) and the frame decoder (frame_avx2.c). 32 int8
 * lanes per vec, the same lanes as int16 in two registers per wide. What
 * differs between the two (lane order of w_widen and w_narrow, v_scale_q4's
 * masking) stays in their files. Only files compiled with -mavx2
 * (cmake/Platform.cmake) may include it. */
#ifndef LDPC_X86_VEC_AVX2_H
#define LDPC_X86_VEC_AVX2_H

#ifndef __AVX2__
#error "vec_avx2.h needs -mavx2 (cmake/Platform.cmake)"
#endif

#include <stdint.h>

#include <immintrin.h>

typedef __m256i vec;
#define VEC_LANES 32

static inline vec v_load(const int8_t *p) { return _mm256_load_si256((const __m256i *)(const void *)p); }
static inline void v_store(int8_t *p, vec a) { _mm256_store_si256((__m256i *)(void *)p, a); }
static inline vec v_set1(int8_t x) { return _mm256_set1_epi8(x); }
static inline vec v_zero(void) { return _mm256_setzero_si256(); }
static inline vec v_subs(vec a, vec b) { return _mm256_subs_epi8(a, b); }
static inline vec v_adds(vec a, vec b) { return _mm256_adds_epi8(a, b); }
static inline vec v_min(vec a, vec b) { return _mm256_min_epi8(a, b); }
static inline vec v_max(vec a, vec b) { return _mm256_max_epi8(a, b); }
static inline vec v_abs(vec a) { return _mm256_abs_epi8(a); }
static inline vec v_xor(vec a, vec b) { return _mm256_xor_si256(a, b); }
static inline vec v_select(vec mask, vec if_set, vec if_clear) { return _mm256_blendv_epi8(if_clear, if_set, mask); }

/* v_scale_q4's arithmetic on 16-bit words, (word * q4 + 8) >> 4: there is no
 * 8-bit multiply, so the even and the odd bytes are scaled as words. half = 8
 * rounds half up, as the reference. */
static inline __m256i scale_q4_words(__m256i words, uint8_t q4)
{
    const __m256i factor = _mm256_set1_epi16(q4), half = _mm256_set1_epi16(8);
    return _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(words, factor), half), 4);
}

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
static inline wide w_add(wide a, wide b) { return (wide){_mm256_add_epi16(a.lo, b.lo), _mm256_add_epi16(a.hi, b.hi)}; }
static inline wide w_sub(wide a, wide b) { return (wide){_mm256_sub_epi16(a.lo, b.lo), _mm256_sub_epi16(a.hi, b.hi)}; }

#endif
