/* The whole-number moments of a frame of one-byte soft values (liquid-dsp
 * soft bits or int8 LLRs), from which LDPC_SOFT_CALIBRATE and
 * LDPC_SOFT_MEAN_TARGET scale it. Exact, so every implementation gives the
 * same sums: SSE2 on x86-64, NEON where the compiler targets it, plain C
 * elsewhere (soft_byte_sums_portable, which the tests hold the others to). */
#ifndef LDPC_SOFT_BYTE_SUMS_H
#define LDPC_SOFT_BYTE_SUMS_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint32_t largest;     /* largest magnitude (0..128) */
    uint32_t at_clip;     /* magnitudes from here on count as clipped */
    uint64_t sum, square; /* of magnitudes and their squares */
    uint64_t clipped, clipped_sum; /* count and sum of the clipped ones */
} soft_byte_sums;

/* liquid: magnitudes |127 - b| (soft bits), else |(int8_t)b|; a magnitude
 * counts as clipped from clip_share x largest on. */
void soft_byte_sums_compute(int liquid, const uint8_t *raw, size_t count, double clip_share,
                            soft_byte_sums *out);
void soft_byte_sums_portable(int liquid, const uint8_t *raw, size_t count, double clip_share,
                             soft_byte_sums *out);

#endif
