/* ft8-174-91 against WSJT-X's own encoder: the parity generator WSJT-X
 * publishes (tests/vectors/codes/ft8_wsjtx_generator.txt) gives, for random
 * messages, exactly the codewords ldpc_encode writes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ldpc/code.h"
#include "code/code_struct.h"
#include "ldpc/encoder.h"
#include "test_support.h"

#define FT8_K 91
#define FT8_M 83
#define GENERATOR LDPC_SOURCE_DIR "/tests/vectors/codes/ft8_wsjtx_generator.txt"

/* generator[i][j]: message bit j enters parity bit i. */
static void read_generator(uint8_t generator[FT8_M][FT8_K])
{
    FILE *f = fopen(GENERATOR, "r");
    assert_non_null(f);
    char line[128];
    int row = 0;
    while (fgets(line, sizeof line, f) != NULL) {
        if (line[0] == '#')
            continue;
        assert_true(row < FT8_M);
        for (int j = 0; j < FT8_K; j++) {
            char digit[2] = {line[j / 4], 0};
            unsigned value = (unsigned)strtoul(digit, NULL, 16);
            generator[row][j] = (uint8_t)((value >> (3 - j % 4)) & 1u);
        }
        row++;
    }
    fclose(f);
    assert_int_equal(row, FT8_M);
}

static void codewords_are_wsjtx_codewords(void **state)
{
    (void)state;
    static uint8_t generator[FT8_M][FT8_K];
    read_generator(generator);
    ldpc_code *code = NULL;
    assert_int_equal(ldpc_code_create("ft8-174-91", &code, NULL), LDPC_OK);
    assert_int_equal(code->n, FT8_K + FT8_M);
    assert_int_equal(code->k, FT8_K);
    for (uint32_t b = 0; b < FT8_K; b++)
        assert_int_equal(code->info_positions[b], b);
    test_rng rng;
    test_rng_seed(&rng, 174);
    for (int trial = 0; trial < 32; trial++) {
        uint8_t message[FT8_K], ours[FT8_K + FT8_M], theirs[FT8_K + FT8_M];
        test_random_bits(&rng, message, FT8_K);
        memcpy(theirs, message, FT8_K);
        for (int i = 0; i < FT8_M; i++) {
            unsigned sum = 0;
            for (int j = 0; j < FT8_K; j++)
                sum += generator[i][j] & message[j];
            theirs[FT8_K + i] = (uint8_t)(sum & 1u);
        }
        assert_int_equal(ldpc_encode(code, message, ours, NULL), LDPC_OK);
        assert_memory_equal(ours, theirs, sizeof ours);
        assert_int_equal(ldpc_code_unsatisfied_checks(code, theirs), 0);
    }
    ldpc_code_destroy(code);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(codewords_are_wsjtx_codewords),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
