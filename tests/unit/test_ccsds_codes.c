/* The CCSDS telecommand codes against two independent sources: the
 * systematic generators of CCSDS 231.1-O-1
 * (tests/vectors/codes/ccsds_tc_generators.txt) give, for random messages,
 * exactly the codewords ldpc_encode writes; and ccsds-tc-128's H has the
 * checks of aff3ct's CCSDS_64_128.alist. */
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

#define GENERATORS LDPC_SOURCE_DIR "/tests/vectors/codes/ccsds_tc_generators.txt"
#define AFF3CT_128 LDPC_SOURCE_DIR "/tests/vectors/codes/binary/CCSDS_64_128.alist"
#define MAX_K 256
#define GENERATOR_ROWS 4

/* The four compact rows of `name`'s parity generator, k bits each. */
static void read_generator(const char *name, uint32_t k, uint8_t rows[GENERATOR_ROWS][MAX_K])
{
    FILE *f = fopen(GENERATORS, "r");
    assert_non_null(f);
    char line[512], code[32];
    int found = 0;
    while (fgets(line, sizeof line, f) != NULL) {
        int row, used;
        if (line[0] == '#' || sscanf(line, "%31s %d%n", code, &row, &used) != 2 ||
            strcmp(code, name) != 0)
            continue;
        assert_true(row >= 0 && row < GENERATOR_ROWS);
        const char *p = line + used;
        for (uint32_t w = 0; w < k / 32; w++) {
            char *end;
            unsigned long word = strtoul(p, &end, 16);
            assert_true(end != p);
            p = end;
            for (uint32_t b = 0; b < 32; b++)
                rows[row][w * 32 + b] = (uint8_t)((word >> (31 - b)) & 1u);
        }
        found++;
    }
    fclose(f);
    assert_int_equal(found, GENERATOR_ROWS);
}

/* Parity bit i of generator row j: compact row j / M, each M-bit block
 * rotated right by j mod M. */
static uint8_t generator_bit(uint8_t rows[GENERATOR_ROWS][MAX_K], uint32_t m_size, uint32_t j,
                             uint32_t i)
{
    uint32_t t = j % m_size, block = i / m_size, at = (i % m_size + m_size - t) % m_size;
    return rows[j / m_size][block * m_size + at];
}

static void codewords_are_standard_codewords(void **state)
{
    (void)state;
    static const char *names[] = {"ccsds-tc-128", "ccsds-tc-256", "ccsds-tc-512"};
    static uint8_t rows[GENERATOR_ROWS][MAX_K];
    test_rng rng;
    test_rng_seed(&rng, 231);
    for (size_t c = 0; c < sizeof names / sizeof names[0]; c++) {
        ldpc_code *code = NULL;
        assert_int_equal(ldpc_code_create(names[c], &code, NULL), LDPC_OK);
        uint32_t n = code->n, k = code->k, m_size = n / 8;
        assert_int_equal(k, n / 2);
        for (uint32_t b = 0; b < k; b++)
            assert_int_equal(code->info_positions[b], b);
        read_generator(names[c], k, rows);
        for (int trial = 0; trial < 16; trial++) {
            uint8_t message[MAX_K], ours[2 * MAX_K], theirs[2 * MAX_K];
            test_random_bits(&rng, message, k);
            memcpy(theirs, message, k);
            for (uint32_t i = 0; i < k; i++) {
                unsigned sum = 0;
                for (uint32_t j = 0; j < k; j++)
                    sum += message[j] & generator_bit(rows, m_size, j, i);
                theirs[k + i] = (uint8_t)(sum & 1u);
            }
            assert_int_equal(ldpc_encode(code, message, ours, NULL), LDPC_OK);
            assert_memory_equal(ours, theirs, n);
        }
        ldpc_code_destroy(code);
    }
}

/* Each check of `a` is a check of `b` (their rows may come in another order). */
static int same_checks(const ldpc_code *a, const ldpc_code *b)
{
    if (a->m != b->m || a->n != b->n || a->edges != b->edges)
        return 0;
    for (uint32_t x = 0; x < a->m; x++) {
        uint32_t degree = a->check_offsets[x + 1] - a->check_offsets[x], y = 0;
        for (; y < b->m; y++)
            if (b->check_offsets[y + 1] - b->check_offsets[y] == degree &&
                memcmp(a->check_var + a->check_offsets[x], b->check_var + b->check_offsets[y],
                       degree * sizeof *a->check_var) == 0)
                break;
        if (y == b->m)
            return 0;
    }
    return 1;
}

static void tc_128_has_the_checks_of_aff3ct(void **state)
{
    (void)state;
    ldpc_code *ours = NULL, *theirs = NULL;
    assert_int_equal(ldpc_code_create("ccsds-tc-128", &ours, NULL), LDPC_OK);
    assert_int_equal(ldpc_code_create("alist:" AFF3CT_128, &theirs, NULL), LDPC_OK);
    assert_true(same_checks(ours, theirs));
    ldpc_code_destroy(ours);
    ldpc_code_destroy(theirs);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(codewords_are_standard_codewords),
        cmocka_unit_test(tc_128_has_the_checks_of_aff3ct),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
