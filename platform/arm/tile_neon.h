/* The NEON tile vocabulary of simd_lane_results_template.h: 16 int8 in one
 * 128-bit register, with the zips armv7 and aarch64 share (armv7 has no
 * 64-bit zip: the halves are recombined instead). */
#ifndef LDPC_ARM_TILE_NEON_H
#define LDPC_ARM_TILE_NEON_H

#include "arm/vec_neon.h"

typedef int8x16_t tile;

static inline tile tile_load(const void *p) { return vld1q_s8((const int8_t *)p); }
static inline void tile_store(void *p, tile a) { vst1q_s8((int8_t *)p, a); }
static inline tile tile_set1(int8_t x) { return vdupq_n_s8(x); }
static inline tile tile_max(tile a, tile b) { return vmaxq_s8(a, b); }
static inline tile tile_select(tile mask, tile if_set, tile if_clear)
{
    return vbslq_s8(vreinterpretq_u8_s8(mask), if_set, if_clear);
}
static inline tile tile_negative_one(tile a)
{
    return vreinterpretq_s8_u8(vshrq_n_u8(vreinterpretq_u8_s8(a), 7));
}
static inline void tile_zip8(tile a, tile b, tile *lo, tile *hi)
{
    int8x16x2_t zipped = vzipq_s8(a, b);
    *lo = zipped.val[0];
    *hi = zipped.val[1];
}
static inline void tile_zip16(tile a, tile b, tile *lo, tile *hi)
{
    int16x8x2_t zipped = vzipq_s16(vreinterpretq_s16_s8(a), vreinterpretq_s16_s8(b));
    *lo = vreinterpretq_s8_s16(zipped.val[0]);
    *hi = vreinterpretq_s8_s16(zipped.val[1]);
}
static inline void tile_zip32(tile a, tile b, tile *lo, tile *hi)
{
    int32x4x2_t zipped = vzipq_s32(vreinterpretq_s32_s8(a), vreinterpretq_s32_s8(b));
    *lo = vreinterpretq_s8_s32(zipped.val[0]);
    *hi = vreinterpretq_s8_s32(zipped.val[1]);
}
static inline void tile_zip64(tile a, tile b, tile *lo, tile *hi)
{
    *lo = vcombine_s8(vget_low_s8(a), vget_low_s8(b));
    *hi = vcombine_s8(vget_high_s8(a), vget_high_s8(b));
}

#endif
