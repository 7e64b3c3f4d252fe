#include "byte_sums.h"
#include "byte_sums_x86.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#elif defined(__ARM_NEON)
#include <arm_neon.h>
#endif

static inline uint32_t magnitude(int liquid, uint8_t b)
{
    int v = liquid ? 127 - (int)b : (int)(int8_t)b;
    return (uint32_t)(v < 0 ? -v : v);
}

/* The smallest whole magnitude at or above clip_share x largest. */
static uint32_t clip_threshold(uint32_t largest, double clip_share)
{
    uint32_t at_clip = 0;
    while ((double)at_clip < clip_share * (double)largest)
        at_clip++;
    return at_clip;
}

static uint32_t largest_portable(int liquid, const uint8_t *raw, size_t count)
{
    uint32_t largest = 0;
    for (size_t i = 0; i < count; i++) {
        uint32_t a = magnitude(liquid, raw[i]);
        largest = a > largest ? a : largest;
    }
    return largest;
}

static void add_portable(int liquid, const uint8_t *raw, size_t count, soft_byte_sums *s)
{
    for (size_t i = 0; i < count; i++) {
        uint32_t a = magnitude(liquid, raw[i]);
        s->sum += a;
        s->square += a * a;
        if (a >= s->at_clip) {
            s->clipped++;
            s->clipped_sum += a;
        }
    }
}

/* Each instruction set gives two kernels over `blocks` blocks of 16 values:
 * the largest magnitude, and the sums (s->at_clip set). */
#define BLOCK 16

#if defined(__SSE2__) || defined(__ARM_NEON)
static uint32_t largest_lane(const uint8_t lanes[BLOCK])
{
    uint32_t largest = 0;
    for (int l = 0; l < BLOCK; l++)
        largest = lanes[l] > largest ? lanes[l] : largest;
    return largest;
}
#endif

#if defined(__SSE2__)

/* 16 magnitudes: |x - c| of unsigned bytes, with x = b, c = 127 for liquid
 * soft bits, and x = b ^ 0x80, c = 128 for int8 (|b| = |(b + 128) - 128|). */
static inline __m128i magnitudes(int liquid, const uint8_t *raw)
{
    __m128i x = _mm_xor_si128(_mm_loadu_si128((const void *)raw),
                              _mm_set1_epi8(liquid ? 0 : (char)0x80));
    __m128i centre = _mm_set1_epi8(liquid ? 127 : (char)128);
    return _mm_or_si128(_mm_subs_epu8(x, centre), _mm_subs_epu8(centre, x));
}

static inline uint64_t sum_u64x2(__m128i v)
{
    uint64_t lanes[2];
    _mm_storeu_si128((void *)lanes, v);
    return lanes[0] + lanes[1];
}

static uint32_t largest_in_blocks(int liquid, const uint8_t *raw, size_t blocks)
{
    __m128i largest = _mm_setzero_si128();
    for (size_t i = 0; i < blocks; i++)
        largest = _mm_max_epu8(largest, magnitudes(liquid, raw + BLOCK * i));
    uint8_t lanes[BLOCK];
    _mm_storeu_si128((void *)lanes, largest);
    return largest_lane(lanes);
}

/* 32-bit square sums take at most 4096 blocks (each lane gains at most
 * 2 x 2 x 128^2 per block). */
#define SQUARE_BLOCKS 4096

static void add_blocks(int liquid, const uint8_t *raw, size_t blocks, soft_byte_sums *s)
{
    __m128i zero = _mm_setzero_si128(), one = _mm_set1_epi8(1);
    __m128i at_clip = _mm_set1_epi8((char)s->at_clip);
    __m128i sum = zero, clipped = zero, clipped_sum = zero;
    for (size_t start = 0; start < blocks; start += SQUARE_BLOCKS) {
        size_t end = start + SQUARE_BLOCKS < blocks ? start + SQUARE_BLOCKS : blocks;
        __m128i square = zero;
        for (size_t i = start; i < end; i++) {
            __m128i a = magnitudes(liquid, raw + BLOCK * i);
            sum = _mm_add_epi64(sum, _mm_sad_epu8(a, zero));
            __m128i low = _mm_unpacklo_epi8(a, zero), high = _mm_unpackhi_epi8(a, zero);
            square = _mm_add_epi32(square, _mm_madd_epi16(low, low));
            square = _mm_add_epi32(square, _mm_madd_epi16(high, high));
            __m128i is_clipped = _mm_cmpeq_epi8(_mm_max_epu8(a, at_clip), a);
            clipped = _mm_add_epi64(clipped, _mm_sad_epu8(_mm_and_si128(is_clipped, one), zero));
            clipped_sum = _mm_add_epi64(clipped_sum, _mm_sad_epu8(_mm_and_si128(is_clipped, a), zero));
        }
        uint32_t squares[4];
        _mm_storeu_si128((void *)squares, square);
        s->square += (uint64_t)squares[0] + squares[1] + squares[2] + squares[3];
    }
    s->sum += sum_u64x2(sum);
    s->clipped += sum_u64x2(clipped);
    s->clipped_sum += sum_u64x2(clipped_sum);
}

#elif defined(__ARM_NEON)

static inline uint8x16_t magnitudes(int liquid, const uint8_t *raw)
{
    return vabdq_u8(veorq_u8(vld1q_u8(raw), vdupq_n_u8(liquid ? 0 : 0x80)),
                    vdupq_n_u8(liquid ? 127 : 128));
}

static inline uint64_t sum_u32x4(uint32x4_t v)
{
    return (uint64_t)vgetq_lane_u32(v, 0) + vgetq_lane_u32(v, 1) + vgetq_lane_u32(v, 2) +
           vgetq_lane_u32(v, 3);
}

static uint32_t largest_in_blocks(int liquid, const uint8_t *raw, size_t blocks)
{
    uint8x16_t largest = vdupq_n_u8(0);
    for (size_t i = 0; i < blocks; i++)
        largest = vmaxq_u8(largest, magnitudes(liquid, raw + BLOCK * i));
    uint8_t lanes[BLOCK];
    vst1q_u8(lanes, largest);
    return largest_lane(lanes);
}

/* 32-bit lanes take at most 4096 blocks (a square lane gains at most
 * 4 x 128^2 per block). */
#define LANE_BLOCKS 4096

static void add_blocks(int liquid, const uint8_t *raw, size_t blocks, soft_byte_sums *s)
{
    uint8x16_t at_clip = vdupq_n_u8((uint8_t)s->at_clip), one = vdupq_n_u8(1);
    for (size_t start = 0; start < blocks; start += LANE_BLOCKS) {
        size_t end = start + LANE_BLOCKS < blocks ? start + LANE_BLOCKS : blocks;
        uint32x4_t sum = vdupq_n_u32(0), square = vdupq_n_u32(0);
        uint32x4_t clipped = vdupq_n_u32(0), clipped_sum = vdupq_n_u32(0);
        for (size_t i = start; i < end; i++) {
            uint8x16_t a = magnitudes(liquid, raw + BLOCK * i);
            sum = vpadalq_u16(sum, vpaddlq_u8(a));
            square = vpadalq_u16(square, vmull_u8(vget_low_u8(a), vget_low_u8(a)));
            square = vpadalq_u16(square, vmull_u8(vget_high_u8(a), vget_high_u8(a)));
            uint8x16_t is_clipped = vcgeq_u8(a, at_clip);
            clipped = vpadalq_u16(clipped, vpaddlq_u8(vandq_u8(is_clipped, one)));
            clipped_sum = vpadalq_u16(clipped_sum, vpaddlq_u8(vandq_u8(is_clipped, a)));
        }
        s->sum += sum_u32x4(sum);
        s->square += sum_u32x4(square);
        s->clipped += sum_u32x4(clipped);
        s->clipped_sum += sum_u32x4(clipped_sum);
    }
}

#else

/* no vectors: the blocks go through the plain loops too */
static uint32_t largest_in_blocks(int liquid, const uint8_t *raw, size_t blocks)
{
    return largest_portable(liquid, raw, blocks * BLOCK);
}

static void add_blocks(int liquid, const uint8_t *raw, size_t blocks, soft_byte_sums *s)
{
    add_portable(liquid, raw, blocks * BLOCK, s);
}

#endif

#if defined(__SSE2__) || defined(__ARM_NEON)
#define HAVE_VECTORS 1
#else
#define HAVE_VECTORS 0
#endif

soft_sums_kernel soft_byte_sums_widest(void)
{
#ifdef LDPC_HAVE_WIDE_BYTE_SUMS
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw"))
        return SOFT_SUMS_AVX512;
    if (__builtin_cpu_supports("avx2"))
        return SOFT_SUMS_AVX2;
#endif
    return HAVE_VECTORS ? SOFT_SUMS_VECTORS : SOFT_SUMS_PLAIN;
}

/* Where each kernel's part of `count` values ends: the widest takes whole
 * vectors from the front, each narrower one whole vectors of what is left,
 * plain C the rest. */
typedef struct {
    size_t wide_end, block_end;
} kernel_parts;

static kernel_parts parts_of(soft_sums_kernel kernel, size_t count)
{
    size_t width = kernel == SOFT_SUMS_AVX512 ? 64 : kernel == SOFT_SUMS_AVX2 ? 32 : 0;
    kernel_parts parts = {.wide_end = width != 0 ? count / width * width : 0};
    size_t blocks = kernel >= SOFT_SUMS_VECTORS ? (count - parts.wide_end) / BLOCK : 0;
    parts.block_end = parts.wide_end + blocks * BLOCK;
    return parts;
}

static uint32_t largest_wide(soft_sums_kernel kernel, int liquid, const uint8_t *raw,
                             size_t end)
{
#ifdef LDPC_HAVE_WIDE_BYTE_SUMS
    if (kernel == SOFT_SUMS_AVX512)
        return byte_sums_largest_avx512(liquid, raw, end / WIDE_AVX512);
    if (kernel == SOFT_SUMS_AVX2)
        return byte_sums_largest_avx2(liquid, raw, end / WIDE_AVX2);
#endif
    (void)kernel, (void)liquid, (void)raw, (void)end;
    return 0;
}

static void add_wide(soft_sums_kernel kernel, int liquid, const uint8_t *raw, size_t end,
                     soft_byte_sums *s)
{
#ifdef LDPC_HAVE_WIDE_BYTE_SUMS
    if (kernel == SOFT_SUMS_AVX512)
        byte_sums_add_avx512(liquid, raw, end / WIDE_AVX512, s);
    else if (kernel == SOFT_SUMS_AVX2)
        byte_sums_add_avx2(liquid, raw, end / WIDE_AVX2, s);
#endif
    (void)kernel, (void)liquid, (void)raw, (void)end, (void)s;
}

static uint32_t max_of(uint32_t a, uint32_t b)
{
    return a > b ? a : b;
}

void soft_byte_sums_with(soft_sums_kernel kernel, int liquid, const uint8_t *raw, size_t count,
                         double clip_share, soft_byte_sums *out)
{
    *out = (soft_byte_sums){0};
    kernel_parts parts = parts_of(kernel, count);
    size_t blocks = (parts.block_end - parts.wide_end) / BLOCK;
    const uint8_t *block_raw = raw + parts.wide_end, *tail = raw + parts.block_end;
    size_t tail_count = count - parts.block_end;
    out->largest = max_of(max_of(largest_wide(kernel, liquid, raw, parts.wide_end),
                                 largest_in_blocks(liquid, block_raw, blocks)),
                          largest_portable(liquid, tail, tail_count));
    out->at_clip = clip_threshold(out->largest, clip_share);
    add_wide(kernel, liquid, raw, parts.wide_end, out);
    add_blocks(liquid, block_raw, blocks, out);
    add_portable(liquid, tail, tail_count, out);
}

void soft_byte_sums_compute(int liquid, const uint8_t *raw, size_t count, double clip_share,
                            soft_byte_sums *out)
{
    soft_byte_sums_with(soft_byte_sums_widest(), liquid, raw, count, clip_share, out);
}
