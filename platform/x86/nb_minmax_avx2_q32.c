/* AVX2 instance of the 8-bit Min-Max decoder for GF(32): one message per
 * vector (nb_minmax_simd_template.h). */
#include "x86/nb_msg32_avx2.h"
#include "x86/nb_x86_variants.h"

#define NB_SIMD_FUNCTION(name) avx2_q32_nb_##name

/* out[x] = min over a of max(A[a], B[a ^ x]): for each entry a of A below
 * 255, B with its entries moved by xor a (the 128-bit halves swapped for bit
 * 4, pshufb for bits 0-3), raised to A[a], lowers the running minimum. A is
 * the operand with fewer such entries: messages are mostly either nearly
 * certain (a few entries below 255) or not at all. */
static inline nb_msg nb_msg_combine(nb_msg a, nb_msg b)
{
    uint32_t live_a = nb_msg32_live(a), live_b = nb_msg32_live(b);
    if (__builtin_popcount(live_b) < __builtin_popcount(live_a)) {
        nb_msg t = a;
        a = b;
        b = t;
        live_a = live_b;
    }
    const __m256i halves[2] = {b, _mm256_permute2x128_si256(b, b, 0x01)};
    uint8_t values[NB_Q] __attribute__((aligned(32)));
    _mm256_store_si256((__m256i *)(void *)values, a);
    __m256i out = _mm256_set1_epi8(-1);
    for (; live_a != 0; live_a &= live_a - 1) {
        uint32_t x = (uint32_t)__builtin_ctz(live_a);
        __m256i index = _mm256_broadcastsi128_si256(
            _mm_load_si128((const __m128i *)(const void *)nb_xor_rows[x & 15]));
        __m256i moved = _mm256_shuffle_epi8(halves[x >> 4], index);
        out = _mm256_min_epu8(out, _mm256_max_epu8(moved, _mm256_set1_epi8((char)values[x])));
    }
    return out;
}

#include "common/nb_minmax_simd_template.h"
