/* A worker's decoders behind one handle (src/ldpcd/worker_decoders.c):
 * noiseless frames of binary and nonbinary codes, int8 and float, decoded
 * and written as every output_bits kind against the library's encoders;
 * only the kinds in use created; one fallback rule for both kinds. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "code_set.h"
#include "config.h"
#include "ldpc/decoder_spec.h"
#include "ldpc/encoder.h"
#include "ldpc/soft.h"
#include "code/code_struct.h"
#include "nb/nb_code_struct.h"
#include "nb_codes.h"
#include "test_support.h"
#include "worker_decoders.h"

/* Everything a worker's decoders are made from, for `codes`. */
typedef struct {
    ldpcd_config_source source;
    ldpcd_code_set set;
    ldpc_decoder_config binary;
    ldpcd_nb_setup nb;
    ldpcd_decoders_setup setup;
    ldpcd_stats stats;
} fixture;

static fixture *fixture_for(const char *codes, const char *binary_spec,
                            const char *nonbinary_spec)
{
    fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    char error[256];
    ldpcd_config_defaults(&f->source);
    snprintf(f->source.values.nonbinary_decoder, sizeof f->source.values.nonbinary_decoder, "%s",
             nonbinary_spec);
    assert_int_equal(ldpcd_code_set_build(codes, &f->set, error, sizeof error), 0);
    assert_int_equal(ldpc_decoder_spec_parse(binary_spec, &f->binary, NULL), LDPC_OK);
    assert_int_equal(ldpcd_nb_setup_build(&f->nb, &f->set, &f->source.values, 4, error,
                                          sizeof error),
                     0);
    f->setup = (ldpcd_decoders_setup){.binary = &f->binary,
                                      .binary_limits = f->set.limits,
                                      .binary_codes = f->set.count - f->set.nonbinary_count,
                                      .nonbinary = &f->nb};
    f->setup.binary_limits.max_frames = 4;
    ldpcd_stats_init(&f->stats);
    return f;
}

static void fixture_free(fixture *f)
{
    ldpcd_code_set_destroy(&f->set);
    free(f);
}

/* The payload of every output_bits kind from `decided` against the
 * information bits and codeword the encoder made. */
static void check_payloads(ldpcd_decoders *d, const ldpcd_code_entry *entry,
                           const uint8_t *decided, const uint8_t *info_bits,
                           const uint8_t *codeword)
{
    const struct {
        ldpcd_output_bits kind;
        const uint8_t *bits;
        uint32_t count;
        int packed;
    } expected[] = {
        {LDPCD_BITS_PACKED, info_bits, entry->k_bits, 1},
        {LDPCD_BITS_UNPACKED, info_bits, entry->k_bits, 0},
        {LDPCD_BITS_CODEWORD, codeword, entry->word_bits, 1},
        {LDPCD_BITS_CODEWORD_UNPACKED, codeword, entry->word_bits, 0},
    };
    uint8_t *result = calloc(entry->word_bits + 8, 1), *want = calloc(entry->word_bits + 8, 1);
    ldpcd_slot slot = {.code = entry, .result = result};
    for (size_t i = 0; i < sizeof expected / sizeof expected[0]; i++) {
        uint32_t count = expected[i].count;
        ldpcd_decoders_write_result(d, expected[i].kind, &slot, decided);
        assert_int_equal(slot.result_bits, count);
        if (expected[i].packed)
            ldpc_bits_pack(expected[i].bits, count, want);
        else
            memcpy(want, expected[i].bits, count);
        assert_memory_equal(result, want, expected[i].packed ? (count + 7) / 8 : count);
    }
    free(result);
    free(want);
}

/* entry's frame of `sent` bits (0/1) as int8 or float LLRs, decoded. */
static void decode_frame(ldpcd_decoders *d, const ldpcd_code_entry *entry, int soft_is_float,
                         const uint8_t *sent, uint8_t *decided)
{
    float *llr = malloc(entry->n_bits * sizeof(float));
    int8_t *llr_q = malloc(entry->n_bits);
    for (uint32_t b = 0; b < entry->n_bits; b++) {
        llr[b] = sent[b] ? -3.0f : 3.0f;
        llr_q[b] = sent[b] ? -6 : 6;
    }
    ldpc_frame_stats stats;
    ldpc_error err;
    assert_int_equal(ldpcd_decoders_decode(d, entry, soft_is_float,
                                           soft_is_float ? (const void *)llr
                                                         : (const void *)llr_q,
                                           1, decided, &stats, &err),
                     LDPC_OK);
    assert_int_equal(stats.converged, 1);
    assert_int_equal(stats.corrected_bits, 0);
    free(llr);
    free(llr_q);
}

/* The decoders of `f`'s one code, whose kind alone must have a decoder. */
static const ldpcd_code_entry *create_for_one_code(fixture *f, ldpcd_decoders *d,
                                                   ldpcd_code_kind kind)
{
    char error[256];
    assert_int_equal(
        ldpcd_decoders_create(d, &f->setup, &f->source.values, &f->stats, error, sizeof error),
        0);
    for (int k = 0; k < LDPCD_CODE_KINDS; k++)
        assert_true((d->kinds[k].decoder != NULL) == (k == (int)kind));
    assert_true(ldpcd_decoders_footprint(d) > 0);
    const ldpcd_code_entry *entry = &f->set.entries[0];
    assert_int_equal(ldpcd_entry_kind(entry), kind);
    /* only binary results may be written by the helpers beside the worker */
    assert_int_equal(ldpcd_decoders_result_shared(entry), kind == LDPCD_BINARY);
    return entry;
}

/* `sent` decoded back into `codeword`, then every payload; releases d and f. */
static void decode_and_check(fixture *f, ldpcd_decoders *d, const ldpcd_code_entry *entry,
                             int soft_is_float, const uint8_t *sent, const uint8_t *info_bits,
                             const uint8_t *codeword)
{
    uint8_t *decided = malloc(entry->word_bits);
    decode_frame(d, entry, soft_is_float, sent, decided);
    assert_memory_equal(decided, codeword, entry->word_bits);
    check_payloads(d, entry, decided, info_bits, codeword);
    free(decided);
    ldpcd_decoders_destroy(d);
    fixture_free(f);
}

static void binary_frame(const char *name, const char *spec, int soft_is_float)
{
    fixture *f = fixture_for(name, spec, "default");
    ldpcd_decoders d;
    const ldpcd_code_entry *entry = create_for_one_code(f, &d, LDPCD_BINARY);
    const ldpc_code *code = entry->code;
    uint32_t k = ldpc_code_k(code);
    test_rng rng;
    test_rng_seed(&rng, 5);
    uint8_t *info = malloc(k), *codeword = malloc(entry->word_bits);
    uint8_t *sent = malloc(entry->n_bits);
    for (uint32_t i = 0; i < k; i++)
        info[i] = (uint8_t)(test_rng_next(&rng) & 1u);
    assert_int_equal(ldpc_encode(code, info, codeword, NULL), LDPC_OK);
    ldpc_code_transmit(code, codeword, sent);
    decode_and_check(f, &d, entry, soft_is_float, sent, info, codeword);
    free(info);
    free(codeword);
    free(sent);
}

static void nonbinary_frame(const char *name, int soft_is_float)
{
    fixture *f = fixture_for(name, "default",
                             soft_is_float ? "float-layered-minmax" : "default");
    ldpcd_decoders d;
    const ldpcd_code_entry *entry = create_for_one_code(f, &d, LDPCD_NONBINARY);
    const ldpc_nb_code *code = entry->nonbinary;
    uint32_t n = code->graph->n, k = code->graph->k, p = code->bits_per_symbol;
    test_rng rng;
    test_rng_seed(&rng, 11);
    uint8_t *info = malloc(k), *symbols = malloc(n);
    uint8_t *info_bits = malloc(entry->k_bits), *codeword = malloc(entry->n_bits);
    for (uint32_t i = 0; i < k; i++)
        info[i] = (uint8_t)(test_rng_next(&rng) % code->q);
    assert_int_equal(ldpc_nb_encode(code, info, symbols, NULL), LDPC_OK);
    ldpc_nb_symbols_to_bits(p, symbols, n, codeword);
    for (uint32_t i = 0; i < k; i++) /* the information symbols' bits, in order */
        ldpc_nb_symbols_to_bits(p, &symbols[code->graph->info_positions[i]], 1,
                                info_bits + (size_t)i * p);
    decode_and_check(f, &d, entry, soft_is_float, codeword, info_bits, codeword);
    free(info);
    free(symbols);
    free(info_bits);
    free(codeword);
}

static void frames_of_both_kinds(void **state)
{
    (void)state;
    binary_frame("dvbs2-short-1/2", "default", 0);
    binary_frame("ccsds-ar4ja-1024-1/2", "float-layered-oms", 1); /* punctured */
    nonbinary_frame("nbqc-gf32-744-653", 0);  /* information symbols spread out */
    nonbinary_frame("nbreg-gf32-620-310", 1); /* information symbols first */
}

static void both_kinds_in_one_handle(void **state)
{
    (void)state;
    fixture *f = fixture_for("dvbs2-short-1/2, nbreg-gf32-620-310", "default", "default");
    ldpcd_decoders d;
    char error[256];
    assert_int_equal(
        ldpcd_decoders_create(&d, &f->setup, &f->source.values, &f->stats, error, sizeof error),
        0);
    assert_non_null(d.kinds[LDPCD_BINARY].decoder);
    assert_non_null(d.kinds[LDPCD_NONBINARY].decoder);
    char text[256], binary[128], nonbinary[128];
    ldpc_decoder_describe(d.kinds[LDPCD_BINARY].decoder, binary, sizeof binary);
    ldpc_nb_decoder_describe(d.kinds[LDPCD_NONBINARY].decoder, nonbinary, sizeof nonbinary);
    ldpcd_decoders_describe(&d, text, sizeof text);
    char expected[300];
    snprintf(expected, sizeof expected, "%s + %s", binary, nonbinary);
    assert_string_equal(text, expected);
    assert_int_equal(atomic_load(&f->stats.fallbacks), 0);
    ldpcd_decoders_destroy(&d);
    fixture_free(f);
}

/* A backend that cannot be created: an error without backend_fallback, the
 * reference decoder and one fallback counted with it; the same for both kinds. */
static void one_fallback_rule(const char *codes, ldpcd_code_kind kind)
{
    fixture *f = fixture_for(codes, "default", "default");
    ldpcd_config *config = &f->source.values;
    const char *setting = kind == LDPCD_BINARY ? "backend" : "nonbinary_backend";
    snprintf(kind == LDPCD_BINARY ? config->backend : config->nonbinary_backend,
             sizeof config->backend, "no-such-backend");
    ldpcd_decoders d;
    char error[256], expected[64];
    config->backend_fallback = 0;
    assert_int_not_equal(
        ldpcd_decoders_create(&d, &f->setup, config, &f->stats, error, sizeof error), 0);
    snprintf(expected, sizeof expected, "%s no-such-backend", setting);
    assert_non_null(strstr(error, expected));
    ldpcd_decoders_destroy(&d);
    assert_int_equal(atomic_load(&f->stats.fallbacks), 0);
    config->backend_fallback = 1;
    assert_int_equal(
        ldpcd_decoders_create(&d, &f->setup, config, &f->stats, error, sizeof error), 0);
    assert_int_equal(atomic_load(&f->stats.fallbacks), 1);
    const void *decoder = d.kinds[kind].decoder;
    assert_string_equal(kind == LDPCD_BINARY ? ldpc_decoder_backend_name(decoder)
                                             : ldpc_nb_decoder_backend_name(decoder),
                        "reference");
    ldpcd_decoders_destroy(&d);
    fixture_free(f);
}

static void fallback_of_both_kinds(void **state)
{
    (void)state;
    one_fallback_rule("dvbs2-short-1/2", LDPCD_BINARY);
    one_fallback_rule("nbreg-gf32-620-310", LDPCD_NONBINARY);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(frames_of_both_kinds),
        cmocka_unit_test(both_kinds_in_one_handle),
        cmocka_unit_test(fallback_of_both_kinds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
