/* Min-Max decoders of nonbinary codes: every configuration corrects every
 * frame of a fixed-seed run at a clearly decodable Eb/N0, fixed point agrees
 * with float there, early termination and statistics behave, limits and
 * configurations are checked. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ldpc/decoder_spec.h"
#include "code/code_struct.h"
#include "ldpc/nonbinary.h"
#include "nb/nb_code_struct.h"
#include "ldpc/soft.h"
#include "test_support.h"

typedef struct {
    ldpc_nb_code *code;
    uint32_t frames, bits;
    uint8_t *sent;   /* frames * n symbols */
    float *llr;      /* frames * bits */
    uint8_t *decided;
    ldpc_frame_stats *stats;
} nb_run;

static nb_run make_run(const char *name, uint32_t frames, double ebn0_db, uint64_t seed)
{
    nb_run run = {.frames = frames};
    ldpc_error err = {{0}};
    if (ldpc_nb_code_create(name, &run.code, &err) != LDPC_OK)
        fail_msg("%s: %s", name, err.message);
    const ldpc_code *g = run.code->graph;
    run.bits = g->n * run.code->bits_per_symbol;
    run.sent = malloc((size_t)frames * g->n);
    run.decided = malloc((size_t)frames * g->n);
    run.llr = malloc((size_t)frames * run.bits * sizeof(float));
    run.stats = calloc(frames, sizeof(ldpc_frame_stats));
    uint8_t *info = malloc(g->k), *bits = malloc(run.bits);
    test_rng rng;
    test_rng_seed(&rng, seed);
    double rate = (double)g->k / g->n;
    for (uint32_t f = 0; f < frames; f++) {
        for (uint32_t i = 0; i < g->k; i++)
            info[i] = (uint8_t)(test_rng_next(&rng) % run.code->q);
        uint8_t *word = run.sent + (size_t)f * g->n;
        assert_int_equal(ldpc_nb_encode(run.code, info, word, &err), LDPC_OK);
        ldpc_nb_symbols_to_bits(run.code->bits_per_symbol, word, g->n, bits);
        test_bpsk_awgn_llr(&rng, bits, run.bits, rate, ebn0_db, run.llr + (size_t)f * run.bits);
    }
    free(info);
    free(bits);
    return run;
}

static void free_run(nb_run *run)
{
    ldpc_nb_code_destroy(run->code);
    free(run->sent);
    free(run->decided);
    free(run->llr);
    free(run->stats);
}

static ldpc_nb_decoder *make_decoder(const ldpc_decoder_config *config, const nb_run *run)
{
    ldpc_nb_decoder_limits limits = ldpc_nb_decoder_limits_for_code(run->code, run->frames);
    ldpc_nb_decoder *decoder = NULL;
    ldpc_error err = {{0}};
    if (ldpc_nb_decoder_create(config, &limits, NULL, &decoder, &err) != LDPC_OK)
        fail_msg("decoder: %s", err.message);
    return decoder;
}

static ldpc_decoder_config config_of(ldpc_arithmetic arithmetic, ldpc_schedule schedule)
{
    ldpc_decoder_config config = ldpc_nb_decoder_config_default();
    config.arithmetic = arithmetic;
    config.schedule = schedule;
    return config;
}

static const ldpc_arithmetic arithmetics[] = {LDPC_ARITH_FLOAT, LDPC_ARITH_FIXED8};
static const ldpc_schedule schedules[] = {LDPC_SCHEDULE_FLOODING, LDPC_SCHEDULE_LAYERED};

/* Every frame decoded, converged, with consistent statistics; returns the
 * total of iterations. */
static uint32_t assert_all_corrected(nb_run *run, const ldpc_decoder_config *config)
{
    ldpc_nb_decoder *decoder = make_decoder(config, run);
    ldpc_error err = {{0}};
    assert_int_equal(ldpc_nb_decoder_decode_f32(decoder, run->code, run->llr, run->frames,
                                                run->decided, run->stats, &err),
                     LDPC_OK);
    uint32_t n = run->code->graph->n, iterations = 0, corrected = 0;
    assert_memory_equal(run->decided, run->sent, (size_t)run->frames * n);
    for (uint32_t f = 0; f < run->frames; f++) {
        assert_int_equal(run->stats[f].converged, 1);
        assert_int_equal(run->stats[f].unsatisfied_checks, 0);
        assert_true(run->stats[f].iterations >= 1 &&
                    run->stats[f].iterations < config->max_iterations);
        iterations += run->stats[f].iterations;
        corrected += run->stats[f].corrected_bits;
    }
    /* At these SNRs the channel alone gets some bits wrong in every run. */
    assert_true(corrected > 0);
    ldpc_nb_decoder_destroy(decoder);
    return iterations;
}

static void decodes_every_frame(const char *name, double ebn0_db)
{
    nb_run run = make_run(name, 12, ebn0_db, 42);
    uint32_t iterations[2][2];
    for (int a = 0; a < 2; a++)
        for (int s = 0; s < 2; s++) {
            ldpc_decoder_config config = config_of(arithmetics[a], schedules[s]);
            iterations[a][s] = assert_all_corrected(&run, &config);
        }
    /* Layered propagates within an iteration: never slower than flooding. */
    for (int a = 0; a < 2; a++)
        assert_true(iterations[a][1] <= iterations[a][0]);
    free_run(&run);
}

static void qc_744_decodes(void **state)
{
    (void)state;
    decodes_every_frame("nbqc-gf32-744-653", 5.0);
}

static void peg_620_decodes(void **state)
{
    (void)state;
    decodes_every_frame("nbreg-gf32-620-310", 3.0);
}

static void gf256_alist_decodes(void **state)
{
    (void)state;
    decodes_every_frame("nbalist:" LDPC_SOURCE_DIR "/tests/vectors/codes/nonbinary/lab-sticc/KN_N128_K64_GF256.txt", 6.0);
}

/* Noiseless frames stop after one iteration; without early termination
 * every frame runs max_iterations and still reports its syndrome. */
static void early_termination_counts(void **state)
{
    (void)state;
    nb_run run = make_run("nbqc-gf32-744-653", 3, 30.0, 7);
    for (int a = 0; a < 2; a++)
        for (int s = 0; s < 2; s++) {
            ldpc_decoder_config config = config_of(arithmetics[a], schedules[s]);
            config.max_iterations = 6;
            ldpc_nb_decoder *decoder = make_decoder(&config, &run);
            ldpc_error err = {{0}};
            assert_int_equal(ldpc_nb_decoder_decode_f32(decoder, run.code, run.llr, run.frames,
                                                        run.decided, run.stats, &err),
                             LDPC_OK);
            for (uint32_t f = 0; f < run.frames; f++) {
                assert_int_equal(run.stats[f].iterations, 1);
                assert_int_equal(run.stats[f].corrected_bits, 0);
            }
            ldpc_nb_decoder_destroy(decoder);
            config.syndrome_period = 0;
            decoder = make_decoder(&config, &run);
            assert_int_equal(ldpc_nb_decoder_decode_f32(decoder, run.code, run.llr, run.frames,
                                                        run.decided, run.stats, &err),
                             LDPC_OK);
            assert_memory_equal(run.decided, run.sent, (size_t)run.frames * run.code->graph->n);
            for (uint32_t f = 0; f < run.frames; f++) {
                assert_int_equal(run.stats[f].iterations, 6);
                assert_int_equal(run.stats[f].converged, 1);
                assert_int_equal(run.stats[f].unsatisfied_checks, 0);
            }
            ldpc_nb_decoder_destroy(decoder);
        }
    free_run(&run);
}

/* A frame far below threshold fails: not converged, unsatisfied checks
 * counted, max_iterations run. */
static void failure_is_reported(void **state)
{
    (void)state;
    nb_run run = make_run("nbqc-gf32-744-653", 1, -2.0, 9);
    ldpc_decoder_config config = config_of(LDPC_ARITH_FIXED8, LDPC_SCHEDULE_LAYERED);
    config.max_iterations = 3;
    ldpc_nb_decoder *decoder = make_decoder(&config, &run);
    ldpc_error err = {{0}};
    assert_int_equal(ldpc_nb_decoder_decode_f32(decoder, run.code, run.llr, 1, run.decided,
                                                run.stats, &err),
                     LDPC_OK);
    assert_int_equal(run.stats[0].converged, 0);
    assert_int_equal(run.stats[0].iterations, 3);
    assert_int_equal(run.stats[0].unsatisfied_checks,
                     ldpc_nb_code_unsatisfied_checks(run.code, run.decided));
    assert_true(run.stats[0].unsatisfied_checks > 0);
    ldpc_nb_decoder_destroy(decoder);
    free_run(&run);
}

/* decode_i8 with the quantised values equals decode_f32 for fixed point;
 * a float decoder reads them as value / llr_scale. */
static void i8_input_matches_f32(void **state)
{
    (void)state;
    nb_run run = make_run("nbreg-gf32-620-310", 4, 2.5, 11);
    size_t values = (size_t)run.frames * run.bits;
    int8_t *q = malloc(values);
    ldpc_quantise(run.llr, values, ldpc_nb_decoder_config_default().llr_scale, q);
    uint8_t *again = malloc((size_t)run.frames * run.code->graph->n);
    ldpc_frame_stats *stats = calloc(run.frames, sizeof *stats);
    for (int a = 0; a < 2; a++) {
        ldpc_decoder_config config = config_of(arithmetics[a], LDPC_SCHEDULE_LAYERED);
        ldpc_nb_decoder *decoder = make_decoder(&config, &run);
        ldpc_error err = {{0}};
        assert_int_equal(ldpc_nb_decoder_decode_i8(decoder, run.code, q, run.frames, again, stats,
                                                   &err),
                         LDPC_OK);
        if (arithmetics[a] == LDPC_ARITH_FIXED8) {
            assert_int_equal(ldpc_nb_decoder_decode_f32(decoder, run.code, run.llr, run.frames,
                                                        run.decided, run.stats, &err),
                             LDPC_OK);
            assert_memory_equal(again, run.decided, (size_t)run.frames * run.code->graph->n);
            assert_memory_equal(stats, run.stats, run.frames * sizeof *stats);
        } else {
            assert_memory_equal(again, run.sent, (size_t)run.frames * run.code->graph->n);
        }
        ldpc_nb_decoder_destroy(decoder);
    }
    free(q);
    free(again);
    free(stats);
    free_run(&run);
}

static void configuration_and_limits_are_checked(void **state)
{
    (void)state;
    nb_run run = make_run("nbqc-gf32-744-653", 1, 5.0, 3);
    ldpc_error err = {{0}};
    ldpc_decoder_config config = ldpc_nb_decoder_config_default();
    assert_int_equal(config.rule, LDPC_RULE_MIN_MAX);
    assert_int_equal(ldpc_nb_decoder_config_validate(&config, &err), LDPC_OK);
    /* The binary decoders refuse Min-Max, the nonbinary ones everything else. */
    assert_int_not_equal(ldpc_decoder_config_validate(&config, &err), LDPC_OK);
    ldpc_decoder_config binary = ldpc_decoder_config_default();
    assert_int_equal(ldpc_nb_decoder_config_validate(&binary, &err), LDPC_ERR_INVALID);
    assert_non_null(strstr(err.message, "Min-Max"));

    ldpc_nb_decoder_limits limits = ldpc_nb_decoder_limits_for_code(run.code, 1);
    limits.max_q = 16; /* the code is over GF(32) */
    ldpc_nb_decoder *decoder = NULL;
    assert_int_equal(ldpc_nb_decoder_create(&config, &limits, NULL, &decoder, &err), LDPC_OK);
    assert_true(ldpc_nb_decoder_footprint(decoder) > 0);
    assert_int_equal(ldpc_nb_decoder_decode_f32(decoder, run.code, run.llr, 1, run.decided, NULL,
                                                &err),
                     LDPC_ERR_LIMITS);
    assert_non_null(strstr(err.message, "max_q"));
    ldpc_nb_decoder_destroy(decoder);
    limits.max_q = 24;
    assert_int_equal(ldpc_nb_decoder_create(&config, &limits, NULL, &decoder, &err), LDPC_ERR_INVALID);
    assert_null(decoder);

    limits = ldpc_nb_decoder_limits_for_code(run.code, 1);
    decoder = make_decoder(&config, &run);
    run.llr[17] = 1.0f / 0.0f;
    assert_int_equal(ldpc_nb_decoder_decode_f32(decoder, run.code, run.llr, 1, run.decided, NULL,
                                                &err),
                     LDPC_ERR_INVALID);
    assert_non_null(strstr(err.message, "bit 17"));
    ldpc_nb_decoder_destroy(decoder);
    free_run(&run);
}

/* Truncation: 1 <= nm < q, checked by the validator (nm < 256), at creation
 * (max_q), at each call (the code's q) and by the spec grammar; binary
 * decoders refuse it. */
static void truncation_is_validated(void **state)
{
    (void)state;
    nb_run run = make_run("nbqc-gf32-744-653", 1, 5.0, 3);
    ldpc_error err = {{0}};
    ldpc_decoder_config config = ldpc_nb_decoder_config_default();
    config.truncation = 256;
    assert_int_equal(ldpc_nb_decoder_config_validate(&config, &err), LDPC_ERR_INVALID);
    assert_non_null(strstr(err.message, "nm = 256"));
    config.truncation = 32; /* = q */
    ldpc_nb_decoder_limits limits = ldpc_nb_decoder_limits_for_code(run.code, 1);
    ldpc_nb_decoder *decoder = NULL;
    assert_int_equal(ldpc_nb_decoder_create(&config, &limits, NULL, &decoder, &err), LDPC_ERR_INVALID);
    assert_non_null(strstr(err.message, "below q"));
    assert_null(decoder);
    limits.max_q = 64; /* a decoder for GF(64) codes meets a GF(32) one */
    assert_int_equal(ldpc_nb_decoder_create(&config, &limits, NULL, &decoder, &err), LDPC_OK);
    assert_int_equal(ldpc_nb_decoder_decode_f32(decoder, run.code, run.llr, 1, run.decided, NULL,
                                                &err),
                     LDPC_ERR_INVALID);
    assert_non_null(strstr(err.message, "below q = 32"));
    ldpc_nb_decoder_destroy(decoder);

    ldpc_decoder_config binary = ldpc_decoder_config_default();
    binary.truncation = 4;
    assert_int_equal(ldpc_decoder_config_validate(&binary, &err), LDPC_ERR_INVALID);
    assert_non_null(strstr(err.message, "nonbinary"));

    ldpc_decoder_config parsed;
    char text[LDPC_DECODER_SPEC_SIZE];
    assert_int_equal(ldpc_decoder_spec_parse("fixed-layered-minmax,iter=15,nm=12", &parsed, &err),
                     LDPC_OK);
    assert_int_equal(parsed.truncation, 12);
    assert_int_equal(ldpc_decoder_spec_format(&parsed, text, sizeof text, &err), LDPC_OK);
    assert_string_equal(text, "fixed-layered-minmax,iter=15,nm=12");
    assert_int_equal(ldpc_decoder_spec_parse("float-flooding-minmax", &parsed, &err), LDPC_OK);
    assert_int_equal(parsed.truncation, 0);
    assert_int_equal(ldpc_decoder_spec_parse("fixed-layered-nms,nm=4", &parsed, &err),
                     LDPC_ERR_INVALID);
    assert_non_null(strstr(err.message, "minmax"));
    assert_int_equal(ldpc_decoder_spec_parse("fixed-layered-minmax,nm=0", &parsed, &err),
                     LDPC_ERR_INVALID);
    assert_int_equal(ldpc_decoder_spec_parse("fixed-layered-minmax,nm=300", &parsed, &err),
                     LDPC_ERR_INVALID);
    free_run(&run);
}

/* Two GF(32) symbols and the check x0 + x1 = 0, one layered iteration: each
 * symbol's posterior is its channel vector plus the other's, truncated.
 * High bits cost 100 each; the low two bits (b1, b0) of symbol 0 give
 * L0 = {1: 0, 0: 1, 3: 10, 2: 11}, of symbol 1 L1 = {2: 0, 0: 8, 3: 8, 1: 16}.
 *   no truncation: both posteriors are L0 + L1, smallest at 0: (0, 0).
 *   nm = 1: each sees only the other's best symbol: (2, 1), unsatisfied.
 *   nm = 2: L1 keeps 2 and, of the tied 0 and 3, 0 (lowest index): (0, 0);
 *           keeping 3 instead would decide (2, 0). */
static void truncation_keeps_the_nm_smallest(void **state)
{
    (void)state;
    const uint32_t rows[] = {0, 0}, cols[] = {0, 1};
    const uint8_t coefs[] = {1, 1};
    ldpc_nb_code *code = NULL;
    ldpc_error err = {{0}};
    assert_int_equal(ldpc_nb_code_create_from_entries("two-symbols", 5, 2, 1, rows, cols, coefs,
                                                      2, &code, &err),
                     LDPC_OK);
    const int8_t llr[10] = {100, 100, 100, 10, -1, 100, 100, 100, -8, 8};
    const struct {
        uint32_t nm;
        uint8_t decided[2];
        uint32_t converged;
    } expected[] = {{0, {0, 0}, 1}, {1, {2, 1}, 0}, {2, {0, 0}, 1}, {31, {0, 0}, 1}};
    const char *backends[] = {"reference", "auto"};
    ldpc_nb_decoder_limits limits = ldpc_nb_decoder_limits_for_code(code, 1);
    for (int a = 0; a < 2; a++)
        for (size_t b = 0; b < 2; b++)
            for (size_t e = 0; e < sizeof expected / sizeof expected[0]; e++) {
                ldpc_decoder_config config = config_of(arithmetics[a], LDPC_SCHEDULE_LAYERED);
                config.max_iterations = 1;
                config.truncation = expected[e].nm;
                ldpc_nb_decoder *decoder = NULL;
                assert_int_equal(ldpc_nb_decoder_create(&config, &limits, backends[b],
                                                                &decoder, &err),
                                 LDPC_OK);
                uint8_t decided[2];
                ldpc_frame_stats stats;
                assert_int_equal(
                    ldpc_nb_decoder_decode_i8(decoder, code, llr, 1, decided, &stats, &err),
                    LDPC_OK);
                if (memcmp(decided, expected[e].decided, 2) != 0)
                    fail_msg("%s %s nm=%u: decided (%u, %u), expected (%u, %u)",
                             ldpc_nb_decoder_backend_name(decoder),
                             a == 0 ? "float" : "fixed", expected[e].nm, decided[0], decided[1],
                             expected[e].decided[0], expected[e].decided[1]);
                assert_int_equal(stats.converged, expected[e].converged);
                ldpc_nb_decoder_destroy(decoder);
            }
    ldpc_nb_code_destroy(code);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(qc_744_decodes),
        cmocka_unit_test(peg_620_decodes),
        cmocka_unit_test(gf256_alist_decodes),
        cmocka_unit_test(early_termination_counts),
        cmocka_unit_test(failure_is_reported),
        cmocka_unit_test(i8_input_matches_f32),
        cmocka_unit_test(configuration_and_limits_are_checked),
        cmocka_unit_test(truncation_is_validated),
        cmocka_unit_test(truncation_keeps_the_nm_smallest),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
