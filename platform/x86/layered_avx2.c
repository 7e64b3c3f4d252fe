/* AVX2 instances of the inter-frame decoders (exact and saturated posteriors):
 * 32 frames per 256-bit vector. */
#include "x86/vec_avx2.h"

#define SIMD_FUNCTION(name) avx2_##name

static inline vec v_and(vec a, vec b) { return _mm256_and_si256(a, b); }
static inline vec v_or(vec a, vec b) { return _mm256_or_si256(a, b); }
static inline vec v_greater_mask(vec a, vec b) { return _mm256_cmpgt_epi8(a, b); }
static inline vec v_sub(vec a, vec b) { return _mm256_sub_epi8(a, b); }
static inline vec v_negative_mask(vec a) { return _mm256_cmpgt_epi8(_mm256_setzero_si256(), a); }
static inline vec v_equal_mask(vec a, vec b) { return _mm256_cmpeq_epi8(a, b); }
/* The even words need no mask: a in [0, 127] and q4 <= 16 leave their high
 * bytes zero. */
static inline vec v_scale_q4(vec a, uint8_t q4)
{
    __m256i even = scale_q4_words(_mm256_and_si256(a, _mm256_set1_epi16(0x00ff)), q4);
    __m256i odd = scale_q4_words(_mm256_srli_epi16(a, 8), q4);
    return _mm256_or_si256(even, _mm256_slli_epi16(odd, 8));
}

/* Posteriors widen in unpack order within each 128-bit half (packs undoes it):
 * each lane is its own frame, so no permutation is needed. */
static inline wide w_widen(vec a)
{
    __m256i sign = v_negative_mask(a);
    return (wide){_mm256_unpacklo_epi8(a, sign), _mm256_unpackhi_epi8(a, sign)};
}
static inline vec w_narrow(wide a) { return _mm256_packs_epi16(a.lo, a.hi); }
static inline wide w_xor(wide a, wide b) { return (wide){_mm256_xor_si256(a.lo, b.lo), _mm256_xor_si256(a.hi, b.hi)}; }
static inline wide w_or(wide a, wide b) { return (wide){_mm256_or_si256(a.lo, b.lo), _mm256_or_si256(a.hi, b.hi)}; }
static inline wide w_select(wide mask, wide if_set, wide if_clear)
{
    return (wide){_mm256_blendv_epi8(if_clear.lo, if_set.lo, mask.lo),
                  _mm256_blendv_epi8(if_clear.hi, if_set.hi, mask.hi)};
}

#include "x86/x86_variants.h"
#include "x86/tile_sse41.h"
#include "common/simd_lane_results_template.h"
#include "common/simd_layered_template.h"

/* vpsignb negates where s < 0 and zeroes where s == 0: or-ing 1 into s leaves
 * its sign and keeps it off zero. */
static inline vec v_negate_where_negative(vec a, vec s) { return _mm256_sign_epi8(a, _mm256_or_si256(s, _mm256_set1_epi8(1))); }

#include "common/saturated_byte_messages.h"
#include "common/simd_saturated_template.h"
