/* ldpcd's result payload packing (src/ldpcd/result_bits.c) equals the
 * library's ldpc_bits_pack / ldpc_code_extract_info for every length,
 * including the partial last byte, and for information bits anywhere. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "ldpc/code.h"
#include "code/code_struct.h"
#include "ldpc/encoder.h"
#include "ldpc/soft.h"
#include "result_bits.h"
#include "test_support.h"

#define MAX_BITS 64800

static uint8_t bits[MAX_BITS], info[MAX_BITS];
static uint8_t expected[MAX_BITS / 8 + 1], got[MAX_BITS / 8 + 1];

static void pack_equals_the_library(void **state)
{
    (void)state;
    test_rng rng;
    test_rng_seed(&rng, 3);
    /* decoders write 0/1; any other byte counts by its lowest bit, as in the library */
    for (size_t i = 0; i < MAX_BITS; i++)
        bits[i] = (uint8_t)(test_rng_next(&rng) >> 11);
    for (size_t count = 0; count <= 130; count++) {
        memset(got, 0xA5, sizeof got);
        ldpc_bits_pack(bits + count, count, expected);
        ldpcd_pack_bits(bits + count, count, got); /* unaligned starts too */
        assert_memory_equal(got, expected, (count + 7) / 8);
        assert_int_equal(got[(count + 7) / 8], 0xA5); /* nothing written past the end */
    }
    const size_t lengths[] = {32400, 64800, 16200 - 3};
    for (size_t l = 0; l < 3; l++) {
        ldpc_bits_pack(bits, lengths[l], expected);
        ldpcd_pack_bits(bits, lengths[l], got);
        assert_memory_equal(got, expected, (lengths[l] + 7) / 8);
    }
}

static void information_bits_anywhere(void **state)
{
    (void)state;
    test_rng rng;
    test_rng_seed(&rng, 4);
    uint32_t positions[61];
    uint32_t n = 0;
    for (uint32_t i = 0; i < 61; i++) { /* ascending, with gaps */
        n += 1 + (uint32_t)(test_rng_next(&rng) % 3);
        positions[i] = n - 1;
    }
    ldpc_code code = {.n = n, .k = 61, .info_positions = positions};
    assert_false(ldpcd_info_is_prefix(&code));
    test_random_bits(&rng, bits, n);
    ldpc_code_extract_info(&code, bits, info);
    ldpc_bits_pack(info, code.k, expected);
    ldpcd_pack_info_bits(&code, bits, got);
    assert_memory_equal(got, expected, (code.k + 7) / 8);

    ldpc_code *dvb;
    assert_int_equal(ldpc_code_create("dvbs2-short-1/2", &dvb, NULL), LDPC_OK);
    assert_true(ldpcd_info_is_prefix(dvb));
    ldpc_code_destroy(dvb);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pack_equals_the_library),
        cmocka_unit_test(information_bits_anywhere),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
