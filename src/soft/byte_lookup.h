/* The kernels of ldpc_soft_byte_lookup (a 256-entry table indexed by each
 * byte), from the plainest: plain C (NEON on aarch64), AVX2, AVX-512 VBMI;
 * the tests hold each to the plain one. */
#ifndef LDPC_SOFT_BYTE_LOOKUP_H
#define LDPC_SOFT_BYTE_LOOKUP_H

#include <stddef.h>
#include <stdint.h>

typedef enum {
    SOFT_LOOKUP_PLAIN,
    SOFT_LOOKUP_AVX2,
    SOFT_LOOKUP_VBMI,
} soft_lookup_kernel;

/* The widest kernel this build and CPU have. */
soft_lookup_kernel soft_byte_lookup_widest(void);

/* ldpc_soft_byte_lookup through `kernel` (at most soft_byte_lookup_widest()). */
void soft_byte_lookup_with(soft_lookup_kernel kernel, const int8_t table[256],
                           const uint8_t *raw, size_t count, int8_t *out);

#endif
