/* SSE4.1 instances of the inter-frame decoders (exact and saturated
 * posteriors): 16 frames per 128-bit vector. */
#include "x86/vec_sse41.h"

#define SIMD_FUNCTION(name) sse41_##name

static inline vec v_and(vec a, vec b) { return _mm_and_si128(a, b); }
static inline vec v_or(vec a, vec b) { return _mm_or_si128(a, b); }
static inline vec v_greater_mask(vec a, vec b) { return _mm_cmpgt_epi8(a, b); }
static inline vec v_sub(vec a, vec b) { return _mm_sub_epi8(a, b); }
static inline vec v_negative_mask(vec a) { return _mm_cmpgt_epi8(_mm_setzero_si128(), a); }
static inline vec v_equal_mask(vec a, vec b) { return _mm_cmpeq_epi8(a, b); }
/* The even words need no mask: a in [0, 127] and q4 <= 16 leave their high
 * bytes zero. */
static inline vec v_scale_q4(vec a, uint8_t q4)
{
    __m128i even = scale_q4_words(_mm_and_si128(a, _mm_set1_epi16(0x00ff)), q4);
    __m128i odd = scale_q4_words(_mm_srli_epi16(a, 8), q4);
    return _mm_or_si128(even, _mm_slli_epi16(odd, 8));
}

/* Posteriors widen in unpack order (packs undoes it), the sign from a compare. */
static inline wide w_widen(vec a)
{
    __m128i sign = v_negative_mask(a);
    return (wide){_mm_unpacklo_epi8(a, sign), _mm_unpackhi_epi8(a, sign)};
}
static inline wide w_xor(wide a, wide b) { return (wide){_mm_xor_si128(a.lo, b.lo), _mm_xor_si128(a.hi, b.hi)}; }
static inline wide w_or(wide a, wide b) { return (wide){_mm_or_si128(a.lo, b.lo), _mm_or_si128(a.hi, b.hi)}; }
static inline wide w_select(wide mask, wide if_set, wide if_clear)
{
    return (wide){_mm_blendv_epi8(if_clear.lo, if_set.lo, mask.lo),
                  _mm_blendv_epi8(if_clear.hi, if_set.hi, mask.hi)};
}

#include "x86/x86_variants.h"
#include "x86/tile_sse41.h"
#include "common/simd_lane_results_template.h"
#include "common/simd_layered_template.h"

/* psignb negates where s < 0 and zeroes where s == 0: or-ing 1 into s leaves
 * its sign and keeps it off zero. */
static inline vec v_negate_where_negative(vec a, vec s) { return _mm_sign_epi8(a, _mm_or_si128(s, _mm_set1_epi8(1))); }

#include "common/saturated_byte_messages.h"
#include "common/simd_saturated_template.h"
