/* The x86 frame-path variants, best first, gated by the same CPUID checks as
 * the inter-frame decoders. */
#include "common/frame_decoder.h"
#include "x86/x86_variants.h"

static const frame_variant x86_frame_variants[] = {
    {"avx512bw-frame", "avx512bw", x86_has_avx512bw, avx512_frame_decode},
    {"avx2-frame", "avx2", x86_has_avx2, avx2_frame_decode},
    {"sse4.1-frame", "sse4.1", x86_has_sse41, sse41_frame_decode},
};

size_t frame_arch_variant_count(void)
{
    return sizeof x86_frame_variants / sizeof x86_frame_variants[0];
}

const frame_variant *frame_arch_variant_at(size_t index)
{
    return index < frame_arch_variant_count() ? &x86_frame_variants[index] : 0;
}
