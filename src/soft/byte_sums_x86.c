#include "byte_sums_x86.h"

#ifdef LDPC_HAVE_WIDE_BYTE_SUMS
#include <immintrin.h>

/* 32-bit square lanes take at most this many vectors between flushes: a
 * lane gains at most 2 x 2 x 128^2 per vector. */
#define SQUARE_VECTORS 4096

#define AVX2 __attribute__((target("avx2")))
#define AVX512 __attribute__((target("avx512f,avx512bw")))

/* |x - c| of unsigned bytes, with x = b, c = 127 for liquid soft bits, and
 * x = b ^ 0x80, c = 128 for int8 (|b| = |(b + 128) - 128|). */
AVX2 static inline __m256i magnitudes_avx2(int liquid, const uint8_t *raw)
{
    __m256i x = _mm256_xor_si256(_mm256_loadu_si256((const void *)raw),
                                 _mm256_set1_epi8(liquid ? 0 : (char)0x80));
    __m256i centre = _mm256_set1_epi8(liquid ? 127 : (char)128);
    return _mm256_or_si256(_mm256_subs_epu8(x, centre), _mm256_subs_epu8(centre, x));
}

AVX2 static uint64_t sum_u64x4(__m256i v)
{
    uint64_t lanes[4];
    _mm256_storeu_si256((void *)lanes, v);
    return lanes[0] + lanes[1] + lanes[2] + lanes[3];
}

AVX2 static uint64_t sum_u32x8(__m256i v)
{
    uint32_t lanes[8];
    _mm256_storeu_si256((void *)lanes, v);
    uint64_t total = 0;
    for (int l = 0; l < 8; l++)
        total += lanes[l];
    return total;
}

AVX2 uint32_t byte_sums_largest_avx2(int liquid, const uint8_t *raw, size_t vectors)
{
    __m256i largest = _mm256_setzero_si256();
    for (size_t i = 0; i < vectors; i++)
        largest = _mm256_max_epu8(largest, magnitudes_avx2(liquid, raw + WIDE_AVX2 * i));
    uint8_t lanes[WIDE_AVX2];
    _mm256_storeu_si256((void *)lanes, largest);
    uint32_t most = 0;
    for (int l = 0; l < WIDE_AVX2; l++)
        most = lanes[l] > most ? lanes[l] : most;
    return most;
}

AVX2 void byte_sums_add_avx2(int liquid, const uint8_t *raw, size_t vectors, soft_byte_sums *s)
{
    __m256i zero = _mm256_setzero_si256(), one = _mm256_set1_epi8(1);
    __m256i at_clip = _mm256_set1_epi8((char)s->at_clip);
    __m256i sum = zero, clipped = zero, clipped_sum = zero;
    for (size_t start = 0; start < vectors; start += SQUARE_VECTORS) {
        size_t end = start + SQUARE_VECTORS < vectors ? start + SQUARE_VECTORS : vectors;
        __m256i square = zero;
        for (size_t i = start; i < end; i++) {
            __m256i a = magnitudes_avx2(liquid, raw + WIDE_AVX2 * i);
            sum = _mm256_add_epi64(sum, _mm256_sad_epu8(a, zero));
            __m256i low = _mm256_unpacklo_epi8(a, zero), high = _mm256_unpackhi_epi8(a, zero);
            square = _mm256_add_epi32(square, _mm256_madd_epi16(low, low));
            square = _mm256_add_epi32(square, _mm256_madd_epi16(high, high));
            __m256i is_clipped = _mm256_cmpeq_epi8(_mm256_max_epu8(a, at_clip), a);
            clipped = _mm256_add_epi64(clipped,
                                       _mm256_sad_epu8(_mm256_and_si256(is_clipped, one), zero));
            clipped_sum = _mm256_add_epi64(clipped_sum,
                                           _mm256_sad_epu8(_mm256_and_si256(is_clipped, a), zero));
        }
        s->square += sum_u32x8(square);
    }
    s->sum += sum_u64x4(sum);
    s->clipped += sum_u64x4(clipped);
    s->clipped_sum += sum_u64x4(clipped_sum);
}

AVX512 static inline __m512i magnitudes_avx512(int liquid, const uint8_t *raw)
{
    __m512i x = _mm512_xor_si512(_mm512_loadu_si512(raw),
                                 _mm512_set1_epi8(liquid ? 0 : (char)0x80));
    __m512i centre = _mm512_set1_epi8(liquid ? 127 : (char)128);
    return _mm512_or_si512(_mm512_subs_epu8(x, centre), _mm512_subs_epu8(centre, x));
}

AVX512 uint32_t byte_sums_largest_avx512(int liquid, const uint8_t *raw, size_t vectors)
{
    __m512i largest = _mm512_setzero_si512();
    for (size_t i = 0; i < vectors; i++)
        largest = _mm512_max_epu8(largest, magnitudes_avx512(liquid, raw + WIDE_AVX512 * i));
    uint8_t lanes[WIDE_AVX512];
    _mm512_storeu_si512(lanes, largest);
    uint32_t most = 0;
    for (int l = 0; l < WIDE_AVX512; l++)
        most = lanes[l] > most ? lanes[l] : most;
    return most;
}

AVX512 void byte_sums_add_avx512(int liquid, const uint8_t *raw, size_t vectors,
                                 soft_byte_sums *s)
{
    __m512i zero = _mm512_setzero_si512();
    __m512i at_clip = _mm512_set1_epi8((char)s->at_clip);
    __m512i sum = zero, clipped_sum = zero;
    uint64_t clipped = 0;
    for (size_t start = 0; start < vectors; start += SQUARE_VECTORS) {
        size_t end = start + SQUARE_VECTORS < vectors ? start + SQUARE_VECTORS : vectors;
        __m512i square = zero;
        for (size_t i = start; i < end; i++) {
            __m512i a = magnitudes_avx512(liquid, raw + WIDE_AVX512 * i);
            sum = _mm512_add_epi64(sum, _mm512_sad_epu8(a, zero));
            __m512i low = _mm512_unpacklo_epi8(a, zero), high = _mm512_unpackhi_epi8(a, zero);
            square = _mm512_add_epi32(square, _mm512_madd_epi16(low, low));
            square = _mm512_add_epi32(square, _mm512_madd_epi16(high, high));
            __mmask64 is_clipped = _mm512_cmpge_epu8_mask(a, at_clip);
            clipped += (uint64_t)__builtin_popcountll(is_clipped);
            clipped_sum = _mm512_add_epi64(
                clipped_sum, _mm512_sad_epu8(_mm512_maskz_mov_epi8(is_clipped, a), zero));
        }
        s->square += (uint64_t)_mm512_reduce_add_epi64(
            _mm512_add_epi64(_mm512_cvtepu32_epi64(_mm512_castsi512_si256(square)),
                             _mm512_cvtepu32_epi64(_mm512_extracti64x4_epi64(square, 1))));
    }
    s->sum += (uint64_t)_mm512_reduce_add_epi64(sum);
    s->clipped += clipped;
    s->clipped_sum += (uint64_t)_mm512_reduce_add_epi64(clipped_sum);
}
#endif
