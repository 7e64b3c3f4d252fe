/* Small codes for the decoder tests, built directly with the code builder so
 * that the tests depend only on the description format: random regular codes
 * (fixed seed) and one single-check code for hand-computed examples.
 * Header-only (static inline) because several test programs include it. */
#ifndef LDPC_TEST_DECODER_CODES_H
#define LDPC_TEST_DECODER_CODES_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "code/code_internal.h"
#include "test_support.h"

static inline int test_compare_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* A random code with every variable of degree dv and checks of degree dc
 * (less where the random socket matching put a variable twice in a check;
 * the duplicate is dropped). layer_count 0: one check per layer; otherwise
 * layer j holds checks j, j + layer_count, j + 2 layer_count, ... (the DVB
 * arrangement). */
static inline ldpc_code *test_code_random_regular(const char *name, uint32_t n, uint32_t dv,
                                                  uint32_t dc, uint32_t layer_count,
                                                  uint64_t seed)
{
    uint32_t m = n * dv / dc;
    uint32_t sockets = m * dc;
    uint32_t *socket_var = malloc(sockets * sizeof(uint32_t));
    assert_non_null(socket_var);
    for (uint32_t s = 0; s < sockets; s++)
        socket_var[s] = s % n;
    test_rng rng;
    test_rng_seed(&rng, seed);
    for (uint32_t s = sockets - 1; s > 0; s--) {
        uint32_t r = (uint32_t)(test_rng_next(&rng) % (s + 1));
        uint32_t tmp = socket_var[s];
        socket_var[s] = socket_var[r];
        socket_var[r] = tmp;
    }
    uint32_t edges = 0;
    for (uint32_t c = 0; c < m; c++) {
        uint32_t *row = socket_var + c * dc;
        qsort(row, dc, sizeof(uint32_t), test_compare_u32);
        for (uint32_t j = 0; j < dc; j++)
            edges += j == 0 || row[j] != row[j - 1];
    }
    /* Layers of strided checks (c, c + layer_count, ...) reorder them. */
    code_shape shape = {.n = n, .m = m, .k = n - m, .edges = edges,
                        .layer_count = layer_count ? layer_count : m,
                        .layers_reorder_checks = layer_count > 0};
    code_builder b;
    assert_int_equal(code_builder_begin(&b, &shape, name, LDPC_FAMILY_GENERIC, NULL), LDPC_OK);
    uint32_t e = 0;
    for (uint32_t c = 0; c < m; c++) {
        const uint32_t *row = socket_var + c * dc;
        b.check_offsets[c] = e;
        for (uint32_t j = 0; j < dc; j++)
            if (j == 0 || row[j] != row[j - 1])
                b.check_var[e++] = row[j];
    }
    b.check_offsets[m] = e;
    free(socket_var);
    code_builder_index_edges(&b);
    for (uint32_t i = 0; i < n - m; i++)
        b.info_positions[i] = i;
    if (layer_count == 0) {
        code_builder_single_check_layers(&b);
    } else {
        uint32_t i = 0;
        for (uint32_t l = 0; l < layer_count; l++) {
            b.layer_offsets[l] = i;
            for (uint32_t c = l; c < m; c += layer_count)
                b.layer_checks[i++] = c;
        }
        b.layer_offsets[layer_count] = i;
        uint32_t *scratch = malloc(n * sizeof(uint32_t));
        assert_non_null(scratch);
        assert_int_equal(code_builder_check_layers(&b, scratch), LDPC_OK);
        free(scratch);
    }
    return b.code;
}

/* One check over `degree` variables (the hand-computed examples). */
static inline ldpc_code *test_code_single_check(uint32_t degree)
{
    code_shape shape = {.n = degree, .m = 1, .k = degree - 1, .edges = degree, .layer_count = 1};
    code_builder b;
    assert_int_equal(code_builder_begin(&b, &shape, "single-check", LDPC_FAMILY_GENERIC, NULL),
                     LDPC_OK);
    b.check_offsets[0] = 0;
    for (uint32_t v = 0; v < degree; v++)
        b.check_var[v] = v;
    b.check_offsets[1] = degree;
    code_builder_index_edges(&b);
    for (uint32_t i = 0; i + 1 < degree; i++)
        b.info_positions[i] = i;
    code_builder_single_check_layers(&b);
    return b.code;
}

#endif
