/* The byte sums' AVX2 and AVX-512BW kernels (src/soft/byte_sums.c takes the
 * widest the CPU has): over whole vectors of 32 or 64 values at the front of
 * a frame, the rest for the caller. */
#ifndef LDPC_SOFT_BYTE_SUMS_X86_H
#define LDPC_SOFT_BYTE_SUMS_X86_H

#include <stddef.h>
#include <stdint.h>

#include "byte_sums.h"

#if defined(__x86_64__) && defined(__GNUC__)
#define LDPC_HAVE_WIDE_BYTE_SUMS 1

/* Values per vector of each kernel: 32 (AVX2), 64 (AVX-512BW). */
#define WIDE_AVX2 32
#define WIDE_AVX512 64

/* The largest magnitude of raw[0 .. vectors x width). */
uint32_t byte_sums_largest_avx2(int liquid, const uint8_t *raw, size_t vectors);
uint32_t byte_sums_largest_avx512(int liquid, const uint8_t *raw, size_t vectors);

/* The sums of raw[0 .. vectors x width) added to s (s->at_clip set). */
void byte_sums_add_avx2(int liquid, const uint8_t *raw, size_t vectors, soft_byte_sums *s);
void byte_sums_add_avx512(int liquid, const uint8_t *raw, size_t vectors, soft_byte_sums *s);
#endif

#endif
