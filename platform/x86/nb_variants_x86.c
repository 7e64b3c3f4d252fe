/* The x86 variants of the 8-bit Min-Max decoder, best first, gated by the
 * CPUID checks of the binary decoders. */
#include "x86/nb_x86_variants.h"
#include "x86/x86_variants.h"

static nb_fixed_frame_fn avx512_frame_for_q(uint32_t q)
{
    return q == 64 ? avx512_q64_nb_decode_frame : q == 32 ? avx512_q32_nb_decode_frame : NULL;
}

static nb_fixed_frame_fn avx2_frame_for_q(uint32_t q)
{
    return q == 64 ? avx2_q64_nb_decode_frame : q == 32 ? avx2_q32_nb_decode_frame : NULL;
}

static const nb_simd_variant x86_nb_variants[] = {
    {"avx512bw", x86_has_avx512bw, avx512_frame_for_q},
    {"avx2", x86_has_avx2, avx2_frame_for_q},
};

size_t nb_simd_variant_count(void)
{
    return sizeof x86_nb_variants / sizeof x86_nb_variants[0];
}

const nb_simd_variant *nb_simd_variant_at(size_t index)
{
    return index < nb_simd_variant_count() ? &x86_nb_variants[index] : 0;
}
