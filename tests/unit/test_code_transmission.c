/* Puncturing, shortening and rate matching (src/code/code_transmission.c)
 * and the CCSDS AR4JA codes, which puncture their last block column:
 * - the AR4JA tables equal a second, independent transcription of CCSDS
 *   131.0-B Tables 7-3 and 7-4 (tests/vectors/codes/ccsds_ar4ja_phi.txt);
 * - all nine matrices equal labrador-ldpc-c's independent construction
 *   (tests/vectors/codes/ar4ja_digests.txt);
 * - for k = 1024 the frames ldpc_encode and ldpc_code_transmit write are
 *   those of the standard's systematic generators
 *   (tests/vectors/codes/ccsds_ar4ja_generators.txt);
 * - every backend decides the same bits and statistics as the reference from
 *   the transmitted values, in both input types;
 * - shortened bits are zeros the frame does not carry (or carries as fill
 *   bits, whose values change nothing), repeated bits add, and a
 *   transmission that breaks a rule is refused. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "api/backend_registry.h"
#include "code/ar4ja_tables.h"
#include "code/code_internal.h"
#include "ldpc/decoder.h"
#include "ldpc/encoder.h"
#include "ldpc/soft.h"
#include "test_support.h"

#define PHI_FILE LDPC_SOURCE_DIR "/tests/vectors/codes/ccsds_ar4ja_phi.txt"
#define GENERATOR_FILE LDPC_SOURCE_DIR "/tests/vectors/codes/ccsds_ar4ja_generators.txt"
#define DIGEST_FILE LDPC_SOURCE_DIR "/tests/vectors/codes/ar4ja_digests.txt"
#define AR4JA_K1024_MAX_PARITY 1024u /* n - k of the rate-1/2 code */

static void phi_tables_match_a_second_transcription(void **state)
{
    (void)state;
    FILE *f = fopen(PHI_FILE, "r");
    assert_non_null(f);
    char line[256];
    unsigned rows = 0;
    while (fgets(line, sizeof line, f) != NULL) {
        unsigned j, k, phi[AR4JA_SIZES];
        if (line[0] == '#')
            continue;
        assert_int_equal(sscanf(line, "%u %u %u %u %u %u %u %u %u", &j, &k, &phi[0], &phi[1],
                                &phi[2], &phi[3], &phi[4], &phi[5], &phi[6]),
                         9);
        assert_true(j < 4 && k >= 1 && k <= AR4JA_PERMUTATIONS);
        for (unsigned s = 0; s < AR4JA_SIZES; s++)
            assert_int_equal(ar4ja_phi[j][k - 1][s], phi[s]);
        rows++;
    }
    fclose(f);
    assert_int_equal(rows, 4 * AR4JA_PERMUTATIONS);
}

/* The compact generator of `name`: rows of n - k parity bits, each the
 * first of b consecutive generator rows. */
static uint32_t read_generator(const char *name, uint32_t parity, uint8_t *rows,
                               uint32_t max_rows)
{
    FILE *f = fopen(GENERATOR_FILE, "r");
    assert_non_null(f);
    static char line[4096];
    char code[48];
    uint32_t count = 0;
    while (fgets(line, sizeof line, f) != NULL) {
        int row, used;
        if (line[0] == '#' || sscanf(line, "%47s %d%n", code, &row, &used) != 2 ||
            strcmp(code, name) != 0)
            continue;
        assert_true(row >= 0 && (uint32_t)row == count && count < max_rows);
        const char *p = line + used;
        for (uint32_t w = 0; w < parity / 32; w++) {
            char *end;
            unsigned long word = strtoul(p, &end, 16);
            assert_true(end != p);
            p = end;
            for (uint32_t b = 0; b < 32; b++)
                rows[(size_t)count * parity + w * 32 + b] = (uint8_t)((word >> (31 - b)) & 1u);
        }
        count++;
    }
    fclose(f);
    return count;
}

static void k1024_frames_are_the_standard_generators(void **state)
{
    (void)state;
    static const char *names[] = {"ccsds-ar4ja-1024-1/2", "ccsds-ar4ja-1024-2/3",
                                  "ccsds-ar4ja-1024-4/5"};
    static uint8_t rows[32 * AR4JA_K1024_MAX_PARITY];
    test_rng rng;
    test_rng_seed(&rng, 131);
    for (size_t c = 0; c < sizeof names / sizeof names[0]; c++) {
        ldpc_code *code = NULL;
        assert_int_equal(ldpc_code_create(names[c], &code, NULL), LDPC_OK);
        uint32_t k = ldpc_code_k(code), sent_n = ldpc_code_transmitted_n(code);
        uint32_t parity = sent_n - k;
        uint32_t row_count = read_generator(names[c], parity, rows, 32);
        uint32_t b = k / row_count; /* circulant size: M / 4 */
        assert_int_equal(b * row_count, k);
        uint8_t message[1024], word[2560], sent[2048], theirs[2048];
        for (int trial = 0; trial < 8; trial++) {
            test_random_bits(&rng, message, k);
            memcpy(theirs, message, k);
            memset(theirs + k, 0, parity);
            for (uint32_t j = 0; j < k; j++) {
                if (!message[j])
                    continue;
                const uint8_t *row = rows + (size_t)(j / b) * parity;
                for (uint32_t i = 0; i < parity; i++)
                    theirs[k + i] ^= row[b * (i / b) + (i % b + b - j % b) % b];
            }
            assert_int_equal(ldpc_encode(code, message, word, NULL), LDPC_OK);
            assert_int_equal(ldpc_code_unsatisfied_checks(code, word), 0);
            ldpc_code_transmit(code, word, sent);
            assert_memory_equal(sent, theirs, sent_n);
        }
        ldpc_code_destroy(code);
    }
}

/* All nine parity-check matrices equal those of labrador-ldpc-c's own
 * construction (its phi tables, its block layout). */
static void ar4ja_matrices_equal_an_independent_construction(void **state)
{
    (void)state;
    assert_int_equal(test_compare_digests(DIGEST_FILE, "ccsds-ar4ja-", NULL), 9);
}

static void ar4ja_frames_send_all_but_the_last_block_column(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        uint32_t k, sent_n, block;
    } codes[] = {
        {"ccsds-ar4ja-1024-1/2", 1024, 2048, 512}, {"ccsds-ar4ja-1024-2/3", 1024, 1536, 256},
        {"ccsds-ar4ja-1024-4/5", 1024, 1280, 128}, {"ccsds-ar4ja-4096-1/2", 4096, 8192, 2048},
        {"ccsds-ar4ja-4096-2/3", 4096, 6144, 1024}, {"ccsds-ar4ja-4096-4/5", 4096, 5120, 512},
        {"ccsds-ar4ja-16384-1/2", 16384, 32768, 8192},
    };
    for (size_t c = 0; c < sizeof codes / sizeof codes[0]; c++) {
        ldpc_code *code = NULL;
        assert_int_equal(ldpc_code_create(codes[c].name, &code, NULL), LDPC_OK);
        assert_int_equal(ldpc_code_k(code), codes[c].k);
        assert_int_equal(ldpc_code_transmitted_n(code), codes[c].sent_n);
        assert_int_equal(ldpc_code_n(code), codes[c].sent_n + codes[c].block);
        assert_int_equal(ldpc_code_m(code), 3 * codes[c].block);
        assert_int_equal(ldpc_code_punctured_count(code), codes[c].block);
        assert_int_equal(ldpc_code_shortened_count(code), 0);
        const uint32_t *punctured = ldpc_code_punctured_bits(code);
        for (uint32_t p = 0; p < codes[c].block; p++)
            assert_int_equal(punctured[p], codes[c].sent_n + p);
        const uint32_t *sent = ldpc_code_transmitted_bits(code);
        for (uint32_t j = 0; j < codes[c].sent_n; j++)
            assert_int_equal(sent[j], j);
        /* The punctured variables have degree 6 (CCSDS 131.0-B 7.4.2.5). */
        assert_int_equal(ldpc_code_var_degree(code, punctured[0]), 6);
        ldpc_code_destroy(code);
    }
}

/* Noisy transmitted frames of `code` as f32 LLRs and their codewords. */
static void noisy_frames(const ldpc_code *code, uint32_t frames, double ebn0_db, float *llr,
                         uint8_t *words)
{
    uint32_t k = ldpc_code_k(code), n = ldpc_code_n(code), sent = ldpc_code_transmitted_n(code);
    uint8_t *info = malloc(k), *frame = malloc(sent);
    assert_non_null(info);
    assert_non_null(frame);
    test_rng rng;
    test_rng_seed(&rng, 4096);
    for (uint32_t f = 0; f < frames; f++) {
        test_random_bits(&rng, info, k);
        assert_int_equal(ldpc_encode(code, info, words + (size_t)f * n, NULL), LDPC_OK);
        ldpc_code_transmit(code, words + (size_t)f * n, frame);
        test_bpsk_awgn_llr(&rng, frame, sent, (double)k / sent, ebn0_db, llr + (size_t)f * sent);
    }
    free(info);
    free(frame);
}

typedef struct {
    uint8_t *bits;
    ldpc_frame_stats *stats;
} decided;

static ldpc_status decode_with(const char *backend, const ldpc_decoder_config *config,
                               const ldpc_code *code, const float *llr, const int8_t *q,
                               uint32_t frames, decided *f32, decided *i8)
{
    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(code, frames);
    ldpc_decoder *decoder = NULL;
    ldpc_status status = ldpc_decoder_create(config, &limits, backend, &decoder, NULL);
    if (status != LDPC_OK)
        return status;
    ldpc_error err;
    assert_int_equal(
        ldpc_decoder_decode_f32(decoder, code, llr, frames, f32->bits, f32->stats, &err), LDPC_OK);
    assert_int_equal(ldpc_decoder_decode_i8(decoder, code, q, frames, i8->bits, i8->stats, &err),
                     LDPC_OK);
    ldpc_decoder_destroy(decoder);
    return LDPC_OK;
}

static decided decided_alloc(uint32_t frames, uint32_t n)
{
    decided d = {malloc((size_t)frames * n), calloc(frames, sizeof(ldpc_frame_stats))};
    assert_non_null(d.bits);
    assert_non_null(d.stats);
    return d;
}

static void decided_free(decided *d)
{
    free(d->bits);
    free(d->stats);
}

static void assert_same(const decided *a, const decided *b, uint32_t frames, uint32_t n)
{
    assert_memory_equal(a->bits, b->bits, (size_t)frames * n);
    assert_memory_equal(a->stats, b->stats, frames * sizeof(ldpc_frame_stats));
}

/* Every backend of this build, fixed and float, against the reference, at
 * Eb/N0 ebn0_db where at most sent / max_flipped_share of the sent bits
 * (and none that is not sent) are corrected. */
static void backends_decode_as_the_reference(const char *name, double ebn0_db,
                                             uint32_t max_flipped_share)
{
    enum { FRAMES = 70 }; /* more than one AVX-512 vector of 64 lanes */
    ldpc_code *code = NULL;
    assert_int_equal(ldpc_code_create(name, &code, NULL), LDPC_OK);
    uint32_t n = ldpc_code_n(code), sent = ldpc_code_transmitted_n(code);
    float *llr = malloc(sizeof(float) * FRAMES * sent);
    int8_t *q = malloc((size_t)FRAMES * sent);
    uint8_t *words = malloc((size_t)FRAMES * n);
    assert_non_null(llr);
    assert_non_null(q);
    assert_non_null(words);
    noisy_frames(code, FRAMES, ebn0_db, llr, words);
    ldpc_quantise(llr, (size_t)FRAMES * sent, 3.0f, q);

    ldpc_decoder_config configs[2] = {ldpc_decoder_config_default(),
                                      ldpc_decoder_config_default()};
    configs[1].arithmetic = LDPC_ARITH_FLOAT;
    for (int c = 0; c < 2; c++) {
        decided ref_f32 = decided_alloc(FRAMES, n), ref_i8 = decided_alloc(FRAMES, n);
        assert_int_equal(decode_with("reference", &configs[c], code, llr, q, FRAMES, &ref_f32,
                                     &ref_i8),
                         LDPC_OK);
        uint32_t converged = 0, corrected = 0;
        for (uint32_t f = 0; f < FRAMES; f++) {
            converged += ref_f32.stats[f].converged;
            corrected += ref_f32.stats[f].corrected_bits;
            if (ref_f32.stats[f].converged)
                assert_memory_equal(ref_f32.bits + (size_t)f * n, words + (size_t)f * n, n);
        }
        assert_true(converged > FRAMES / 2 && converged < FRAMES + 1);
        /* Only transmitted bits count. */
        assert_true(corrected > 0 && corrected < FRAMES * sent / max_flipped_share);
        size_t compared = 0;
        for (size_t b = 0; b < backend_count(); b++) {
            const decode_backend *backend = backend_at(b);
            if (strcmp(backend->name, "reference") == 0 || !backend->available(backend))
                continue;
            decided f32 = decided_alloc(FRAMES, n), i8 = decided_alloc(FRAMES, n);
            if (decode_with(backend->name, &configs[c], code, llr, q, FRAMES, &f32, &i8) ==
                LDPC_OK) {
                assert_same(&f32, &ref_f32, FRAMES, n);
                assert_same(&i8, &ref_i8, FRAMES, n);
                compared++;
            }
            decided_free(&f32);
            decided_free(&i8);
        }
        if (c == 0)
            assert_true(compared > 0); /* fixed point: at least one SIMD backend */
        decided_free(&ref_f32);
        decided_free(&ref_i8);
    }
    free(llr);
    free(q);
    free(words);
    ldpc_code_destroy(code);
}

static void every_backend_decodes_punctured_frames_as_the_reference(void **state)
{
    (void)state;
    backends_decode_as_the_reference("ccsds-ar4ja-1024-2/3", 2.2, 10);
}

/* CCSDS C2's (8160,7136) frame: shortened bits and two fill bits sent for
 * shortened ones. */
static void every_backend_decodes_filled_frames_as_the_reference(void **state)
{
    (void)state;
    backends_decode_as_the_reference("ccsds-c2-8160", 3.6, 10);
}

/* A DVB code (the frame path, OpenCL's DVB tables) shortened and punctured. */
static void every_backend_decodes_vlsnr_frames_as_the_reference(void **state)
{
    (void)state;
    /* Rate 0.17: a fifth of the sent bits arrive wrong at Es/N0 -4.6 dB. */
    backends_decode_as_the_reference("dvbs2x-short-1/5-vlsnr-sf2", 3.0, 4);
}

/* A VL-SNR frame decodes as its mother code (the same table, every bit
 * sent) decodes the codeword ldpc_code_receive_f32 makes of it: punctured
 * bits 0, shortened ones certain zeros. The decoder takes the VL-SNR frames
 * straight into fixed point; this holds it to the float word in between. */
static void vlsnr_frames_decode_as_their_mother_code(void **state)
{
    (void)state;
    enum { FRAMES = 24 };
    ldpc_code *code = NULL, *mother = NULL;
    assert_int_equal(ldpc_code_create("dvbs2x-short-1/5-vlsnr-sf2", &code, NULL), LDPC_OK);
    assert_int_equal(ldpc_code_create("dvbs2-short-1/4", &mother, NULL), LDPC_OK);
    const uint32_t n = ldpc_code_n(code), sent = ldpc_code_transmitted_n(code);
    assert_int_equal(ldpc_code_transmitted_n(mother), n);
    float *llr = malloc(sizeof(float) * FRAMES * sent), *words = malloc(sizeof(float) * FRAMES * n);
    int8_t *q = malloc((size_t)FRAMES * sent), *q_words = malloc((size_t)FRAMES * n);
    uint8_t *codewords = malloc((size_t)FRAMES * n);
    assert_true(llr && words && q && q_words && codewords);
    noisy_frames(code, FRAMES, 0.8, llr, codewords);
    ldpc_quantise(llr, (size_t)FRAMES * sent, 3.0f, q);

    ldpc_decoder_config config = ldpc_decoder_config_default();
    for (uint32_t f = 0; f < FRAMES; f++) {
        ldpc_code_receive_f32(code, llr + (size_t)f * sent, 127.0f / config.llr_scale,
                              words + (size_t)f * n);
        float q_as_float[16200];
        for (uint32_t j = 0; j < sent; j++)
            q_as_float[j] = (float)q[(size_t)f * sent + j];
        float word[16200];
        ldpc_code_receive_f32(code, q_as_float, 127.0f, word);
        ldpc_quantise(word, n, 1.0f, q_words + (size_t)f * n);
    }
    decided from_frames = decided_alloc(FRAMES, n), from_words = decided_alloc(FRAMES, n);
    decided q_frames = decided_alloc(FRAMES, n), q_from_words = decided_alloc(FRAMES, n);
    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(code, FRAMES);
    ldpc_decoder *decoder = NULL;
    assert_int_equal(ldpc_decoder_create(&config, &limits, "auto", &decoder, NULL), LDPC_OK);
    assert_int_equal(ldpc_decoder_decode_f32(decoder, code, llr, FRAMES, from_frames.bits,
                                             from_frames.stats, NULL),
                     LDPC_OK);
    assert_int_equal(ldpc_decoder_decode_f32(decoder, mother, words, FRAMES, from_words.bits,
                                             from_words.stats, NULL),
                     LDPC_OK);
    assert_int_equal(ldpc_decoder_decode_i8(decoder, code, q, FRAMES, q_frames.bits,
                                            q_frames.stats, NULL),
                     LDPC_OK);
    assert_int_equal(ldpc_decoder_decode_i8(decoder, mother, q_words, FRAMES, q_from_words.bits,
                                            q_from_words.stats, NULL),
                     LDPC_OK);
    assert_memory_equal(from_frames.bits, from_words.bits, (size_t)FRAMES * n);
    assert_memory_equal(q_frames.bits, q_from_words.bits, (size_t)FRAMES * n);
    uint32_t converged = 0;
    for (uint32_t f = 0; f < FRAMES; f++) {
        assert_int_equal(from_frames.stats[f].iterations, from_words.stats[f].iterations);
        assert_int_equal(from_frames.stats[f].converged, from_words.stats[f].converged);
        assert_int_equal(q_frames.stats[f].iterations, q_from_words.stats[f].iterations);
        converged += from_frames.stats[f].converged;
    }
    assert_true(converged > 0 && converged < FRAMES); /* some fail: iterations differ */
    ldpc_decoder_destroy(decoder);
    decided_free(&from_frames);
    decided_free(&from_words);
    decided_free(&q_frames);
    decided_free(&q_from_words);
    free(llr);
    free(words);
    free(q);
    free(q_words);
    free(codewords);
    ldpc_code_destroy(code);
    ldpc_code_destroy(mother);
}

/* wifi-648-1/2 with its first 20 information bits shortened, parity bit
 * 400 sent twice, parity bits 600..647 punctured. */
static ldpc_code *shortened_wifi(void)
{
    ldpc_code *code = NULL;
    assert_int_equal(ldpc_code_create("wifi-648-1/2", &code, NULL), LDPC_OK);
    uint32_t sent[648], count = 0, shortened[20];
    for (uint32_t s = 0; s < 20; s++)
        shortened[s] = code->info_positions[s];
    for (uint32_t v = 0; v < 600; v++) {
        int is_short = 0;
        for (uint32_t s = 0; s < 20; s++)
            is_short |= shortened[s] == v;
        if (!is_short)
            sent[count++] = v;
    }
    sent[count++] = 400;
    assert_int_equal(code_set_transmission(code, sent, count, shortened, 20, NULL), LDPC_OK);
    return code;
}

static void shortened_bits_are_known_zeros_and_repeats_add(void **state)
{
    (void)state;
    ldpc_code *code = shortened_wifi();
    assert_int_equal(ldpc_code_k(code), 324 - 20);
    assert_int_equal(ldpc_code_transmitted_n(code), 600 - 20 + 1);
    assert_int_equal(ldpc_code_shortened_count(code), 20);
    assert_int_equal(ldpc_code_punctured_count(code), 48);
    const uint32_t *info = ldpc_code_info_positions(code);
    for (uint32_t i = 0; i < ldpc_code_k(code); i++)
        assert_int_equal(info[i], code->info_positions[i + 20]);

    uint8_t message[324], word[648], frame[648];
    memset(message, 1, sizeof message);
    memset(word, 1, sizeof word);
    assert_int_equal(ldpc_encode(code, message, word, NULL), LDPC_OK);
    assert_int_equal(ldpc_code_unsatisfied_checks(code, word), 0);
    for (uint32_t s = 0; s < 20; s++)
        assert_int_equal(word[code->info_positions[s]], 0);
    ldpc_code_transmit(code, word, frame);
    assert_int_equal(frame[580], word[400]);

    /* The frame's values on the codeword: shortened known, repeats summed. */
    float values[648], received[648];
    for (uint32_t j = 0; j < 581; j++)
        values[j] = 1.0f + (float)j;
    ldpc_code_receive_f32(code, values, 99.0f, received);
    assert_true(received[400] == values[380] + values[580]);
    assert_true(received[code->info_positions[0]] == 99.0f);
    assert_true(received[647] == 0.0f);

    /* A clean frame decodes to its codeword and corrects nothing, in both
     * input types, although the punctured bits start as erasures. */
    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(code, 1);
    ldpc_decoder_config config = ldpc_decoder_config_default();
    ldpc_decoder *decoder = NULL;
    assert_int_equal(ldpc_decoder_create(&config, &limits, NULL, &decoder, NULL), LDPC_OK);
    float llr[648];
    int8_t q[648];
    for (uint32_t j = 0; j < 581; j++) {
        llr[j] = frame[j] ? -4.0f : 4.0f;
        q[j] = frame[j] ? -12 : 12;
    }
    uint8_t bits[648];
    ldpc_frame_stats stats;
    assert_int_equal(ldpc_decoder_decode_f32(decoder, code, llr, 1, bits, &stats, NULL), LDPC_OK);
    assert_memory_equal(bits, word, 648);
    assert_int_equal(stats.converged, 1);
    assert_int_equal(stats.corrected_bits, 0);
    assert_int_equal(ldpc_decoder_decode_i8(decoder, code, q, 1, bits, &stats, NULL), LDPC_OK);
    assert_memory_equal(bits, word, 648);
    assert_int_equal(stats.corrected_bits, 0);
    /* A non-finite value is named by its place in the transmitted frame. */
    ldpc_error err;
    llr[580] = INFINITY;
    assert_int_equal(ldpc_decoder_decode_f32(decoder, code, llr, 1, bits, &stats, &err),
                     LDPC_ERR_INVALID);
    assert_non_null(strstr(err.message, "bit 580"));
    ldpc_decoder_destroy(decoder);
    ldpc_code_destroy(code);
}

static void transmissions_that_break_a_rule_are_refused(void **state)
{
    (void)state;
    ldpc_code *code = NULL;
    assert_int_equal(ldpc_code_create("wifi-648-1/2", &code, NULL), LDPC_OK);
    uint32_t sent[2] = {0, 648}, parity = 647, info0 = code->info_positions[0];
    ldpc_error err;
    assert_int_equal(code_set_transmission(code, sent, 2, NULL, 0, &err), LDPC_ERR_INVALID);
    assert_non_null(strstr(err.message, "beyond"));
    sent[1] = 1;
    assert_int_equal(code_set_transmission(code, sent, 0, NULL, 0, &err), LDPC_ERR_INVALID);
    assert_int_equal(code_set_transmission(code, sent, 2, &parity, 1, &err), LDPC_ERR_INVALID);
    assert_non_null(strstr(err.message, "not an information bit"));
    /* Nothing of a refused transmission stays. */
    assert_int_equal(ldpc_code_transmitted_n(code), 648);
    assert_null(ldpc_code_transmitted_bits(code));
    /* A value sent for a shortened bit is a fill bit, not a rule broken. */
    sent[0] = info0;
    assert_int_equal(code_set_transmission(code, sent, 2, &info0, 1, &err), LDPC_OK);
    assert_int_equal(ldpc_code_transmitted_n(code), 2);
    ldpc_code_destroy(code);
}

/* An alist file's punctured and shortened lines round-trip. */
static void alist_files_declare_punctured_and_shortened_columns(void **state)
{
    (void)state;
    ldpc_code *code = shortened_wifi(), *back = NULL;
    char path[] = "/tmp/ldpc_transmission_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    assert_int_equal(ldpc_code_write_alist(code, f, NULL), LDPC_OK);
    fclose(f);
    assert_int_equal(ldpc_code_load_alist(path, &back, NULL), LDPC_OK);
    remove(path);
    assert_int_equal(ldpc_code_punctured_count(back), ldpc_code_punctured_count(code));
    assert_int_equal(ldpc_code_shortened_count(back), 20);
    assert_memory_equal(ldpc_code_shortened_bits(back), ldpc_code_shortened_bits(code),
                        20 * sizeof(uint32_t));
    assert_memory_equal(ldpc_code_punctured_bits(back), ldpc_code_punctured_bits(code),
                        48 * sizeof(uint32_t));
    /* The repetition is rate matching, which an alist file does not carry. */
    assert_int_equal(ldpc_code_transmitted_n(back), 580);
    ldpc_code_destroy(back);
    ldpc_code_destroy(code);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(phi_tables_match_a_second_transcription),
        cmocka_unit_test(k1024_frames_are_the_standard_generators),
        cmocka_unit_test(ar4ja_matrices_equal_an_independent_construction),
        cmocka_unit_test(ar4ja_frames_send_all_but_the_last_block_column),
        cmocka_unit_test(every_backend_decodes_punctured_frames_as_the_reference),
        cmocka_unit_test(every_backend_decodes_vlsnr_frames_as_the_reference),
        cmocka_unit_test(every_backend_decodes_filled_frames_as_the_reference),
        cmocka_unit_test(vlsnr_frames_decode_as_their_mother_code),
        cmocka_unit_test(shortened_bits_are_known_zeros_and_repeats_add),
        cmocka_unit_test(transmissions_that_break_a_rule_are_refused),
        cmocka_unit_test(alist_files_declare_punctured_and_shortened_columns),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
