/* The 5G NR codes (src/code/nr_code.c):
 * - both base graphs equal Sionna's copy of 38.212 Tables 5.3.2-2/3
 *   (tests/vectors/codes/binary/sionna_5G_bg*.csv), a source independent of
 *   the one src/code/nr_tables.c was transcribed from;
 * - lifted codes have the sizes of 38.212 and their information bits first;
 * - rate matching: the start of each redundancy version, filler bits
 *   shortened and skipped, repetition past the buffer, the Qm interleaver,
 *   and ten frames as py3gpp's independent implementation sends them;
 * - ten codewords equal those of py3gpp's independent encoder;
 * - frames encode, satisfy H, and decode back, the reference and the
 *   default backend alike; malformed names are refused with a reason. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "code/code_struct.h"
#include "code/nr_tables.h"
#include "ldpc/decoder.h"
#include "ldpc/encoder.h"
#include "ldpc/soft.h"
#include "test_support.h"

#define SIONNA_BG1 LDPC_SOURCE_DIR "/tests/vectors/codes/binary/sionna_5G_bg1.csv"
#define SIONNA_BG2 LDPC_SOURCE_DIR "/tests/vectors/codes/binary/sionna_5G_bg2.csv"
#define RATE_MATCHING LDPC_SOURCE_DIR "/tests/vectors/codes/nr_rate_matching.txt"
#define CODEWORDS LDPC_SOURCE_DIR "/tests/vectors/codes/nr_codewords.txt"

/* Sionna's CSV: "row;column;V0;..;V7", the row only on its first line. */
static void graph_equals_csv(const char *path, const nr_base_entry *entries, uint32_t count)
{
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char line[256];
    uint32_t seen = 0;
    int row = -1;
    for (int header = 0; header < 2; header++)
        assert_non_null(fgets(line, sizeof line, f));
    while (fgets(line, sizeof line, f) != NULL) {
        if (line[0] == '\n' || line[0] == '\r')
            continue;
        char *p = line;
        if (*p != ';')
            row = (int)strtol(p, &p, 10);
        assert_int_equal(*p++, ';');
        long column = strtol(p, &p, 10);
        assert_true(seen < count);
        assert_int_equal(entries[seen].row, row);
        assert_int_equal(entries[seen].column, column);
        for (uint32_t s = 0; s < NR_SETS; s++) {
            assert_int_equal(*p++, ';');
            assert_int_equal(entries[seen].shift[s], strtol(p, &p, 10));
        }
        seen++;
    }
    fclose(f);
    assert_int_equal(seen, count);
}

static void base_graphs_equal_a_second_source(void **state)
{
    (void)state;
    graph_equals_csv(SIONNA_BG1, nr_bg1, NR_BG1_ENTRIES);
    graph_equals_csv(SIONNA_BG2, nr_bg2, NR_BG2_ENTRIES);
}

static ldpc_code *open_code(const char *name)
{
    ldpc_code *code = NULL;
    ldpc_error err;
    ldpc_status status = ldpc_code_create(name, &code, &err);
    if (status != LDPC_OK)
        fail_msg("%s: %s", name, err.message);
    return code;
}

static void lifted_codes_have_the_standard_sizes(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        uint32_t z, rows, columns, info, entries;
    } cases[] = {
        {"5gnr-bg1-z2", 2, 46, 68, 22, NR_BG1_ENTRIES},
        {"5gnr-bg1-z15", 15, 46, 68, 22, NR_BG1_ENTRIES},
        {"5gnr-bg1-z104", 104, 46, 68, 22, NR_BG1_ENTRIES},
        {"5gnr-bg2-z7", 7, 42, 52, 10, NR_BG2_ENTRIES},
        {"5gnr-bg2-z352", 352, 42, 52, 10, NR_BG2_ENTRIES},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        ldpc_code *code = open_code(cases[c].name);
        uint32_t z = cases[c].z;
        assert_int_equal(ldpc_code_n(code), cases[c].columns * z);
        assert_int_equal(ldpc_code_m(code), cases[c].rows * z);
        assert_int_equal(ldpc_code_edges(code), cases[c].entries * z);
        assert_int_equal(ldpc_code_k(code), cases[c].info * z);
        assert_int_equal(ldpc_code_transmitted_n(code), (cases[c].columns - 2) * z);
        assert_int_equal(ldpc_code_punctured_count(code), 2 * z);
        const uint32_t *sent = ldpc_code_transmitted_bits(code);
        for (uint32_t j = 0; j < ldpc_code_transmitted_n(code); j++)
            assert_int_equal(sent[j], 2 * z + j);
        ldpc_code_destroy(code);
    }
    /* The 51 lifting sizes of both graphs are listed. */
    size_t listed = 0;
    for (size_t i = 0; i < ldpc_builtin_code_count(); i++)
        listed += strncmp(ldpc_builtin_code_name(i), "5gnr-", 5) == 0;
    assert_int_equal(listed, 2 * 51);
}

static void rate_matching_follows_the_circular_buffer(void **state)
{
    (void)state;
    /* BG2, Z = 64: N_cb = 50 Z = 3200, K = 640, K' = 600: 40 fillers,
     * codeword bits 600..639. rv 2 starts at k0 = 25 Z = 1600, codeword
     * bit 2Z + 1600 = 1728. */
    ldpc_code *code = open_code("5gnr-bg2-z64-k600-e1800-rv2");
    const uint32_t *sent = ldpc_code_transmitted_bits(code);
    assert_int_equal(ldpc_code_k(code), 600);
    assert_int_equal(ldpc_code_transmitted_n(code), 1800);
    assert_int_equal(ldpc_code_shortened_count(code), 40);
    assert_int_equal(ldpc_code_shortened_bits(code)[0], 600);
    for (uint32_t j = 0; j < 1600; j++)
        assert_int_equal(sent[j], 1728 + j);
    /* then round to d_0 = bit 128, past the fillers */
    for (uint32_t j = 1600; j < 1800; j++)
        assert_int_equal(sent[j], 128 + (j - 1600));

    /* Qm = 4 interleaves: f[i + 4 j] = e[i E/4 + j]. */
    ldpc_code *mapped = open_code("5gnr-bg2-z64-k600-e1800-rv2-qm4");
    const uint32_t *f = ldpc_code_transmitted_bits(mapped);
    for (uint32_t j = 0; j < 1800 / 4; j++)
        for (uint32_t i = 0; i < 4; i++)
            assert_int_equal(f[i + 4 * j], sent[i * 450 + j]);
    ldpc_code_destroy(mapped);
    ldpc_code_destroy(code);

    /* BG1, Z = 384, rv 1: k0 = floor(17 * 25344 / (66 * 384)) * 384 = 6528;
     * rv 3: floor(56 * 25344 / 25344) * 384 = 21504. */
    code = open_code("5gnr-bg1-z384-e100-rv1");
    assert_int_equal(ldpc_code_transmitted_bits(code)[0], 768 + 6528);
    ldpc_code_destroy(code);
    code = open_code("5gnr-bg1-z384-e100-rv3");
    assert_int_equal(ldpc_code_transmitted_bits(code)[0], 768 + 21504);
    ldpc_code_destroy(code);

    /* E beyond the buffer repeats it, fillers never sent: the 390 bits of
     * the buffer (16..415 less the fillers 70..79) in order, 1000 of them,
     * so the first 1000 % 390 twice more than the rest. */
    code = open_code("5gnr-bg2-z8-k70-e1000");
    uint32_t counts[416] = {0}, place = 0;
    sent = ldpc_code_transmitted_bits(code);
    for (uint32_t j = 0; j < 1000; j++)
        counts[sent[j]]++;
    for (uint32_t v = 0; v < 416; v++) {
        if (v < 16 || (v >= 70 && v < 80)) {
            assert_int_equal(counts[v], 0);
            continue;
        }
        assert_int_equal(counts[v], 1000 / 390 + (place < 1000 % 390));
        place++;
    }
    ldpc_code_destroy(code);
}

/* FNV-1a 64 over 32-bit little-endian values. */
static uint64_t fnv_u32(const uint32_t *values, uint32_t count)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (uint32_t i = 0; i < count; i++)
        for (int b = 0; b < 4; b++) {
            h ^= (values[i] >> (8 * b)) & 0xffu;
            h *= 0x100000001b3ull;
        }
    return h;
}

/* Frames as py3gpp's nrRateMatchLDPC sends them (an independent
 * implementation, run outside the repository): the same codeword bits in
 * the same order, for every redundancy version, Qm up to 8, fillers and
 * repetition. */
static void rate_matching_equals_an_independent_implementation(void **state)
{
    (void)state;
    FILE *f = fopen(RATE_MATCHING, "r");
    assert_non_null(f);
    char line[256], name[64];
    unsigned compared = 0;
    while (fgets(line, sizeof line, f) != NULL) {
        unsigned e, first[4];
        unsigned long long digest;
        if (line[0] == '#')
            continue;
        assert_int_equal(sscanf(line, "%63s %u %llx %u %u %u %u", name, &e, &digest, &first[0],
                                &first[1], &first[2], &first[3]),
                         7);
        ldpc_code *code = open_code(name);
        const uint32_t *sent = ldpc_code_transmitted_bits(code);
        assert_int_equal(ldpc_code_transmitted_n(code), e);
        for (int i = 0; i < 4; i++)
            assert_int_equal(sent[i], first[i]);
        if (fnv_u32(sent, e) != digest)
            fail_msg("%s: the frame's bits differ from py3gpp's", name);
        ldpc_code_destroy(code);
        compared++;
    }
    fclose(f);
    assert_int_equal(compared, 10);
}

/* Codewords as py3gpp's encoder (Sionna's structured 5G encoder) writes
 * them, for both base graphs, small and large Z, with and without fillers. */
static void codewords_equal_an_independent_encoder(void **state)
{
    (void)state;
    FILE *f = fopen(CODEWORDS, "r");
    assert_non_null(f);
    char line[256], name[64];
    unsigned compared = 0;
    while (fgets(line, sizeof line, f) != NULL) {
        unsigned d_bits;
        unsigned long long digest;
        if (line[0] == '#')
            continue;
        assert_int_equal(sscanf(line, "%63s %u %llx", name, &d_bits, &digest), 3);
        ldpc_code *code = open_code(name);
        uint32_t k = ldpc_code_k(code), n = ldpc_code_n(code), punctured = n - d_bits;
        uint8_t *info = malloc(k), *word = malloc(n);
        assert_non_null(info);
        assert_non_null(word);
        for (uint32_t i = 0; i < k; i++)
            info[i] = (uint8_t)(((uint32_t)(i * 2654435761u) >> 13) & 1u);
        assert_int_equal(ldpc_encode(code, info, word, NULL), LDPC_OK);
        uint64_t h = 0xcbf29ce484222325ull;
        for (uint32_t v = punctured; v < n; v++) {
            h ^= word[v];
            h *= 0x100000001b3ull;
        }
        if (h != digest)
            fail_msg("%s: the codeword differs from py3gpp's", name);
        free(info);
        free(word);
        ldpc_code_destroy(code);
        compared++;
    }
    fclose(f);
    assert_int_equal(compared, 10);
}

static void frames_encode_and_decode_back(void **state)
{
    (void)state;
    static const char *names[] = {"5gnr-bg1-z24-k500-e1500-rv1-qm2", "5gnr-bg2-z40-k350-e600-rv0",
                                  "5gnr-bg2-z5-k40-e300-rv3-qm6"};
    test_rng rng;
    test_rng_seed(&rng, 38212);
    for (size_t c = 0; c < sizeof names / sizeof names[0]; c++) {
        ldpc_code *code = open_code(names[c]);
        uint32_t k = ldpc_code_k(code), n = ldpc_code_n(code);
        uint32_t sent_n = ldpc_code_transmitted_n(code);
        enum { FRAMES = 20 };
        uint8_t *info = malloc(k), *words = malloc((size_t)FRAMES * n), *frame = malloc(sent_n);
        float *llr = malloc(sizeof(float) * FRAMES * sent_n);
        uint8_t *bits = malloc((size_t)FRAMES * n), *ref = malloc((size_t)FRAMES * n);
        ldpc_frame_stats stats[FRAMES], ref_stats[FRAMES];
        assert_non_null(info);
        assert_non_null(words);
        assert_non_null(frame);
        assert_non_null(llr);
        assert_non_null(bits);
        assert_non_null(ref);
        for (uint32_t f = 0; f < FRAMES; f++) {
            uint8_t *word = words + (size_t)f * n;
            test_random_bits(&rng, info, k);
            assert_int_equal(ldpc_encode(code, info, word, NULL), LDPC_OK);
            assert_int_equal(ldpc_code_unsatisfied_checks(code, word), 0);
            for (uint32_t s = 0; s < ldpc_code_shortened_count(code); s++)
                assert_int_equal(word[ldpc_code_shortened_bits(code)[s]], 0);
            ldpc_code_transmit(code, word, frame);
            test_bpsk_awgn_llr(&rng, frame, sent_n, (double)k / sent_n, 6.0,
                               llr + (size_t)f * sent_n);
        }
        ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(code, FRAMES);
        ldpc_decoder_config config = ldpc_decoder_config_default();
        const char *backends[] = {"reference", "auto"};
        for (int b = 0; b < 2; b++) {
            ldpc_decoder *decoder = NULL;
            assert_int_equal(ldpc_decoder_create(&config, &limits, backends[b], &decoder, NULL),
                             LDPC_OK);
            assert_int_equal(ldpc_decoder_decode_f32(decoder, code, llr, FRAMES,
                                                     b ? bits : ref, b ? stats : ref_stats, NULL),
                             LDPC_OK);
            ldpc_decoder_destroy(decoder);
        }
        assert_memory_equal(bits, ref, (size_t)FRAMES * n);
        assert_memory_equal(stats, ref_stats, sizeof stats);
        assert_memory_equal(ref, words, (size_t)FRAMES * n);
        free(info);
        free(words);
        free(frame);
        free(llr);
        free(bits);
        free(ref);
        ldpc_code_destroy(code);
    }
}

static void malformed_names_are_refused_with_a_reason(void **state)
{
    (void)state;
    static const struct {
        const char *name, *reason;
    } cases[] = {
        {"5gnr-bg1-z17", "not a 5G NR lifting size"},
        {"5gnr-bg3-z16", "unknown code"},
        {"5gnr-bg1-z16-e100-k200", "in that order"},
        {"5gnr-bg1-z16-k20", "must be above 2Z"},
        {"5gnr-bg1-z16-k400", "at most K"},
        {"5gnr-bg1-z16-rv4", "redundancy version"},
        {"5gnr-bg1-z16-e101-qm2", "multiple of Qm"},
        {"5gnr-bg1-z16-qm3", "Qm"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        ldpc_code *code = NULL;
        ldpc_error err = {{0}};
        assert_int_not_equal(ldpc_code_create(cases[c].name, &code, &err), LDPC_OK);
        assert_null(code);
        if (strstr(err.message, cases[c].reason) == NULL)
            fail_msg("%s: \"%s\" does not say \"%s\"", cases[c].name, err.message,
                     cases[c].reason);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(base_graphs_equal_a_second_source),
        cmocka_unit_test(lifted_codes_have_the_standard_sizes),
        cmocka_unit_test(rate_matching_follows_the_circular_buffer),
        cmocka_unit_test(rate_matching_equals_an_independent_implementation),
        cmocka_unit_test(codewords_equal_an_independent_encoder),
        cmocka_unit_test(frames_encode_and_decode_back),
        cmocka_unit_test(malformed_names_are_refused_with_a_reason),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
