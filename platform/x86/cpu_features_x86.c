/* CPUID feature checks. The OS must also save the wide registers (XGETBV),
 * which __builtin_cpu_supports verifies for AVX and AVX-512. */
#include "x86/x86_variants.h"

int x86_has_sse41(void)
{
    return __builtin_cpu_supports("sse4.1");
}

int x86_has_avx2(void)
{
    return __builtin_cpu_supports("avx2");
}

int x86_has_avx512bw(void)
{
    return __builtin_cpu_supports("avx512bw");
}

static const simd_variant x86_variants[] = {
    {"avx512bw", 64, x86_has_avx512bw, avx512_layered_decode, avx512_saturated_decode},
    {"avx2", 32, x86_has_avx2, avx2_layered_decode, avx2_saturated_decode},
    {"sse4.1", 16, x86_has_sse41, sse41_layered_decode, sse41_saturated_decode},
};

size_t simd_variant_count(void)
{
    return sizeof x86_variants / sizeof x86_variants[0];
}

const simd_variant *simd_variant_at(size_t index)
{
    return index < simd_variant_count() ? &x86_variants[index] : 0;
}
