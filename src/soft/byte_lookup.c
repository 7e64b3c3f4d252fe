/* ldpc_soft_byte_lookup: a 256-entry table is 4 vectors of AVX-512 VBMI
 * (two two-table byte permutes and a blend on the index's top bit) or of
 * aarch64's 64-byte table lookups; elsewhere one load per value. */
#include "ldpc/soft.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define HAVE_VBMI 1
#elif defined(__aarch64__)
#include <arm_neon.h>
#endif

static void lookup_portable(const int8_t table[256], const uint8_t *raw, size_t count,
                            int8_t *out)
{
    for (size_t i = 0; i < count; i++)
        out[i] = table[raw[i]];
}

#ifdef HAVE_VBMI
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

void ldpc_soft_byte_lookup(const int8_t table[256], const uint8_t *raw, size_t count,
                           int8_t *out)
{
#ifdef HAVE_VBMI
    if (__builtin_cpu_supports("avx512vbmi") && __builtin_cpu_supports("avx512bw")) {
        lookup_vbmi(table, raw, count, out);
        return;
    }
#endif
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
    lookup_portable(table, raw + i, count - i, out + i);
}
