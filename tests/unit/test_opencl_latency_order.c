/* The latency order of a frame's posteriors (platform/opencl/
 * opencl_latency_order.h): a permutation of the variables under which the
 * neighbouring layer positions of a slot, which neighbouring work-items of a
 * warp load together, use neighbouring posteriors. */
#include "opencl/opencl_latency_order.h"
#include "code/code_struct.h"
#include "test_opencl_support.h"

static uint32_t *latency_positions(const ldpc_code *code)
{
    uint32_t *position = malloc((size_t)code->n * sizeof *position);
    assert_non_null(position);
    opencl_latency_order(code, position);
    return position;
}

static void assert_permutation(const uint32_t *position, uint32_t n)
{
    uint8_t *seen = calloc(n, 1);
    assert_non_null(seen);
    for (uint32_t v = 0; v < n; v++) {
        assert_true(position[v] < n);
        assert_false(seen[position[v]]);
        seen[position[v]] = 1;
    }
    free(seen);
}

/* Of the pairs of neighbouring layer positions that both have an edge in a
 * slot, the fraction whose posteriors are neighbours under `position` (code
 * order where NULL). */
static double neighbour_fraction(const ldpc_code *code, const uint32_t *position)
{
    uint64_t pairs = 0, neighbours = 0;
    for (uint32_t l = 0; l < code->layer_count; l++) {
        uint32_t slots = opencl_latency_layer_slots(code, l);
        for (uint32_t j = 0; j < slots; j++)
            for (uint32_t i = code->layer_offsets[l]; i + 1 < code->layer_offsets[l + 1]; i++) {
                uint32_t c0 = code->layer_checks[i], c1 = code->layer_checks[i + 1];
                uint32_t e0 = code->check_offsets[c0] + j, e1 = code->check_offsets[c1] + j;
                if (e0 >= code->check_offsets[c0 + 1] || e1 >= code->check_offsets[c1 + 1])
                    continue;
                uint32_t v0 = code->check_var[e0], v1 = code->check_var[e1];
                uint32_t p0 = position != NULL ? position[v0] : v0;
                uint32_t p1 = position != NULL ? position[v1] : v1;
                pairs++;
                neighbours += p1 == p0 + 1;
            }
    }
    return pairs > 0 ? (double)neighbours / (double)pairs : 0.0;
}

/* DVB codes: in code order the parity slots are q apart; in the latency order
 * nearly every pair is a neighbour (a rotation's wrap and the repeats of a
 * layer are the exceptions). */
static void dvb_parity_bits_become_neighbours(void **state)
{
    (void)state;
    const char *names[] = {"dvbs2-normal-1/2", "dvbs2-short-1/2", "dvbs2-short-3/5",
                           "dvbt2-normal-2/3", "dvbs2-normal-9/10"};
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        ldpc_code *code = test_opencl_code(names[k]);
        uint32_t *position = latency_positions(code);
        assert_permutation(position, code->n);
        double before = neighbour_fraction(code, NULL), after = neighbour_fraction(code, position);
        print_message("%-18s neighbours: code order %.3f, latency order %.3f\n", names[k], before,
                      after);
        assert_true(after >= 0.95);
        assert_true(after > before + 0.05);
        free(position);
        ldpc_code_destroy(code);
    }
}

/* Any code gets a permutation: the (7,4) Hamming code, checks of unequal
 * degrees in one layer. */
static void small_code_gets_a_permutation(void **state)
{
    (void)state;
    const uint32_t rows[] = {0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 2};
    const uint32_t cols[] = {0, 1, 2, 4, 1, 2, 3, 5, 0, 1, 3, 6, 2};
    ldpc_code *code = NULL;
    ldpc_error err = {{0}};
    if (ldpc_code_create_from_edges("hamming-7-4", 7, 3, rows, cols, 13, &code, &err) != LDPC_OK)
        fail_msg("%s", err.message);
    uint32_t *position = latency_positions(code);
    assert_permutation(position, code->n);
    free(position);
    ldpc_code_destroy(code);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(dvb_parity_bits_become_neighbours),
        cmocka_unit_test(small_code_gets_a_permutation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
