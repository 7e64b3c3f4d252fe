/* The x86 tile vocabulary of simd_lane_results_template.h: 16 int8 in one
 * 128-bit register. Every x86 inter-frame instance (SSE4.1, AVX2, AVX-512)
 * transposes in these 16x16 tiles: that brought the transposes from 30% of a
 * saturated AVX2 call to 3% (docs/CPU.md), which leaves little for 32- or
 * 64-byte tiles to gain. */
#ifndef LDPC_X86_TILE_SSE41_H
#define LDPC_X86_TILE_SSE41_H

#ifndef __SSE4_1__
#error "tile_sse41.h needs -msse4.1 or later (cmake/Platform.cmake)"
#endif

#include <stdint.h>

#include <immintrin.h>

typedef __m128i tile;

static inline tile tile_load(const void *p) { return _mm_loadu_si128((const __m128i *)p); }
static inline void tile_store(void *p, tile a) { _mm_storeu_si128((__m128i *)p, a); }
static inline tile tile_set1(int8_t x) { return _mm_set1_epi8(x); }
static inline tile tile_max(tile a, tile b) { return _mm_max_epi8(a, b); }
static inline tile tile_select(tile mask, tile if_set, tile if_clear)
{
    return _mm_blendv_epi8(if_clear, if_set, mask);
}
static inline tile tile_negative_one(tile a)
{
    return _mm_and_si128(_mm_cmpgt_epi8(_mm_setzero_si128(), a), _mm_set1_epi8(1));
}
static inline void tile_zip8(tile a, tile b, tile *lo, tile *hi)
{
    *lo = _mm_unpacklo_epi8(a, b);
    *hi = _mm_unpackhi_epi8(a, b);
}
static inline void tile_zip16(tile a, tile b, tile *lo, tile *hi)
{
    *lo = _mm_unpacklo_epi16(a, b);
    *hi = _mm_unpackhi_epi16(a, b);
}
static inline void tile_zip32(tile a, tile b, tile *lo, tile *hi)
{
    *lo = _mm_unpacklo_epi32(a, b);
    *hi = _mm_unpackhi_epi32(a, b);
}
static inline void tile_zip64(tile a, tile b, tile *lo, tile *hi)
{
    *lo = _mm_unpacklo_epi64(a, b);
    *hi = _mm_unpackhi_epi64(a, b);
}

#endif
