/* NEON detection: mandatory on aarch64 (Advanced SIMD); on 32-bit ARM the
 * kernel reports it in AT_HWCAP (HWCAP_NEON, bit 12). */
#include <sys/auxv.h>

#include "arm/arm_variants.h"

#define ARM32_HWCAP_NEON (1ul << 12)

int arm_has_neon(void)
{
#if defined(__aarch64__)
    return 1;
#else
    return (getauxval(AT_HWCAP) & ARM32_HWCAP_NEON) != 0;
#endif
}

static const simd_variant arm_variants[] = {
    {"neon", 16, arm_has_neon, neon_layered_decode, neon_saturated_decode},
};

size_t simd_variant_count(void)
{
    return sizeof arm_variants / sizeof arm_variants[0];
}

const simd_variant *simd_variant_at(size_t index)
{
    return index < simd_variant_count() ? &arm_variants[index] : 0;
}
