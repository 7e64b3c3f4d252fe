/* The alist loader: the shared reference files load with the published n, m,
 * k and edge counts; every malformed file is refused with PATH:LINE. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>

#include "code/gf2_generator.h"
#include "code/code_struct.h"
#include "ldpc/code.h"
#include "ldpc/encoder.h"
#include "test_support.h"

#define VECTORS LDPC_SOURCE_DIR "/tests/vectors/alist/"
#define REFERENCE_BINARY LDPC_SOURCE_DIR "/tests/vectors/codes/binary/"

static ldpc_code *load(const char *path)
{
    ldpc_code *code = NULL;
    ldpc_error err = {{0}};
    ldpc_status status = ldpc_code_load_alist(path, &code, &err);
    if (status != LDPC_OK)
        fail_msg("%s: %s", path, err.message);
    return code;
}

/* Both views list the same ones, in ascending order. */
static void assert_views_agree(const ldpc_code *c)
{
    for (uint32_t chk = 0; chk < c->m; chk++)
        for (uint32_t e = c->check_offsets[chk] + 1; e < c->check_offsets[chk + 1]; e++)
            assert_true(c->check_var[e - 1] < c->check_var[e]);
    for (uint32_t v = 0; v < c->n; v++)
        for (uint32_t i = c->var_offsets[v]; i < c->var_offsets[v + 1]; i++)
            assert_int_equal(c->check_var[c->var_edges[i]], v);
    assert_int_equal(c->var_offsets[c->n], c->edges);
}

static void hamming_loads_with_and_without_padding(void **state)
{
    (void)state;
    const char *files[] = {VECTORS "hamming_7_4.alist", VECTORS "padded_crlf.alist"};
    static const uint32_t rows[3][4] = {{0, 1, 2, 4}, {1, 2, 3, 5}, {0, 1, 3, 6}};
    for (size_t f = 0; f < 2; f++) {
        ldpc_code *c = load(files[f]);
        char name[256];
        snprintf(name, sizeof name, "alist:%s", files[f]);
        assert_string_equal(c->name, name);
        assert_int_equal(c->family, LDPC_FAMILY_GENERIC);
        assert_int_equal(c->n, 7);
        assert_int_equal(c->m, 3);
        assert_int_equal(c->k, 4);
        assert_int_equal(c->edges, 12);
        assert_int_equal(c->max_var_degree, 3);
        assert_int_equal(c->max_check_degree, 4);
        for (uint32_t r = 0; r < 3; r++) {
            assert_int_equal(c->check_offsets[r], 4 * r);
            for (uint32_t j = 0; j < 4; j++)
                assert_int_equal(c->check_var[4 * r + j], rows[r][j]);
        }
        for (uint32_t i = 0; i < 4; i++)
            assert_int_equal(c->info_positions[i], i);
        assert_int_equal(c->layer_count, 3);
        assert_views_agree(c);
        ldpc_code_destroy(c);
    }
}

typedef struct {
    const char *file;
    ldpc_status status;
    unsigned line;
    const char *reason; /* a fragment of the message */
} malformed_case;

static const malformed_case malformed[] = {
    {"header_one_number.alist", LDPC_ERR_PARSE, 2, "expected 2 numbers, found 1"},
    {"non_numeric.alist", LDPC_ERR_PARSE, 8, "\"x2\" is not a number"},
    {"degree_above_max.alist", LDPC_ERR_PARSE, 4, "column 2 has degree 3, more than the maximum 2 on line 3"},
    {"degree_sums_differ.alist", LDPC_ERR_PARSE, 5, "add up to 11 ones, the column degrees (line 4) to 12"},
    {"degree_count.alist", LDPC_ERR_PARSE, 4, "expected 7 numbers (n), found 6"},
    {"zero_degree.alist", LDPC_ERR_PARSE, 4, "column 7 has degree 0"},
    {"column_too_few.alist", LDPC_ERR_PARSE, 7, "column 2: 2 row indices listed, but its degree is 3"},
    {"column_too_many.alist", LDPC_ERR_PARSE, 6, "4 numbers, more than the maximum column degree 3"},
    {"column_above_degree.alist", LDPC_ERR_PARSE, 8, "column 3: 3 row indices listed, but its degree is 2"},
    {"index_out_of_range.alist", LDPC_ERR_PARSE, 10, "row index 4 is out of range 1..3"},
    {"index_repeated.alist", LDPC_ERR_PARSE, 7, "row 2 is listed twice"},
    {"row_index_repeated.alist", LDPC_ERR_PARSE, 13, "column 3 is listed twice"},
    {"index_after_padding.alist", LDPC_ERR_PARSE, 6, "index 3 after the zero padding"},
    {"views_disagree.alist", LDPC_ERR_PARSE, 13, "row 1 lists column 6, but the line of column 6 (line 11) does not list row 1"},
    {"views_missing.alist", LDPC_ERR_PARSE, 13, "row 1 does not list column 5, but the line of column 5 (line 10) lists row 1"},
    {"truncated.alist", LDPC_ERR_PARSE, 13, "the file ends before the line of row 2"},
    {"trailing_garbage.alist", LDPC_ERR_PARSE, 16, "after the last row line (line 15)"},
    {"empty.alist", LDPC_ERR_PARSE, 1, "the file ends before the size line"},
};

static void malformed_files_name_file_and_line(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof malformed / sizeof malformed[0]; i++) {
        const malformed_case *t = &malformed[i];
        char path[512], prefix[600];
        snprintf(path, sizeof path, VECTORS "%s", t->file);
        snprintf(prefix, sizeof prefix, "%s:%u: ", path, t->line);
        ldpc_code *code = (ldpc_code *)&code; /* must be reset to NULL */
        ldpc_error err = {{0}};
        ldpc_status status = ldpc_code_load_alist(path, &code, &err);
        if (status != t->status || strncmp(err.message, prefix, strlen(prefix)) != 0 ||
            strstr(err.message, t->reason) == NULL)
            fail_msg("%s: status %d, message \"%s\"; expected %d, \"%s...%s\"", t->file,
                     (int)status, err.message, (int)t->status, prefix, t->reason);
        assert_null(code);
    }
}

static void missing_file_is_an_io_error(void **state)
{
    (void)state;
    ldpc_code *code = NULL;
    ldpc_error err = {{0}};
    assert_int_equal(ldpc_code_load_alist(VECTORS "no_such_file.alist", &code, &err),
                     LDPC_ERR_IO);
    assert_non_null(strstr(err.message, "no_such_file.alist"));
    assert_null(code);
}

static void registry_loads_alist_names(void **state)
{
    (void)state;
    ldpc_code *code = NULL;
    ldpc_error err = {{0}};
    assert_int_equal(ldpc_code_create("alist:" VECTORS "hamming_7_4.alist", &code, &err), LDPC_OK);
    assert_string_equal(code->name, "alist:" VECTORS "hamming_7_4.alist");
    assert_int_equal(code->k, 4);
    ldpc_code_destroy(code);
}

typedef struct {
    const char *file;
    uint32_t n, m, k, edges, max_var_degree, max_check_degree;
} reference_case;

/* Numbers published with the files (tests/vectors/codes; k = n - rank, computed
 * when they were collected). */
static const reference_case reference_codes[] = {
    {"DEBUG_6_3.alist", 6, 3, 3, 8, 2, 3},
    {"CCSDS_64_128.alist", 128, 64, 64, 512, 5, 8},
    {"MACKAY_504_1008.alist", 1008, 504, 504, 3024, 3, 6},
    {"WIMAX_288_576.alist", 576, 288, 288, 1824, 6, 7},
    {"WIMAX_480_576.alist", 576, 96, 480, 1920, 4, 20},
    {"WIFI_540_648.alist", 648, 108, 540, 2376, 4, 22},
    {"WRAN_360_480.alist", 480, 120, 360, 1700, 4, 15},
    {"PEG_Reg_1008x504.alist", 1008, 504, 504, 3024, 3, 8},
    {"10GBPS-ETHERNET_1723_2048.alist", 2048, 384, 1723, 12288, 6, 32},
    {"ECCT_MACKAY_N96_K48.alist", 96, 48, 48, 288, 3, 6},
};

static void reference_alists_load_with_published_numbers(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof reference_codes / sizeof reference_codes[0]; i++) {
        const reference_case *t = &reference_codes[i];
        char path[512];
        snprintf(path, sizeof path, REFERENCE_BINARY "%s", t->file);
        ldpc_code *c = load(path);
        if (c->n != t->n || c->m != t->m || c->k != t->k || c->edges != t->edges ||
            c->max_var_degree != t->max_var_degree || c->max_check_degree != t->max_check_degree)
            fail_msg("%s: n=%u m=%u k=%u edges=%u degrees %u/%u", t->file, c->n, c->m, c->k,
                     c->edges, c->max_var_degree, c->max_check_degree);
        assert_int_equal(c->gen_words_per_row, gf2_generator_words_per_row(c->k));
        assert_views_agree(c);
        ldpc_code_destroy(c);
    }
}

/* The DVB-S2 normal frames as alist files (written here from the built-in
 * tables, 2-3 MB each) are too large for the dense generator (45-125 MiB):
 * they load, quickly, with the triangular encoder, k = n - m, and every
 * encoded word meets every check. */
static void dvb_s2_alists_load_with_a_triangular_encoder(void **state)
{
    (void)state;
    const char *rates[] = {"9/10", "4/5", "3/4", "2/3", "1/2"};
    for (size_t i = 0; i < 5; i++) {
        char name[32], path[64];
        snprintf(name, sizeof name, "dvbs2-normal-%s", rates[i]);
        snprintf(path, sizeof path, "/tmp/ldpc-test-alist-%d.alist", (int)getpid());
        ldpc_code *table = NULL;
        assert_int_equal(ldpc_code_create(name, &table, NULL), LDPC_OK);
        assert_int_equal(test_write_alist(table, path), 0);
        ldpc_code_destroy(table);
        struct timespec start, end;
        clock_gettime(CLOCK_MONOTONIC, &start);
        ldpc_code *code = NULL;
        ldpc_error err = {{0}};
        ldpc_status status = ldpc_code_load_alist(path, &code, &err);
        clock_gettime(CLOCK_MONOTONIC, &end);
        remove(path);
        assert_int_equal(status, LDPC_OK);
        assert_null(code->gen_rows);
        assert_non_null(code->parity_checks);
        assert_int_equal(code->k, code->n - code->m);
        double seconds = (double)(end.tv_sec - start.tv_sec) + 1e-9 * (double)(end.tv_nsec - start.tv_nsec);
        assert_true(seconds < 20.0);
        static uint8_t info[64800], word[64800];
        uint64_t state_bits = 0x2545F4914F6CDD1Du + i;
        for (uint32_t b = 0; b < code->k; b++) {
            state_bits ^= state_bits << 13;
            state_bits ^= state_bits >> 7;
            state_bits ^= state_bits << 17;
            info[b] = (uint8_t)(state_bits & 1u);
        }
        assert_int_equal(ldpc_encode(code, info, word, NULL), LDPC_OK);
        assert_int_equal(ldpc_code_unsatisfied_checks(code, word), 0);
        uint8_t back[64800];
        ldpc_code_extract_info(code, word, back);
        assert_memory_equal(back, info, code->k);
        ldpc_code_destroy(code);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hamming_loads_with_and_without_padding),
        cmocka_unit_test(malformed_files_name_file_and_line),
        cmocka_unit_test(missing_file_is_an_io_error),
        cmocka_unit_test(registry_loads_alist_names),
        cmocka_unit_test(reference_alists_load_with_published_numbers),
        cmocka_unit_test(dvb_s2_alists_load_with_a_triangular_encoder),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
