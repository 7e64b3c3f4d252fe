/* AVX-512BW instances of the inter-frame decoders (exact and saturated
 * posteriors): 64 frames per 512-bit vector. */
#include "x86/vec_avx512.h"

#define SIMD_FUNCTION(name) avx512_##name

static inline vec v_and(vec a, vec b) { return _mm512_and_si512(a, b); }
static inline vec v_or(vec a, vec b) { return _mm512_or_si512(a, b); }
static inline vec v_greater_mask(vec a, vec b) { return _mm512_movm_epi8(_mm512_cmpgt_epi8_mask(a, b)); }
static inline vec v_sub(vec a, vec b) { return _mm512_sub_epi8(a, b); }
static inline vec v_negative_mask(vec a) { return _mm512_movm_epi8(_mm512_movepi8_mask(a)); }
static inline vec v_equal_mask(vec a, vec b) { return _mm512_movm_epi8(_mm512_cmpeq_epi8_mask(a, b)); }
/* The even words need no mask: a in [0, 127] and q4 <= 16 leave their high
 * bytes zero. */
static inline vec v_scale_q4(vec a, uint8_t q4)
{
    __m512i even = scale_q4_words(_mm512_and_si512(a, _mm512_set1_epi16(0x00ff)), q4);
    __m512i odd = scale_q4_words(_mm512_srli_epi16(a, 8), q4);
    return _mm512_or_si512(even, _mm512_slli_epi16(odd, 8));
}

/* Posteriors widen in unpack order within each 128-bit quarter (packs undoes
 * it): each lane is its own frame, so no permutation is needed. */
static inline wide w_widen(vec a)
{
    __m512i sign = v_negative_mask(a);
    return (wide){_mm512_unpacklo_epi8(a, sign), _mm512_unpackhi_epi8(a, sign)};
}
static inline vec w_narrow(wide a) { return _mm512_packs_epi16(a.lo, a.hi); }
static inline wide w_xor(wide a, wide b) { return (wide){_mm512_xor_si512(a.lo, b.lo), _mm512_xor_si512(a.hi, b.hi)}; }
static inline wide w_or(wide a, wide b) { return (wide){_mm512_or_si512(a.lo, b.lo), _mm512_or_si512(a.hi, b.hi)}; }
static inline wide w_select(wide mask, wide if_set, wide if_clear)
{
    return (wide){_mm512_mask_blend_epi16(_mm512_movepi16_mask(mask.lo), if_clear.lo, if_set.lo),
                  _mm512_mask_blend_epi16(_mm512_movepi16_mask(mask.hi), if_clear.hi, if_set.hi)};
}

#include "x86/x86_variants.h"
#include "x86/tile_sse41.h"
#include "common/simd_lane_results_template.h"
#define SIMD_CHECKS_IN_REGISTERS
#include "common/simd_layered_template.h"

/* AVX-512 has no vpsignb: a subtraction from zero under the mask of s's sign bits. */
static inline vec v_negate_where_negative(vec a, vec s) { return _mm512_mask_sub_epi8(a, _mm512_movepi8_mask(s), _mm512_setzero_si512(), a); }

#include "x86/saturated_mask_messages_avx512.h"
#include "common/simd_saturated_template.h"
