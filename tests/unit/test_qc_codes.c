/* The built-in quasi-cyclic codes (IEEE 802.11n/ac, IEEE 802.16e): every
 * length and rate against matrices published by others (digests of their
 * expansions, and aff3ct's alist files compared one by one), systematic
 * encoding with the information bits first, and names that do not exist. */
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

#define VECTORS LDPC_SOURCE_DIR "/tests/vectors/codes/"

static ldpc_code *create(const char *name)
{
    ldpc_code *code = NULL;
    ldpc_error err = {{0}};
    if (ldpc_code_create(name, &code, &err) != LDPC_OK)
        fail_msg("%s: %s", name, err.message);
    return code;
}

static void full_rank(const ldpc_code *code)
{
    assert_int_equal(code->k, code->n - code->m);
}

/* Every line of qc_digests.txt: the same size, number of ones and ones. */
static void every_code_matches_a_second_source(void **state)
{
    (void)state;
    /* 3 lengths x 4 rates; 576 to 2304 every 96, 6 rates */
    assert_int_equal(test_compare_digests(VECTORS "qc_digests.txt", "wifi-", full_rank), 12);
    assert_int_equal(test_compare_digests(VECTORS "qc_digests.txt", "wimax-", full_rank), 19 * 6);
}

/* The checks of an alist file (1-based in the file) as sorted variable lists. */
static uint32_t **alist_checks(const char *path, uint32_t *n_out, uint32_t *m_out)
{
    ldpc_code *c = NULL;
    ldpc_error err = {{0}};
    if (ldpc_code_load_alist(path, &c, &err) != LDPC_OK)
        fail_msg("%s: %s", path, err.message);
    uint32_t **checks = calloc(c->m, sizeof *checks);
    for (uint32_t r = 0; r < c->m; r++) {
        uint32_t degree = c->check_offsets[r + 1] - c->check_offsets[r];
        checks[r] = calloc(degree + 1, sizeof **checks);
        checks[r][0] = degree;
        memcpy(checks[r] + 1, c->check_var + c->check_offsets[r], degree * sizeof **checks);
    }
    *n_out = c->n;
    *m_out = c->m;
    ldpc_code_destroy(c);
    return checks;
}

/* `name`'s check r has the variables of the file's check map(r), each mapped. */
static void same_checks(const char *name, const char *file, uint32_t z, int reversed)
{
    uint32_t n, m;
    uint32_t **checks = alist_checks(file, &n, &m);
    ldpc_code *c = create(name);
    assert_int_equal(c->n, n);
    assert_int_equal(c->m, m);
    for (uint32_t r = 0; r < m; r++) {
        uint32_t theirs = reversed ? r / z * z + (z - r % z) % z : r;
        uint32_t degree = c->check_offsets[r + 1] - c->check_offsets[r];
        assert_int_equal(degree, checks[theirs][0]);
        for (uint32_t e = 0; e < degree; e++) {
            uint32_t v = c->check_var[c->check_offsets[r] + e];
            uint32_t mapped = reversed ? v / z * z + (z - v % z) % z : v;
            int found = 0;
            for (uint32_t i = 1; i <= degree; i++)
                found |= checks[theirs][i] == mapped;
            if (!found)
                fail_msg("%s: check %u has variable %u, %s does not", name, r, v, file);
        }
    }
    for (uint32_t r = 0; r < m; r++)
        free(checks[r]);
    free(checks);
    ldpc_code_destroy(c);
}

/* aff3ct's files: WiFi 648 5/6 and WiMAX 576 5/6 bit for bit; its WiMAX 576
 * 1/2 numbers the rows and columns of every block backwards (its circulants
 * shift left), the same code with the positions of each block reversed. */
static void aff3ct_files(void **state)
{
    (void)state;
    same_checks("wifi-648-5/6", VECTORS "binary/WIFI_540_648.alist", 27, 0);
    same_checks("wimax-576-5/6", VECTORS "binary/WIMAX_480_576.alist", 24, 0);
    same_checks("wimax-576-1/2", VECTORS "binary/WIMAX_288_576.alist", 24, 1);
}

/* The information bits are the first k, as the standards transmit them, and
 * every encoded word meets every check. */
static void systematic_encoding(void **state)
{
    (void)state;
    const char *names[] = {"wifi-1944-1/2", "wifi-648-5/6", "wimax-2304-2/3a", "wimax-960-3/4b",
                           "wimax-576-5/6"};
    test_rng rng;
    test_rng_seed(&rng, 33);
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        ldpc_code *c = create(names[i]);
        for (uint32_t b = 0; b < c->k; b++)
            assert_int_equal(c->info_positions[b], b);
        uint8_t *info = malloc(c->k), *word = malloc(c->n);
        test_random_bits(&rng, info, c->k);
        assert_int_equal(ldpc_encode(c, info, word, NULL), LDPC_OK);
        assert_memory_equal(word, info, c->k);
        assert_int_equal(ldpc_code_unsatisfied_checks(c, word), 0);
        free(info);
        free(word);
        ldpc_code_destroy(c);
    }
}

/* Lengths and rates the standards do not have are unknown codes, with a
 * message that says what exists; every listed name builds. */
/* The constructors keep the circulant structure: the block rows of z checks
 * are the layers, disjoint (what lets the CPU frame path and the OpenCL
 * latency design take z checks at once); codes whose blocks hold two
 * circulants (CCSDS C2) or permutations (AR4JA) keep single-check layers. */
static void block_row_layers(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        uint32_t z;
    } codes[] = {{"wifi-648-1/2", 27},    {"wifi-1944-5/6", 81}, {"wimax-576-1/2", 24},
                 {"wimax-2304-2/3b", 96}, {"5gnr-bg1-z384", 384}, {"5gnr-bg2-z2", 2},
                 {"5gnr-bg2-z64-k600-e1800-qm2", 64}, {"ccsds-c2", 0},
                 {"ccsds-ar4ja-1024-1/2", 0}, {"ft8-174-91", 0}};
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        ldpc_code *code = NULL;
        ldpc_error err;
        if (ldpc_code_create(codes[i].name, &code, &err) != LDPC_OK)
            fail_msg("%s", err.message);
        uint32_t z = codes[i].z;
        assert_int_equal(code->circulant_size, z);
        assert_int_equal(ldpc_code_layer_count(code), z ? code->m / z : code->m);
        assert_int_equal(ldpc_code_layer_size(code), z ? z : 1);
        if (z != 0)
            assert_true(code->layers_disjoint);
        for (uint32_t l = 0; l < code->layer_count; l++)
            assert_int_equal(code->layer_offsets[l + 1] - code->layer_offsets[l], z ? z : 1);
        ldpc_code_destroy(code);
    }
}

static void names(void **state)
{
    (void)state;
    const char *unknown[] = {"wifi-700-1/2", "wifi-1944-3/5", "wimax-600-1/2", "wimax-2400-1/2",
                             "wimax-2304-2/3", "wimax-480-1/2", "wifi-", "wimax-2304-",
                             "wifi-648x-1/2"};
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        ldpc_code *c = NULL;
        ldpc_error err = {{0}};
        assert_int_equal(ldpc_code_create(unknown[i], &c, &err), LDPC_ERR_UNKNOWN_CODE);
        assert_null(c);
        assert_non_null(strstr(err.message, "wimax-N-RATE"));
    }
    size_t listed = 0;
    for (size_t i = 0; i < ldpc_builtin_code_count(); i++) {
        const char *name = ldpc_builtin_code_name(i);
        if (strncmp(name, "wifi-", 5) != 0 && strncmp(name, "wimax-", 6) != 0)
            continue;
        ldpc_code *c = create(name);
        assert_string_equal(c->name, name);
        ldpc_code_destroy(c);
        listed++;
    }
    assert_int_equal(listed, 12 + 19 * 6);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_code_matches_a_second_source),
        cmocka_unit_test(aff3ct_files),
        cmocka_unit_test(systematic_encoding),
        cmocka_unit_test(block_row_layers),
        cmocka_unit_test(names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
