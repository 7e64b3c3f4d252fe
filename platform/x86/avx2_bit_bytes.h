/* Bit masks to byte masks in AVX2, for the truncation of the Min-Max
 * instances over 32-entry halves (nb_msg32_avx2.h, nb_minmax_avx2_q64.c).
 * Only files compiled with -mavx2 (or wider) include it. */
#ifndef LDPC_X86_AVX2_BIT_BYTES_H
#define LDPC_X86_AVX2_BIT_BYTES_H

#ifndef __AVX2__
#error "avx2_bit_bytes.h needs -mavx2 (cmake/Platform.cmake)"
#endif

#include <stdint.h>

#include <immintrin.h>

/* Byte i of the result is 0xff where bit i of `bits` is set. */
static inline __m256i avx2_bytes_of_bits(uint32_t bits)
{
    const __m256i byte_of_bit = _mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1,
                                                 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3);
    const __m256i bit = _mm256_set1_epi64x((long long)0x8040201008040201ull);
    __m256i spread = _mm256_shuffle_epi8(_mm256_set1_epi32((int)bits), byte_of_bit);
    return _mm256_cmpeq_epi8(_mm256_and_si256(spread, bit), bit);
}

#endif
