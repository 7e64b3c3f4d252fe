/* The whole-number moments of a frame of one-byte soft values (liquid-dsp
 * soft bits or int8 LLRs), from which LDPC_SOFT_CALIBRATE and
 * LDPC_SOFT_MEAN_TARGET scale it. Exact, so every implementation gives the
 * same sums: AVX-512BW or AVX2 where the CPU has them and SSE2 on x86-64,
 * NEON where the compiler targets it, plain C elsewhere (the tests hold every
 * kernel to the plain one). */
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

/* The kernels, from the plainest: plain C, 16-byte vectors (SSE2, NEON),
 * AVX2, AVX-512BW; each takes whole vectors and leaves the rest to the
 * narrower ones. */
typedef enum {
    SOFT_SUMS_PLAIN,
    SOFT_SUMS_VECTORS,
    SOFT_SUMS_AVX2,
    SOFT_SUMS_AVX512,
} soft_sums_kernel;

/* The widest kernel this build and CPU have. */
soft_sums_kernel soft_byte_sums_widest(void);

/* soft_byte_sums_compute through `kernel` (at most soft_byte_sums_widest()). */
void soft_byte_sums_with(soft_sums_kernel kernel, int liquid, const uint8_t *raw, size_t count,
                         double clip_share, soft_byte_sums *out);

#endif
