/* Architectures without a SIMD frame decoder: only "portable-frame". */
#include "common/frame_decoder.h"

size_t frame_arch_variant_count(void)
{
    return 0;
}

const frame_variant *frame_arch_variant_at(size_t index)
{
    (void)index;
    return 0;
}
