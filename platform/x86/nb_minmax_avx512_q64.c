/* AVX-512BW instance of the 8-bit Min-Max decoder for GF(64): one message
 * per 512-bit register, two per 16-bit message (nb_minmax_simd_template.h).
 * Byte permutations across 128-bit lanes use pshufb per source lane, so that
 * AVX-512BW suffices (no VBMI). */
#include <immintrin.h>

#include "x86/nb_x86_variants.h"
#include "x86/nb_xor_rows.h"

#define NB_Q 64
#define NB_SIMD_FUNCTION(name) avx512_q64_nb_##name

typedef __m512i nb_msg;
typedef struct {
    __m512i lo, hi; /* entries 0..31, 32..63 */
} nb_wide;

static inline nb_msg nb_msg_load(const uint8_t *p)
{
    return _mm512_load_si512((const void *)p);
}
static inline void nb_msg_store(uint8_t *p, nb_msg m)
{
    _mm512_store_si512((void *)p, m);
}

/* Every 128-bit lane of m holds lane s of `m` (immediate operands). */
#define NB_LANE_EVERYWHERE(m, s) _mm512_shuffle_i64x2((m), (m), (s) * 0x55)

/* out[y] = m[index[y]]: bits 4-5 of the index name the source lane. */
static inline nb_msg nb_msg_permute(nb_msg m, const uint8_t *index)
{
    __m512i idx = _mm512_loadu_si512((const void *)index);
    __m512i lane = _mm512_and_si512(idx, _mm512_set1_epi8(0x30));
    __m512i out = _mm512_shuffle_epi8(NB_LANE_EVERYWHERE(m, 0), idx);
    out = _mm512_mask_shuffle_epi8(out, _mm512_cmpeq_epi8_mask(lane, _mm512_set1_epi8(0x10)),
                                   NB_LANE_EVERYWHERE(m, 1), idx);
    out = _mm512_mask_shuffle_epi8(out, _mm512_cmpeq_epi8_mask(lane, _mm512_set1_epi8(0x20)),
                                   NB_LANE_EVERYWHERE(m, 2), idx);
    return _mm512_mask_shuffle_epi8(out, _mm512_cmpeq_epi8_mask(lane, _mm512_set1_epi8(0x30)),
                                    NB_LANE_EVERYWHERE(m, 3), idx);
}

static inline nb_wide nb_wide_load(const int16_t *p)
{
    return (nb_wide){_mm512_load_si512((const void *)p), _mm512_load_si512((const void *)(p + 32))};
}
static inline void nb_wide_store(int16_t *p, nb_wide w)
{
    _mm512_store_si512((void *)p, w.lo);
    _mm512_store_si512((void *)(p + 32), w.hi);
}
static inline nb_wide nb_wide_from_msg(nb_msg m)
{
    return (nb_wide){_mm512_cvtepu8_epi16(_mm512_castsi512_si256(m)),
                     _mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64(m, 1))};
}
static inline nb_wide nb_wide_add_msg(nb_wide w, nb_msg m)
{
    nb_wide x = nb_wide_from_msg(m);
    return (nb_wide){_mm512_add_epi16(w.lo, x.lo), _mm512_add_epi16(w.hi, x.hi)};
}
static inline nb_wide nb_wide_sub_msg(nb_wide w, nb_msg m)
{
    nb_wide x = nb_wide_from_msg(m);
    return (nb_wide){_mm512_sub_epi16(w.lo, x.lo), _mm512_sub_epi16(w.hi, x.hi)};
}

/* Values are >= 0 (sums of 8-bit messages): unsigned minima apply. */
static inline __m512i nb_wide_min_broadcast(nb_wide w)
{
    __m512i both = _mm512_min_epu16(w.lo, w.hi);
    __m256i half = _mm256_min_epu16(_mm512_castsi512_si256(both), _mm512_extracti64x4_epi64(both, 1));
    __m128i eight = _mm_min_epu16(_mm256_castsi256_si128(half), _mm256_extracti128_si256(half, 1));
    return _mm512_set1_epi16((int16_t)_mm_cvtsi128_si32(_mm_minpos_epu16(eight)));
}
static inline nb_msg nb_wide_normalise(nb_wide w)
{
    __m512i low = nb_wide_min_broadcast(w);
    __m256i lo = _mm512_cvtusepi16_epi8(_mm512_sub_epi16(w.lo, low));
    __m256i hi = _mm512_cvtusepi16_epi8(_mm512_sub_epi16(w.hi, low));
    return _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1);
}
static inline uint32_t nb_wide_argmin(nb_wide w)
{
    __m512i low = nb_wide_min_broadcast(w);
    uint64_t lo = _mm512_cmpeq_epi16_mask(w.lo, low), hi = _mm512_cmpeq_epi16_mask(w.hi, low);
    return (uint32_t)__builtin_ctzll(lo | hi << 32);
}

/* For the truncation (nb_minmax_simd_template.h). */
#define NB_MSG_HAS_MASKS 1
static inline uint64_t nb_msg_le_mask(nb_msg m, uint8_t t)
{
    return _mm512_cmple_epu8_mask(m, _mm512_set1_epi8((char)t));
}
static inline nb_msg nb_msg_keep(nb_msg m, uint64_t keep)
{
    return _mm512_mask_mov_epi8(_mm512_set1_epi8(-1), keep, m);
}

/* out[x] = min over a of max(A[a], B[a ^ x]): for each entry a of A below
 * 255, B moved by xor a (128-bit lanes permuted by bits 4-5, pshufb for bits
 * 0-3), raised to A[a], lowers the running minimum. A is the operand with
 * fewer entries below 255. */
static inline nb_msg nb_msg_combine(nb_msg a, nb_msg b)
{
    const __m512i saturated = _mm512_set1_epi8(-1);
    uint64_t live_a = _mm512_cmpneq_epu8_mask(a, saturated);
    uint64_t live_b = _mm512_cmpneq_epu8_mask(b, saturated);
    if (__builtin_popcountll(live_b) < __builtin_popcountll(live_a)) {
        nb_msg t = a;
        a = b;
        b = t;
        live_a = live_b;
    }
    /* Lane L of quarters[s] is lane L ^ s of B. */
    const __m512i quarters[4] = {b, _mm512_shuffle_i64x2(b, b, _MM_SHUFFLE(2, 3, 0, 1)),
                                 _mm512_shuffle_i64x2(b, b, _MM_SHUFFLE(1, 0, 3, 2)),
                                 _mm512_shuffle_i64x2(b, b, _MM_SHUFFLE(0, 1, 2, 3))};
    uint8_t values[NB_Q] __attribute__((aligned(64)));
    _mm512_store_si512((void *)values, a);
    __m512i out = saturated;
    for (; live_a != 0; live_a &= live_a - 1) {
        uint32_t x = (uint32_t)__builtin_ctzll(live_a);
        __m512i index = _mm512_broadcast_i32x4(
            _mm_load_si128((const __m128i *)(const void *)nb_xor_rows[x & 15]));
        __m512i moved = _mm512_shuffle_epi8(quarters[x >> 4], index);
        out = _mm512_min_epu8(out, _mm512_max_epu8(moved, _mm512_set1_epi8((char)values[x])));
    }
    return out;
}

#include "common/nb_minmax_simd_template.h"
