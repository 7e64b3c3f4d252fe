/* Architectures without a SIMD Min-Max decoder: nonbinary codes decode with
 * the portable reference. */
#include "nb/nb_simd.h"

size_t nb_simd_variant_count(void)
{
    return 0;
}

const nb_simd_variant *nb_simd_variant_at(size_t index)
{
    (void)index;
    return 0;
}
