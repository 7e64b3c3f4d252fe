/* The eight binary extension fields, built once into static tables. */
#include <pthread.h>

#include "nb/gf.h"

/* x^p + ... + 1, bit b = coefficient of x^b. GF(16), GF(32), GF(64) and
 * GF(256) use the polynomials of the public nonbinary code collections
 * (RPTU/Kaiserslautern database, Lab-STICC); the others are the usual
 * minimal-weight primitive polynomials. */
static const uint32_t primitive_polys[GF_MAX_BITS + 1] = {
    0,
    0x3,   /* x + 1 (GF(2): alpha = 1) */
    0x7,   /* x^2 + x + 1 */
    0xB,   /* x^3 + x + 1 */
    0x13,  /* x^4 + x + 1 */
    0x25,  /* x^5 + x^2 + 1 */
    0x43,  /* x^6 + x + 1 */
    0x89,  /* x^7 + x^3 + 1 */
    0x11D, /* x^8 + x^4 + x^3 + x^2 + 1 */
};

/* Table sizes summed over p = 1..8: exp 2(q-1), log q, mul q^2, inv q. */
#define EXP_TOTAL (2u * (2u + 4u + 8u + 16u + 32u + 64u + 128u + 256u) - 16u)
#define Q_TOTAL (2u + 4u + 8u + 16u + 32u + 64u + 128u + 256u)
#define MUL_TOTAL (4u + 16u + 64u + 256u + 1024u + 4096u + 16384u + 65536u)

static uint8_t exp_tables[EXP_TOTAL];
static uint16_t log_tables[Q_TOTAL];
static uint8_t inv_tables[Q_TOTAL];
static uint8_t mul_tables[MUL_TOTAL];
static gf_field fields[GF_MAX_BITS + 1];
static pthread_once_t fields_once = PTHREAD_ONCE_INIT;

static void build_field(gf_field *f, uint32_t p, uint8_t *exp, uint16_t *log, uint8_t *inv,
                        uint8_t *mul)
{
    uint32_t q = 1u << p;
    uint32_t order = q - 1;
    f->p = p;
    f->q = q;
    f->primitive_poly = primitive_polys[p];
    uint32_t x = 1;
    for (uint32_t i = 0; i < order; i++) {
        exp[i] = (uint8_t)x;
        exp[i + order] = (uint8_t)x;
        log[x] = (uint16_t)i;
        x <<= 1;
        if (x & q)
            x ^= f->primitive_poly;
    }
    inv[0] = 0;
    for (uint32_t a = 1; a < q; a++)
        inv[a] = exp[(order - log[a]) % order];
    for (uint32_t a = 0; a < q; a++)
        for (uint32_t b = 0; b < q; b++)
            mul[a * q + b] = (a == 0 || b == 0) ? 0 : exp[log[a] + log[b]];
    f->exp = exp;
    f->log = log;
    f->inv = inv;
    f->mul = mul;
}

static void build_all_fields(void)
{
    uint8_t *exp = exp_tables, *inv = inv_tables, *mul = mul_tables;
    uint16_t *log = log_tables;
    for (uint32_t p = 1; p <= GF_MAX_BITS; p++) {
        uint32_t q = 1u << p;
        build_field(&fields[p], p, exp, log, inv, mul);
        exp += 2u * (q - 1);
        log += q;
        inv += q;
        mul += q * q;
    }
}

const gf_field *gf_field_get(uint32_t p)
{
    if (p < 1 || p > GF_MAX_BITS)
        return NULL;
    pthread_once(&fields_once, build_all_fields);
    return &fields[p];
}
