/* The ARM variant of the 8-bit Min-Max decoder, gated by the HWCAP check of
 * the binary decoders (always present on aarch64). */
#include "arm/arm_variants.h"
#include "arm/nb_arm_variants.h"

static nb_fixed_frame_fn neon_frame_for_q(uint32_t q)
{
    return q == 64 ? neon_q64_nb_decode_frame : q == 32 ? neon_q32_nb_decode_frame : NULL;
}

static const nb_simd_variant arm_nb_variants[] = {
    {"neon", arm_has_neon, neon_frame_for_q},
};

size_t nb_simd_variant_count(void)
{
    return sizeof arm_nb_variants / sizeof arm_nb_variants[0];
}

const nb_simd_variant *nb_simd_variant_at(size_t index)
{
    return index < nb_simd_variant_count() ? &arm_nb_variants[index] : 0;
}
