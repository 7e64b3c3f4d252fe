/* The code description builder: views, permutation, layers, footprint. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "code/code_internal.h"

/* H of the (7,4) Hamming code, rows as variable lists. */
static const uint32_t hamming_rows[3][4] = {{0, 1, 2, 4}, {1, 2, 3, 5}, {0, 1, 3, 6}};

/* reorder: the shape's layers_reorder_checks, so that the layer-ordered
 * edges are stored apart. */
static ldpc_code *build_hamming_with(int reorder)
{
    code_shape shape = {
        .n = 7, .m = 3, .k = 4, .edges = 12, .layer_count = 3, .layers_reorder_checks = reorder};
    code_builder b;
    assert_int_equal(code_builder_begin(&b, &shape, "hamming-7-4", LDPC_FAMILY_GENERIC, NULL),
                     LDPC_OK);
    uint32_t e = 0;
    for (uint32_t r = 0; r < 3; r++) {
        b.check_offsets[r] = e;
        for (uint32_t j = 0; j < 4; j++)
            b.check_var[e++] = hamming_rows[r][j];
    }
    b.check_offsets[3] = e;
    code_builder_index_edges(&b);
    code_builder_single_check_layers(&b);
    return b.code;
}

static ldpc_code *build_hamming(void)
{
    return build_hamming_with(0);
}

static void views_agree_and_permutation_is_complete(void **state)
{
    (void)state;
    ldpc_code *c = build_hamming();
    uint8_t seen[12] = {0};
    for (uint32_t v = 0; v < c->n; v++) {
        uint32_t previous_check = 0;
        for (uint32_t i = c->var_offsets[v]; i < c->var_offsets[v + 1]; i++) {
            uint32_t e = c->var_edges[i];
            assert_int_equal(c->check_var[e], v);
            if (i > c->var_offsets[v])
                assert_true(c->edge_check[e] > previous_check);
            previous_check = c->edge_check[e];
            seen[e]++;
        }
    }
    for (uint32_t e = 0; e < 12; e++)
        assert_int_equal(seen[e], 1);
    assert_int_equal(c->max_var_degree, 3); /* variable 1 */
    assert_int_equal(c->min_var_degree, 1);
    assert_int_equal(c->max_check_degree, 4);
    assert_int_equal(c->var_offsets[7], 12);
    ldpc_code_destroy(c);
}

static void footprint_is_exact_and_known_in_advance(void **state)
{
    (void)state;
    code_shape shape = {.n = 7, .m = 3, .k = 4, .edges = 12, .layer_count = 3};
    size_t expected = code_shape_footprint(&shape);
    ldpc_code *c = build_hamming();
    assert_int_equal(c->footprint_bytes, expected);
    ldpc_code_destroy(c);
}

/* The public getters read the description (the layout is the library's). */
static void getters_read_the_description(void **state)
{
    (void)state;
    ldpc_code *code = NULL, *compact = NULL;
    ldpc_error err;
    assert_int_equal(ldpc_code_create("dvbs2-short-1/2", &code, &err), LDPC_OK);
    assert_string_equal(ldpc_code_name(code), "dvbs2-short-1/2");
    assert_int_equal(ldpc_code_family(code), LDPC_FAMILY_DVB_IRA);
    assert_int_equal(ldpc_code_n(code), 16200);
    assert_int_equal(ldpc_code_k(code), 7200);
    assert_int_equal(ldpc_code_m(code), 9000);
    assert_int_equal(ldpc_code_edges(code), code->edges);
    assert_int_equal(ldpc_code_max_check_degree(code), code->max_check_degree);
    assert_int_equal(ldpc_code_max_var_degree(code), code->max_var_degree);
    assert_ptr_equal(ldpc_code_info_positions(code), code->info_positions);
    assert_int_equal(ldpc_code_footprint(code), code->footprint_bytes);
    uint32_t degree;
    const uint32_t *vars = ldpc_code_check_vars(code, 8999, &degree);
    assert_int_equal(degree, code->check_offsets[9000] - code->check_offsets[8999]);
    assert_ptr_equal(vars, code->check_var + code->check_offsets[8999]);
    assert_null(ldpc_code_check_vars(code, 9000, &degree));
    assert_int_equal(degree, 0);
    assert_int_equal(ldpc_code_check_degree(code, 0), code->check_offsets[1]);
    assert_int_equal(ldpc_code_var_degree(code, 16199),
                     code->var_offsets[16200] - code->var_offsets[16199]);
    assert_int_equal(ldpc_code_var_degree(code, 16200), 0);
    assert_int_equal(ldpc_code_layer_count(code), 25);
    assert_int_equal(ldpc_code_layer_size(code), 360);
    assert_int_equal(ldpc_code_create_compact("dvbs2-short-1/2", &compact, &err), LDPC_OK);
    assert_int_equal(ldpc_code_has_graph(compact), 0);
    assert_null(ldpc_code_check_vars(compact, 0, &degree));
    assert_int_equal(ldpc_code_var_degree(compact, 0), 0);
    ldpc_code_destroy(compact);
    ldpc_code_destroy(code);
}

static void syndrome_counts_unsatisfied_checks(void **state)
{
    (void)state;
    ldpc_code *c = build_hamming();
    uint8_t zero[7] = {0};
    uint8_t one_error[7] = {0, 1, 0, 0, 0, 0, 0}; /* variable 1 is in all three checks */
    assert_int_equal(ldpc_code_unsatisfied_checks(c, zero), 0);
    assert_int_equal(ldpc_code_unsatisfied_checks(c, one_error), 3);
    ldpc_code_destroy(c);
}

static void layer_overlap_is_detected(void **state)
{
    (void)state;
    ldpc_code *c = build_hamming();
    code_builder b = {.code = c,
                      .check_offsets = (uint32_t *)c->check_offsets,
                      .check_var = (uint32_t *)c->check_var,
                      .layer_offsets = (uint32_t *)c->layer_offsets,
                      .layer_checks = (uint32_t *)c->layer_checks};
    uint32_t scratch[7];
    assert_int_equal(code_builder_check_layers(&b, scratch), LDPC_OK);
    assert_true(c->layers_disjoint);
    assert_int_equal(c->layer_repeat_count, 0);
    assert_null(c->check_repeat_offsets);
    /* One layer holding every check: checks share variables. Check 1 repeats
     * variables 1 and 2 (of check 0); check 2 repeats 0, 1 and 3. */
    c->layer_count = 1;
    b.layer_offsets[1] = 3;
    size_t footprint_before = c->footprint_bytes;
    assert_int_equal(code_builder_check_layers(&b, scratch), LDPC_OK);
    assert_false(c->layers_disjoint);
    assert_int_equal(c->layer_repeat_count, 5);
    assert_int_equal(c->max_layer_snapshots, 4); /* variables 1, 2, 0, 3 */
    assert_int_equal(c->footprint_bytes, footprint_before + code_repeat_lists_bytes(1, 3, 4, 5));
    const uint32_t expected_vars[4] = {1, 2, 0, 3};
    for (uint32_t i = 0; i < 4; i++)
        assert_int_equal(c->layer_snapshot_vars[i], expected_vars[i]);
    const uint32_t expected_offsets[4] = {0, 0, 2, 5};
    for (uint32_t i = 0; i < 4; i++)
        assert_int_equal(c->check_repeat_offsets[i], expected_offsets[i]);
    /* Edges 4, 5 (check 1: variables 1, 2), 8, 9, 10 (check 2: variables 0, 1, 3). */
    const uint32_t expected_edges[5] = {4, 5, 8, 9, 10}, expected_slots[5] = {0, 1, 2, 0, 3};
    for (uint32_t i = 0; i < 5; i++) {
        assert_int_equal(c->check_repeat_edges[i], expected_edges[i]);
        assert_int_equal(c->check_repeat_slots[i], expected_slots[i]);
    }
    ldpc_code_destroy(c);
}

static void layer_edges_follow_the_layer_order(void **state)
{
    (void)state;
    /* Layers in index order: the check-major view itself, nothing stored. */
    ldpc_code *plain = build_hamming();
    assert_ptr_equal(plain->layer_var, plain->check_var);
    assert_ptr_equal(plain->layer_edge_offsets, plain->check_offsets);
    code_shape shape = {.n = 7, .m = 3, .k = 4, .edges = 12, .layer_count = 3};
    const size_t plain_bytes = code_shape_footprint(&shape);
    /* Reordering its layers afterwards is refused: nothing was reserved. */
    code_builder plain_builder = {.code = plain,
                                  .check_offsets = (uint32_t *)plain->check_offsets,
                                  .check_var = (uint32_t *)plain->check_var,
                                  .layer_offsets = (uint32_t *)plain->layer_offsets,
                                  .layer_checks = (uint32_t *)plain->layer_checks};
    plain_builder.layer_checks[0] = 1;
    plain_builder.layer_checks[1] = 0;
    uint32_t scratch[7];
    assert_int_equal(code_builder_check_layers(&plain_builder, scratch), LDPC_ERR_INVALID);
    ldpc_code_destroy(plain);
    /* Reordered layers: the lists of checks 2, 0, 1, stored apart. */
    ldpc_code *c = build_hamming_with(1);
    shape.layers_reorder_checks = 1;
    assert_int_equal(c->footprint_bytes, code_shape_footprint(&shape));
    assert_int_equal(c->footprint_bytes, plain_bytes + 16 + 48); /* 4 offsets, 12 variables */
    code_builder b = {.code = c,
                      .check_offsets = (uint32_t *)c->check_offsets,
                      .check_var = (uint32_t *)c->check_var,
                      .layer_checks = (uint32_t *)c->layer_checks,
                      .layer_edge_offsets = (uint32_t *)c->layer_edge_offsets,
                      .layer_var = (uint32_t *)c->layer_var};
    const uint32_t order[3] = {2, 0, 1};
    for (uint32_t i = 0; i < 3; i++)
        b.layer_checks[i] = order[i];
    code_builder_layer_edges(&b);
    for (uint32_t i = 0; i < 3; i++) {
        assert_int_equal(c->layer_edge_offsets[i], 4 * i);
        for (uint32_t j = 0; j < 4; j++)
            assert_int_equal(c->layer_var[4 * i + j], hamming_rows[order[i]][j]);
    }
    assert_int_equal(c->layer_edge_offsets[3], 12);
    ldpc_code_destroy(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(views_agree_and_permutation_is_complete),
        cmocka_unit_test(footprint_is_exact_and_known_in_advance),
        cmocka_unit_test(getters_read_the_description),
        cmocka_unit_test(syndrome_counts_unsatisfied_checks),
        cmocka_unit_test(layer_overlap_is_detected),
        cmocka_unit_test(layer_edges_follow_the_layer_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
