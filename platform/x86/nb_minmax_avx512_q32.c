/* AVX-512BW instance of the 8-bit Min-Max decoder for GF(32): messages in
 * 256-bit registers (x86/nb_msg32_avx2.h), the combination two shifts at a
 * time in 512-bit ones (nb_minmax_simd_template.h). */
#include "x86/nb_msg32_avx2.h"
#include "x86/nb_x86_variants.h"

#define NB_SIMD_FUNCTION(name) avx512_q32_nb_##name

/* out[x] = min over a of max(A[a], B[a ^ x]), as in nb_minmax_avx2_q32.c, but
 * entries a = k and a = k + 16 in one step: the low half of the register
 * holds B moved by k, raised to A[k], the high half B moved by k + 16 (its
 * 128-bit halves swapped), raised to A[k + 16]; the halves meet at the end. */
static inline nb_msg nb_msg_combine(nb_msg a, nb_msg b)
{
    uint32_t live_a = nb_msg32_live(a), live_b = nb_msg32_live(b);
    if (__builtin_popcount(live_b) < __builtin_popcount(live_a)) {
        nb_msg t = a;
        a = b;
        b = t;
        live_a = live_b;
    }
    uint32_t pairs = (live_a | live_a >> 16) & 0xffff;
    __m512i moving = _mm512_inserti64x4(_mm512_castsi256_si512(b),
                                        _mm256_permute2x128_si256(b, b, 0x01), 1);
    /* 128-bit lanes A[0..15], A[0..15], A[16..31], A[16..31]. */
    __m512i wide_a = _mm512_castsi256_si512(a);
    __m512i raising = _mm512_shuffle_i64x2(wide_a, wide_a, _MM_SHUFFLE(1, 1, 0, 0));
    __m512i out = _mm512_set1_epi8(-1);
    for (; pairs != 0; pairs &= pairs - 1) {
        uint32_t k = (uint32_t)__builtin_ctz(pairs);
        __m512i index = _mm512_broadcast_i32x4(
            _mm_load_si128((const __m128i *)(const void *)nb_xor_rows[k]));
        __m512i moved = _mm512_shuffle_epi8(moving, index);
        __m512i level = _mm512_shuffle_epi8(raising, _mm512_set1_epi8((char)k));
        out = _mm512_min_epu8(out, _mm512_max_epu8(moved, level));
    }
    return _mm256_min_epu8(_mm512_castsi512_si256(out), _mm512_extracti64x4_epi64(out, 1));
}

#include "common/nb_minmax_simd_template.h"
