/* The SSE4.1 vector vocabulary that both decoders use alike: the inter-frame
 * decoder (layered_sse41.c) and the frame decoder (frame_sse41.c). 16 int8
 * lanes per vec, the same lanes as int16 in two registers per wide. What
 * differs between the two (how w_widen sign-extends, v_scale_q4's masking)
 * stays in their files. Only files compiled with -msse4.1
 * (cmake/Platform.cmake) may include it. */
#ifndef LDPC_X86_VEC_SSE41_H
#define LDPC_X86_VEC_SSE41_H

#ifndef __SSE4_1__
#error "vec_sse41.h needs -msse4.1 (cmake/Platform.cmake)"
#endif

#include <stdint.h>

#include <immintrin.h>

typedef __m128i vec;
#define VEC_LANES 16

static inline vec v_load(const int8_t *p) { return _mm_load_si128((const __m128i *)(const void *)p); }
static inline void v_store(int8_t *p, vec a) { _mm_store_si128((__m128i *)(void *)p, a); }
static inline vec v_set1(int8_t x) { return _mm_set1_epi8(x); }
static inline vec v_zero(void) { return _mm_setzero_si128(); }
static inline vec v_subs(vec a, vec b) { return _mm_subs_epi8(a, b); }
static inline vec v_adds(vec a, vec b) { return _mm_adds_epi8(a, b); }
static inline vec v_min(vec a, vec b) { return _mm_min_epi8(a, b); }
static inline vec v_max(vec a, vec b) { return _mm_max_epi8(a, b); }
static inline vec v_abs(vec a) { return _mm_abs_epi8(a); }
static inline vec v_xor(vec a, vec b) { return _mm_xor_si128(a, b); }
static inline vec v_select(vec mask, vec if_set, vec if_clear) { return _mm_blendv_epi8(if_clear, if_set, mask); }

/* v_scale_q4's arithmetic on 16-bit words, (word * q4 + 8) >> 4: there is no
 * 8-bit multiply, so the even and the odd bytes are scaled as words. half = 8
 * rounds half up, as the reference. */
static inline __m128i scale_q4_words(__m128i words, uint8_t q4)
{
    const __m128i factor = _mm_set1_epi16(q4), half = _mm_set1_epi16(8);
    return _mm_srli_epi16(_mm_add_epi16(_mm_mullo_epi16(words, factor), half), 4);
}

typedef struct {
    __m128i lo, hi;
} wide;
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
static inline vec w_narrow(wide a) { return _mm_packs_epi16(a.lo, a.hi); }
static inline wide w_add(wide a, wide b) { return (wide){_mm_add_epi16(a.lo, b.lo), _mm_add_epi16(a.hi, b.hi)}; }
static inline wide w_sub(wide a, wide b) { return (wide){_mm_sub_epi16(a.lo, b.lo), _mm_sub_epi16(a.hi, b.hi)}; }

#endif
