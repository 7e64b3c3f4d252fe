/* Generic codes from edge lists: rank and pivot choice against brute force,
 * the dense systematic encoder, size limits, and the shared alist codes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "code/code_internal.h"
#include "code/gf2_generator.h"
#include "ldpc/code.h"
#include "ldpc/encoder.h"
#include "test_support.h"

#define SHARED_BINARY LDPC_SOURCE_DIR "/tests/vectors/codes/binary/"

static ldpc_code *from_edges(const char *name, uint32_t n, uint32_t m, const uint32_t *rows,
                             const uint32_t *cols, uint32_t count)
{
    ldpc_code *code = NULL;
    ldpc_error err = {{0}};
    if (ldpc_code_create_from_edges(name, n, m, rows, cols, count, &code, &err) != LDPC_OK)
        fail_msg("%s: %s", name, err.message);
    return code;
}

/* Encodes `info`, checks every check of H and the systematic positions. */
static void assert_encodes(const ldpc_code *code, const uint8_t *info, uint8_t *codeword)
{
    ldpc_error err = {{0}};
    assert_int_equal(ldpc_encode(code, info, codeword, &err), LDPC_OK);
    assert_int_equal(ldpc_code_unsatisfied_checks(code, codeword), 0);
    for (uint32_t i = 0; i < code->k; i++)
        assert_int_equal(codeword[code->info_positions[i]], info[i]);
}

static void assert_footprint_includes_generator(const ldpc_code *code)
{
    code_shape shape = {.n = code->n,
                        .m = code->m,
                        .k = code->k,
                        .edges = code->edges,
                        .layer_count = code->layer_count,
                        .gen_words_per_row = gf2_generator_words_per_row(code->k)};
    assert_int_equal(code->gen_words_per_row, shape.gen_words_per_row);
    assert_int_equal(code->footprint_bytes, code_shape_footprint(&shape));
    /* Generator rows select information bits only: nothing at or beyond k. */
    uint32_t tail = code->k % 64u;
    if (tail != 0)
        for (uint32_t p = 0; p < code->n - code->k; p++)
            assert_int_equal(code->gen_rows[(size_t)(p + 1) * code->gen_words_per_row - 1] >> tail, 0);
}

static void hamming_from_shuffled_edges(void **state)
{
    (void)state;
    /* H of the (7,4) Hamming code, ones listed out of order. */
    const uint32_t rows[12] = {2, 0, 1, 0, 2, 1, 0, 1, 2, 0, 2, 1};
    const uint32_t cols[12] = {6, 4, 5, 0, 3, 3, 2, 2, 1, 1, 0, 1};
    ldpc_code *c = from_edges("hamming", 7, 3, rows, cols, 12);
    assert_string_equal(c->name, "hamming");
    assert_int_equal(c->family, LDPC_FAMILY_GENERIC);
    assert_int_equal(c->k, 4);
    assert_int_equal(c->layer_count, 3);
    assert_int_equal(c->layer_size, 1);
    for (uint32_t i = 0; i < 4; i++)
        assert_int_equal(c->info_positions[i], i);
    for (uint32_t p = 0; p < 3; p++)
        assert_int_equal(c->parity_positions[p], 4 + p);
    assert_footprint_includes_generator(c);
    uint8_t seen[128] = {0};
    for (uint32_t message = 0; message < 16; message++) {
        uint8_t info[4], cw[7];
        for (uint32_t i = 0; i < 4; i++)
            info[i] = (uint8_t)((message >> i) & 1u);
        assert_encodes(c, info, cw);
        uint32_t word = 0;
        for (uint32_t j = 0; j < 7; j++)
            word |= (uint32_t)cw[j] << j;
        assert_int_equal(seen[word], 0);
        seen[word] = 1;
    }
    ldpc_code_destroy(c);
}

/* Rank of a set of columns (bit masks of up to 32 rows), by elimination on a
 * basis indexed by leading bit: independent of the library's code. */
static int in_span(const uint32_t *basis, uint32_t column)
{
    for (int bit = 31; bit >= 0; bit--)
        if ((column >> bit) & 1u) {
            if (basis[bit] == 0)
                return 0;
            column ^= basis[bit];
        }
    return 1;
}

static void insert(uint32_t *basis, uint32_t column)
{
    for (int bit = 31; bit >= 0; bit--)
        if ((column >> bit) & 1u) {
            if (basis[bit] == 0) {
                basis[bit] = column;
                return;
            }
            column ^= basis[bit];
        }
}

static void small_random_codes_match_brute_force(void **state)
{
    (void)state;
    test_rng rng;
    test_rng_seed(&rng, 42);
    for (int trial = 0; trial < 300; trial++) {
        uint32_t m = 1 + (uint32_t)(test_rng_next(&rng) % 8);
        uint32_t n = 2 + (uint32_t)(test_rng_next(&rng) % 13);
        uint32_t columns[16], rows[256], cols[256], count = 0;
        for (uint32_t c = 0; c < n; c++) {
            do
                columns[c] = (uint32_t)(test_rng_next(&rng) & ((1u << m) - 1u));
            while (columns[c] == 0);
        }
        uint32_t row_used = 0;
        for (uint32_t c = 0; c < n; c++)
            row_used |= columns[c];
        if (row_used != (1u << m) - 1u)
            continue; /* an empty check: refused, tested elsewhere */
        for (uint32_t c = 0; c < n; c++)
            for (uint32_t r = 0; r < m; r++)
                if ((columns[c] >> r) & 1u) {
                    rows[count] = r;
                    cols[count++] = c;
                }
        /* Brute force: the number of codewords is 2^k. */
        uint32_t codewords = 0;
        for (uint32_t word = 0; word < (1u << n); word++) {
            uint32_t syndrome = 0;
            for (uint32_t c = 0; c < n; c++)
                if ((word >> c) & 1u)
                    syndrome ^= columns[c];
            codewords += syndrome == 0;
        }
        uint32_t k = 0;
        while ((1u << k) < codewords)
            k++;

        ldpc_code *code = NULL;
        ldpc_error err = {{0}};
        ldpc_status status = ldpc_code_create_from_edges("random", n, m, rows, cols, count, &code, &err);
        if (k == 0) {
            assert_int_equal(status, LDPC_ERR_RANK);
            assert_non_null(strstr(err.message, "no information bits"));
            assert_null(code);
            continue;
        }
        assert_int_equal(status, LDPC_OK);
        assert_int_equal(code->k, k);
        /* Pivots from the right: column c carries parity exactly when it is
         * independent of the columns right of it. */
        uint32_t basis[32] = {0}, is_parity[16] = {0};
        for (uint32_t c = n; c-- > 0;) {
            is_parity[c] = !in_span(basis, columns[c]);
            insert(basis, columns[c]);
        }
        for (uint32_t i = 0; i < k; i++)
            assert_false(is_parity[code->info_positions[i]]);
        for (uint32_t p = 0; p < n - k; p++)
            assert_true(is_parity[code->parity_positions[p]]);
        for (uint32_t message = 0; message < (1u << k); message++) {
            uint8_t info[16], cw[16];
            for (uint32_t i = 0; i < k; i++)
                info[i] = (uint8_t)((message >> i) & 1u);
            assert_encodes(code, info, cw);
        }
        ldpc_code_destroy(code);
    }
}

static void rightmost_columns_become_parity(void **state)
{
    (void)state;
    /* Columns 2 and 3 are equal: 3 is a pivot, 2 then depends on it. */
    const uint32_t rows[6] = {0, 0, 0, 1, 1, 1};
    const uint32_t cols[6] = {0, 2, 3, 1, 2, 3};
    ldpc_code *c = from_edges("equal-columns", 4, 2, rows, cols, 6);
    assert_int_equal(c->k, 2);
    assert_int_equal(c->info_positions[0], 0);
    assert_int_equal(c->info_positions[1], 2);
    assert_int_equal(c->parity_positions[0], 1);
    assert_int_equal(c->parity_positions[1], 3);
    ldpc_code_destroy(c);
}

static void expect_edges_error(uint32_t n, uint32_t m, const uint32_t *rows, const uint32_t *cols,
                               uint32_t count, ldpc_status expected, const char *fragment)
{
    ldpc_code *code = (ldpc_code *)&code; /* must be reset to NULL */
    ldpc_error err = {{0}};
    ldpc_status status = ldpc_code_create_from_edges("bad", n, m, rows, cols, count, &code, &err);
    if (status != expected || strstr(err.message, fragment) == NULL ||
        strncmp(err.message, "bad: ", 5) != 0)
        fail_msg("status %d, \"%s\"; expected %d, \"%s\"", (int)status, err.message, (int)expected,
                 fragment);
    assert_null(code);
}

static void bad_edge_lists_are_refused(void **state)
{
    (void)state;
    const uint32_t rows[4] = {0, 1, 0, 1}, cols[4] = {0, 1, 2, 2};
    const uint32_t bad_row[4] = {0, 1, 0, 2}, bad_col[4] = {0, 1, 3, 2};
    expect_edges_error(3, 2, bad_row, cols, 4, LDPC_ERR_INVALID,
                       "edge 3 (row 2, column 2) is outside H with 2 rows and 3 columns");
    expect_edges_error(3, 2, rows, bad_col, 4, LDPC_ERR_INVALID, "edge 2 (row 0, column 3)");
    const uint32_t dup_rows[5] = {0, 1, 0, 1, 0}, dup_cols[5] = {0, 1, 2, 2, 0};
    expect_edges_error(3, 2, dup_rows, dup_cols, 5, LDPC_ERR_INVALID,
                       "edges 0 and 4 are both (row 0, column 0)");
    expect_edges_error(3, 3, rows, cols, 4, LDPC_ERR_INVALID, "check 2 (row of H) has no ones");
    expect_edges_error(4, 2, rows, cols, 4, LDPC_ERR_INVALID, "variable 3 (column of H) is in no check");
    /* Identity: full column rank, nothing left to carry information. */
    const uint32_t diag[3] = {0, 1, 2};
    expect_edges_error(3, 3, diag, diag, 3, LDPC_ERR_RANK, "no information bits");
    expect_edges_error(0, 0, NULL, NULL, 0, LDPC_ERR_INVALID, "must have rows and columns");
}

/* Staircase parity (IRA): row r holds parity columns k+r and k+r-1 and a few
 * information columns; parity r = parity r-1 XOR the row's information bits,
 * an encoder independent of the generator. */
typedef struct {
    uint32_t k, m, count;
    uint32_t *rows, *cols;
} staircase;

static staircase make_staircase(test_rng *rng, uint32_t k, uint32_t m, uint32_t info_degree)
{
    staircase s = {.k = k, .m = m};
    s.rows = malloc(((size_t)k * info_degree + 2u * m) * sizeof *s.rows);
    s.cols = malloc(((size_t)k * info_degree + 2u * m) * sizeof *s.cols);
    assert_non_null(s.rows);
    assert_non_null(s.cols);
    for (uint32_t i = 0; i < k; i++) {
        uint32_t first = (uint32_t)(test_rng_next(rng) % m);
        for (uint32_t d = 0; d < info_degree; d++) { /* distinct rows */
            s.rows[s.count] = (first + d * (m / info_degree)) % m;
            s.cols[s.count++] = i;
        }
    }
    for (uint32_t r = 0; r < m; r++) {
        s.rows[s.count] = r;
        s.cols[s.count++] = k + r;
        if (r > 0) {
            s.rows[s.count] = r;
            s.cols[s.count++] = k + r - 1;
        }
    }
    return s;
}

static void staircase_generator_matches_accumulator(void **state)
{
    (void)state;
    test_rng rng;
    test_rng_seed(&rng, 7);
    /* k = 5000: two 4096-bit chunks in the encoder and a partial last word. */
    staircase s = make_staircase(&rng, 5000, 300, 3);
    ldpc_code *c = from_edges("staircase", s.k + s.m, s.m, s.rows, s.cols, s.count);
    assert_int_equal(c->k, s.k);
    for (uint32_t i = 0; i < s.k; i++)
        assert_int_equal(c->info_positions[i], i);
    assert_footprint_includes_generator(c);
    uint32_t low = 0;
    assert_int_equal(gf2_rank_lower_bound(c->n, c->m, c->check_offsets, c->check_var, &low, NULL),
                     LDPC_OK);
    assert_int_equal(low, s.m);
    uint8_t *info = malloc(s.k), *cw = malloc(c->n);
    for (int trial = 0; trial < 4; trial++) {
        test_random_bits(&rng, info, s.k);
        assert_encodes(c, info, cw);
        uint8_t parity = 0;
        for (uint32_t r = 0; r < s.m; r++) {
            for (uint32_t e = c->check_offsets[r]; e < c->check_offsets[r + 1]; e++)
                if (c->check_var[e] < s.k)
                    parity ^= info[c->check_var[e]];
            assert_int_equal(cw[s.k + r], parity);
        }
    }
    free(info);
    free(cw);
    free(s.rows);
    free(s.cols);
    ldpc_code_destroy(c);
}

/* 20000 x 40000 staircase: peeling proves rank 20000, so the dense
 * generator would need 20000 x 20000 bits = 47.7 MiB; the code gets the
 * triangular encoder instead, whose words meet every check. */
static void oversized_generator_gives_a_triangular_encoder(void **state)
{
    (void)state;
    test_rng rng;
    test_rng_seed(&rng, 9);
    staircase s = make_staircase(&rng, 20000, 20000, 3);
    ldpc_code *code = NULL;
    ldpc_error err = {{0}};
    assert_int_equal(ldpc_code_create_from_edges("huge", 40000, 20000, s.rows, s.cols, s.count,
                                                 &code, &err),
                     LDPC_OK);
    assert_null(code->gen_rows);
    assert_non_null(code->parity_checks);
    assert_int_equal(code->k, 20000);
    uint8_t *info = malloc(code->k), *word = malloc(code->n), *back = malloc(code->k);
    assert_true(info != NULL && word != NULL && back != NULL);
    for (int trial = 0; trial < 3; trial++) {
        for (uint32_t i = 0; i < code->k; i++)
            info[i] = (uint8_t)(test_rng_next(&rng) & 1u);
        assert_int_equal(ldpc_encode(code, info, word, NULL), LDPC_OK);
        assert_int_equal(ldpc_code_unsatisfied_checks(code, word), 0);
        ldpc_code_extract_info(code, word, back);
        assert_memory_equal(back, info, code->k);
    }
    free(info);
    free(word);
    free(back);
    ldpc_code_destroy(code);
    free(s.rows);
    free(s.cols);
}

static void oversized_elimination_is_refused(void **state)
{
    (void)state;
    /* 1100 x 500000 with every column of degree 2: peeling proves nothing,
     * and H as a dense bit matrix would need 65.6 MiB. */
    const uint32_t n = 500000, m = 1100;
    uint32_t *rows = malloc(2u * n * sizeof *rows), *cols = malloc(2u * n * sizeof *cols);
    assert_non_null(rows);
    assert_non_null(cols);
    for (uint32_t c = 0; c < n; c++) {
        rows[2 * c] = c % m;
        rows[2 * c + 1] = (c / m + c + 1) % m;
        if (rows[2 * c + 1] == rows[2 * c])
            rows[2 * c + 1] = (rows[2 * c] + 1) % m;
        cols[2 * c] = cols[2 * c + 1] = c;
    }
    ldpc_code *code = NULL;
    ldpc_error err = {{0}};
    assert_int_equal(ldpc_code_create_from_edges("wide", n, m, rows, cols, 2 * n, &code, &err),
                     LDPC_ERR_RANK);
    assert_null(code);
    assert_non_null(strstr(err.message, "wide: too large for Gaussian elimination"));
    assert_non_null(strstr(err.message, "no triangular form either"));
    free(rows);
    free(cols);
}

static void shared_codes_encode(void **state)
{
    (void)state;
    static const struct {
        const char *file;
        int info_first; /* parity at the end of H */
    } cases[] = {
        {"DEBUG_6_3.alist", 0},
        {"CCSDS_64_128.alist", 1},
        {"MACKAY_504_1008.alist", 0},
        {"WIMAX_288_576.alist", 1},
        {"WIFI_540_648.alist", 1},
        {"10GBPS-ETHERNET_1723_2048.alist", 0}, /* rank 325 of 384 rows */
        {"WIMAX_480_576.alist", 1},
    };
    test_rng rng;
    test_rng_seed(&rng, 2024);
    for (size_t t = 0; t < sizeof cases / sizeof cases[0]; t++) {
        char path[512];
        snprintf(path, sizeof path, SHARED_BINARY "%s", cases[t].file);
        ldpc_code *c = NULL;
        ldpc_error err = {{0}};
        if (ldpc_code_load_alist(path, &c, &err) != LDPC_OK)
            fail_msg("%s", err.message);
        assert_footprint_includes_generator(c);
        if (cases[t].info_first)
            for (uint32_t i = 0; i < c->k; i++)
                assert_int_equal(c->info_positions[i], i);
        uint8_t *info = malloc(c->k), *cw = malloc(c->n), *back = malloc(c->k);
        for (int trial = 0; trial < 4; trial++) {
            test_random_bits(&rng, info, c->k);
            assert_encodes(c, info, cw);
            ldpc_code_extract_info(c, cw, back);
            assert_memory_equal(back, info, c->k);
        }
        free(info);
        free(cw);
        free(back);
        ldpc_code_destroy(c);
    }
}

/* The gap encoder (structured_code_create): a (7,4) code whose every check
 * holds two or three parity bits, so peeling needs a gap, encodes as its
 * dense generator does; an H whose first k columns are no information set
 * is refused. */
static void gap_encoder_matches_the_generator(void **state)
{
    (void)state;
    /* Hamming-like checks whose parity bits 4..6 all share checks:
     * {0,1,2,4,5}, {0,1,3,5,6}, {0,2,3,4,5,6} (parity part invertible) */
    static const uint32_t offsets[] = {0, 5, 10, 16};
    static const uint32_t vars[] = {0, 1, 2, 4, 5, 0, 1, 3, 5, 6, 0, 2, 3, 4, 5, 6};
    uint32_t rows[16], cols[16];
    for (uint32_t c = 0; c < 3; c++)
        for (uint32_t e = offsets[c]; e < offsets[c + 1]; e++) {
            rows[e] = c;
            cols[e] = vars[e];
        }
    ldpc_code *dense = from_edges("dense", 7, 3, rows, cols, 16), *gap = NULL;
    assert_int_equal(structured_code_create("gap", 7, 3, 4, offsets, vars, 0, &gap, NULL), LDPC_OK);
    assert_true(gap->gap_count > 0);
    for (uint32_t word = 0; word < 16; word++) {
        uint8_t info[4], a[7], b[7];
        for (uint32_t i = 0; i < 4; i++)
            info[i] = (uint8_t)((word >> i) & 1u);
        assert_encodes(dense, info, a);
        assert_encodes(gap, info, b);
        assert_memory_equal(a, b, 7);
    }
    ldpc_code_destroy(gap);
    ldpc_code_destroy(dense);
    /* Bits 0 and 1 are both in every check, so bits 2..3 cannot be
     * solved from 0 and 1 as information: checks {0,1,2,3} and {0,1,2,3}. */
    static const uint32_t same_offsets[] = {0, 4, 8};
    static const uint32_t same_vars[] = {0, 1, 2, 3, 0, 1, 2, 3};
    ldpc_error err;
    ldpc_code *refused = NULL;
    assert_int_equal(structured_code_create("same", 4, 2, 2, same_offsets, same_vars, 0, &refused,
                                            &err),
                     LDPC_ERR_RANK);
    assert_null(refused);
    assert_non_null(strstr(err.message, "do not determine"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hamming_from_shuffled_edges),
        cmocka_unit_test(small_random_codes_match_brute_force),
        cmocka_unit_test(rightmost_columns_become_parity),
        cmocka_unit_test(bad_edge_lists_are_refused),
        cmocka_unit_test(staircase_generator_matches_accumulator),
        cmocka_unit_test(oversized_generator_gives_a_triangular_encoder),
        cmocka_unit_test(oversized_elimination_is_refused),
        cmocka_unit_test(shared_codes_encode),
        cmocka_unit_test(gap_encoder_matches_the_generator),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
