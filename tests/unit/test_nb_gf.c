/* GF(2^p) tables: the field axioms for every p, the documented primitive
 * polynomials, and alpha's order. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "nb/gf.h"

/* Carry-less product reduced by the polynomial: an independent multiplier. */
static uint32_t slow_mul(uint32_t a, uint32_t b, uint32_t p, uint32_t poly)
{
    uint32_t product = 0;
    for (uint32_t bit = 0; bit < p; bit++)
        if (b & (1u << bit))
            product ^= a << bit;
    for (uint32_t bit = 2 * p; bit-- > p;)
        if (product & (1u << bit))
            product ^= poly << (bit - p);
    return product;
}

static void documented_polynomials(void **state)
{
    (void)state;
    assert_int_equal(gf_field_get(4)->primitive_poly, 0x13);  /* x^4+x+1 */
    assert_int_equal(gf_field_get(5)->primitive_poly, 0x25);  /* x^5+x^2+1 */
    assert_int_equal(gf_field_get(6)->primitive_poly, 0x43);  /* x^6+x+1 */
    assert_int_equal(gf_field_get(8)->primitive_poly, 0x11D); /* x^8+x^4+x^3+x^2+1 */
    assert_null(gf_field_get(0));
    assert_null(gf_field_get(9));
    assert_ptr_equal(gf_field_get(5), gf_field_get(5)); /* built once */
}

static void alpha_is_primitive(void **state)
{
    (void)state;
    for (uint32_t p = 1; p <= GF_MAX_BITS; p++) {
        const gf_field *f = gf_field_get(p);
        assert_int_equal(f->q, 1u << p);
        uint8_t seen[GF_MAX_Q] = {0};
        for (uint32_t i = 0; i < f->q - 1; i++) {
            uint8_t x = f->exp[i];
            assert_true(x != 0);
            assert_int_equal(seen[x], 0); /* every nonzero element exactly once */
            seen[x] = 1;
            assert_int_equal(f->log[x], i);
            assert_int_equal(f->exp[i + f->q - 1], x);
        }
        assert_int_equal(gf_alpha_pow(f, f->q - 1), 1);
    }
}

static void field_axioms(void **state)
{
    (void)state;
    for (uint32_t p = 1; p <= GF_MAX_BITS; p++) {
        const gf_field *f = gf_field_get(p);
        uint32_t q = f->q;
        /* All triples for small fields, a stride through GF(128) and GF(256). */
        uint32_t step = q <= 64 ? 1 : 29;
        for (uint32_t a = 0; a < q; a++) {
            assert_int_equal(gf_mul(f, a, 1), a);
            assert_int_equal(gf_mul(f, a, 0), 0);
            if (a != 0)
                assert_int_equal(gf_mul(f, a, f->inv[a]), 1);
            for (uint32_t b = 0; b < q; b++) {
                uint8_t ab = gf_mul(f, a, b);
                assert_int_equal(ab, gf_mul(f, b, a));
                assert_int_equal(ab, slow_mul(a, b, p, f->primitive_poly));
                if (a != 0 && b != 0)
                    assert_true(ab != 0); /* no zero divisors */
                for (uint32_t c = 0; c < q; c += step) {
                    assert_int_equal(gf_mul(f, ab, c), gf_mul(f, a, gf_mul(f, b, c)));
                    assert_int_equal(gf_mul(f, a, (uint8_t)(b ^ c)), ab ^ gf_mul(f, a, c));
                }
            }
        }
    }
}

/* Thi & Lee's merger step multiplies a message by an edge coefficient alpha^l
 * without GF arithmetic: in exponent order (entries alpha^0 .. alpha^(q-2),
 * the zero element apart) it is a cyclic shift by l. The decoders permute
 * with a row of the product table instead; both are the same permutation
 * (docs/NONBINARY.md, "Thi & Lee's merger step"). */
static void coefficient_rows_are_exponent_shifts(void **state)
{
    (void)state;
    for (uint32_t p = 1; p <= GF_MAX_BITS; p++) {
        const gf_field *f = gf_field_get(p);
        for (uint32_t l = 0; l + 1 < f->q; l++) {
            const uint8_t *row = f->mul + (size_t)gf_alpha_pow(f, l) * f->q;
            assert_int_equal(row[0], 0);
            for (uint32_t j = 0; j + 1 < f->q; j++)
                assert_int_equal(row[gf_alpha_pow(f, j)], gf_alpha_pow(f, l + j));
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(documented_polynomials),
        cmocka_unit_test(alpha_is_primitive),
        cmocka_unit_test(field_axioms),
        cmocka_unit_test(coefficient_rows_are_exponent_shifts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
