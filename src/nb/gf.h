/* Arithmetic in GF(q), q = 2^p, p = 1..8. Elements are bytes in the
 * polynomial basis: bit b is the coefficient of x^b (alpha = x, the root of
 * the field's primitive polynomial). Addition is XOR. Multiplication goes
 * through a full q x q table, so that decoders permute message vectors with a
 * lookup instead of log/exp arithmetic.
 *
 * The tables of all eight fields are built once, on first use (pthread_once),
 * in static memory: nothing is ever allocated. */
#ifndef LDPC_NB_GF_H
#define LDPC_NB_GF_H

#include <stdint.h>

#define GF_MAX_BITS 8u
#define GF_MAX_Q 256u

typedef struct {
    uint32_t p, q;
    uint32_t primitive_poly;   /* bit b = coefficient of x^b, e.g. 0x25 = x^5+x^2+1 */
    const uint8_t *exp;        /* 2(q-1) entries: exp[i] = alpha^i, doubled to skip a modulo */
    const uint16_t *log;       /* q entries: log[alpha^i] = i; log[0] is unused (0) */
    const uint8_t *mul;        /* q*q entries: mul[a*q + b] = a*b */
    const uint8_t *inv;        /* q entries: inv[a] * a = 1; inv[0] = 0 */
} gf_field;

/* The field GF(2^p) with the primitive polynomial of docs/NONBINARY.md, or
 * NULL when p is outside 1..8. */
const gf_field *gf_field_get(uint32_t p);

static inline uint8_t gf_mul(const gf_field *f, uint8_t a, uint8_t b)
{
    return f->mul[(uint32_t)a * f->q + b];
}

/* alpha^e for any e >= 0. */
static inline uint8_t gf_alpha_pow(const gf_field *f, uint32_t e)
{
    return f->exp[e % (f->q - 1)];
}

#endif
