/* The built-in DVB codes against GNU Radio's independent encoder: the
 * codewords in tests/vectors/dvb_gnuradio.txt were written by
 * tools/dvb/gnuradio_vectors.py (gnuradio.dtv.dvb_ldpc_bb), and every code
 * must reproduce them bit for bit; plus H c = 0 and the published sizes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ldpc/code.h"
#include "code/code_struct.h"
#include "ldpc/encoder.h"
#include "test_support.h"

#define VECTOR_FILE LDPC_SOURCE_DIR "/tests/vectors/dvb_gnuradio.txt"
#define MAX_VECTORS 512

typedef struct {
    char name[64];
    uint64_t seed;
    uint32_t crc;
    char first64[17], last64[17];
} gnuradio_vector;

static gnuradio_vector vectors[MAX_VECTORS];
static size_t vector_count;

static int load_vectors(void **state)
{
    (void)state;
    FILE *f = fopen(VECTOR_FILE, "r");
    if (f == NULL) {
        fprintf(stderr, "cannot open %s\n", VECTOR_FILE);
        return -1;
    }
    char line[256];
    vector_count = 0;
    while (fgets(line, sizeof line, f) != NULL) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        if (vector_count == MAX_VECTORS)
            break;
        gnuradio_vector *v = &vectors[vector_count];
        if (sscanf(line, "%63s %" SCNu64 " %" SCNx32 " %16s %16s", v->name, &v->seed, &v->crc,
                   v->first64, v->last64) != 5) {
            fprintf(stderr, "%s: malformed line: %s", VECTOR_FILE, line);
            fclose(f);
            return -1;
        }
        vector_count++;
    }
    fclose(f);
    return vector_count > 0 ? 0 : -1;
}

/* zlib's CRC-32 (reflected 0xEDB88320), over the frame packed MSB first, the
 * last byte padded with zeros. */
static uint32_t frame_crc32(const uint8_t *bits, uint32_t n)
{
    uint32_t crc = 0xFFFFFFFFu;
    for (uint32_t i = 0; i < n; i += 8) {
        uint8_t byte = 0;
        for (uint32_t b = 0; b < 8; b++)
            byte = (uint8_t)(byte << 1 | (i + b < n ? bits[i + b] : 0));
        crc ^= byte;
        for (int b = 0; b < 8; b++)
            crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

static void bits_hex(const uint8_t *bits, char hex[17])
{
    for (int nibble = 0; nibble < 16; nibble++) {
        unsigned value = 0;
        for (int b = 0; b < 4; b++)
            value = value << 1 | bits[nibble * 4 + b];
        hex[nibble] = "0123456789abcdef"[value];
    }
    hex[16] = '\0';
}

/* The name whose vectors a built-in code is held to: DVB-C2 names to the
 * DVB-T2/S2 name they alias. */
static const char *vector_name(size_t index)
{
    const char *alias = ldpc_builtin_code_alias_of(index);
    return alias != NULL ? alias : ldpc_builtin_code_name(index);
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

/* GNU Radio writes what a frame transmits: for the VL-SNR codes, the
 * codeword less its shortened and punctured bits. */
static void every_code_matches_gnuradio(void **state)
{
    (void)state;
    for (size_t index = 0; index < dvb_code_total(); index++) {
        const char *name = ldpc_builtin_code_name(index);
        ldpc_code *code = NULL;
        ldpc_error err = {{0}};
        assert_int_equal(ldpc_code_create(name, &code, &err), LDPC_OK);
        const uint32_t k = ldpc_code_k(code), sent_n = ldpc_code_transmitted_n(code);
        uint8_t *info = malloc(k), *codeword = malloc(code->n), *sent = malloc(sent_n);
        assert_non_null(info);
        assert_non_null(codeword);
        assert_non_null(sent);
        size_t matched = 0;
        for (size_t i = 0; i < vector_count; i++) {
            const gnuradio_vector *v = &vectors[i];
            if (strcmp(v->name, vector_name(index)) != 0)
                continue;
            test_rng rng;
            test_rng_seed(&rng, v->seed);
            test_random_bits(&rng, info, k);
            assert_int_equal(ldpc_encode(code, info, codeword, &err), LDPC_OK);
            ldpc_code_transmit(code, codeword, sent);
            char first[17], last[17];
            bits_hex(sent, first);
            bits_hex(sent + sent_n - 64, last);
            if (strcmp(first, v->first64) != 0 || strcmp(last, v->last64) != 0 ||
                frame_crc32(sent, sent_n) != v->crc)
                fail_msg("%s (seed %" PRIu64 "): frame differs from GNU Radio's: first "
                         "bits %s (expected %s), last bits %s (expected %s)",
                         name, v->seed, first, v->first64, last, v->last64);
            assert_int_equal(ldpc_code_unsatisfied_checks(code, codeword), 0);
            matched++;
        }
        if (matched < 3)
            fail_msg("%s: only %zu GNU Radio vectors (for %s)", name, matched, vector_name(index));
        free(info);
        free(codeword);
        free(sent);
        ldpc_code_destroy(code);
    }
}

static void codewords_satisfy_h_and_errors_do_not(void **state)
{
    (void)state;
    test_rng rng;
    test_rng_seed(&rng, 20240601);
    for (size_t index = 0; index < dvb_code_total(); index++) {
        ldpc_code *code = NULL;
        assert_int_equal(ldpc_code_create(ldpc_builtin_code_name(index), &code, NULL), LDPC_OK);
        uint8_t *info = malloc(code->k), *codeword = malloc(code->n);
        assert_non_null(info);
        assert_non_null(codeword);
        test_random_bits(&rng, info, ldpc_code_k(code));
        assert_int_equal(ldpc_encode(code, info, codeword, NULL), LDPC_OK);
        assert_int_equal(ldpc_code_unsatisfied_checks(code, codeword), 0);
        /* A flipped parity bit in the middle breaks exactly its two checks. */
        uint32_t j = code->m / 2;
        codeword[code->k + j] ^= 1;
        assert_int_equal(ldpc_code_unsatisfied_checks(code, codeword), 2);
        free(info);
        free(codeword);
        ldpc_code_destroy(code);
    }
}

typedef struct {
    const char *name;
    uint32_t n, k, edges; /* n, k: bits sent and information bits of a frame;
                           * edges 0: not published, not checked */
} published_size;

/* EN 302 307-1 Tables 5a/5b (k), EN 302 755 (T2 sizes), EN 302 307-2 Tables
 * 5a-5c and 18 (S2X and VL-SNR: k is Kbch's LDPC input, n what is sent);
 * the edge counts are the published ones for DVB-T2 (first parity bit of
 * degree 1). */
static const published_size published_sizes[] = {
    {"dvbt2-short-1/2", 16200, 7200, 48599},   {"dvbt2-short-3/4", 16200, 11880, 47519},
    {"dvbt2-short-5/6", 16200, 13320, 49319},  {"dvbt2-normal-1/2", 64800, 32400, 226799},
    {"dvbt2-normal-3/4", 64800, 48600, 226799}, {"dvbt2-normal-5/6", 64800, 54000, 237599},
    {"dvbs2-normal-1/4", 64800, 16200, 0},     {"dvbs2-normal-1/3", 64800, 21600, 0},
    {"dvbs2-normal-2/5", 64800, 25920, 0},     {"dvbs2-normal-1/2", 64800, 32400, 226799},
    {"dvbs2-normal-3/5", 64800, 38880, 0},     {"dvbs2-normal-2/3", 64800, 43200, 0},
    {"dvbs2-normal-3/4", 64800, 48600, 226799}, {"dvbs2-normal-4/5", 64800, 51840, 0},
    {"dvbs2-normal-5/6", 64800, 54000, 237599}, {"dvbs2-normal-8/9", 64800, 57600, 0},
    {"dvbs2-normal-9/10", 64800, 58320, 0},    {"dvbs2-short-1/4", 16200, 3240, 0},
    {"dvbs2-short-1/3", 16200, 5400, 0},       {"dvbs2-short-2/5", 16200, 6480, 0},
    {"dvbs2-short-1/2", 16200, 7200, 48599},   {"dvbs2-short-3/5", 16200, 9720, 0},
    {"dvbs2-short-2/3", 16200, 10800, 0},      {"dvbs2-short-3/4", 16200, 11880, 47519},
    {"dvbs2-short-4/5", 16200, 12600, 0},      {"dvbs2-short-5/6", 16200, 13320, 49319},
    {"dvbs2-short-8/9", 16200, 14400, 0},      {"dvbt2-normal-3/5", 64800, 38880, 0},
    {"dvbt2-normal-2/3", 64800, 43200, 0},     {"dvbt2-normal-4/5", 64800, 51840, 0},
    {"dvbt2-short-1/4", 16200, 3240, 0},       {"dvbt2-short-1/3", 16200, 5400, 0},
    {"dvbt2-short-2/5", 16200, 6480, 0},       {"dvbt2-short-3/5", 16200, 9720, 0},
    {"dvbt2-short-2/3", 16200, 10800, 0},      {"dvbt2-short-4/5", 16200, 12600, 0},
    {"dvbc2-normal-2/3", 64800, 43200, 0},     {"dvbc2-normal-3/4", 64800, 48600, 226799},
    {"dvbc2-normal-4/5", 64800, 51840, 0},     {"dvbc2-normal-5/6", 64800, 54000, 237599},
    {"dvbc2-normal-9/10", 64800, 58320, 0},    {"dvbc2-short-1/2", 16200, 7200, 48599},
    {"dvbc2-short-2/3", 16200, 10800, 0},      {"dvbc2-short-3/4", 16200, 11880, 47519},
    {"dvbc2-short-4/5", 16200, 12600, 0},      {"dvbc2-short-5/6", 16200, 13320, 49319},
    {"dvbc2-short-8/9", 16200, 14400, 0},
    {"dvbs2x-normal-13/45", 64800, 18720, 0},  {"dvbs2x-normal-9/20", 64800, 29160, 0},
    {"dvbs2x-normal-11/20", 64800, 35640, 0},  {"dvbs2x-normal-26/45", 64800, 37440, 0},
    {"dvbs2x-normal-28/45", 64800, 40320, 0},  {"dvbs2x-normal-23/36", 64800, 41400, 0},
    {"dvbs2x-normal-25/36", 64800, 45000, 0},  {"dvbs2x-normal-13/18", 64800, 46800, 0},
    {"dvbs2x-normal-7/9", 64800, 50400, 0},    {"dvbs2x-normal-90/180", 64800, 32400, 0},
    {"dvbs2x-normal-96/180", 64800, 34560, 0}, {"dvbs2x-normal-100/180", 64800, 36000, 0},
    {"dvbs2x-normal-104/180", 64800, 37440, 0}, {"dvbs2x-normal-116/180", 64800, 41760, 0},
    {"dvbs2x-normal-124/180", 64800, 44640, 0}, {"dvbs2x-normal-128/180", 64800, 46080, 0},
    {"dvbs2x-normal-132/180", 64800, 47520, 0}, {"dvbs2x-normal-135/180", 64800, 48600, 0},
    {"dvbs2x-normal-140/180", 64800, 50400, 0}, {"dvbs2x-normal-154/180", 64800, 55440, 0},
    {"dvbs2x-normal-18/30", 64800, 38880, 0},  {"dvbs2x-normal-20/30", 64800, 43200, 0},
    {"dvbs2x-normal-22/30", 64800, 47520, 0},  {"dvbs2x-short-11/45", 16200, 3960, 0},
    {"dvbs2x-short-4/15", 16200, 4320, 0},     {"dvbs2x-short-14/45", 16200, 5040, 0},
    {"dvbs2x-short-7/15", 16200, 7560, 0},     {"dvbs2x-short-8/15", 16200, 8640, 0},
    {"dvbs2x-short-26/45", 16200, 9360, 0},    {"dvbs2x-short-32/45", 16200, 11520, 0},
    {"dvbs2x-normal-2/9-vlsnr", 61560, 14400, 0}, {"dvbs2x-medium-1/5", 30780, 5840, 0},
    {"dvbs2x-medium-11/45", 30780, 7920, 0},   {"dvbs2x-medium-1/3", 30780, 10800, 0},
    {"dvbs2x-short-1/5-vlsnr-sf2", 15390, 2680, 0}, {"dvbs2x-short-11/45-vlsnr-sf2", 15390, 3960, 0},
    {"dvbs2x-short-1/5-vlsnr", 14976, 3240, 0}, {"dvbs2x-short-4/15-vlsnr", 14976, 4320, 0},
    {"dvbs2x-short-1/3-vlsnr", 14976, 5400, 0},
};

static void sizes_match_the_standards(void **state)
{
    (void)state;
    size_t count = sizeof published_sizes / sizeof published_sizes[0];
    assert_int_equal(count, dvb_code_total()); /* every code is listed above */
    for (size_t i = 0; i < count; i++) {
        const published_size *p = &published_sizes[i];
        ldpc_code *code = NULL;
        ldpc_error err = {{0}};
        if (ldpc_code_create(p->name, &code, &err) != LDPC_OK)
            fail_msg("%s: %s", p->name, err.message);
        assert_int_equal(ldpc_code_transmitted_n(code), p->n);
        assert_int_equal(ldpc_code_k(code), p->k);
        /* What is not sent is shortened or punctured; no check is dropped. */
        assert_int_equal(code->n, p->n + ldpc_code_shortened_count(code) +
                                      ldpc_code_punctured_count(code));
        assert_int_equal(code->m, code->n - code->k);
        if (p->edges != 0)
            assert_int_equal(code->edges, p->edges);
        ldpc_code_destroy(code);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_code_matches_gnuradio),
        cmocka_unit_test(codewords_satisfy_h_and_errors_do_not),
        cmocka_unit_test(sizes_match_the_standards),
    };
    return cmocka_run_group_tests(tests, load_vectors, NULL);
}
