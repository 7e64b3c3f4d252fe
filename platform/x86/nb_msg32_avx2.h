/* Messages of GF(32) in AVX2 registers for nb_minmax_simd_template.h: one
 * __m256i per message, two per 16-bit message. Everything but the Min-Max
 * combination, which the AVX2 and AVX-512 instances do their own way. Only
 * files compiled with -mavx2 (or wider, cmake/Platform.cmake) include it. */
#ifndef LDPC_X86_NB_MSG32_AVX2_H
#define LDPC_X86_NB_MSG32_AVX2_H

#ifndef __AVX2__
#error "nb_msg32_avx2.h needs -mavx2 (cmake/Platform.cmake)"
#endif

#include <stdint.h>

#include <immintrin.h>

#include "x86/avx2_bit_bytes.h"
#include "x86/nb_xor_rows.h"

#define NB_Q 32

typedef __m256i nb_msg;
typedef struct {
    __m256i lo, hi; /* entries 0..15, 16..31 */
} nb_wide;

static inline nb_msg nb_msg_load(const uint8_t *p)
{
    return _mm256_load_si256((const __m256i *)(const void *)p);
}
static inline void nb_msg_store(uint8_t *p, nb_msg m)
{
    _mm256_store_si256((__m256i *)(void *)p, m);
}

/* out[y] = m[index[y]]: pshufb looks up within 128-bit lanes, so both halves
 * of m are looked up everywhere and bit 4 of the index picks one (moved to
 * bit 7, which blendv reads). */
static inline nb_msg nb_msg_permute(nb_msg m, const uint8_t *index)
{
    __m256i idx = _mm256_loadu_si256((const __m256i *)(const void *)index);
    __m256i low = _mm256_shuffle_epi8(_mm256_permute2x128_si256(m, m, 0x00), idx);
    __m256i high = _mm256_shuffle_epi8(_mm256_permute2x128_si256(m, m, 0x11), idx);
    return _mm256_blendv_epi8(low, high, _mm256_slli_epi16(idx, 3));
}

static inline nb_wide nb_wide_load(const int16_t *p)
{
    const __m256i *v = (const __m256i *)(const void *)p;
    return (nb_wide){_mm256_load_si256(v), _mm256_load_si256(v + 1)};
}
static inline void nb_wide_store(int16_t *p, nb_wide w)
{
    __m256i *v = (__m256i *)(void *)p;
    _mm256_store_si256(v, w.lo);
    _mm256_store_si256(v + 1, w.hi);
}
static inline nb_wide nb_wide_from_msg(nb_msg m)
{
    return (nb_wide){_mm256_cvtepu8_epi16(_mm256_castsi256_si128(m)),
                     _mm256_cvtepu8_epi16(_mm256_extracti128_si256(m, 1))};
}
static inline nb_wide nb_wide_add_msg(nb_wide w, nb_msg m)
{
    nb_wide x = nb_wide_from_msg(m);
    return (nb_wide){_mm256_add_epi16(w.lo, x.lo), _mm256_add_epi16(w.hi, x.hi)};
}
static inline nb_wide nb_wide_sub_msg(nb_wide w, nb_msg m)
{
    nb_wide x = nb_wide_from_msg(m);
    return (nb_wide){_mm256_sub_epi16(w.lo, x.lo), _mm256_sub_epi16(w.hi, x.hi)};
}

/* Totals and inputs are >= 0 (sums of 8-bit messages), so unsigned minima
 * apply; minpos finds the minimum of the last eight. */
static inline __m256i nb_wide_min_broadcast(nb_wide w)
{
    __m256i both = _mm256_min_epu16(w.lo, w.hi);
    __m128i eight = _mm_min_epu16(_mm256_castsi256_si128(both), _mm256_extracti128_si256(both, 1));
    return _mm256_set1_epi16((int16_t)_mm_cvtsi128_si32(_mm_minpos_epu16(eight)));
}
static inline nb_msg nb_wide_normalise(nb_wide w)
{
    __m256i low = nb_wide_min_broadcast(w);
    __m256i packed = _mm256_packus_epi16(_mm256_sub_epi16(w.lo, low), _mm256_sub_epi16(w.hi, low));
    return _mm256_permute4x64_epi64(packed, 0xd8); /* packus works within 128-bit lanes */
}
static inline uint32_t nb_wide_argmin(nb_wide w)
{
    __m256i low = nb_wide_min_broadcast(w);
    uint64_t lo = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi16(w.lo, low));
    uint64_t hi = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi16(w.hi, low));
    return (uint32_t)__builtin_ctzll(lo | hi << 32) / 2;
}

/* For the truncation (nb_minmax_simd_template.h). The AVX-512BW instance
 * compares into a mask register directly (the upper half of the 512-bit
 * register is zero and masked off). */
#define NB_MSG_HAS_MASKS 1
#ifdef __AVX512BW__
static inline uint64_t nb_msg_le_mask(nb_msg m, uint8_t t)
{
    return (uint32_t)_mm512_cmple_epu8_mask(_mm512_zextsi256_si512(m), _mm512_set1_epi8((char)t));
}
static inline nb_msg nb_msg_keep(nb_msg m, uint64_t keep)
{
    return _mm512_castsi512_si256(
        _mm512_mask_mov_epi8(_mm512_set1_epi8(-1), keep, _mm512_zextsi256_si512(m)));
}
#else
static inline uint64_t nb_msg_le_mask(nb_msg m, uint8_t t)
{
    __m256i le = _mm256_cmpeq_epi8(_mm256_min_epu8(m, _mm256_set1_epi8((char)t)), m);
    return (uint32_t)_mm256_movemask_epi8(le);
}
static inline nb_msg nb_msg_keep(nb_msg m, uint64_t keep)
{
    return _mm256_or_si256(m, _mm256_andnot_si256(avx2_bytes_of_bits((uint32_t)keep),
                                                  _mm256_set1_epi8(-1)));
}
#endif

/* Entries below 255, as a bit mask: only those can lower a combination's
 * output below its initial 255. */
static inline uint32_t nb_msg32_live(nb_msg m)
{
    return ~(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(m, _mm256_set1_epi8(-1)));
}

#endif
