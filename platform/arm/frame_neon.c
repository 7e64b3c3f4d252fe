/* NEON instance of the frame decoder: 16 checks per vector, 24 vectors per
 * layer (aarch64 and armv7 with NEON). */
#include <stdint.h>

/* 32-bit ARM without -mfpu=neon: see layered_neon.c. */
#if defined(__arm__) && !defined(__ARM_NEON)
#pragma GCC target("arch=armv7-a", "fpu=neon")
#endif

#include <arm_neon.h>

typedef int8x16_t vec;
#define VEC_LANES 16
#define FRAME_FUNCTION(name) neon_##name

static inline vec v_load(const int8_t *p) { return vld1q_s8(p); }
static inline void v_store(int8_t *p, vec a) { vst1q_s8(p, a); }
static inline vec v_set1(int8_t x) { return vdupq_n_s8(x); }
static inline vec v_zero(void) { return vdupq_n_s8(0); }
static inline vec v_subs(vec a, vec b) { return vqsubq_s8(a, b); }
static inline vec v_min(vec a, vec b) { return vminq_s8(a, b); }
static inline vec v_max(vec a, vec b) { return vmaxq_s8(a, b); }
static inline vec v_abs(vec a) { return vqabsq_s8(a); }
static inline vec v_xor(vec a, vec b) { return veorq_s8(a, b); }
static inline vec v_select(vec mask, vec if_set, vec if_clear)
{
    return vbslq_s8(vreinterpretq_u8_s8(mask), if_set, if_clear);
}
static inline vec v_select_equal(vec a, vec b, vec if_equal, vec otherwise)
{
    return vbslq_s8(vceqq_s8(a, b), if_equal, otherwise);
}
static inline vec v_apply_sign(vec magnitude, vec s)
{
    return vbslq_s8(vcltq_s8(s, vdupq_n_s8(0)), vnegq_s8(magnitude), magnitude);
}
static inline vec v_scale_q4(vec a, uint8_t q4)
{
    int16x8_t low = vmulq_n_s16(vmovl_s8(vget_low_s8(a)), q4);
    int16x8_t high = vmulq_n_s16(vmovl_s8(vget_high_s8(a)), q4);
    /* vrshrn adds 8 before the shift: rounds half up, as the reference. */
    return vcombine_s8(vrshrn_n_s16(low, 4), vrshrn_n_s16(high, 4));
}
static inline int v_any_negative(vec a)
{
    uint64x2_t sign_bits = vreinterpretq_u64_u8(vshrq_n_u8(vreinterpretq_u8_s8(a), 7));
    return (vgetq_lane_u64(sign_bits, 0) | vgetq_lane_u64(sign_bits, 1)) != 0;
}
static inline int v_count_negative(vec a)
{
    /* Per byte 0 or 1, summed pairwise up to two 64-bit halves. */
    uint64x2_t sums = vpaddlq_u32(vpaddlq_u16(vpaddlq_u8(vshrq_n_u8(vreinterpretq_u8_s8(a), 7))));
    return (int)(vgetq_lane_u64(sums, 0) + vgetq_lane_u64(sums, 1));
}

typedef struct {
    int16x8_t lo, hi;
} wide;
static inline wide w_loadu(const int16_t *p) { return (wide){vld1q_s16(p), vld1q_s16(p + 8)}; }
static inline void w_storeu(int16_t *p, wide a)
{
    vst1q_s16(p, a.lo);
    vst1q_s16(p + 8, a.hi);
}
static inline wide w_widen(vec a) { return (wide){vmovl_s8(vget_low_s8(a)), vmovl_s8(vget_high_s8(a))}; }
static inline vec w_narrow(wide a) { return vcombine_s8(vqmovn_s16(a.lo), vqmovn_s16(a.hi)); }
static inline wide w_add(wide a, wide b) { return (wide){vaddq_s16(a.lo, b.lo), vaddq_s16(a.hi, b.hi)}; }
static inline wide w_sub(wide a, wide b) { return (wide){vsubq_s16(a.lo, b.lo), vsubq_s16(a.hi, b.hi)}; }
static inline wide w_load(const int16_t *p) { return w_loadu(p); }
static inline void w_store(int16_t *p, wide a) { w_storeu(p, a); }
static inline wide w_select(wide mask, wide if_set, wide if_clear)
{
    return (wide){vbslq_s16(vreinterpretq_u16_s16(mask.lo), if_set.lo, if_clear.lo),
                  vbslq_s16(vreinterpretq_u16_s16(mask.hi), if_set.hi, if_clear.hi)};
}

#include "common/frame_decoder_template.h"
