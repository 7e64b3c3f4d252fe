/* Code tables on the device: uploaded only when the code changes, kept in an
 * LRU cache within a memory budget (uploads == misses), results still exact
 * after every switch; and no device buffer created after the decoder. */
#include "test_opencl_support.h"

enum { FRAMES = 3 };

typedef struct {
    ldpc_code *codes[3];
    float *llr[3];
    ldpc_decoder_limits limits;
} code_set;

static const char *const short_codes[3] = {"dvbs2-short-1/2", "dvbs2-short-2/3",
                                           "dvbs2-short-3/4"};

static void code_set_open(code_set *set, const char *const names[3])
{
    for (int i = 0; i < 3; i++) {
        set->codes[i] = test_opencl_code(names[i]);
        set->llr[i] = test_opencl_frames(set->codes[i], FRAMES, 2.0, 4.0, 77 + (uint64_t)i);
        ldpc_decoder_limits one = ldpc_decoder_limits_for_code(set->codes[i], FRAMES);
        set->limits = i == 0 ? one : ldpc_decoder_limits_union(set->limits, one);
    }
}

static void code_set_close(code_set *set)
{
    for (int i = 0; i < 3; i++) {
        ldpc_code_destroy(set->codes[i]);
        free(set->llr[i]);
    }
}

static ldpc_decoder *open_decoder(const code_set *set, size_t table_cache_bytes)
{
    ldpc_decoder_config config = ldpc_decoder_config_default();
    config.max_iterations = 10;
    cl_options opencl = test_opencl_config(LDPC_OPENCL_DESIGN_AUTO);
    opencl.table_cache_bytes = table_cache_bytes;
    ldpc_decoder *decoder = NULL;
    ldpc_error err = {{0}};
    if (cl_options_decoder_create(&config, &set->limits, &opencl, &decoder, &err) != LDPC_OK)
        fail_msg("%s", err.message);
    ldpc_opencl_stats stats = test_opencl_stats(decoder);
    if (!stats.on_device)
        fail_msg("not on the device: %s", stats.fallback_reason);
    return decoder;
}

/* A B A B C A B C: with room for all three, each is uploaded once. */
static const int sequence[] = {0, 1, 0, 1, 2, 0, 1, 2};
#define SEQUENCE_LENGTH (sizeof sequence / sizeof sequence[0])

static void upload_each_once(const char *const names[3], size_t table_cache_bytes)
{
    code_set set;
    code_set_open(&set, names);
    ldpc_decoder *decoder = open_decoder(&set, table_cache_bytes);
    uint32_t buffers_at_creation = test_opencl_stats(decoder).buffers_created;
    size_t bytes_at_creation = test_opencl_stats(decoder).device_bytes;
    for (size_t i = 0; i < SEQUENCE_LENGTH; i++)
        test_opencl_expect_reference(decoder, set.codes[sequence[i]], set.llr[sequence[i]],
                                     FRAMES);
    ldpc_opencl_stats stats = test_opencl_stats(decoder);
    assert_int_equal(stats.table_lookups, SEQUENCE_LENGTH);
    assert_int_equal(stats.table_cache_misses, 3);
    assert_int_equal(stats.table_uploads, stats.table_cache_misses);
    assert_int_equal(stats.table_cache_hits, SEQUENCE_LENGTH - 3);
    assert_int_equal(stats.table_evictions, 0);
    assert_int_equal(stats.tables_resident, 3);
    assert_true(stats.last_upload_ns > 0);
    /* Static device memory: nothing was created by the batches. */
    assert_int_equal(stats.buffers_created, buffers_at_creation);
    assert_int_equal(stats.device_bytes, bytes_at_creation);
    assert_int_equal(stats.batches, SEQUENCE_LENGTH);
    ldpc_decoder_destroy(decoder);
    code_set_close(&set);
}

static void alternating_codes_upload_each_once(void **state)
{
    (void)state;
    test_opencl_require();
    upload_each_once(short_codes, 64u << 20);
}

/* The default budget holds several codes of the limits' largest size: an
 * ACM stream of normal frames (5-6 MB of tables per code) does not upload at
 * every switch. */
static void default_budget_holds_several_normal_codes(void **state)
{
    (void)state;
    test_opencl_require();
    static const char *const normal_codes[3] = {"dvbs2-normal-1/2", "dvbs2-normal-2/3",
                                                "dvbs2-normal-3/4"};
    upload_each_once(normal_codes, 0);
}

/* A budget below two codes' tables (the arena is never smaller than the
 * largest code the limits allow): every switch evicts, and still every miss is
 * exactly one upload and every result is exact. */
static void small_budget_evicts_least_recently_used(void **state)
{
    (void)state;
    test_opencl_require();
    code_set set;
    code_set_open(&set, short_codes);
    ldpc_decoder *decoder = open_decoder(&set, 1);
    for (size_t i = 0; i < SEQUENCE_LENGTH; i++)
        test_opencl_expect_reference(decoder, set.codes[sequence[i]], set.llr[sequence[i]],
                                     FRAMES);
    ldpc_opencl_stats stats = test_opencl_stats(decoder);
    assert_int_equal(stats.table_cache_hits + stats.table_cache_misses, SEQUENCE_LENGTH);
    assert_int_equal(stats.table_uploads, stats.table_cache_misses);
    assert_int_equal(stats.table_cache_misses, SEQUENCE_LENGTH); /* always the other code */
    assert_int_equal(stats.table_evictions, stats.table_cache_misses - stats.tables_resident);
    assert_int_equal(stats.tables_resident, 1);
    ldpc_decoder_destroy(decoder);
    code_set_close(&set);
}

/* A second description of the same code (another address) is recognised by
 * its contents: no upload. The same code twice in a row: no upload either. */
static void same_code_again_is_a_hit(void **state)
{
    (void)state;
    test_opencl_require();
    code_set set;
    code_set_open(&set, short_codes);
    ldpc_decoder *decoder = open_decoder(&set, 64u << 20);
    test_opencl_expect_reference(decoder, set.codes[0], set.llr[0], FRAMES);
    test_opencl_expect_reference(decoder, set.codes[0], set.llr[0], FRAMES);
    ldpc_code *copy = test_opencl_code("dvbs2-short-1/2");
    test_opencl_expect_reference(decoder, copy, set.llr[0], FRAMES);
    ldpc_opencl_stats stats = test_opencl_stats(decoder);
    assert_int_equal(stats.table_uploads, 1);
    assert_int_equal(stats.table_cache_hits, 2);
    ldpc_decoder_counters counters; /* what a service reads, without this header */
    ldpc_decoder_counters_get(decoder, &counters);
    assert_int_equal(counters.has_device, 1);
    assert_int_equal(counters.on_device, 1);
    assert_true(counters.table_uploads == 1);
    ldpc_code_destroy(copy);
    ldpc_decoder_destroy(decoder);
    code_set_close(&set);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(alternating_codes_upload_each_once),
        cmocka_unit_test(default_budget_holds_several_normal_codes),
        cmocka_unit_test(small_budget_evicts_least_recently_used),
        cmocka_unit_test(same_code_again_is_a_hit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
