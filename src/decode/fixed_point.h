/* The 8-bit message arithmetic of the fixed-point decoders. Saturation lives
 * here and nowhere else: every backend (reference, SIMD, OpenCL) reproduces
 * exactly these operations.
 *
 * Messages are int8 in [-LDPC_Q_MAX, +LDPC_Q_MAX]; -128 never occurs, so that
 * negation and |x| never overflow (SIMD: subs_epi8 then max with -127). */
#ifndef LDPC_DECODE_FIXED_POINT_H
#define LDPC_DECODE_FIXED_POINT_H

#include <stdint.h>

#define LDPC_Q_MAX 127

/* clamp(x, -127, 127) over an exact integer. */
static inline int8_t q_sat(int32_t x)
{
    return (int8_t)(x > LDPC_Q_MAX ? LDPC_Q_MAX : (x < -LDPC_Q_MAX ? -LDPC_Q_MAX : x));
}

/* Inputs of decode_i8 may hold -128 (a full int8 range); it is read as -127. */
static inline int8_t q_from_input(int8_t x)
{
    return x < -LDPC_Q_MAX ? (int8_t)-LDPC_Q_MAX : x;
}

#endif
