/* The NEON vector vocabulary that both decoders use alike: the inter-frame
 * decoder (layered_neon.c) and the frame decoder (frame_neon.c), on aarch64
 * and on armv7 with NEON. 16 int8 lanes per vec, the same lanes as int16 in
 * two registers per wide, low then high half (natural order for both). */
#ifndef LDPC_ARM_VEC_NEON_H
#define LDPC_ARM_VEC_NEON_H

#include <stdint.h>

/* 32-bit ARM: NEON (and ARMv7, which NEON needs) whatever the build's -march
 * and -mfpu. cmake/Platform.cmake adds -mfpu=neon only for an armv7 processor,
 * which misses a 32-bit userland on a 64-bit kernel (uname -m says aarch64, as
 * Raspberry Pi OS 32-bit on a Pi 4 or 5). The decoders only run where HWCAP
 * reports NEON (cpu_features_arm.c). */
#if defined(__arm__) && !defined(__ARM_NEON)
#pragma GCC target("arch=armv7-a", "fpu=neon")
#endif

#include <arm_neon.h>

typedef int8x16_t vec;
#define VEC_LANES 16

static inline vec v_load(const int8_t *p) { return vld1q_s8(p); }
static inline void v_store(int8_t *p, vec a) { vst1q_s8(p, a); }
static inline vec v_set1(int8_t x) { return vdupq_n_s8(x); }
static inline vec v_zero(void) { return vdupq_n_s8(0); }
static inline vec v_subs(vec a, vec b) { return vqsubq_s8(a, b); }
static inline vec v_adds(vec a, vec b) { return vqaddq_s8(a, b); }
static inline vec v_min(vec a, vec b) { return vminq_s8(a, b); }
static inline vec v_max(vec a, vec b) { return vmaxq_s8(a, b); }
static inline vec v_abs(vec a) { return vqabsq_s8(a); }
static inline vec v_xor(vec a, vec b) { return veorq_s8(a, b); }
static inline vec v_select(vec mask, vec if_set, vec if_clear)
{
    return vbslq_s8(vreinterpretq_u8_s8(mask), if_set, if_clear);
}
static inline vec v_scale_q4(vec a, uint8_t q4)
{
    int16x8_t low = vmulq_n_s16(vmovl_s8(vget_low_s8(a)), q4);
    int16x8_t high = vmulq_n_s16(vmovl_s8(vget_high_s8(a)), q4);
    /* vrshrn adds 8 before the shift: rounds half up, as the reference. */
    return vcombine_s8(vrshrn_n_s16(low, 4), vrshrn_n_s16(high, 4));
}

typedef struct {
    int16x8_t lo, hi;
} wide;
static inline wide w_load(const int16_t *p) { return (wide){vld1q_s16(p), vld1q_s16(p + 8)}; }
static inline void w_store(int16_t *p, wide a)
{
    vst1q_s16(p, a.lo);
    vst1q_s16(p + 8, a.hi);
}
static inline wide w_widen(vec a) { return (wide){vmovl_s8(vget_low_s8(a)), vmovl_s8(vget_high_s8(a))}; }
static inline vec w_narrow(wide a) { return vcombine_s8(vqmovn_s16(a.lo), vqmovn_s16(a.hi)); }
static inline wide w_add(wide a, wide b) { return (wide){vaddq_s16(a.lo, b.lo), vaddq_s16(a.hi, b.hi)}; }
static inline wide w_sub(wide a, wide b) { return (wide){vsubq_s16(a.lo, b.lo), vsubq_s16(a.hi, b.hi)}; }

#endif
