/* The built-in DVB codes as descriptions: names and aliases, errors for
 * unknown names, footprints, the structure of H and of the layers, degree
 * profiles, and the same H as AFF3CT's DVB-S2 alist files. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "code/code_internal.h"
#include "ldpc/code.h"
#include "ldpc/encoder.h"
#include "test_support.h"

static ldpc_code *create(const char *name)
{
    ldpc_code *code = NULL;
    ldpc_error err = {{0}};
    if (ldpc_code_create(name, &code, &err) != LDPC_OK)
        fail_msg("%s: %s", name, err.message);
    return code;
}

/* The DVB codes among the built-in ones (listed first). */
static size_t dvb_code_total(void)
{
    size_t count = 0;
    while (count < ldpc_builtin_code_count() &&
           strncmp(ldpc_builtin_code_name(count), "dvb", 3) == 0)
        count++;
    return count;
}

static void names_are_unique_and_well_formed(void **state)
{
    (void)state;
    size_t count = dvb_code_total();
    assert_int_equal(count, 86); /* S2 11 + 10, T2 6 + 9, C2 5 + 6, S2X 23 + 7 + 9 VL-SNR */
    assert_null(ldpc_builtin_code_name(ldpc_builtin_code_count()));
    assert_null(ldpc_builtin_code_alias_of(ldpc_builtin_code_count()));
    for (size_t i = 0; i < count; i++) {
        const char *name = ldpc_builtin_code_name(i);
        char standard[8], frame[8], suffix[16] = "";
        unsigned numerator, denominator;
        int fields = sscanf(name, "dvb%6[stc2x]-%6[a-z]-%u/%u%15s", standard, frame, &numerator,
                            &denominator, suffix);
        assert_true(fields == 4 || fields == 5);
        assert_true(strcmp(frame, "normal") == 0 || strcmp(frame, "short") == 0 ||
                    (strcmp(frame, "medium") == 0 && strcmp(standard, "s2x") == 0));
        assert_true(suffix[0] == '\0' || strcmp(suffix, "-vlsnr") == 0 ||
                    strcmp(suffix, "-vlsnr-sf2") == 0);
        assert_true(numerator < denominator);
        for (size_t j = 0; j < i; j++)
            assert_string_not_equal(name, ldpc_builtin_code_name(j));
    }
}

/* Only DVB-C2 names are aliases, and each aliases a non-alias built-in name
 * whose description is identical. */
static void aliases_name_identical_codes(void **state)
{
    (void)state;
    size_t aliases = 0;
    for (size_t i = 0; i < dvb_code_total(); i++) {
        const char *name = ldpc_builtin_code_name(i);
        const char *target = ldpc_builtin_code_alias_of(i);
        assert_int_equal(target != NULL, strncmp(name, "dvbc2-", 6) == 0);
        if (target == NULL)
            continue;
        aliases++;
        /* The same frame size and rate, another standard. */
        assert_string_equal(strchr(name, '-'), strchr(target, '-'));
        int target_found = 0;
        for (size_t j = 0; j < dvb_code_total(); j++)
            if (strcmp(ldpc_builtin_code_name(j), target) == 0) {
                target_found = 1;
                assert_null(ldpc_builtin_code_alias_of(j));
            }
        assert_true(target_found);
        ldpc_code *a = create(name), *b = create(target);
        assert_string_equal(a->name, name);
        assert_int_equal(a->edges, b->edges);
        assert_memory_equal(a->check_var, b->check_var, (size_t)a->edges * sizeof(uint32_t));
        assert_memory_equal(a->dvb_addresses, b->dvb_addresses,
                            (size_t)a->dvb_row_offsets[a->dvb_groups] * sizeof(uint32_t));
        ldpc_code_destroy(a);
        ldpc_code_destroy(b);
    }
    assert_int_equal(aliases, 11);
}

static void unknown_names_are_refused_with_a_hint(void **state)
{
    (void)state;
    const char *unknown[] = {"dvbs2-normal-7/8", "dvbs2-medium-1/2", "DVBS2-normal-1/2",
                             "dvbs2-normal-1_2", "dvbt2-normal-9/10", "dvbs2-normal-1/2 ", ""};
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        ldpc_code sentinel;
        ldpc_code *code = &sentinel; /* must be reset to NULL */
        ldpc_error err = {{0}};
        assert_int_equal(ldpc_code_create(unknown[i], &code, &err), LDPC_ERR_UNKNOWN_CODE);
        assert_null(code);
        assert_non_null(strstr(err.message, unknown[i]));
        assert_non_null(strstr(err.message, "dvbs2-normal-1/2"));
        assert_int_equal(ldpc_code_builtin_footprint(unknown[i]), 0);
    }
    assert_int_equal(ldpc_code_builtin_footprint(NULL), 0);
}

static void footprint_is_known_before_building(void **state)
{
    (void)state;
    for (size_t i = 0; i < dvb_code_total(); i++) {
        const char *name = ldpc_builtin_code_name(i);
        size_t predicted = ldpc_code_builtin_footprint(name);
        ldpc_code *code = create(name);
        assert_int_equal(dvb_code_footprint(name), predicted);
        assert_int_equal(code->footprint_bytes, predicted);
        ldpc_code_destroy(code);
    }
}

/* The IRA structure: info positions, the staircase, ascending distinct
 * variables in every check (a repeated address would make a duplicate), and
 * row g of the table read back through the encoder from the unit vector
 * e_{360 g}. */
static void h_has_the_ira_structure(void **state)
{
    (void)state;
    for (size_t i = 0; i < dvb_code_total(); i++) {
        ldpc_code *c = create(ldpc_builtin_code_name(i));
        assert_int_equal(c->family, LDPC_FAMILY_DVB_IRA);
        assert_int_equal(c->dvb_q * 360, c->m);
        assert_int_equal(c->dvb_groups * 360, c->k);
        for (uint32_t v = 0; v < c->k; v++)
            assert_int_equal(c->info_positions[v], v);
        for (uint32_t chk = 0; chk < c->m; chk++) {
            uint32_t begin = c->check_offsets[chk], end = c->check_offsets[chk + 1];
            for (uint32_t e = begin + 1; e < end; e++)
                assert_true(c->check_var[e] > c->check_var[e - 1]);
            /* The last one or two variables are the staircase parity bits. */
            assert_int_equal(c->check_var[end - 1], c->k + chk);
            if (chk > 0)
                assert_int_equal(c->check_var[end - 2], c->k + chk - 1);
            assert_true(c->check_var[end - (chk > 0 ? 3 : 2)] < c->k);
        }
        uint8_t *info = calloc(c->k, 1), *codeword = malloc(c->n);
        assert_non_null(info);
        assert_non_null(codeword);
        uint32_t g = c->dvb_groups / 2; /* past the shortened bits of a VL-SNR code */
        info[360 * g - ldpc_code_shortened_count(c)] = 1;
        assert_int_equal(ldpc_encode(c, info, codeword, NULL), LDPC_OK);
        uint32_t ones = 0;
        for (uint32_t j = 0; j < c->m; j++) {
            uint8_t d = codeword[c->k + j] ^ (j > 0 ? codeword[c->k + j - 1] : 0);
            ones += d;
            if (d) {
                int in_row = 0;
                for (uint32_t a = c->dvb_row_offsets[g]; a < c->dvb_row_offsets[g + 1]; a++)
                    in_row |= c->dvb_addresses[a] == j;
                assert_true(in_row);
            }
        }
        assert_int_equal(ones, c->dvb_row_offsets[g + 1] - c->dvb_row_offsets[g]);
        free(info);
        free(codeword);
        ldpc_code_destroy(c);
    }
}

/* Layers are q groups of 360 checks {l, l + q, ...}; they are disjoint exactly
 * when no table row holds two addresses equal mod q (such a pair puts one
 * information bit into two checks of one layer; parity bits j and j + 1 lie in
 * adjacent layers as q > 1). */
static void layers_are_the_q_check_groups(void **state)
{
    (void)state;
    for (size_t i = 0; i < dvb_code_total(); i++) {
        const char *name = ldpc_builtin_code_name(i);
        ldpc_code *c = create(name);
        assert_int_equal(c->layer_count, c->dvb_q);
        assert_int_equal(c->layer_size, 360);
        assert_true(c->dvb_q > 1);
        for (uint32_t l = 0; l < c->layer_count; l++) {
            assert_int_equal(c->layer_offsets[l], 360 * l);
            for (uint32_t j = 0; j < 360; j++)
                assert_int_equal(c->layer_checks[360 * l + j], l + j * c->dvb_q);
        }
        assert_int_equal(c->layer_offsets[c->layer_count], c->m);
        /* The layer-ordered edges are each check's list, in layer order. */
        for (uint32_t p = 0; p < c->m; p++) {
            const uint32_t chk = c->layer_checks[p], first = c->check_offsets[chk];
            const uint32_t degree = c->check_offsets[chk + 1] - first;
            assert_int_equal(c->layer_edge_offsets[p + 1] - c->layer_edge_offsets[p], degree);
            for (uint32_t j = 0; j < degree; j++)
                assert_int_equal(c->layer_var[c->layer_edge_offsets[p] + j], c->check_var[first + j]);
        }
        int disjoint = 1;
        for (uint32_t g = 0; g < c->dvb_groups; g++)
            for (uint32_t a = c->dvb_row_offsets[g]; a < c->dvb_row_offsets[g + 1]; a++)
                for (uint32_t b = a + 1; b < c->dvb_row_offsets[g + 1]; b++)
                    if (c->dvb_addresses[a] % c->dvb_q == c->dvb_addresses[b] % c->dvb_q)
                        disjoint = 0;
        assert_int_equal(c->layers_disjoint, disjoint);
        printf("%-18s q=%3u layers %s\n", name, c->dvb_q,
               disjoint ? "disjoint" : "NOT disjoint");
        ldpc_code_destroy(c);
    }
}

typedef struct {
    uint32_t degree, count;
} degree_count;

static void assert_variable_degrees(const char *name, const degree_count *expected, size_t n)
{
    ldpc_code *c = create(name);
    uint32_t total = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t count = 0;
        for (uint32_t v = 0; v < c->n; v++)
            count += c->var_offsets[v + 1] - c->var_offsets[v] == expected[i].degree;
        if (count != expected[i].count)
            fail_msg("%s: %u variables of degree %u, expected %u", name, count,
                     expected[i].degree, expected[i].count);
        total += count;
    }
    assert_int_equal(total, c->n); /* no other degree occurs */
    ldpc_code_destroy(c);
}

/* Column degrees as the tables dictate: rows of 13/12/8/4 addresses, rows of 3,
 * then degree 2 for every parity bit but the last, which has degree 1. The two
 * T2-only tables differ from S2's in exactly this profile (short 3/5). */
static void variable_degree_profiles(void **state)
{
    (void)state;
    const degree_count normal_1_2[] = {{8, 12960}, {3, 19440}, {2, 32399}, {1, 1}};
    assert_variable_degrees("dvbs2-normal-1/2", normal_1_2, 4);
    const degree_count normal_9_10[] = {{4, 6480}, {3, 51840}, {2, 6479}, {1, 1}};
    assert_variable_degrees("dvbs2-normal-9/10", normal_9_10, 4);
    const degree_count s2_short_3_5[] = {{12, 3240}, {3, 6480}, {2, 6479}, {1, 1}};
    assert_variable_degrees("dvbs2-short-3/5", s2_short_3_5, 4);
    const degree_count t2_short_3_5[] = {{12, 1800}, {3, 7920}, {2, 6479}, {1, 1}};
    assert_variable_degrees("dvbt2-short-3/5", t2_short_3_5, 4);
    const degree_count t2_normal_2_3[] = {{13, 4320}, {3, 38880}, {2, 21599}, {1, 1}};
    assert_variable_degrees("dvbt2-normal-2/3", t2_normal_2_3, 4);
}

/* Check degrees are constant but for check 0 (one parity bit fewer), except
 * in the short frames whose k is below the nominal rate (short 1/4, 1/2, 3/4,
 * 4/5, 5/6), which are check-irregular in the standard itself, and in the
 * DVB-S2X tables whose check degrees span two values (xdsopl/LDPC's
 * dvb_s2x_tables.hh: LINKS_MAX_CN - LINKS_MIN_CN = 2), with the VL-SNR codes
 * built on such tables. */
static int check_irregular(const char *name)
{
    static const char *const s2_rates[] = {"short-1/4", "short-1/2", "short-3/4", "short-4/5",
                                           "short-5/6"};
    static const char *const s2x_names[] = {
        "dvbs2x-normal-13/45",  "dvbs2x-normal-90/180",  "dvbs2x-normal-96/180",
        "dvbs2x-normal-100/180", "dvbs2x-normal-104/180", "dvbs2x-normal-116/180",
        "dvbs2x-normal-124/180", "dvbs2x-normal-128/180", "dvbs2x-normal-132/180",
        "dvbs2x-normal-135/180", "dvbs2x-normal-140/180", "dvbs2x-normal-154/180",
        "dvbs2x-normal-18/30",  "dvbs2x-normal-20/30",   "dvbs2x-normal-22/30",
        "dvbs2x-short-4/15",    "dvbs2x-short-7/15",     "dvbs2x-short-8/15",
        "dvbs2x-short-1/5-vlsnr-sf2", "dvbs2x-short-1/5-vlsnr", "dvbs2x-short-4/15-vlsnr"};
    for (size_t i = 0; i < sizeof s2x_names / sizeof s2x_names[0]; i++)
        if (strcmp(name, s2x_names[i]) == 0)
            return 1;
    if (strncmp(name, "dvbs2x-", 7) == 0)
        return 0;
    for (size_t i = 0; i < sizeof s2_rates / sizeof s2_rates[0]; i++)
        if (strcmp(strchr(name, '-') + 1, s2_rates[i]) == 0)
            return 1;
    return 0;
}

static void check_degrees_are_regular_but_in_some_short_frames(void **state)
{
    (void)state;
    for (size_t i = 0; i < dvb_code_total(); i++) {
        const char *name = ldpc_builtin_code_name(i);
        ldpc_code *c = create(name);
        uint32_t first = c->check_offsets[1] - c->check_offsets[0];
        uint32_t differing = 0;
        for (uint32_t chk = 1; chk < c->m; chk++)
            differing += c->check_offsets[chk + 1] - c->check_offsets[chk] != first + 1;
        if (check_irregular(name)) {
            assert_true(differing > 0);
        } else {
            assert_int_equal(differing, 0);
            assert_int_equal((c->edges - (2 * c->m - 1)) % c->m, 0);
        }
        ldpc_code_destroy(c);
    }
}

/* --- AFF3CT's DVB-S2 normal-frame alists ---------------------------------
 * Their rows and columns are numbered as in the standard (column i is
 * information bit i, column k + j parity bit j, row j check j), so the ones
 * must equal ours check by check. The library's alist loader builds a dense
 * generator, which it refuses for these sizes, so H is read here directly:
 * `n m`, the two maximum degrees, n column degrees, m row degrees, the n column
 * lists, then the m row lists (1-based; 0 pads a list). */

/* The same H as aff3ct's DVB-S2 alist files (an independent transcription of
 * EN 302 307-1): sizes, number of ones and the digest of every position. */
static void same_h_as_aff3ct_alists(void **state)
{
    (void)state;
    const char *path = LDPC_SOURCE_DIR "/tests/vectors/codes/dvbs2_aff3ct_digests.txt";
    assert_int_equal(test_compare_digests(path, "dvbs2-", NULL), 5);
}

/* A compact description keeps every count, degree, the table and the
 * transmission, drops the graph (under 1/16 of the footprint), encodes the same codewords and counts
 * the same unsatisfied checks, for codewords, codewords with flipped bits and
 * random words; a name that is not DVB comes back whole. */
static void compact_codes_keep_all_but_the_graph(void **state)
{
    (void)state;
    uint64_t rng = 12345;
    for (size_t i = 0; i < dvb_code_total(); i++) {
        const char *name = ldpc_builtin_code_name(i);
        ldpc_code *whole = create(name), *compact = NULL;
        ldpc_error err = {{0}};
        assert_int_equal(ldpc_code_create_compact(name, &compact, &err), LDPC_OK);
        assert_true(ldpc_code_has_graph(whole));
        assert_false(ldpc_code_has_graph(compact));
        assert_null(compact->check_var);
        assert_null(compact->layer_var);
        assert_null(compact->check_repeat_edges);
        /* Both keep a VL-SNR code's transmission lists: 2 n words or so. */
        size_t lists = ldpc_code_transmitted_n(whole) == whole->n
                           ? 0
                           : ((size_t)whole->tx_n + whole->k + whole->punctured_count) * 4;
        assert_true((compact->footprint_bytes - lists) * 16 < whole->footprint_bytes - lists);
        assert_int_equal(compact->tx_n, whole->tx_n);
        assert_int_equal(compact->edges, whole->edges);
        assert_int_equal(compact->max_check_degree, whole->max_check_degree);
        assert_int_equal(compact->max_layer_snapshots, whole->max_layer_snapshots);
        assert_int_equal(compact->layers_disjoint, whole->layers_disjoint);
        assert_memory_equal(compact->layer_offsets, whole->layer_offsets,
                            ((size_t)whole->layer_count + 1) * sizeof(uint32_t));
        assert_memory_equal(compact->dvb_addresses, whole->dvb_addresses,
                            whole->dvb_row_offsets[whole->dvb_groups] * sizeof(uint32_t));
        uint8_t *info = malloc(whole->k), *a = malloc(whole->n), *b = malloc(whole->n);
        assert_non_null(info);
        assert_non_null(a);
        assert_non_null(b);
        for (uint32_t v = 0; v < whole->k; v++) {
            rng = rng * 6364136223846793005u + 1442695040888963407u;
            info[v] = (uint8_t)(rng >> 63);
        }
        assert_int_equal(ldpc_encode(whole, info, a, &err), LDPC_OK);
        assert_int_equal(ldpc_encode(compact, info, b, &err), LDPC_OK);
        assert_memory_equal(a, b, whole->n);
        assert_int_equal(ldpc_code_unsatisfied_checks(compact, a), 0);
        for (int flips = 0; flips < 40; flips++) {
            rng = rng * 6364136223846793005u + 1442695040888963407u;
            a[(rng >> 33) % whole->n] ^= 1u;
        }
        assert_true(ldpc_code_unsatisfied_checks(whole, a) > 0);
        assert_int_equal(ldpc_code_unsatisfied_checks(compact, a),
                         ldpc_code_unsatisfied_checks(whole, a));
        for (uint32_t v = 0; v < whole->n; v++) {
            rng = rng * 6364136223846793005u + 1442695040888963407u;
            a[v] = (uint8_t)(rng >> 63);
        }
        assert_int_equal(ldpc_code_unsatisfied_checks(compact, a),
                         ldpc_code_unsatisfied_checks(whole, a));
        free(info);
        free(a);
        free(b);
        ldpc_code_destroy(compact);
        ldpc_code_destroy(whole);
    }
    ldpc_code *generic = NULL;
    ldpc_error err = {{0}};
    assert_int_equal(ldpc_code_create_compact("alist:" LDPC_SOURCE_DIR
                                              "/tests/vectors/alist/hamming_7_4.alist",
                                              &generic, &err),
                     LDPC_OK);
    assert_true(ldpc_code_has_graph(generic));
    ldpc_code_destroy(generic);
    assert_int_equal(ldpc_code_create_compact("alist:/nonexistent.alist", &generic, &err),
                     LDPC_ERR_IO);
    assert_null(generic);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(names_are_unique_and_well_formed),
        cmocka_unit_test(aliases_name_identical_codes),
        cmocka_unit_test(unknown_names_are_refused_with_a_hint),
        cmocka_unit_test(footprint_is_known_before_building),
        cmocka_unit_test(h_has_the_ira_structure),
        cmocka_unit_test(layers_are_the_q_check_groups),
        cmocka_unit_test(variable_degree_profiles),
        cmocka_unit_test(check_degrees_are_regular_but_in_some_short_frames),
        cmocka_unit_test(same_h_as_aff3ct_alists),
        cmocka_unit_test(compact_codes_keep_all_but_the_graph),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
