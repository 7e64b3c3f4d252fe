#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ldpc/encoder.h"
#include "code/code_struct.h"
#include "ldpc/soft.h"
#include "test_support.h"

void test_rng_seed(test_rng *rng, uint64_t seed)
{
    rng->state = seed ? seed : 0x9E3779B97F4A7C15ull;
}

uint64_t test_rng_next(test_rng *rng)
{
    uint64_t x = rng->state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    rng->state = x;
    return x * 0x2545F4914F6CDD1Dull;
}

double test_rng_uniform(test_rng *rng)
{
    return ((double)(test_rng_next(rng) >> 11) + 0.5) * (1.0 / 9007199254740992.0);
}

double test_rng_gaussian(test_rng *rng)
{
    double u1 = test_rng_uniform(rng), u2 = test_rng_uniform(rng);
    return sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
}

void test_random_bits(test_rng *rng, uint8_t *bits, size_t count)
{
    for (size_t i = 0; i < count; i++)
        bits[i] = (uint8_t)(test_rng_next(rng) >> 63);
}

void test_bpsk_awgn_llr(test_rng *rng, const uint8_t *codeword, size_t n, double rate,
                        double ebn0_db, float *llr)
{
    double sigma = sqrt(1.0 / (2.0 * rate * pow(10.0, ebn0_db / 10.0)));
    for (size_t i = 0; i < n; i++) {
        double y = (codeword[i] ? -1.0 : 1.0) + sigma * test_rng_gaussian(rng);
        llr[i] = (float)(2.0 * y / (sigma * sigma));
    }
}

/* Random codewords over BPSK and AWGN, quantised (llr_scale 2): each frame
 * the whole codeword, or, as_sent, what ldpc_code_transmit sends of it. */
static int8_t *noisy_frames(const ldpc_code *code, uint32_t frames, double ebn0_db,
                            uint64_t seed, int as_sent)
{
    const uint32_t k = ldpc_code_k(code), n = ldpc_code_n(code);
    const uint32_t values = as_sent ? ldpc_code_transmitted_n(code) : n;
    test_rng rng;
    test_rng_seed(&rng, seed);
    int8_t *q = malloc((size_t)frames * values);
    uint8_t *info = malloc(k), *codeword = malloc(n);
    uint8_t *frame = as_sent ? malloc(values) : codeword;
    float *llr = malloc(values * sizeof(float));
    assert_non_null(q);
    for (uint32_t f = 0; f < frames; f++) {
        test_random_bits(&rng, info, k);
        assert_int_equal(ldpc_encode(code, info, codeword, NULL), LDPC_OK);
        if (as_sent)
            ldpc_code_transmit(code, codeword, frame);
        test_bpsk_awgn_llr(&rng, frame, values, (double)k / values, ebn0_db, llr);
        ldpc_quantise(llr, values, 2.0f, q + (size_t)f * values);
    }
    if (as_sent)
        free(frame);
    free(info);
    free(codeword);
    free(llr);
    return q;
}

int8_t *test_make_quantised_frames(const ldpc_code *code, uint32_t frames, double ebn0_db,
                                   uint64_t seed)
{
    return noisy_frames(code, frames, ebn0_db, seed, 0);
}

int8_t *test_make_sent_frames(const ldpc_code *code, uint32_t frames, double ebn0_db,
                              uint64_t seed)
{
    return noisy_frames(code, frames, ebn0_db, seed, 1);
}

/* A small GF(64) code whose last checks have degree 1 (the symbol must be 0)
 * and 2, the check node's special cases, next to checks of other degrees
 * (test_nb_simd, test_nb_opencl). */
ldpc_nb_code *test_small_gf64_code(void)
{
    enum { N = 48, M = 24, PER_COLUMN = 3, ENTRIES = N * PER_COLUMN + 3 };
    uint32_t rows[ENTRIES], cols[ENTRIES], count = 0;
    uint8_t coefs[ENTRIES];
    test_rng rng;
    test_rng_seed(&rng, 64);
    for (uint32_t j = 0; j < N; j++) {
        uint32_t used[PER_COLUMN] = {j % M, (j * 7 + 3) % M, (j * 13 + 5) % M};
        for (uint32_t r = 0; r < PER_COLUMN; r++) {
            int repeated = 0;
            for (uint32_t s = 0; s < r; s++)
                repeated |= used[s] == used[r];
            if (repeated)
                continue;
            rows[count] = used[r];
            cols[count] = j;
            coefs[count++] = (uint8_t)(1 + test_rng_next(&rng) % 63);
        }
    }
    const uint32_t extra_rows[] = {M, M + 1, M + 1}, extra_cols[] = {0, 1, 2};
    for (uint32_t i = 0; i < 3; i++) {
        rows[count] = extra_rows[i];
        cols[count] = extra_cols[i];
        coefs[count++] = (uint8_t)(1 + test_rng_next(&rng) % 63);
    }
    ldpc_nb_code *code = NULL;
    ldpc_error err = {{0}};
    if (ldpc_nb_code_create_from_entries("small-gf64", 6, N, M + 2, rows, cols, coefs, count,
                                         &code, &err) != LDPC_OK)
        fail_msg("small GF(64) code: %s", err.message);
    return code;
}

int test_write_alist(const ldpc_code *code, const char *path)
{
    FILE *f = fopen(path, "w");
    if (f == NULL)
        return -1;
    ldpc_status status = ldpc_code_write_alist(code, f, NULL);
    return fclose(f) == 0 && status == LDPC_OK ? 0 : -1;
}

static uint64_t fnv_index(uint64_t hash, uint32_t value)
{
    for (int b = 0; b < 4; b++) {
        hash ^= (value >> (8 * b)) & 0xffu;
        hash *= 0x100000001b3ull;
    }
    return hash;
}

static int ascending(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

uint64_t test_code_digest(const ldpc_code *code)
{
    uint64_t hash = 0xcbf29ce484222325ull;
    uint32_t rows[64];
    for (uint32_t v = 0; v < code->n; v++) {
        uint32_t degree = code->var_offsets[v + 1] - code->var_offsets[v];
        assert_true(degree <= 64);
        for (uint32_t i = 0; i < degree; i++)
            rows[i] = code->edge_check[code->var_edges[code->var_offsets[v] + i]];
        qsort(rows, degree, sizeof rows[0], ascending);
        for (uint32_t i = 0; i < degree; i++)
            hash = fnv_index(fnv_index(hash, v), rows[i]);
    }
    return hash;
}

size_t test_compare_digests(const char *path, const char *prefix,
                            void (*check)(const ldpc_code *code))
{
    FILE *f = fopen(path, "r");
    if (f == NULL)
        fail_msg("cannot open %s", path);
    char line[256];
    size_t compared = 0;
    while (fgets(line, sizeof line, f) != NULL) {
        char name[64];
        unsigned n, m, edges;
        unsigned long long digest;
        if (line[0] == '#' || sscanf(line, "%63s %u %u %u %llx", name, &n, &m, &edges, &digest) != 5 ||
            strncmp(name, prefix, strlen(prefix)) != 0)
            continue;
        ldpc_code *c = NULL;
        ldpc_error err = {{0}};
        if (ldpc_code_create(name, &c, &err) != LDPC_OK)
            fail_msg("%s: %s", name, err.message);
        if (c->n != n || c->m != m || c->edges != edges || test_code_digest(c) != digest)
            fail_msg("%s: n %u m %u ones %u digest %016llx, published %u %u %u %016llx", name,
                     c->n, c->m, c->edges, (unsigned long long)test_code_digest(c), n, m, edges,
                     digest);
        if (check != NULL)
            check(c);
        ldpc_code_destroy(c);
        compared++;
    }
    fclose(f);
    return compared;
}
