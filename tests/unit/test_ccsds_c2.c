/* The CCSDS C2 code (src/code/ccsds_c2_code.c):
 * - ldpc_encode's generator is the standard's: the codeword of a unit
 *   message at the first bit of block row i carries the first rows of B_i,1
 *   and B_i,2, equal to Annex C for the 12 circulants in
 *   tests/vectors/codes/ccsds_c2_generator.txt (B is computed from H, so
 *   this holds H's last two block columns and first columns to the standard
 *   as well);
 * - H is Table 7-1 as a second transcription gives it
 *   (tests/vectors/codes/ccsds_c2_table_7_1.txt), with the shape and rank the standard gives (1022 x 8176, rank 1020,
 *   row weight 32, column weight 4) and every codeword satisfies it;
 * - the (8160,7136) frame is the codeword less its first 18 bits, then two
 *   zero fill bits, and what arrives on the fill bits changes nothing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ldpc/code.h"
#include "ldpc/decoder.h"
#include "ldpc/encoder.h"
#include "test_support.h"

#define GENERATOR_FILE LDPC_SOURCE_DIR "/tests/vectors/codes/ccsds_c2_generator.txt"
#define TABLE_FILE LDPC_SOURCE_DIR "/tests/vectors/codes/ccsds_c2_table_7_1.txt"
#define SIZE 511u
#define N 8176u
#define K 7154u
#define M 1022u

static ldpc_code *c2(const char *name)
{
    ldpc_code *code = NULL;
    ldpc_error err;
    if (ldpc_code_create(name, &code, &err) != LDPC_OK)
        fail_msg("%s: %s", name, err.message);
    return code;
}

/* The 511 bits of an Annex C entry: an octal digit, then 127 hex digits. */
static void annex_bits(const char *hex, uint8_t *bits)
{
    assert_int_equal(strlen(hex), 128);
    for (uint32_t d = 0, b = 0; d < 128; d++) {
        char digit[2] = {hex[d], 0};
        unsigned value = (unsigned)strtoul(digit, NULL, 16);
        for (int t = d == 0 ? 2 : 3; t >= 0; t--)
            bits[b++] = (uint8_t)((value >> t) & 1u);
    }
}

static void generator_rows_are_annex_c(void **state)
{
    (void)state;
    ldpc_code *code = c2("ccsds-c2");
    assert_int_equal(ldpc_code_k(code), K);
    FILE *f = fopen(GENERATOR_FILE, "r");
    assert_non_null(f);
    uint8_t *message = calloc(K, 1), *word = malloc(N), bits[SIZE];
    assert_non_null(message);
    assert_non_null(word);
    char line[512];
    uint32_t checked = 0;
    while (fgets(line, sizeof line, f) != NULL) {
        unsigned i, j;
        char hex[200];
        if (line[0] == '#' || sscanf(line, "%u %u %199s", &i, &j, hex) != 3)
            continue;
        annex_bits(hex, bits);
        memset(message, 0, K);
        message[(i - 1) * SIZE] = 1;
        assert_int_equal(ldpc_encode(code, message, word, NULL), LDPC_OK);
        assert_memory_equal(word + K + (j - 1) * SIZE, bits, SIZE);
        /* the standard's choice among the code's generators: each entry even */
        assert_int_equal(bits[SIZE - 1], 0);
        checked++;
    }
    fclose(f);
    assert_int_equal(checked, 12);
    free(message);
    free(word);
    ldpc_code_destroy(code);
}

/* Each check's variables, as ascending pairs per block, from the second
 * transcription: check r * 511 + j has block c's ones at (j + s) mod 511. */
static void parity_check_matrix_is_table_7_1(void **state)
{
    (void)state;
    ldpc_code *code = c2("ccsds-c2");
    FILE *f = fopen(TABLE_FILE, "r");
    assert_non_null(f);
    char line[128];
    uint32_t circulants = 0;
    while (fgets(line, sizeof line, f) != NULL) {
        unsigned r, c, s1, s2;
        if (line[0] == '#' || sscanf(line, "%u %u %u %u", &r, &c, &s1, &s2) != 4)
            continue;
        for (uint32_t j = 0; j < SIZE; j++) {
            uint32_t degree, x = (j + s1) % SIZE, y = (j + s2) % SIZE;
            const uint32_t *vars = ldpc_code_check_vars(code, (r - 1) * SIZE + j, &degree);
            assert_int_equal(degree, 32);
            assert_int_equal(vars[2 * (c - 1)], (c - 1) * SIZE + (x < y ? x : y));
            assert_int_equal(vars[2 * (c - 1) + 1], (c - 1) * SIZE + (x < y ? y : x));
        }
        circulants++;
    }
    fclose(f);
    assert_int_equal(circulants, 32);
    ldpc_code_destroy(code);
}

static void parity_check_matrix_has_the_standards_shape(void **state)
{
    (void)state;
    ldpc_code *code = c2("ccsds-c2");
    assert_int_equal(ldpc_code_n(code), N);
    assert_int_equal(ldpc_code_m(code), M);
    for (uint32_t c = 0; c < M; c++)
        assert_int_equal(ldpc_code_check_degree(code, c), 32);
    for (uint32_t v = 0; v < N; v++)
        assert_int_equal(ldpc_code_var_degree(code, v), 4);
    /* Rank 1020: the same H as a generic code has 8176 - 1020 dimensions. */
    uint32_t *rows = malloc(sizeof(uint32_t) * M * 32), *cols = malloc(sizeof(uint32_t) * M * 32);
    assert_non_null(rows);
    assert_non_null(cols);
    uint32_t edges = 0;
    for (uint32_t c = 0; c < M; c++) {
        uint32_t degree;
        const uint32_t *vars = ldpc_code_check_vars(code, c, &degree);
        for (uint32_t e = 0; e < degree; e++, edges++) {
            rows[edges] = c;
            cols[edges] = vars[e];
        }
    }
    ldpc_code *generic = NULL;
    assert_int_equal(ldpc_code_create_from_edges("c2-generic", N, M, rows, cols, edges, &generic,
                                                 NULL),
                     LDPC_OK);
    assert_int_equal(ldpc_code_k(generic), N - 1020);
    /* Random codewords satisfy every check. */
    test_rng rng;
    test_rng_seed(&rng, 2);
    uint8_t *message = malloc(K), *word = malloc(N);
    assert_non_null(message);
    assert_non_null(word);
    for (int f = 0; f < 8; f++) {
        test_random_bits(&rng, message, K);
        assert_int_equal(ldpc_encode(code, message, word, NULL), LDPC_OK);
        assert_memory_equal(word, message, K);
        assert_int_equal(ldpc_code_unsatisfied_checks(code, word), 0);
    }
    free(rows);
    free(cols);
    free(message);
    free(word);
    ldpc_code_destroy(generic);
    ldpc_code_destroy(code);
}

static void frames_of_8160_bits_shorten_and_fill(void **state)
{
    (void)state;
    ldpc_code *code = c2("ccsds-c2-8160");
    const uint32_t sent_n = 8160, data_k = 7136, shortened = 18;
    assert_int_equal(ldpc_code_transmitted_n(code), sent_n);
    assert_int_equal(ldpc_code_k(code), data_k);
    assert_int_equal(ldpc_code_shortened_count(code), shortened);
    assert_int_equal(ldpc_code_punctured_count(code), 0);
    test_rng rng;
    test_rng_seed(&rng, 3);
    uint8_t *message = malloc(data_k), *word = malloc(N), *frame = malloc(sent_n);
    float *llr = malloc(sizeof(float) * sent_n);
    assert_non_null(message);
    assert_non_null(word);
    assert_non_null(frame);
    assert_non_null(llr);
    test_random_bits(&rng, message, data_k);
    assert_int_equal(ldpc_encode(code, message, word, NULL), LDPC_OK);
    ldpc_code_transmit(code, word, frame);
    assert_memory_equal(frame, word + shortened, N - shortened);
    assert_int_equal(frame[sent_n - 2], 0);
    assert_int_equal(frame[sent_n - 1], 0);
    /* Noisy frames whose fill bits arrive as confident ones decode as those
     * whose fill bits arrive as zeros. */
    ldpc_decoder_config config = ldpc_decoder_config_default();
    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(code, 1);
    ldpc_decoder *decoder = NULL;
    assert_int_equal(ldpc_decoder_create(&config, &limits, NULL, &decoder, NULL), LDPC_OK);
    test_bpsk_awgn_llr(&rng, frame, sent_n, (double)data_k / sent_n, 4.0, llr);
    uint8_t *bits[2] = {malloc(N), malloc(N)};
    ldpc_frame_stats stats[2];
    for (int flipped = 0; flipped < 2; flipped++) {
        assert_non_null(bits[flipped]);
        llr[sent_n - 2] = llr[sent_n - 1] = flipped ? -40.0f : 40.0f;
        assert_int_equal(
            ldpc_decoder_decode_f32(decoder, code, llr, 1, bits[flipped], &stats[flipped], NULL),
            LDPC_OK);
    }
    assert_int_equal(stats[0].converged, 1);
    assert_memory_equal(bits[0], word, N);
    assert_memory_equal(bits[1], bits[0], N);
    assert_memory_equal(&stats[1], &stats[0], sizeof stats[0]);
    ldpc_decoder_destroy(decoder);
    free(bits[0]);
    free(bits[1]);
    free(message);
    free(word);
    free(frame);
    free(llr);
    ldpc_code_destroy(code);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(generator_rows_are_annex_c),
        cmocka_unit_test(parity_check_matrix_is_table_7_1),
        cmocka_unit_test(parity_check_matrix_has_the_standards_shape),
        cmocka_unit_test(frames_of_8160_bits_shorten_and_fill),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
