/* The circulant tables of the OpenCL latency design (platform/opencl/
 * opencl_circulant_tables.h) against the parity-check matrix itself, for
 * every built-in code: a DVB code gets tables, any other none; for each
 * layer t and position k, the variables its block edges give (the absent
 * staircase corner skipped) are exactly those of check t + k q, in the
 * latency order the kernels index posteriors by; and a block edge is marked
 * for atomic updates exactly where two checks of the layer share its
 * variables. The decoding itself is test_opencl_exact's. */
#include "opencl/opencl_circulant_tables.h"
#include "code/code_struct.h"
#include "opencl/opencl_latency_order.h"
#include "test_opencl_support.h"

#define SIZE 360u /* FRAME_GROUP */
#define MOST_VARIABLES 64800u /* DVB normal frames */
#define OFFSET_MASK 0x1FFu
#define POSITION_MASK ((1u << CIRCULANT_OFFSET_SHIFT) - 1u)

typedef struct {
    uint32_t *words, *position, *uses, *expected, *got;
    frame_schedule schedule;
} scratch;

static int compare_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* The block edge's variable for the check at layer position k, as the
 * kernel computes it, or UINT32_MAX where the check has no edge there. */
static uint32_t edge_position(uint32_t word, uint32_t k)
{
    if (k == 0 && (word & CIRCULANT_GAP))
        return UINT32_MAX;
    uint32_t at = ((word >> CIRCULANT_OFFSET_SHIFT) & OFFSET_MASK) + k;
    return (word & POSITION_MASK) + (at >= SIZE ? at - SIZE : at);
}

static void check_layer(const ldpc_code *code, const scratch *s, uint32_t t)
{
    const uint32_t q = code->dvb_q, *edge_words = s->words + code->layer_count + 1;
    uint32_t first = s->words[t], end = s->words[t + 1];
    /* uses[p]: how many checks of the layer use posterior p */
    for (uint32_t e = first; e < end; e++)
        for (uint32_t k = 0; k < SIZE; k++)
            if (edge_position(edge_words[e], k) != UINT32_MAX)
                s->uses[edge_position(edge_words[e], k)] = 0;
    for (uint32_t k = 0; k < SIZE; k++) {
        uint32_t c = t + k * q, got = 0;
        uint32_t e0 = code->check_offsets[c], degree = code->check_offsets[c + 1] - e0;
        for (uint32_t j = 0; j < degree; j++)
            s->expected[j] = s->position[code->check_var[e0 + j]];
        for (uint32_t e = first; e < end; e++) {
            uint32_t p = edge_position(edge_words[e], k);
            if (p == UINT32_MAX)
                continue;
            assert_true(got < degree);
            s->got[got++] = p;
            s->uses[p]++;
        }
        assert_int_equal(got, degree);
        qsort(s->expected, degree, sizeof(uint32_t), compare_u32);
        qsort(s->got, degree, sizeof(uint32_t), compare_u32);
        assert_memory_equal(s->expected, s->got, degree * sizeof(uint32_t));
    }
    for (uint32_t e = first; e < end; e++) {
        uint32_t p = edge_position(edge_words[e], 1); /* every block edge has position 1 */
        int shared = s->uses[p] > 1;
        assert_int_equal((edge_words[e] & CIRCULANT_ATOMIC) != 0, shared);
        /* a block is whole 32-bit words of two 16-bit posteriors */
        assert_int_equal((edge_words[e] & POSITION_MASK) % 2, 0);
    }
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

static void every_dvb_code_matches_its_matrix(void **state)
{
    (void)state;
    scratch s;
    s.words = malloc(opencl_circulant_capacity(MOST_VARIABLES, 300000) * sizeof(uint32_t));
    s.position = malloc(MOST_VARIABLES * sizeof(uint32_t));
    s.uses = malloc(MOST_VARIABLES * sizeof(uint32_t));
    s.expected = malloc(64 * sizeof(uint32_t));
    s.got = malloc(64 * sizeof(uint32_t));
    s.schedule.code = NULL;
    s.schedule.layer_offsets =
        malloc(frame_schedule_layer_capacity(MOST_VARIABLES) * sizeof(uint32_t));
    s.schedule.edges = malloc(frame_schedule_edge_capacity(300000) * sizeof(frame_block_edge));
    uint32_t with_tables = 0;
    for (size_t i = 0; i < dvb_code_total(); i++) {
        const char *name = ldpc_builtin_code_name(i);
        ldpc_code *code = test_opencl_code(name);
        uint32_t words = opencl_circulant_words(code);
        if (!frame_code_dvb(code)) {
            assert_int_equal(words, 0);
            ldpc_code_destroy(code);
            continue;
        }
        assert_true(words > 0);
        assert_true(code->n <= MOST_VARIABLES);
        assert_true(code->max_check_degree <= 64);
        opencl_latency_order(code, s.position);
        opencl_circulant_tables(&s.schedule, code, s.words);
        assert_int_equal(s.words[code->layer_count], words - code->layer_count - 1);
        for (uint32_t t = 0; t < code->layer_count; t++)
            check_layer(code, &s, t);
        with_tables++;
        ldpc_code_destroy(code);
    }
    print_message("%u DVB codes checked\n", with_tables);
    assert_true(with_tables >= 40);
    free(s.words);
    free(s.position);
    free(s.uses);
    free(s.expected);
    free(s.got);
    free(s.schedule.layer_offsets);
    free(s.schedule.edges);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_dvb_code_matches_its_matrix),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
