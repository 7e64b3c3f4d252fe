/* The AVX-512BW vector vocabulary that both decoders use alike: the
 * inter-frame decoder (layered_avx512.c) and the frame decoder
 * (frame_avx512.c). 64 int8 lanes per vec, the same lanes as int16 in two
 * registers per wide. Comparisons yield mask registers; the vocabulary's masks
 * are vectors, converted where needed. What differs between the two (lane
 * order of w_widen and w_narrow, v_scale_q4's masking) stays in their files.
 * Only files compiled with -mavx512f -mavx512bw (cmake/Platform.cmake) may
 * include it. */
#ifndef LDPC_X86_VEC_AVX512_H
#define LDPC_X86_VEC_AVX512_H

#ifndef __AVX512BW__
#error "vec_avx512.h needs -mavx512f -mavx512bw (cmake/Platform.cmake)"
#endif

#include <stdint.h>

#include <immintrin.h>

typedef __m512i vec;
#define VEC_LANES 64

static inline vec v_load(const int8_t *p) { return _mm512_load_si512((const void *)p); }
static inline void v_store(int8_t *p, vec a) { _mm512_store_si512((void *)p, a); }
static inline vec v_set1(int8_t x) { return _mm512_set1_epi8(x); }
static inline vec v_zero(void) { return _mm512_setzero_si512(); }
static inline vec v_subs(vec a, vec b) { return _mm512_subs_epi8(a, b); }
static inline vec v_adds(vec a, vec b) { return _mm512_adds_epi8(a, b); }
static inline vec v_min(vec a, vec b) { return _mm512_min_epi8(a, b); }
static inline vec v_max(vec a, vec b) { return _mm512_max_epi8(a, b); }
static inline vec v_abs(vec a) { return _mm512_abs_epi8(a); }
static inline vec v_xor(vec a, vec b) { return _mm512_xor_si512(a, b); }
static inline vec v_select(vec mask, vec if_set, vec if_clear)
{
    return _mm512_mask_blend_epi8(_mm512_movepi8_mask(mask), if_clear, if_set);
}

/* v_scale_q4's arithmetic on 16-bit words, (word * q4 + 8) >> 4: there is no
 * 8-bit multiply, so the even and the odd bytes are scaled as words. half = 8
 * rounds half up, as the reference. */
static inline __m512i scale_q4_words(__m512i words, uint8_t q4)
{
    const __m512i factor = _mm512_set1_epi16(q4), half = _mm512_set1_epi16(8);
    return _mm512_srli_epi16(_mm512_add_epi16(_mm512_mullo_epi16(words, factor), half), 4);
}

typedef struct {
    __m512i lo, hi;
} wide;
static inline wide w_load(const int16_t *p)
{
    return (wide){_mm512_load_si512((const void *)p), _mm512_load_si512((const void *)(p + 32))};
}
static inline void w_store(int16_t *p, wide a)
{
    _mm512_store_si512((void *)p, a.lo);
    _mm512_store_si512((void *)(p + 32), a.hi);
}
static inline wide w_add(wide a, wide b) { return (wide){_mm512_add_epi16(a.lo, b.lo), _mm512_add_epi16(a.hi, b.hi)}; }
static inline wide w_sub(wide a, wide b) { return (wide){_mm512_sub_epi16(a.lo, b.lo), _mm512_sub_epi16(a.hi, b.hi)}; }

#endif
