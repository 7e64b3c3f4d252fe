/* Nonbinary codes: parameters (n, k, girth) of every construction, the
 * public alist files in their four formats, the entry-list constructor, the
 * systematic encoder (H c = 0) and the channel mapping. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "ldpc/nonbinary.h"
#include "nb/nb_code_struct.h"
#include "code/code_struct.h"
#include "test_support.h"

#define REFERENCE_NB LDPC_SOURCE_DIR "/tests/vectors/codes/nonbinary/"

static ldpc_nb_code *create(const char *name)
{
    ldpc_nb_code *code = NULL;
    ldpc_error err = {{0}};
    if (ldpc_nb_code_create(name, &code, &err) != LDPC_OK)
        fail_msg("%s: %s", name, err.message);
    return code;
}

/* Encodes random information, checks H c = 0, the systematic positions, and
 * that one changed symbol breaks a check. */
static void assert_encodes(const ldpc_nb_code *code, uint64_t seed)
{
    const ldpc_code *g = code->graph;
    uint8_t *info = malloc(g->k), *word = malloc(g->n);
    test_rng rng;
    test_rng_seed(&rng, seed);
    for (int round = 0; round < 3; round++) {
        for (uint32_t i = 0; i < g->k; i++)
            info[i] = (uint8_t)(test_rng_next(&rng) % code->q);
        ldpc_error err = {{0}};
        assert_int_equal(ldpc_nb_encode(code, info, word, &err), LDPC_OK);
        assert_int_equal(ldpc_nb_code_unsatisfied_checks(code, word), 0);
        for (uint32_t i = 0; i < g->k; i++)
            assert_int_equal(word[g->info_positions[i]], info[i]);
        uint32_t v = (uint32_t)(test_rng_next(&rng) % g->n);
        word[v] ^= 1;
        assert_true(ldpc_nb_code_unsatisfied_checks(code, word) > 0);
    }
    info[0] = (uint8_t)code->q; /* out of the field (q <= 128 here) */
    ldpc_error err = {{0}};
    if (code->q < 256)
        assert_int_equal(ldpc_nb_encode(code, info, word, &err), LDPC_ERR_INVALID);
    free(info);
    free(word);
}

static void assert_layers_disjoint(const ldpc_code *g)
{
    uint32_t *last = calloc(g->n, sizeof(uint32_t));
    for (uint32_t l = 0; l < g->layer_count; l++)
        for (uint32_t i = g->layer_offsets[l]; i < g->layer_offsets[l + 1]; i++) {
            uint32_t chk = g->layer_checks[i];
            for (uint32_t e = g->check_offsets[chk]; e < g->check_offsets[chk + 1]; e++) {
                assert_int_not_equal(last[g->check_var[e]], l + 1);
                last[g->check_var[e]] = l + 1;
            }
        }
    free(last);
}

static const struct {
    const char *name;
    uint32_t q, n, m, k, dv, dc, layers, girth;
} constructions[] = {
    {"nbqc-gf32-744-653", 32, 744, 93, 653, 3, 24, 3, 6},
    {"nbqc-gf32-837-726", 32, 837, 124, 726, 4, 27, 4, 6},
    {"nbqc-gf64-1512-1325", 64, 1512, 189, 1325, 3, 24, 3, 6},
    {"nbreg-gf32-620-310", 32, 620, 310, 310, 3, 6, 310, 8},
};

static void constructions_have_their_parameters(void **state)
{
    (void)state;
    assert_int_equal(ldpc_nb_builtin_code_count(), 4);
    for (size_t i = 0; i < sizeof constructions / sizeof constructions[0]; i++) {
        assert_string_equal(ldpc_nb_builtin_code_name(i), constructions[i].name);
        ldpc_nb_code *code = create(constructions[i].name);
        const ldpc_code *g = code->graph;
        assert_int_equal(g->family, LDPC_FAMILY_NONBINARY_GRAPH);
        assert_string_equal(g->name, constructions[i].name);
        assert_int_equal(code->q, constructions[i].q);
        assert_int_equal(1u << code->bits_per_symbol, code->q);
        assert_int_equal(g->n, constructions[i].n);
        assert_int_equal(g->m, constructions[i].m);
        assert_int_equal(g->k, constructions[i].k);
        assert_int_equal(g->min_var_degree, constructions[i].dv);
        assert_int_equal(g->max_var_degree, constructions[i].dv);
        assert_int_equal(g->min_check_degree, constructions[i].dc);
        assert_int_equal(g->max_check_degree, constructions[i].dc);
        assert_int_equal(g->layer_count, constructions[i].layers);
        assert_true(g->layers_disjoint);
        assert_layers_disjoint(g);
        assert_int_equal(ldpc_code_girth(g), constructions[i].girth);
        for (uint32_t e = 0; e < g->edges; e++)
            assert_true(code->edge_coef[e] >= 1 && code->edge_coef[e] < code->q);
        assert_true(code->footprint_bytes > g->footprint_bytes);
        /* the public getters read the same description */
        assert_ptr_equal(ldpc_nb_code_graph(code), g);
        assert_int_equal(ldpc_nb_code_q(code), constructions[i].q);
        assert_int_equal(ldpc_nb_code_bits_per_symbol(code), code->bits_per_symbol);
        assert_int_equal(ldpc_nb_code_footprint(code), code->footprint_bytes);
        assert_encodes(code, 100 + i);
        ldpc_nb_code_destroy(code);
    }
}

static void girth_of_small_graphs(void **state)
{
    (void)state;
    /* A 4-cycle (two checks sharing two symbols) and a tree. */
    const uint32_t rows4[] = {0, 0, 1, 1}, cols4[] = {0, 1, 0, 1};
    const uint8_t coefs[] = {1, 2, 2, 1};
    ldpc_nb_code *code = NULL;
    ldpc_error err = {{0}};
    assert_int_equal(ldpc_nb_code_create_from_entries("c4", 2, 2, 2, rows4, cols4, coefs, 4, &code,
                                                      &err),
                     LDPC_OK);
    assert_int_equal(ldpc_code_girth(code->graph), 4);
    assert_int_equal(code->graph->k, 0); /* [[1 2] [2 1]]: det 1 + alpha^2 != 0 */
    ldpc_nb_code_destroy(code);
    const uint32_t rows_tree[] = {0, 0, 1, 1}, cols_tree[] = {0, 1, 1, 2};
    assert_int_equal(ldpc_nb_code_create_from_entries("tree", 2, 3, 2, rows_tree, cols_tree, coefs,
                                                      4, &code, &err),
                     LDPC_OK);
    assert_int_equal(ldpc_code_girth(code->graph), 0);
    assert_int_equal(code->graph->k, 1);
    assert_encodes(code, 7);
    ldpc_nb_code_destroy(code);
}

static void entry_list_errors_are_named(void **state)
{
    (void)state;
    ldpc_nb_code *code = NULL;
    ldpc_error err = {{0}};
    const uint32_t rows[] = {0, 0}, cols[] = {1, 1};
    const uint8_t ones[] = {1, 1}, zero[] = {0, 1};
    assert_int_equal(
        ldpc_nb_code_create_from_entries("dup", 3, 2, 1, rows, cols, ones, 2, &code, &err),
        LDPC_ERR_INVALID);
    assert_non_null(strstr(err.message, "twice"));
    assert_int_equal(
        ldpc_nb_code_create_from_entries("zero", 3, 2, 1, rows, cols, zero, 1, &code, &err),
        LDPC_ERR_INVALID);
    assert_int_equal(
        ldpc_nb_code_create_from_entries("p9", 9, 2, 1, rows, cols, ones, 1, &code, &err),
        LDPC_ERR_INVALID);
    assert_int_equal(
        ldpc_nb_code_create_from_entries("unused", 3, 2, 1, rows, cols, ones, 1, &code, &err),
        LDPC_ERR_INVALID); /* symbol 0 is in no check */
    assert_null(code);
    assert_int_equal(ldpc_nb_code_create("nbqc-gf32-1-1", &code, &err), LDPC_ERR_UNKNOWN_CODE);
    assert_non_null(strstr(err.message, "nbqc-gf32-1-1"));
    assert_int_equal(ldpc_nb_code_create("nbalist:/nonexistent/file", &code, &err), LDPC_ERR_IO);
    assert_non_null(strstr(err.message, "/nonexistent/file"));
}

static const struct {
    const char *file;
    uint32_t q, n, m, k, edges;
} reference_files[] = {
    {"rptu_kn/LDPC_N96_K48_GF64_exp.alist", 64, 16, 8, 8, 32},
    {"rptu_kn/LDPC_N96_K48_GF256_d1_exp.alist", 256, 12, 6, 6, 24},
    {"rptu_kn/LDPC_N2304_K1152_GF64_exp.alist", 64, 384, 192, 192, 768},
    {"lab-sticc/KN_N1200_K600_GF64_BeiDou.txt", 64, 200, 100, 100, 400},
    {"lab-sticc/KN_N128_K64_GF256.txt", 256, 16, 8, 8, 32},
    {"lab-sticc/KN_N528_K264_GF64_BeiDou.txt", 64, 88, 44, 44, 176},
    {"lab-sticc/KN_N576_K288_GF64.txt", 64, 96, 48, 48, 192},
    {"lab-sticc/N1200_K600_GF64.txt", 64, 200, 100, 100, 400},
    {"lab-sticc/N528_K264_GF64.txt", 64, 88, 44, 44, 176},
    {"lcrypto_davey/simulate2x7x592GF_64.alist", 64, 160, 80, 80, 320},
    {"lcrypto_davey/simulate8x16x174GF_16.alist", 64, 400, 200, 200, 1600},
};

static void reference_alist_files_load(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof reference_files / sizeof reference_files[0]; i++) {
        char name[512];
        snprintf(name, sizeof name, "nbalist:%s%s", REFERENCE_NB, reference_files[i].file);
        ldpc_nb_code *code = create(name);
        const ldpc_code *g = code->graph;
        assert_int_equal(code->q, reference_files[i].q);
        assert_int_equal(g->n, reference_files[i].n);
        assert_int_equal(g->m, reference_files[i].m);
        assert_int_equal(g->k, reference_files[i].k);
        assert_int_equal(g->edges, reference_files[i].edges);
        assert_encodes(code, 200 + i);
        ldpc_nb_code_destroy(code);
    }
}

static void assert_same_h(const ldpc_nb_code *a, const ldpc_nb_code *b)
{
    assert_int_equal(a->graph->edges, b->graph->edges);
    assert_int_equal(a->graph->m, b->graph->m);
    assert_memory_equal(a->graph->check_offsets, b->graph->check_offsets,
                        (a->graph->m + 1) * sizeof(uint32_t));
    assert_memory_equal(a->graph->check_var, b->graph->check_var,
                        a->graph->edges * sizeof(uint32_t));
    assert_memory_equal(a->edge_coef, b->edge_coef, a->graph->edges);
}

/* The README's cross-check: the UBS files (exp+1) hold the KN row-only
 * matrices; explicit formats read the same as detection. */
static void formats_agree(void **state)
{
    (void)state;
    ldpc_nb_code *kn = create("nbalist:" REFERENCE_NB "lab-sticc/KN_N528_K264_GF64_BeiDou.txt");
    ldpc_nb_code *ubs = create("nbalist:" REFERENCE_NB "lab-sticc/N528_K264_GF64.txt");
    ldpc_nb_code *named = create("nbalist:ubs:" REFERENCE_NB "lab-sticc/N528_K264_GF64.txt");
    ldpc_nb_code *rows = create("nbalist:kn-rows:" REFERENCE_NB "lab-sticc/KN_N528_K264_GF64_BeiDou.txt");
    assert_same_h(kn, ubs);
    assert_same_h(kn, named);
    assert_same_h(kn, rows);
    ldpc_nb_code_destroy(kn);
    ldpc_nb_code_destroy(ubs);
    ldpc_nb_code_destroy(named);
    ldpc_nb_code_destroy(rows);
    ldpc_nb_code *davey = create("nbalist:" REFERENCE_NB "lcrypto_davey/simulate2x7x592GF_64.alist");
    ldpc_nb_code *davey_named =
        create("nbalist:davey:" REFERENCE_NB "lcrypto_davey/simulate2x7x592GF_64.alist");
    assert_same_h(davey, davey_named);
    ldpc_nb_code_destroy(davey);
    ldpc_nb_code_destroy(davey_named);
    /* Read as KN exponents, the Davey file's value 63 is out of range. */
    ldpc_nb_code *wrong = NULL;
    ldpc_error err = {{0}};
    assert_int_equal(ldpc_nb_code_create("nbalist:kn:" REFERENCE_NB
                                         "lcrypto_davey/simulate2x7x592GF_64.alist",
                                         &wrong, &err),
                     LDPC_ERR_PARSE);
    assert_non_null(strstr(err.message, "simulate2x7x592GF_64.alist:"));
    assert_null(wrong);
}

/* Malformed files written on the fly: each error names the file and line. */
static void malformed_files_are_rejected(void **state)
{
    (void)state;
    static const struct {
        const char *text, *needle;
    } cases[] = {
        {"2 1 6\n1 1\n2\n1 0 2 0\n", "power of two"},
        {"2 1 8\n1 1\n2\n1 0 3 0\n", ":4:"}, /* symbol 3 > n */
        {"2 1 8\n1 1\n2\n1 0 2 x\n", "integers"},
        {"2 1 8\n1 1\n2\n1 0\n", "row 1 lists 1"},
        {"2 1 8\n1 1\n2\n1 0 2 0\n7\n", "after H"},
        {"2 1 8\n1 1\n2\n", "ends before"},
        {"2 1 8\n1 1\n2\n1 0 1 0\n", "twice"},
    };
    char path[] = "/tmp/test_nb_codes_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        FILE *f = fopen(path, "w");
        assert_non_null(f);
        fputs(cases[i].text, f);
        fclose(f);
        char name[64];
        snprintf(name, sizeof name, "nbalist:kn-rows:%s", path);
        ldpc_nb_code *code = NULL;
        ldpc_error err = {{0}};
        assert_int_not_equal(ldpc_nb_code_create(name, &code, &err), LDPC_OK);
        if (strstr(err.message, cases[i].needle) == NULL)
            fail_msg("case %zu: '%s' lacks '%s'", i, err.message, cases[i].needle);
        assert_null(code);
    }
    /* The well-formed version of the same file loads: x0 + x1 = 0 over GF(8). */
    FILE *f = fopen(path, "w");
    fputs("2 1 8\n1 1\n2\n1 0 2 0\n", f);
    fclose(f);
    char name[64];
    snprintf(name, sizeof name, "nbalist:%s", path);
    ldpc_nb_code *code = create(name);
    assert_int_equal(code->graph->k, 1);
    ldpc_nb_code_destroy(code);
    unlink(path);
}

static void channel_mapping(void **state)
{
    (void)state;
    const uint8_t symbols[] = {0x1B, 0x04};
    uint8_t bits[10], back[2];
    ldpc_nb_symbols_to_bits(5, symbols, 2, bits);
    const uint8_t expected[] = {1, 1, 0, 1, 1, 0, 0, 1, 0, 0}; /* most significant first */
    assert_memory_equal(bits, expected, 10);
    ldpc_nb_bits_to_symbols(5, bits, 2, back);
    assert_memory_equal(back, symbols, 2);
    /* LLRs +2 (bit 0), -3 (bit 1), +0.5: best symbol 010b = 2 at distance 0. */
    const float llr[] = {2.0f, -3.0f, 0.5f};
    float out[8];
    ldpc_nb_symbol_llr(3, llr, 1, out);
    for (uint32_t a = 0; a < 8; a++) {
        float expect = ((a >> 2) & 1 ? 2.0f : 0.0f) + ((a >> 1) & 1 ? 0.0f : 3.0f) +
                       (a & 1 ? 0.5f : 0.0f);
        assert_true(out[a] == expect);
    }
    assert_true(out[2] == 0.0f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(constructions_have_their_parameters),
        cmocka_unit_test(girth_of_small_graphs),
        cmocka_unit_test(entry_list_errors_are_named),
        cmocka_unit_test(reference_alist_files_load),
        cmocka_unit_test(formats_agree),
        cmocka_unit_test(malformed_files_are_rejected),
        cmocka_unit_test(channel_mapping),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
