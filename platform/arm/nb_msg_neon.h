/* Messages of GF(32) and GF(64) in NEON registers for
 * nb_minmax_simd_template.h: a message of NB_Q bytes in NB_Q / 16 128-bit
 * registers, the same NB_Q values as int16 in NB_Q / 8. The including file
 * defines NB_Q (32 or 64). Byte permutations are table lookups: vqtbl on
 * aarch64; 32-bit ARM has only the 64-bit vtbl/vtbx forms, used half a
 * register at a time. */
#ifndef LDPC_ARM_NB_MSG_NEON_H
#define LDPC_ARM_NB_MSG_NEON_H

#if NB_Q != 32 && NB_Q != 64
#error "nb_msg_neon.h handles GF(32) and GF(64) (NB_Q 32 or 64)"
#endif

/* 32-bit ARM: compiled for NEON whatever the build's -mfpu (as vec_neon.h;
 * run only where HWCAP reports NEON, cpu_features_arm.c). */
#if defined(__arm__) && !defined(__ARM_NEON)
#pragma GCC target("arch=armv7-a", "fpu=neon")
#endif

#include <stdint.h>

#include <arm_neon.h>

#define NB_VECS (NB_Q / 16)
/* Loops over the registers of a message must be unrolled, so that the
 * message stays in registers: GCC -O2 peels two iterations by itself, not
 * four or eight (the GF(64) combination kept its output in memory). */
#define NB_UNROLL _Pragma("GCC unroll 8")

typedef struct {
    uint8x16_t v[NB_VECS]; /* entries 16i .. 16i+15 */
} nb_msg;
typedef struct {
    int16x8_t v[2 * NB_VECS]; /* entries 8i .. 8i+7 */
} nb_wide;

static const uint8_t nb_lane_index[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};

static inline nb_msg nb_msg_load(const uint8_t *p)
{
    nb_msg m;
    NB_UNROLL
    for (int i = 0; i < NB_VECS; i++)
        m.v[i] = vld1q_u8(p + 16 * i);
    return m;
}
static inline void nb_msg_store(uint8_t *p, nb_msg m)
{
    NB_UNROLL
    for (int i = 0; i < NB_VECS; i++)
        vst1q_u8(p + 16 * i, m.v[i]);
}

/* out[y] = table[index[y]], index < 16. */
static inline uint8x16_t nb_lookup16(uint8x16_t table, uint8x16_t index)
{
#if defined(__aarch64__)
    return vqtbl1q_u8(table, index);
#else
    uint8x8x2_t t = {{vget_low_u8(table), vget_high_u8(table)}};
    return vcombine_u8(vtbl2_u8(t, vget_low_u8(index)), vtbl2_u8(t, vget_high_u8(index)));
#endif
}

#if !defined(__aarch64__)
/* Eight entries of out[y] = m[index[y]]: vtbl4 reaches 32 entries; for
 * GF(64) vtbx4 fills those from 32..63 (index - 32 wraps above 63 for the
 * others, which vtbx leaves as they are). */
static inline uint8x8_t nb_lookup_msg_half(nb_msg m, uint8x8_t index)
{
    uint8x8x4_t low = {{vget_low_u8(m.v[0]), vget_high_u8(m.v[0]), vget_low_u8(m.v[1]),
                        vget_high_u8(m.v[1])}};
    uint8x8_t out = vtbl4_u8(low, index);
#if NB_Q == 64
    uint8x8x4_t high = {{vget_low_u8(m.v[2]), vget_high_u8(m.v[2]), vget_low_u8(m.v[3]),
                         vget_high_u8(m.v[3])}};
    out = vtbx4_u8(out, high, vsub_u8(index, vdup_n_u8(32)));
#endif
    return out;
}
#endif

/* Sixteen entries of out[y] = m[index[y]], index < NB_Q. */
static inline uint8x16_t nb_lookup_msg(nb_msg m, uint8x16_t index)
{
#if defined(__aarch64__) && NB_Q == 32
    return vqtbl2q_u8((uint8x16x2_t){{m.v[0], m.v[1]}}, index);
#elif defined(__aarch64__)
    return vqtbl4q_u8((uint8x16x4_t){{m.v[0], m.v[1], m.v[2], m.v[3]}}, index);
#else
    return vcombine_u8(nb_lookup_msg_half(m, vget_low_u8(index)),
                       nb_lookup_msg_half(m, vget_high_u8(index)));
#endif
}

/* out[y] = m[index[y]] (a row of the field's product table). */
static inline nb_msg nb_msg_permute(nb_msg m, const uint8_t *index)
{
    nb_msg out;
    NB_UNROLL
    for (int i = 0; i < NB_VECS; i++)
        out.v[i] = nb_lookup_msg(m, vld1q_u8(index + 16 * i));
    return out;
}

static inline nb_wide nb_wide_load(const int16_t *p)
{
    nb_wide w;
    NB_UNROLL
    for (int i = 0; i < 2 * NB_VECS; i++)
        w.v[i] = vld1q_s16(p + 8 * i);
    return w;
}
static inline void nb_wide_store(int16_t *p, nb_wide w)
{
    NB_UNROLL
    for (int i = 0; i < 2 * NB_VECS; i++)
        vst1q_s16(p + 8 * i, w.v[i]);
}
static inline nb_wide nb_wide_from_msg(nb_msg m)
{
    nb_wide w;
    NB_UNROLL
    for (int i = 0; i < NB_VECS; i++) {
        w.v[2 * i] = vreinterpretq_s16_u16(vmovl_u8(vget_low_u8(m.v[i])));
        w.v[2 * i + 1] = vreinterpretq_s16_u16(vmovl_u8(vget_high_u8(m.v[i])));
    }
    return w;
}
/* Widening adds and subtracts: modulo 2^16, as int16 arithmetic. */
static inline nb_wide nb_wide_add_msg(nb_wide w, nb_msg m)
{
    NB_UNROLL
    for (int i = 0; i < NB_VECS; i++) {
        w.v[2 * i] = vreinterpretq_s16_u16(
            vaddw_u8(vreinterpretq_u16_s16(w.v[2 * i]), vget_low_u8(m.v[i])));
        w.v[2 * i + 1] = vreinterpretq_s16_u16(
            vaddw_u8(vreinterpretq_u16_s16(w.v[2 * i + 1]), vget_high_u8(m.v[i])));
    }
    return w;
}
static inline nb_wide nb_wide_sub_msg(nb_wide w, nb_msg m)
{
    NB_UNROLL
    for (int i = 0; i < NB_VECS; i++) {
        w.v[2 * i] = vreinterpretq_s16_u16(
            vsubw_u8(vreinterpretq_u16_s16(w.v[2 * i]), vget_low_u8(m.v[i])));
        w.v[2 * i + 1] = vreinterpretq_s16_u16(
            vsubw_u8(vreinterpretq_u16_s16(w.v[2 * i + 1]), vget_high_u8(m.v[i])));
    }
    return w;
}

static inline int16_t nb_wide_min(nb_wide w)
{
    int16x8_t all = w.v[0];
    NB_UNROLL
    for (int i = 1; i < 2 * NB_VECS; i++)
        all = vminq_s16(all, w.v[i]);
#if defined(__aarch64__)
    return vminvq_s16(all);
#else
    int16x4_t four = vmin_s16(vget_low_s16(all), vget_high_s16(all));
    four = vpmin_s16(four, four);
    return vget_lane_s16(vpmin_s16(four, four), 0);
#endif
}
static inline uint8_t nb_u8_min(uint8x16_t v)
{
#if defined(__aarch64__)
    return vminvq_u8(v);
#else
    uint8x8_t eight = vmin_u8(vget_low_u8(v), vget_high_u8(v));
    eight = vpmin_u8(eight, eight);
    eight = vpmin_u8(eight, eight);
    return vget_lane_u8(vpmin_u8(eight, eight), 0);
#endif
}

/* w - min(w), saturated at 255 (w >= 0, so the signed-to-unsigned
 * saturating narrow only clips above). */
static inline nb_msg nb_wide_normalise(nb_wide w)
{
    int16x8_t low = vdupq_n_s16(nb_wide_min(w));
    nb_msg m;
    NB_UNROLL
    for (int i = 0; i < NB_VECS; i++)
        m.v[i] = vcombine_u8(vqmovun_s16(vsubq_s16(w.v[2 * i], low)),
                             vqmovun_s16(vsubq_s16(w.v[2 * i + 1], low)));
    return m;
}

/* The smallest index among the entries equal to the minimum (ties resolve
 * to the lowest symbol, as in the reference): indices of the others are
 * raised to 255, then the minimum of all. */
static inline uint32_t nb_wide_argmin(nb_wide w)
{
    int16x8_t low = vdupq_n_s16(nb_wide_min(w));
    uint8x16_t index = vld1q_u8(nb_lane_index), best = vdupq_n_u8(255);
    NB_UNROLL
    for (int i = 0; i < NB_VECS; i++) {
        uint8x16_t at_min = vcombine_u8(vmovn_u16(vceqq_s16(w.v[2 * i], low)),
                                        vmovn_u16(vceqq_s16(w.v[2 * i + 1], low)));
        best = vminq_u8(best, vorrq_u8(index, vmvnq_u8(at_min)));
        index = vaddq_u8(index, vdupq_n_u8(16));
    }
    return nb_u8_min(best);
}

/* Bit i set where byte i of `flags` is 0xff (flags are comparison results).
 * NEON has no movemask: each lane keeps its bit weight within its group of
 * eight, and pairwise adds gather the groups into bytes, in order. */
static const uint8_t nb_bit_of_lane[16] = {1, 2, 4, 8, 16, 32, 64, 128,
                                           1, 2, 4, 8, 16, 32, 64, 128};
static inline uint64_t nb_bits_of(nb_msg flags)
{
    const uint8x16_t weights = vld1q_u8(nb_bit_of_lane);
    uint8x8_t pairs[NB_VECS];
    NB_UNROLL
    for (int i = 0; i < NB_VECS; i++) {
        uint8x16_t weighted = vandq_u8(flags.v[i], weights);
        pairs[i] = vpadd_u8(vget_low_u8(weighted), vget_high_u8(weighted));
    }
#if NB_Q == 32
    uint8x8_t quads = vpadd_u8(pairs[0], pairs[1]);
    return vget_lane_u32(vreinterpret_u32_u8(vpadd_u8(quads, quads)), 0);
#else
    uint8x8_t octets = vpadd_u8(vpadd_u8(pairs[0], pairs[1]), vpadd_u8(pairs[2], pairs[3]));
    return vget_lane_u64(vreinterpret_u64_u8(octets), 0);
#endif
}

/* Entries below 255, as a bit mask: only those can lower a combination's
 * output below its initial 255. */
static inline uint64_t nb_msg_live(nb_msg m)
{
    nb_msg below;
    NB_UNROLL
    for (int i = 0; i < NB_VECS; i++)
        below.v[i] = vcltq_u8(m.v[i], vdupq_n_u8(255));
    return nb_bits_of(below);
}

/* For the truncation (nb_minmax_simd_template.h). */
#define NB_MSG_HAS_MASKS 1
static inline uint64_t nb_msg_le_mask(nb_msg m, uint8_t t)
{
    nb_msg at_most;
    NB_UNROLL
    for (int i = 0; i < NB_VECS; i++)
        at_most.v[i] = vcleq_u8(m.v[i], vdupq_n_u8(t));
    return nb_bits_of(at_most);
}
/* m[i] where bit i of keep is set, else 255: each byte of keep is spread
 * over its eight lanes and tested against the lane's bit. */
static inline nb_msg nb_msg_keep(nb_msg m, uint64_t keep)
{
    const uint8x16_t weights = vld1q_u8(nb_bit_of_lane);
    NB_UNROLL
    for (int i = 0; i < NB_VECS; i++) {
        uint8x16_t spread = vcombine_u8(vdup_n_u8((uint8_t)(keep >> 16 * i)),
                                        vdup_n_u8((uint8_t)(keep >> (16 * i + 8))));
        m.v[i] = vornq_u8(m.v[i], vtstq_u8(spread, weights));
    }
    return m;
}

/* Row k sends entry j ^ k to j within a register (vqtbl1q_u8 indices). */
#define NB_XOR_ROW(k)                                                                          \
    {0 ^ (k),  1 ^ (k),  2 ^ (k),  3 ^ (k),  4 ^ (k),  5 ^ (k),  6 ^ (k),  7 ^ (k),            \
     8 ^ (k),  9 ^ (k),  10 ^ (k), 11 ^ (k), 12 ^ (k), 13 ^ (k), 14 ^ (k), 15 ^ (k)}
static const uint8_t nb_xor_rows[16][16] = {
    NB_XOR_ROW(0),  NB_XOR_ROW(1),  NB_XOR_ROW(2),  NB_XOR_ROW(3),
    NB_XOR_ROW(4),  NB_XOR_ROW(5),  NB_XOR_ROW(6),  NB_XOR_ROW(7),
    NB_XOR_ROW(8),  NB_XOR_ROW(9),  NB_XOR_ROW(10), NB_XOR_ROW(11),
    NB_XOR_ROW(12), NB_XOR_ROW(13), NB_XOR_ROW(14), NB_XOR_ROW(15)};
#undef NB_XOR_ROW

/* out[x] = min over a of max(A[a], B[a ^ x]): for each entry a of A below
 * 255, B with its entries moved by xor a (whole registers exchanged for bits
 * 4 and 5, a 16-byte lookup for bits 0-3), raised to A[a], lowers the running
 * minimum. A is the operand with fewer entries below 255: messages are mostly
 * either nearly certain or not at all. The entries of A are taken register
 * by register (h = a >> 4), so that the exchange of B's registers is a
 * constant and B stays in registers: indexing them by a variable kept B in
 * memory, with twice the instructions per entry (llvm-mca). */
static inline nb_msg nb_msg_combine(nb_msg a, nb_msg b)
{
    uint64_t live_a = nb_msg_live(a), live_b = nb_msg_live(b);
    if (__builtin_popcountll(live_b) < __builtin_popcountll(live_a)) {
        nb_msg t = a;
        a = b;
        b = t;
        live_a = live_b;
    }
    uint8_t values[NB_Q];
    nb_msg_store(values, a);
    nb_msg out;
    NB_UNROLL
    for (int i = 0; i < NB_VECS; i++)
        out.v[i] = vdupq_n_u8(255);
    NB_UNROLL
    for (uint32_t h = 0; h < NB_VECS; h++) {
        for (uint32_t live = (uint32_t)(live_a >> 16 * h) & 0xffff; live != 0; live &= live - 1) {
            uint32_t x = (uint32_t)__builtin_ctz(live);
            uint8x16_t row = vld1q_u8(nb_xor_rows[x]);
            uint8x16_t level = vld1q_dup_u8(values + 16 * h + x);
            NB_UNROLL
            for (uint32_t i = 0; i < NB_VECS; i++) {
                uint8x16_t moved = nb_lookup16(b.v[i ^ h], row);
                out.v[i] = vminq_u8(out.v[i], vmaxq_u8(moved, level));
            }
        }
    }
    return out;
}

#endif
