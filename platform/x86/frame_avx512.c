/* AVX-512BW instance of the frame decoder: 64 checks per vector, six vectors
 * per layer. */
#include "x86/vec_avx512.h"

#define FRAME_FUNCTION(name) avx512_##name

static inline vec v_select_equal(vec a, vec b, vec if_equal, vec otherwise)
{
    return _mm512_mask_blend_epi8(_mm512_cmpeq_epi8_mask(a, b), otherwise, if_equal);
}
static inline vec v_apply_sign(vec magnitude, vec s)
{
    return _mm512_mask_sub_epi8(magnitude, _mm512_movepi8_mask(s), _mm512_setzero_si512(), magnitude);
}
static inline vec v_scale_q4(vec a, uint8_t q4)
{
    const __m512i low_bytes = _mm512_set1_epi16(0x00ff);
    __m512i even = scale_q4_words(_mm512_and_si512(a, low_bytes), q4);
    __m512i odd = scale_q4_words(_mm512_srli_epi16(a, 8), q4);
    return _mm512_or_si512(_mm512_and_si512(even, low_bytes), _mm512_slli_epi16(odd, 8));
}
static inline int v_any_negative(vec a) { return _mm512_movepi8_mask(a) != 0; }
static inline int v_count_negative(vec a) { return __builtin_popcountll(_mm512_movepi8_mask(a)); }

/* Posteriors widen and narrow in natural lane order. (The pack order that
 * frame_avx2.c keeps, FRAME_LANE_POSITION, costs one instruction more per
 * widening here, and measured 1-3% slower.) */
static inline wide w_widen(vec a)
{
    return (wide){_mm512_cvtepi8_epi16(_mm512_castsi512_si256(a)),
                  _mm512_cvtepi8_epi16(_mm512_extracti64x4_epi64(a, 1))};
}
/* packs interleaves the two inputs by 64-bit pieces within each 128-bit lane;
 * one permutation restores natural order (cheaper than two vpmovswb). */
static inline vec w_narrow(wide a)
{
    return _mm512_permutexvar_epi64(_mm512_setr_epi64(0, 2, 4, 6, 1, 3, 5, 7),
                                    _mm512_packs_epi16(a.lo, a.hi));
}
static inline wide w_loadu(const int16_t *p)
{
    return (wide){_mm512_loadu_si512((const void *)p), _mm512_loadu_si512((const void *)(p + 32))};
}
static inline void w_storeu(int16_t *p, wide a)
{
    _mm512_storeu_si512((void *)p, a.lo);
    _mm512_storeu_si512((void *)(p + 32), a.hi);
}
static inline wide w_select(wide mask, wide if_set, wide if_clear)
{
    return (wide){_mm512_mask_blend_epi16(_mm512_movepi16_mask(mask.lo), if_clear.lo, if_set.lo),
                  _mm512_mask_blend_epi16(_mm512_movepi16_mask(mask.hi), if_clear.hi, if_set.hi)};
}

/* Lanes first.. of `run` loaded from p (first < 64): masked loads, instead of
 * a second whole load and a blend by a mask loaded from memory. */
#define FRAME_HAS_W_LOADU_FROM
static inline wide w_loadu_from(wide run, const int16_t *p, uint32_t first)
{
    const uint64_t lanes = ~(uint64_t)0 << first;
    return (wide){_mm512_mask_loadu_epi16(run.lo, (__mmask32)lanes, p),
                  _mm512_mask_loadu_epi16(run.hi, (__mmask32)(lanes >> 32), p + 32)};
}
/* Layers by vectors (layer_vectors), padding lanes masked off. */
#define FRAME_HAS_W_STOREU_FIRST
static inline void w_storeu_first(int16_t *p, wide a, uint32_t count)
{
    const uint64_t lanes = count >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << count) - 1;
    _mm512_mask_storeu_epi16(p, (__mmask32)lanes, a.lo);
    _mm512_mask_storeu_epi16(p + 32, (__mmask32)(lanes >> 32), a.hi);
}
#include "common/frame_decoder_template.h"
