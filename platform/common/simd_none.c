/* Architectures without a SIMD decoder: the list of variants is empty and the
 * reference decoder is used. */
#include "common/simd_layered.h"

size_t simd_variant_count(void)
{
    return 0;
}

const simd_variant *simd_variant_at(size_t index)
{
    (void)index;
    return 0;
}
