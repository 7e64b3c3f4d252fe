/* NEON instances of the inter-frame decoders (exact and saturated posteriors):
 * 16 frames per 128-bit vector (aarch64 and armv7 with NEON). */
#include "arm/vec_neon.h"

#define SIMD_FUNCTION(name) neon_##name

static inline vec v_and(vec a, vec b) { return vandq_s8(a, b); }
static inline vec v_or(vec a, vec b) { return vorrq_s8(a, b); }
static inline vec v_greater_mask(vec a, vec b) { return vreinterpretq_s8_u8(vcgtq_s8(a, b)); }
static inline vec v_sub(vec a, vec b) { return vsubq_s8(a, b); }
static inline vec v_negative_mask(vec a) { return vreinterpretq_s8_u8(vcltq_s8(a, vdupq_n_s8(0))); }
static inline vec v_equal_mask(vec a, vec b) { return vreinterpretq_s8_u8(vceqq_s8(a, b)); }

static inline wide w_xor(wide a, wide b) { return (wide){veorq_s16(a.lo, b.lo), veorq_s16(a.hi, b.hi)}; }
static inline wide w_or(wide a, wide b) { return (wide){vorrq_s16(a.lo, b.lo), vorrq_s16(a.hi, b.hi)}; }
static inline wide w_select(wide mask, wide if_set, wide if_clear)
{
    return (wide){vbslq_s16(vreinterpretq_u16_s16(mask.lo), if_set.lo, if_clear.lo),
                  vbslq_s16(vreinterpretq_u16_s16(mask.hi), if_set.hi, if_clear.hi)};
}

#include "arm/arm_variants.h"
#include "arm/tile_neon.h"
#include "common/simd_lane_results_template.h"
#include "common/simd_layered_template.h"

/* s >> 7 (arithmetic) is all ones where s < 0: (a ^ m) - m negates there. */
static inline vec v_negate_where_negative(vec a, vec s)
{
    vec negative = vshrq_n_s8(s, 7);
    return vsubq_s8(veorq_s8(a, negative), negative);
}

#include "common/saturated_byte_messages.h"
#include "common/simd_saturated_template.h"
