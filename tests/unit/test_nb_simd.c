/* The SIMD and threaded 8-bit Min-Max decoders against the portable
 * reference: identical decided symbols and statistics, byte for byte, for
 * GF(32) (half of an AVX-512 register) and GF(64), both schedules, with and
 * without early termination, at SNRs where frames fail as well as where they
 * decode, on random strong LLRs (mostly saturated messages), and on a small
 * code with checks of degree 1 and 2; untruncated and truncated (nm from 1
 * to q - 1, ties among the kept entries included). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ldpc/nonbinary.h"
#include "nb/nb_code_struct.h"
#include "code/code_struct.h"
#include "ldpc/soft.h"
#include "nb/nb_simd.h"
#include "test_support.h"

typedef struct {
    ldpc_nb_code *code;
    uint32_t frames, bits;
    int8_t *llr; /* frames * bits, quantised */
} nb_input;

static nb_input make_input(ldpc_nb_code *code, uint32_t frames, double ebn0_db, uint64_t seed)
{
    nb_input in = {.code = code, .frames = frames};
    const ldpc_code *g = code->graph;
    in.bits = g->n * code->bits_per_symbol;
    in.llr = malloc((size_t)frames * in.bits);
    float *llr = malloc((size_t)in.bits * sizeof(float));
    uint8_t *info = malloc(g->k), *word = malloc(g->n), *bits = malloc(in.bits);
    test_rng rng;
    test_rng_seed(&rng, seed);
    ldpc_error err = {{0}};
    for (uint32_t f = 0; f < frames; f++) {
        for (uint32_t i = 0; i < g->k; i++)
            info[i] = (uint8_t)(test_rng_next(&rng) % code->q);
        assert_int_equal(ldpc_nb_encode(code, info, word, &err), LDPC_OK);
        ldpc_nb_symbols_to_bits(code->bits_per_symbol, word, g->n, bits);
        test_bpsk_awgn_llr(&rng, bits, in.bits, (double)g->k / g->n, ebn0_db, llr);
        ldpc_quantise(llr, in.bits, 2.0f, in.llr + (size_t)f * in.bits);
    }
    free(llr);
    free(info);
    free(word);
    free(bits);
    return in;
}

/* Not a codeword: LLRs uniform in -magnitude..magnitude. Large magnitudes
 * saturate most symbol values at 255, so that messages with only a few
 * entries below 255 (the combinations' shortcut) meet undecided frames. */
static nb_input make_random_input(ldpc_nb_code *code, uint32_t frames, int magnitude,
                                  uint64_t seed)
{
    nb_input in = {.code = code, .frames = frames};
    in.bits = code->graph->n * code->bits_per_symbol;
    in.llr = malloc((size_t)frames * in.bits);
    test_rng rng;
    test_rng_seed(&rng, seed);
    for (size_t i = 0; i < (size_t)frames * in.bits; i++)
        in.llr[i] = (int8_t)((int)(test_rng_next(&rng) % (2u * magnitude + 1)) - magnitude);
    return in;
}

typedef struct {
    uint8_t *symbols;
    ldpc_frame_stats *stats;
} nb_output;

static nb_output decode(const nb_input *in, const ldpc_decoder_config *config,
                        const char *backend)
{
    nb_output out = {malloc((size_t)in->frames * in->code->graph->n),
                     calloc(in->frames, sizeof(ldpc_frame_stats))};
    ldpc_nb_decoder_limits limits = ldpc_nb_decoder_limits_for_code(in->code, in->frames);
    ldpc_nb_decoder *decoder = NULL;
    ldpc_error err = {{0}};
    if (ldpc_nb_decoder_create(config, &limits, backend, &decoder, &err) != LDPC_OK)
        fail_msg("backend %s: %s", backend, err.message);
    assert_string_equal(ldpc_nb_decoder_backend_name(decoder), backend);
    assert_int_equal(ldpc_nb_decoder_decode_i8(decoder, in->code, in->llr, in->frames,
                                               out.symbols, out.stats, &err),
                     LDPC_OK);
    ldpc_nb_decoder_destroy(decoder);
    return out;
}

static void free_output(nb_output *out)
{
    free(out->symbols);
    free(out->stats);
}

typedef struct {
    ldpc_schedule schedule;
    uint32_t max_iterations, syndrome_period;
    uint32_t truncation; /* nm, 0 = off */
} nb_case;

/* Every variant this CPU runs, one and three threads, equals the reference;
 * returns how many variant decoders were compared (a variant that leaves
 * this q to the reference is not counted). */
static int matches_reference(const nb_input *in, nb_case c, uint32_t *failed_frames)
{
    ldpc_decoder_config config = ldpc_nb_decoder_config_default();
    config.schedule = c.schedule;
    config.max_iterations = c.max_iterations;
    config.syndrome_period = c.syndrome_period;
    config.truncation = c.truncation;
    nb_output reference = decode(in, &config, "reference");
    size_t symbols = (size_t)in->frames * in->code->graph->n;
    int compared = 0;
    for (size_t v = 0; v < nb_simd_variant_count(); v++) {
        const nb_simd_variant *variant = nb_simd_variant_at(v);
        if (!variant->cpu_supports() || variant->frame_for_q(in->code->q) == NULL)
            continue;
        for (uint32_t threads = 1; threads <= 3; threads += 2) {
            config.threads = threads;
            nb_output simd = decode(in, &config, variant->name);
            assert_memory_equal(simd.symbols, reference.symbols, symbols);
            assert_memory_equal(simd.stats, reference.stats, in->frames * sizeof *simd.stats);
            free_output(&simd);
            compared++;
        }
    }
    for (uint32_t f = 0; f < in->frames; f++)
        *failed_frames += !reference.stats[f].converged;
    free_output(&reference);
    return compared;
}

static int any_variant(void)
{
    for (size_t v = 0; v < nb_simd_variant_count(); v++)
        if (nb_simd_variant_at(v)->cpu_supports())
            return 1;
    return 0;
}

static void compare_code(ldpc_nb_code *code, uint32_t frames, const double *ebn0_db,
                         size_t points, const nb_case *cases, size_t case_count)
{
    if (!any_variant())
        skip();
    uint32_t failed = 0;
    int compared = 0;
    for (size_t p = 0; p <= points; p++) {
        nb_input in = p < points ? make_input(code, frames, ebn0_db[p], 100 + p)
                                 : make_random_input(code, frames, 100, 99);
        for (size_t c = 0; c < case_count; c++)
            compared += matches_reference(&in, cases[c], &failed);
        free(in.llr);
    }
    printf("%s: %d variant decoders compared (", code->graph->name, compared);
    for (size_t v = 0; v < nb_simd_variant_count(); v++) {
        const nb_simd_variant *variant = nb_simd_variant_at(v);
        if (variant->cpu_supports() && variant->frame_for_q(code->q) != NULL)
            printf(" %s", variant->name);
    }
    printf(" ), %u reference frames failed\n", failed);
    assert_true(compared > 0);
    /* Undecoded frames (the random input, low SNRs) are compared too. */
    assert_true(failed > 0);
    ldpc_nb_code_destroy(code);
}

static ldpc_nb_code *builtin(const char *name)
{
    ldpc_nb_code *code = NULL;
    ldpc_error err = {{0}};
    if (ldpc_nb_code_create(name, &code, &err) != LDPC_OK)
        fail_msg("%s: %s", name, err.message);
    return code;
}

static void gf32_peg_620(void **state)
{
    (void)state;
    const double ebn0[] = {2.0, 3.0};
    const nb_case cases[] = {{LDPC_SCHEDULE_LAYERED, 8, 1, 0},
                             {LDPC_SCHEDULE_FLOODING, 6, 2, 0},
                             {LDPC_SCHEDULE_LAYERED, 8, 1, 8},
                             {LDPC_SCHEDULE_FLOODING, 6, 0, 3}};
    compare_code(builtin("nbreg-gf32-620-310"), 3, ebn0, 2, cases, 4);
}

static void gf32_qc_744(void **state)
{
    (void)state;
    const double ebn0[] = {3.6};
    const nb_case cases[] = {{LDPC_SCHEDULE_FLOODING, 4, 0, 0},
                             {LDPC_SCHEDULE_LAYERED, 4, 1, 0},
                             {LDPC_SCHEDULE_LAYERED, 4, 1, 12},
                             {LDPC_SCHEDULE_FLOODING, 3, 0, 16}};
    compare_code(builtin("nbqc-gf32-744-653"), 3, ebn0, 1, cases, 4);
}

static void gf64_qc_1512(void **state)
{
    (void)state;
    const double ebn0[] = {3.4};
    const nb_case cases[] = {{LDPC_SCHEDULE_LAYERED, 3, 1, 0},
                             {LDPC_SCHEDULE_FLOODING, 2, 0, 0},
                             {LDPC_SCHEDULE_LAYERED, 3, 1, 20}};
    compare_code(builtin("nbqc-gf64-1512-1325"), 1, ebn0, 1, cases, 3);
}

static void gf64_small_with_short_checks(void **state)
{
    (void)state;
    const double ebn0[] = {0.5, 3.0};
    const nb_case cases[] = {{LDPC_SCHEDULE_LAYERED, 10, 1, 0},
                             {LDPC_SCHEDULE_FLOODING, 10, 0, 0},
                             {LDPC_SCHEDULE_LAYERED, 10, 1, 1},
                             {LDPC_SCHEDULE_FLOODING, 10, 0, 63}};
    compare_code(test_small_gf64_code(), 6, ebn0, 2, cases, 4);
}

/* Named backends: unknown names (the message lists the known ones) and
 * float arithmetic on a SIMD variant or OpenCL are refused. */
static void backend_names(void **state)
{
    (void)state;
    ldpc_nb_code *code = builtin("nbreg-gf32-620-310");
    ldpc_nb_decoder_limits limits = ldpc_nb_decoder_limits_for_code(code, 1);
    ldpc_decoder_config config = ldpc_nb_decoder_config_default();
    ldpc_nb_decoder *decoder = NULL;
    ldpc_error err = {{0}};
    assert_int_equal(ldpc_nb_decoder_create(&config, &limits, "sse9", &decoder, &err),
                     LDPC_ERR_INVALID);
    assert_non_null(strstr(err.message, "reference"));
    assert_non_null(strstr(err.message, "opencl"));
    for (size_t v = 0; v < nb_simd_variant_count(); v++)
        assert_non_null(strstr(err.message, nb_simd_variant_at(v)->name));
    /* the request is checked before its backend is looked up */
    config.truncation = limits.max_q;
    assert_int_equal(ldpc_nb_decoder_create(&config, &limits, "sse9", &decoder, &err),
                     LDPC_ERR_INVALID);
    assert_non_null(strstr(err.message, "truncation"));
    config = ldpc_nb_decoder_config_default();
    assert_int_equal(ldpc_nb_decoder_create(&config, &limits, "reference", &decoder, &err),
                     LDPC_OK);
    assert_string_equal(ldpc_nb_decoder_backend_name(decoder), "reference");
    ldpc_nb_decoder_destroy(decoder);
    config.arithmetic = LDPC_ARITH_FLOAT;
    assert_int_equal(ldpc_nb_decoder_create(&config, &limits, NULL, &decoder, &err),
                     LDPC_OK);
    assert_string_equal(ldpc_nb_decoder_backend_name(decoder), "reference");
    ldpc_nb_decoder_destroy(decoder);
    for (size_t v = 0; v < nb_simd_variant_count(); v++) {
        const char *name = nb_simd_variant_at(v)->name;
        assert_int_equal(ldpc_nb_decoder_create(&config, &limits, name, &decoder, &err),
                         LDPC_ERR_UNSUPPORTED);
        assert_non_null(strstr(err.message, name));
    }
    assert_int_equal(ldpc_nb_decoder_create(&config, &limits, "opencl", &decoder, &err),
                     LDPC_ERR_UNSUPPORTED);
    assert_non_null(strstr(err.message, "8-bit fixed point only"));
    ldpc_nb_code_destroy(code);
}

/* "auto" (and NULL) picks the first variant this CPU runs, else the
 * reference; aarch64 always has Advanced SIMD, so there it must be "neon"
 * and the comparisons above cannot pass by skipping. */
static void automatic_choice(void **state)
{
    (void)state;
    const char *expected = "reference";
    for (size_t v = nb_simd_variant_count(); v-- > 0;)
        if (nb_simd_variant_at(v)->cpu_supports())
            expected = nb_simd_variant_at(v)->name;
#if defined(__aarch64__)
    assert_string_equal(expected, "neon");
#endif
    ldpc_nb_code *code = builtin("nbreg-gf32-620-310");
    ldpc_nb_decoder_limits limits = ldpc_nb_decoder_limits_for_code(code, 1);
    ldpc_decoder_config config = ldpc_nb_decoder_config_default();
    ldpc_nb_decoder *decoder = NULL;
    ldpc_error err = {{0}};
    assert_int_equal(ldpc_nb_decoder_create(&config, &limits, "auto", &decoder, &err),
                     LDPC_OK);
    assert_string_equal(ldpc_nb_decoder_backend_name(decoder), expected);
    ldpc_nb_decoder_destroy(decoder);
    ldpc_nb_code_destroy(code);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(gf32_peg_620),
        cmocka_unit_test(gf32_qc_744),
        cmocka_unit_test(gf64_qc_1512),
        cmocka_unit_test(gf64_small_with_short_checks),
        cmocka_unit_test(backend_names),
        cmocka_unit_test(automatic_choice),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
