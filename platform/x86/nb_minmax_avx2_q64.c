/* AVX2 instance of the 8-bit Min-Max decoder for GF(64): a message in two
 * 256-bit registers, a 16-bit message in four (nb_minmax_simd_template.h). */
#include <immintrin.h>

#include "x86/avx2_bit_bytes.h"
#include "x86/nb_x86_variants.h"
#include "x86/nb_xor_rows.h"

#define NB_Q 64
#define NB_SIMD_FUNCTION(name) avx2_q64_nb_##name

typedef struct {
    __m256i lo, hi; /* entries 0..31, 32..63 */
} nb_msg;
typedef struct {
    __m256i w[4]; /* entries 16i .. 16i+15 */
} nb_wide;

static inline nb_msg nb_msg_load(const uint8_t *p)
{
    const __m256i *v = (const __m256i *)(const void *)p;
    return (nb_msg){_mm256_load_si256(v), _mm256_load_si256(v + 1)};
}
static inline void nb_msg_store(uint8_t *p, nb_msg m)
{
    __m256i *v = (__m256i *)(void *)p;
    _mm256_store_si256(v, m.lo);
    _mm256_store_si256(v + 1, m.hi);
}

/* Entries 32h.. of out[y] = m[index[y]]: pshufb in each of the four 16-entry
 * lanes of m (copied to both 128-bit halves), then bit 4 of the index picks
 * within a 32-entry half and bit 5 the half (moved to bit 7 for blendv). */
static inline __m256i nb_permute_half(const __m256i lanes[4], __m256i idx)
{
    __m256i bit4 = _mm256_slli_epi16(idx, 3), bit5 = _mm256_slli_epi16(idx, 2);
    __m256i low = _mm256_blendv_epi8(_mm256_shuffle_epi8(lanes[0], idx),
                                     _mm256_shuffle_epi8(lanes[1], idx), bit4);
    __m256i high = _mm256_blendv_epi8(_mm256_shuffle_epi8(lanes[2], idx),
                                      _mm256_shuffle_epi8(lanes[3], idx), bit4);
    return _mm256_blendv_epi8(low, high, bit5);
}
static inline nb_msg nb_msg_permute(nb_msg m, const uint8_t *index)
{
    const __m256i *idx = (const __m256i *)(const void *)index;
    const __m256i lanes[4] = {
        _mm256_permute2x128_si256(m.lo, m.lo, 0x00), _mm256_permute2x128_si256(m.lo, m.lo, 0x11),
        _mm256_permute2x128_si256(m.hi, m.hi, 0x00), _mm256_permute2x128_si256(m.hi, m.hi, 0x11)};
    return (nb_msg){nb_permute_half(lanes, _mm256_loadu_si256(idx)),
                    nb_permute_half(lanes, _mm256_loadu_si256(idx + 1))};
}

static inline nb_wide nb_wide_load(const int16_t *p)
{
    const __m256i *v = (const __m256i *)(const void *)p;
    return (nb_wide){{_mm256_load_si256(v), _mm256_load_si256(v + 1), _mm256_load_si256(v + 2),
                      _mm256_load_si256(v + 3)}};
}
static inline void nb_wide_store(int16_t *p, nb_wide w)
{
    __m256i *v = (__m256i *)(void *)p;
    for (int i = 0; i < 4; i++)
        _mm256_store_si256(v + i, w.w[i]);
}
static inline nb_wide nb_wide_from_msg(nb_msg m)
{
    return (nb_wide){{_mm256_cvtepu8_epi16(_mm256_castsi256_si128(m.lo)),
                      _mm256_cvtepu8_epi16(_mm256_extracti128_si256(m.lo, 1)),
                      _mm256_cvtepu8_epi16(_mm256_castsi256_si128(m.hi)),
                      _mm256_cvtepu8_epi16(_mm256_extracti128_si256(m.hi, 1))}};
}
static inline nb_wide nb_wide_add_msg(nb_wide w, nb_msg m)
{
    nb_wide x = nb_wide_from_msg(m);
    for (int i = 0; i < 4; i++)
        w.w[i] = _mm256_add_epi16(w.w[i], x.w[i]);
    return w;
}
static inline nb_wide nb_wide_sub_msg(nb_wide w, nb_msg m)
{
    nb_wide x = nb_wide_from_msg(m);
    for (int i = 0; i < 4; i++)
        w.w[i] = _mm256_sub_epi16(w.w[i], x.w[i]);
    return w;
}

/* Values are >= 0 (sums of 8-bit messages): unsigned minima apply. */
static inline __m256i nb_wide_min_broadcast(nb_wide w)
{
    __m256i all = _mm256_min_epu16(_mm256_min_epu16(w.w[0], w.w[1]), _mm256_min_epu16(w.w[2], w.w[3]));
    __m128i eight = _mm_min_epu16(_mm256_castsi256_si128(all), _mm256_extracti128_si256(all, 1));
    return _mm256_set1_epi16((int16_t)_mm_cvtsi128_si32(_mm_minpos_epu16(eight)));
}
/* packus works within 128-bit lanes; permute4x64 restores the order. */
static inline __m256i nb_pack_half(__m256i first, __m256i second, __m256i low)
{
    __m256i packed = _mm256_packus_epi16(_mm256_sub_epi16(first, low), _mm256_sub_epi16(second, low));
    return _mm256_permute4x64_epi64(packed, 0xd8);
}
static inline nb_msg nb_wide_normalise(nb_wide w)
{
    __m256i low = nb_wide_min_broadcast(w);
    return (nb_msg){nb_pack_half(w.w[0], w.w[1], low), nb_pack_half(w.w[2], w.w[3], low)};
}
static inline uint32_t nb_wide_argmin(nb_wide w)
{
    __m256i low = nb_wide_min_broadcast(w);
    uint64_t mask[4]; /* two bits per 16-bit entry */
    for (int i = 0; i < 4; i++)
        mask[i] = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi16(w.w[i], low));
    uint64_t lo = mask[0] | mask[1] << 32, hi = mask[2] | mask[3] << 32;
    return lo != 0 ? (uint32_t)__builtin_ctzll(lo) / 2 : 32 + (uint32_t)__builtin_ctzll(hi) / 2;
}

/* For the truncation (nb_minmax_simd_template.h). */
#define NB_MSG_HAS_MASKS 1
static inline uint64_t nb_msg_le_mask(nb_msg m, uint8_t t)
{
    const __m256i limit = _mm256_set1_epi8((char)t);
    uint64_t lo = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_min_epu8(m.lo, limit), m.lo));
    uint64_t hi = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_min_epu8(m.hi, limit), m.hi));
    return lo | hi << 32;
}
static inline nb_msg nb_msg_keep(nb_msg m, uint64_t keep)
{
    const __m256i all = _mm256_set1_epi8(-1);
    __m256i keep_lo = avx2_bytes_of_bits((uint32_t)keep);
    __m256i keep_hi = avx2_bytes_of_bits((uint32_t)(keep >> 32));
    return (nb_msg){_mm256_or_si256(m.lo, _mm256_andnot_si256(keep_lo, all)),
                    _mm256_or_si256(m.hi, _mm256_andnot_si256(keep_hi, all))};
}

static inline uint64_t nb_msg64_live(nb_msg m)
{
    const __m256i saturated = _mm256_set1_epi8(-1);
    uint64_t lo = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(m.lo, saturated));
    uint64_t hi = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(m.hi, saturated));
    return ~(lo | hi << 32);
}

/* out[x] = min over a of max(A[a], B[a ^ x]): for each entry a of A below
 * 255, B moved by xor a, raised to A[a], lowers the running minimum. Entry
 * x of the output half h comes from the half h ^ (a >> 5) of B, its 128-bit
 * lanes swapped when bit 4 of a is set, and pshufb for bits 0-3. A is the
 * operand with fewer entries below 255. */
static inline nb_msg nb_msg_combine(nb_msg a, nb_msg b)
{
    uint64_t live_a = nb_msg64_live(a), live_b = nb_msg64_live(b);
    if (__builtin_popcountll(live_b) < __builtin_popcountll(live_a)) {
        nb_msg t = a;
        a = b;
        b = t;
        live_a = live_b;
    }
    /* sources[a >> 4] feeds the low output half, sources[(a >> 4) ^ 2] the high one. */
    const __m256i sources[4] = {b.lo, _mm256_permute2x128_si256(b.lo, b.lo, 0x01), b.hi,
                                _mm256_permute2x128_si256(b.hi, b.hi, 0x01)};
    uint8_t values[NB_Q] __attribute__((aligned(32)));
    nb_msg_store(values, a);
    nb_msg out = {_mm256_set1_epi8(-1), _mm256_set1_epi8(-1)};
    for (; live_a != 0; live_a &= live_a - 1) {
        uint32_t x = (uint32_t)__builtin_ctzll(live_a);
        __m256i index = _mm256_broadcastsi128_si256(
            _mm_load_si128((const __m128i *)(const void *)nb_xor_rows[x & 15]));
        __m256i level = _mm256_set1_epi8((char)values[x]);
        __m256i moved_lo = _mm256_shuffle_epi8(sources[x >> 4], index);
        __m256i moved_hi = _mm256_shuffle_epi8(sources[(x >> 4) ^ 2], index);
        out.lo = _mm256_min_epu8(out.lo, _mm256_max_epu8(moved_lo, level));
        out.hi = _mm256_min_epu8(out.hi, _mm256_max_epu8(moved_hi, level));
    }
    return out;
}

#include "common/nb_minmax_simd_template.h"
