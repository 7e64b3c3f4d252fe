/* ldpc_soft_byte_lookup: a 256-entry table is 4 vectors of AVX-512 VBMI
 * (two two-table byte permutes and a blend on the index's top bit) or of
 * aarch64's 64-byte table lookups; AVX2 looks up 16 rows of 16 entries by
 * the low nibble and picks the row by the high one (5x the plain loop);
 * elsewhere one load per value. */
#include "byte_lookup.h"

#include "ldpc/soft.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define HAVE_X86_KERNELS 1
#elif defined(__aarch64__)
#include <arm_neon.h>
#endif

static void lookup_portable(const int8_t table[256], const uint8_t *raw, size_t count,
                            int8_t *out)
{
    size_t i = 0;
#if defined(__aarch64__)
    uint8x16x4_t quarter[4];
    for (int q = 0; q < 4; q++)
        quarter[q] = vld1q_u8_x4((const uint8_t *)table + 64 * q);
    uint8x16_t step = vdupq_n_u8(64);
    for (; i + 16 <= count; i += 16) {
        /* an index outside a quarter's 64 entries looks up 0 */
        uint8x16_t index = vld1q_u8(raw + i);
        uint8x16_t value = vqtbl4q_u8(quarter[0], index);
        for (int q = 1; q < 4; q++) {
            index = vsubq_u8(index, step);
            value = vorrq_u8(value, vqtbl4q_u8(quarter[q], index));
        }
        vst1q_s8(out + i, vreinterpretq_s8_u8(value));
    }
#endif
    for (; i < count; i++)
        out[i] = table[raw[i]];
}

#ifdef HAVE_X86_KERNELS
#define AVX2 __attribute__((target("avx2")))

/* Of rows 4q .. 4q + 3 looked up by the low nibbles, the one that bits 4
 * and 5 of the index pick: a byte blend takes the top bit of each mask
 * byte, so `bit4` and `bit5` are the index shifted left by 3 and 2 (16-bit
 * shifts: what crosses into the next byte lands below its top bit). */
AVX2 static inline __m256i pick_of_four(const __m256i *rows, __m256i low, __m256i bit4,
                                        __m256i bit5)
{
    __m256i a = _mm256_blendv_epi8(_mm256_shuffle_epi8(rows[0], low),
                                   _mm256_shuffle_epi8(rows[1], low), bit4);
    __m256i b = _mm256_blendv_epi8(_mm256_shuffle_epi8(rows[2], low),
                                   _mm256_shuffle_epi8(rows[3], low), bit4);
    return _mm256_blendv_epi8(a, b, bit5);
}

/* Row h (entries 16h .. 16h + 15) looked up by the low nibbles, the row
 * picked by the high nibble bit by bit, depth first so that few vectors
 * are live at once: 16 shuffles and 15 blends per 32 values. */
AVX2 static void lookup_avx2(const int8_t table[256], const uint8_t *raw, size_t count,
                             int8_t *out)
{
    __m256i rows[16];
    for (int h = 0; h < 16; h++)
        rows[h] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const void *)(table + 16 * h)));
    const __m256i low_nibble = _mm256_set1_epi8(0x0F);
    size_t i = 0;
    for (; i + 32 <= count; i += 32) {
        __m256i index = _mm256_loadu_si256((const void *)(raw + i));
        __m256i low = _mm256_and_si256(index, low_nibble);
        __m256i bit4 = _mm256_slli_epi16(index, 3), bit5 = _mm256_slli_epi16(index, 2);
        __m256i bit6 = _mm256_slli_epi16(index, 1);
        __m256i lower = _mm256_blendv_epi8(pick_of_four(rows, low, bit4, bit5),
                                           pick_of_four(rows + 4, low, bit4, bit5), bit6);
        __m256i upper = _mm256_blendv_epi8(pick_of_four(rows + 8, low, bit4, bit5),
                                           pick_of_four(rows + 12, low, bit4, bit5), bit6);
        _mm256_storeu_si256((void *)(out + i), _mm256_blendv_epi8(lower, upper, index));
    }
    lookup_portable(table, raw + i, count - i, out + i);
}

__attribute__((target("avx512f,avx512bw,avx512vbmi"))) static void
lookup_vbmi(const int8_t table[256], const uint8_t *raw, size_t count, int8_t *out)
{
    __m512i t0 = _mm512_loadu_si512(table), t1 = _mm512_loadu_si512(table + 64);
    __m512i t2 = _mm512_loadu_si512(table + 128), t3 = _mm512_loadu_si512(table + 192);
    size_t i = 0;
    for (; i + 64 <= count; i += 64) {
        __m512i index = _mm512_loadu_si512(raw + i);
        __m512i low = _mm512_permutex2var_epi8(t0, index, t1);
        __m512i high = _mm512_permutex2var_epi8(t2, index, t3);
        _mm512_storeu_si512(out + i,
                            _mm512_mask_blend_epi8(_mm512_movepi8_mask(index), low, high));
    }
    lookup_portable(table, raw + i, count - i, out + i);
}
#endif

soft_lookup_kernel soft_byte_lookup_widest(void)
{
#ifdef HAVE_X86_KERNELS
    if (__builtin_cpu_supports("avx512vbmi") && __builtin_cpu_supports("avx512bw"))
        return SOFT_LOOKUP_VBMI;
    if (__builtin_cpu_supports("avx2"))
        return SOFT_LOOKUP_AVX2;
#endif
    return SOFT_LOOKUP_PLAIN;
}

void soft_byte_lookup_with(soft_lookup_kernel kernel, const int8_t table[256],
                           const uint8_t *raw, size_t count, int8_t *out)
{
#ifdef HAVE_X86_KERNELS
    if (kernel == SOFT_LOOKUP_VBMI) {
        lookup_vbmi(table, raw, count, out);
        return;
    }
    if (kernel == SOFT_LOOKUP_AVX2) {
        lookup_avx2(table, raw, count, out);
        return;
    }
#endif
    (void)kernel;
    lookup_portable(table, raw, count, out);
}

void ldpc_soft_byte_lookup(const int8_t table[256], const uint8_t *raw, size_t count,
                           int8_t *out)
{
    soft_byte_lookup_with(soft_byte_lookup_widest(), table, raw, count, out);
}
