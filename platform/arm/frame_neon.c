/* NEON instance of the frame decoder: 16 checks per vector, 24 vectors per
 * layer (aarch64 and armv7 with NEON). */
#include "arm/vec_neon.h"

#define FRAME_FUNCTION(name) neon_##name

static inline vec v_select_equal(vec a, vec b, vec if_equal, vec otherwise)
{
    return vbslq_s8(vceqq_s8(a, b), if_equal, otherwise);
}
static inline vec v_apply_sign(vec magnitude, vec s)
{
    return vbslq_s8(vcltq_s8(s, vdupq_n_s8(0)), vnegq_s8(magnitude), magnitude);
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

/* NEON loads and stores need no alignment. */
static inline wide w_loadu(const int16_t *p) { return w_load(p); }
static inline void w_storeu(int16_t *p, wide a) { w_store(p, a); }
static inline wide w_select(wide mask, wide if_set, wide if_clear)
{
    return (wide){vbslq_s16(vreinterpretq_u16_s16(mask.lo), if_set.lo, if_clear.lo),
                  vbslq_s16(vreinterpretq_u16_s16(mask.hi), if_set.hi, if_clear.hi)};
}

/* Layers by vectors (layer_vectors), as on every x86 variant, where they
 * measured faster (docs/CPU.md, "Frame path"); aarch64 has 32 vector
 * registers, as AVX-512. Not measured on ARM hardware. */
#define FRAME_HAS_W_STOREU_FIRST
static inline void w_storeu_first(int16_t *p, wide a, uint32_t count)
{
    static const int16_t lane_index[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
    const int16x8_t limit = vdupq_n_s16((int16_t)count);
    wide keep = {vreinterpretq_s16_u16(vcltq_s16(vld1q_s16(lane_index), limit)),
                 vreinterpretq_s16_u16(vcltq_s16(vld1q_s16(lane_index + 8), limit))};
    w_storeu(p, w_select(keep, a, w_loadu(p)));
}
#include "common/frame_decoder_template.h"
