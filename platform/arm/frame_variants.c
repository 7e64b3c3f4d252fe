/* The ARM frame-path variant, gated by the same HWCAP check as the
 * inter-frame decoder. */
#include "arm/arm_variants.h"
#include "common/frame_decoder.h"

static const frame_variant arm_frame_variants[] = {
    {"neon-frame", "neon", arm_has_neon, neon_frame_decode},
};

size_t frame_arch_variant_count(void)
{
    return sizeof arm_frame_variants / sizeof arm_frame_variants[0];
}

const frame_variant *frame_arch_variant_at(size_t index)
{
    return index < frame_arch_variant_count() ? &arm_frame_variants[index] : 0;
}
