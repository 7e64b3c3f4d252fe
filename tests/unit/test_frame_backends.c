/* The frame-path backends, plain ("*-frame") and combined with the
 * inter-frame decoder ("*-frame+*"), against the portable reference:
 * identical decided bits and statistics, frame by frame, on one thread and on
 * three (frames spread over the workers), for DVB normal and short codes
 * (with and without blocks repeated inside a layer), converging and failing
 * frames, syndrome periods 1, 4 and 0, normalized and offset min-sum, whole
 * and compact codes alike; quasi-cyclic codes (802.11n, 802.16e, 5G NR) whose
 * circulants the frame path takes, and two it leaves to the fallback; code
 * switches on one decoder; limits of DVB codes only; the fallback for a code
 * that is not on the frame path (the
 * reference, or the inter-frame decoder of the combined backends); and "auto"
 * choosing a combined backend exactly where one runs. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "test_backend_kinds.h"
#include "ldpc/ldpc.h"
#include "test_decoder_codes.h"
#include "test_support.h"

typedef struct {
    const char *code_name;
    double ebn0_db;
    uint32_t frames;
} scenario;

static ldpc_decoder *create_decoder(const char *backend, const ldpc_decoder_config *config,
                                    const ldpc_decoder_limits *limits)
{
    ldpc_decoder *decoder = NULL;
    ldpc_error err;
    if (ldpc_decoder_create(config, limits, backend, &decoder, &err) != LDPC_OK)
        fail_msg("create %s: %s", backend, err.message);
    assert_string_equal(ldpc_decoder_backend_name(decoder), backend);
    return decoder;
}

static void decode(ldpc_decoder *decoder, const ldpc_code *code, const int8_t *q,
                   uint32_t frames, uint8_t *bits, ldpc_frame_stats *stats)
{
    ldpc_error err;
    if (ldpc_decoder_decode_i8(decoder, code, q, frames, bits, stats, &err) != LDPC_OK)
        fail_msg("decode %s with %s: %s", code->name, ldpc_decoder_backend_name(decoder),
                 err.message);
}

/* The reference's results for `frames` frames of q. */
typedef struct {
    uint8_t *bits;
    ldpc_frame_stats *stats;
    uint32_t converged;
} expected_results;

static expected_results reference_results(const ldpc_decoder_config *config,
                                          const ldpc_code *code, const int8_t *q,
                                          uint32_t frames)
{
    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(code, frames);
    ldpc_decoder *decoder = create_decoder("reference", config, &limits);
    expected_results r = {malloc((size_t)frames * code->n), calloc(frames, sizeof *r.stats), 0};
    assert_non_null(r.bits);
    assert_non_null(r.stats);
    decode(decoder, code, q, frames, r.bits, r.stats);
    ldpc_decoder_destroy(decoder);
    for (uint32_t f = 0; f < frames; f++)
        r.converged += r.stats[f].converged;
    return r;
}

static void free_results(expected_results *r)
{
    free(r->bits);
    free(r->stats);
}

static void assert_same(const char *backend, const ldpc_code *code, const expected_results *ex,
                        const uint8_t *bits, const ldpc_frame_stats *stats, uint32_t frames)
{
    for (uint32_t f = 0; f < frames; f++) {
        const ldpc_frame_stats *e = &ex->stats[f], *a = &stats[f];
        if (memcmp(ex->bits + (size_t)f * code->n, bits + (size_t)f * code->n, code->n) != 0 ||
            memcmp(e, a, sizeof *e) != 0)
            fail_msg("%s differs from the reference on %s frame %u (iterations %u vs %u, "
                     "unsatisfied %u vs %u, corrected %u vs %u)",
                     backend, code->name, f, a->iterations, e->iterations,
                     a->unsatisfied_checks, e->unsatisfied_checks, a->corrected_bits,
                     e->corrected_bits);
    }
}

/* The plain frame backends, then the combined ones. */
static const decode_backend *frame_or_combined_at(size_t index)
{
    if (index < test_backend_count(BACKEND_KIND_FRAME))
        return test_backend_at(BACKEND_KIND_FRAME, index);
    return test_backend_at(BACKEND_KIND_FRAME_COMBINED, index - test_backend_count(BACKEND_KIND_FRAME));
}

/* Runs every frame backend this machine can run; returns how many ran and
 * lists their names in `ran_names` (for the log: which variants were proven). */
static size_t for_each_frame_backend(void (*body)(const char *backend, void *context),
                                     void *context, char *ran_names, size_t size)
{
    size_t ran = 0, used = 0;
    ran_names[0] = '\0';
    for (size_t i = 0; i < test_backend_count(BACKEND_KIND_FRAME) + test_backend_count(BACKEND_KIND_FRAME_COMBINED); i++) {
        const decode_backend *b = frame_or_combined_at(i);
        if (!b->available(b)) {
            print_message("  %s: not supported by this CPU, skipped\n", b->name);
            continue;
        }
        body(b->name, context);
        ran++;
        int written = snprintf(ran_names + used, size - used, "%s%s", used ? " " : "", b->name);
        if (written > 0 && (size_t)written < size - used)
            used += (size_t)written;
    }
    return ran;
}

typedef struct {
    const ldpc_decoder_config *config;
    const ldpc_code *code;
    const ldpc_code *compact; /* the same code without its graph */
    const int8_t *q;
    uint32_t frames;
    const expected_results *expected;
} comparison;

/* All frames in one call, on one thread and then spread over three workers
 * (more than the frames of some scenarios: idle workers change nothing). */
static void compare_backend(const char *backend, void *context)
{
    const comparison *c = context;
    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(c->code, c->frames);
    static const uint32_t thread_counts[] = {1, 3};
    for (size_t t = 0; t < 2; t++) {
        ldpc_decoder_config config = *c->config;
        config.threads = thread_counts[t];
        ldpc_decoder *decoder = create_decoder(backend, &config, &limits);
        uint8_t *bits = malloc((size_t)c->frames * c->code->n);
        ldpc_frame_stats *stats = calloc(c->frames, sizeof *stats);
        assert_non_null(bits);
        assert_non_null(stats);
        decode(decoder, c->code, c->q, c->frames, bits, stats);
        assert_same(backend, c->code, c->expected, bits, stats, c->frames);
        memset(bits, 0xff, (size_t)c->frames * c->code->n);
        decode(decoder, c->compact, c->q, c->frames, bits, stats);
        assert_same(backend, c->compact, c->expected, bits, stats, c->frames);
        free(bits);
        free(stats);
        ldpc_decoder_destroy(decoder);
    }
}

static void compare_scenario(const ldpc_decoder_config *config, const scenario *s, uint64_t seed)
{
    ldpc_code *code = NULL, *compact = NULL;
    ldpc_error err;
    if (ldpc_code_create(s->code_name, &code, &err) != LDPC_OK ||
        ldpc_code_create_compact(s->code_name, &compact, &err) != LDPC_OK)
        fail_msg("%s", err.message);
    int8_t *q = test_make_sent_frames(code, s->frames, s->ebn0_db, seed);
    expected_results expected = reference_results(config, code, q, s->frames);
    comparison c = {config, code, compact, q, s->frames, &expected};
    char names[256];
    assert_true(for_each_frame_backend(compare_backend, &c, names, sizeof names) >= 1);
    print_message("  %-18s %5.2f dB %2u frames (%u converged), %s, period %u, %5u repeated "
                  "edges: %s identical\n",
                  s->code_name, s->ebn0_db, s->frames, expected.converged,
                  config->rule == LDPC_RULE_MIN_SUM_OFFSET ? "OMS" : "NMS",
                  config->syndrome_period, code->layer_repeat_count, names);
    free_results(&expected);
    free(q);
    ldpc_code_destroy(code);
    ldpc_code_destroy(compact);
}

static void test_normalized_min_sum(void **state)
{
    (void)state;
    static const scenario scenarios[] = {
        {"dvbs2-short-1/2", 1.0, 6},  /* mostly failing */
        {"dvbs2-short-1/2", 2.0, 6},  /* mixture */
        {"dvbs2-short-1/2", 3.5, 3},  /* converges in a few iterations */
        {"dvbt2-short-3/5", 2.0, 4},
        {"dvbs2-short-1/4", 0.5, 3},
        {"dvbs2-short-8/9", 4.0, 4},  /* q = 5: the smallest layer count */
        {"dvbs2-normal-1/2", 1.0, 2},
        {"dvbs2-normal-9/10", 3.8, 2},
    };
    ldpc_decoder_config config = ldpc_decoder_config_default();
    config.rule = LDPC_RULE_MIN_SUM_NORMALIZED;
    config.normalization_q4 = 12;
    config.max_iterations = 20;
    for (size_t i = 0; i < sizeof scenarios / sizeof scenarios[0]; i++)
        compare_scenario(&config, &scenarios[i], 300 + i);
}

static void test_offset_min_sum_and_periods(void **state)
{
    (void)state;
    const scenario s = {"dvbs2-short-1/2", 1.6, 5};
    ldpc_decoder_config config = ldpc_decoder_config_default();
    config.normalization_q4 = 12;
    config.max_iterations = 13;
    const uint32_t periods[] = {1, 4, 0};
    for (size_t r = 0; r < 2; r++) {
        config.rule = r == 0 ? LDPC_RULE_MIN_SUM_OFFSET : LDPC_RULE_MIN_SUM_NORMALIZED;
        config.offset_q = 1;
        for (size_t i = 0; i < 3; i++) {
            config.syndrome_period = periods[i];
            compare_scenario(&config, &s, 11 + i);
        }
    }
    config.rule = LDPC_RULE_MIN_SUM_NORMALIZED;
    config.normalization_q4 = 16; /* plain min-sum */
    config.syndrome_period = 4;
    compare_scenario(&config, &(scenario){"dvbt2-short-3/5", 2.2, 4}, 21);
    config.rule = LDPC_RULE_MIN_SUM_OFFSET;
    config.offset_q = 2;
    config.syndrome_period = 0;
    config.max_iterations = 6;
    compare_scenario(&config, &(scenario){"dvbs2-normal-1/2", 1.2, 1}, 22);
    config = ldpc_decoder_config_default(); /* whatever the library's default is */
    compare_scenario(&config, &(scenario){"dvbs2-short-2/3", 2.4, 4}, 23);
    config.rule = LDPC_RULE_MIN_SUM_NORMALIZED; /* with the default factor */
    compare_scenario(&config, &(scenario){"dvbs2-short-2/3", 2.4, 4}, 24);
}

/* A quasi-cyclic code on the frame path decodes one frame per thread; the
 * combined backends' inter-frame partner decodes many. */
static void frames_at_once_on(const char *backend, void *context)
{
    const ldpc_code *const *codes = context; /* on the frame path, then not */
    ldpc_decoder_config config = ldpc_decoder_config_default();
    config.threads = 2;
    ldpc_decoder_limits limits = ldpc_decoder_limits_union(ldpc_decoder_limits_for_code(codes[0], 4),
                                                           ldpc_decoder_limits_for_code(codes[1], 4));
    ldpc_decoder *decoder = create_decoder(backend, &config, &limits);
    assert_int_equal(ldpc_decoder_frames_at_once(decoder, codes[0]), 2);
    if (strchr(backend, '+') != NULL)
        assert_true(ldpc_decoder_frames_at_once(decoder, codes[1]) >= 2 * 16);
    assert_true(ldpc_decoder_needs_graph(decoder, codes[0]));
    ldpc_decoder_destroy(decoder);
}

static uint32_t circulant_size_of(const char *name)
{
    ldpc_code *code = NULL;
    ldpc_error err;
    if (ldpc_code_create(name, &code, &err) != LDPC_OK)
        fail_msg("%s", err.message);
    uint32_t z = code->circulant_size;
    ldpc_code_destroy(code);
    return z;
}

/* Quasi-cyclic codes with z from 64 to 384 (802.16e's 96, 5G NR's 64, 208
 * and 384, rate matching's punctured and filler bits included) decode on the
 * frame path, identically. 802.11n's z = 81 pads its 128 lanes by 47: the
 * combined backends take it there for calls that fill less of their
 * partner's lanes (4 frames) and leave full calls (130) to the partner, whose
 * batch they report; z = 27 (too small for a vector's window) and CCSDS C2
 * (two circulants in a block) always go to the fallback. */
static void test_quasi_cyclic_codes(void **state)
{
    (void)state;
    static const struct {
        scenario s;
        uint32_t z;
    } codes[] = {
        {{"wimax-2304-3/4a", 2.7, 4}, 96},
        {{"wimax-2304-2/3b", 1.9, 4}, 96},
        {{"wimax-1536-1/2", 1.5, 4}, 64},
        {{"5gnr-bg1-z384", 0.5, 3}, 384},          /* the largest circulant */
        {{"5gnr-bg1-z208", 0.6, 3}, 208},
        {{"5gnr-bg2-z64-k600-e1800-qm2", 0.4, 4}, 64}, /* rate matched */
    };
    ldpc_decoder_config config = ldpc_decoder_config_default();
    config.max_iterations = 20;
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        assert_int_equal(circulant_size_of(codes[i].s.code_name), codes[i].z);
        compare_scenario(&config, &codes[i].s, 500 + i);
    }
    config.rule = LDPC_RULE_MIN_SUM_NORMALIZED;
    config.syndrome_period = 3;
    compare_scenario(&config, &codes[0].s, 520);
    assert_int_equal(circulant_size_of("wifi-648-1/2"), 27);
    assert_int_equal(circulant_size_of("wifi-1944-1/2"), 81);
    assert_int_equal(circulant_size_of("ccsds-c2"), 0);
    const char *const partner_batched[] = {"wifi-648-1/2", "wifi-1944-1/2", "ccsds-c2"};
    for (size_t i = 0; i < sizeof partner_batched / sizeof partner_batched[0]; i++) {
        ldpc_code *pair[2];
        ldpc_error err;
        assert_int_equal(ldpc_code_create("wimax-2304-3/4a", &pair[0], &err), LDPC_OK);
        assert_int_equal(ldpc_code_create(partner_batched[i], &pair[1], &err), LDPC_OK);
        char names[256];
        assert_true(for_each_frame_backend(frames_at_once_on, pair, names, sizeof names) >= 1);
        ldpc_code_destroy(pair[0]);
        ldpc_code_destroy(pair[1]);
    }
    compare_scenario(&config, &(scenario){"wifi-1944-1/2", 1.0, 4}, 521);
    compare_scenario(&config, &(scenario){"wifi-1944-1/2", 1.5, 130}, 522);
}

/* One decoder with two workers, codes changing from call to call (ACM): the
 * block schedule is rederived on each switch, by each worker; a code that is
 * not DVB goes to the reference or, combined, to the inter-frame decoder. */
typedef struct {
    ldpc_code *codes[3];
    int8_t *q[3];
    expected_results expected[3];
    const ldpc_decoder_config *config;
} switch_context;

static void switch_codes(const char *backend, void *context)
{
    switch_context *s = context;
    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(s->codes[0], 2);
    for (size_t i = 1; i < 3; i++)
        limits = ldpc_decoder_limits_union(limits, ldpc_decoder_limits_for_code(s->codes[i], 2));
    ldpc_decoder_config config = *s->config;
    config.threads = 2;
    ldpc_decoder *decoder = create_decoder(backend, &config, &limits);
    static const size_t order[] = {0, 1, 0, 2, 1, 2, 0};
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++) {
        const ldpc_code *code = s->codes[order[i]];
        uint8_t bits[2 * 16200];
        ldpc_frame_stats stats[2];
        assert_true(code->n <= 16200);
        decode(decoder, code, s->q[order[i]], 2, bits, stats);
        assert_same(backend, code, &s->expected[order[i]], bits, stats, 2);
    }
    ldpc_decoder_destroy(decoder);
}

static void test_code_switches_and_fallback(void **state)
{
    (void)state;
    ldpc_decoder_config config = ldpc_decoder_config_default();
    config.max_iterations = 15;
    switch_context s = {.config = &config};
    ldpc_error err;
    assert_int_equal(ldpc_code_create("dvbs2-short-1/2", &s.codes[0], &err), LDPC_OK);
    assert_int_equal(ldpc_code_create("dvbs2-short-3/4", &s.codes[1], &err), LDPC_OK);
    /* Not DVB: a random regular code, decoded by the reference fallback. */
    s.codes[2] = test_code_random_regular("random-regular-600", 600, 3, 6, 0, 5);
    s.q[0] = test_make_quantised_frames(s.codes[0], 2, 2.0, 31);
    s.q[1] = test_make_quantised_frames(s.codes[1], 2, 3.0, 32);
    s.q[2] = malloc(2 * 600);
    assert_non_null(s.q[2]);
    test_rng rng;
    test_rng_seed(&rng, 33);
    for (size_t v = 0; v < 2 * 600; v++)
        s.q[2][v] = (int8_t)((int)(test_rng_next(&rng) % 41) - 12); /* mostly positive */
    for (size_t i = 0; i < 3; i++)
        s.expected[i] = reference_results(&config, s.codes[i], s.q[i], 2);
    char names[256];
    assert_true(for_each_frame_backend(switch_codes, &s, names, sizeof names) >= 1);
    print_message("  short 1/2, short 3/4, a random code (fallback), in turn, 2 threads: %s "
                  "identical\n", names);
    for (size_t i = 0; i < 3; i++) {
        free_results(&s.expected[i]);
        free(s.q[i]);
        ldpc_code_destroy(s.codes[i]);
    }
}

/* Limits of DVB codes only: every frame backend reserves less than for any
 * family (no fallback decoder), refuses a code of another family, and reads
 * no graph for a DVB code; it decodes as many frames at once as it has
 * threads (vector lanes too for the combined backends' other codes); the reference reads one and refuses a compact
 * code. */
static void family_limits(const char *backend, void *context)
{
    const ldpc_code *const *codes = context; /* DVB whole, DVB compact, generic */
    ldpc_decoder_config config = ldpc_decoder_config_default();
    config.threads = 3;
    ldpc_decoder_limits dvb_only = ldpc_decoder_limits_for_code(codes[0], 4);
    ldpc_decoder_limits any = dvb_only;
    any.families = 0;
    ldpc_decoder *narrow = create_decoder(backend, &config, &dvb_only);
    ldpc_decoder *wide = create_decoder(backend, &config, &any);
    assert_true(ldpc_decoder_footprint(narrow) < ldpc_decoder_footprint(wide));
    assert_false(ldpc_decoder_needs_graph(narrow, codes[1]));
    assert_true(ldpc_decoder_needs_graph(narrow, codes[2]));
    /* a frame per thread on the frame path; the partner's lanes, or the
     * reference's one frame per thread, for the generic code */
    assert_int_equal(ldpc_decoder_frames_at_once(narrow, codes[1]), 3);
    uint32_t generic_frames = ldpc_decoder_frames_at_once(wide, codes[2]);
    if (strchr(backend, '+') != NULL)
        assert_true(generic_frames >= 3 * 16 && generic_frames % 3 == 0);
    else
        assert_int_equal(generic_frames, 3);
    int8_t q[600] = {0};
    uint8_t bits[600];
    ldpc_error err;
    assert_int_equal(ldpc_decoder_decode_i8(narrow, codes[2], q, 1, bits, NULL, &err),
                     LDPC_ERR_LIMITS);
    assert_int_equal(ldpc_decoder_decode_i8(wide, codes[2], q, 1, bits, NULL, &err), LDPC_OK);
    ldpc_decoder_destroy(narrow);
    ldpc_decoder_destroy(wide);
}

static void test_compact_codes_and_family_limits(void **state)
{
    (void)state;
    ldpc_code *codes[3];
    ldpc_error err;
    assert_int_equal(ldpc_code_create("dvbs2-short-1/2", &codes[0], &err), LDPC_OK);
    assert_int_equal(ldpc_code_create_compact("dvbs2-short-1/2", &codes[1], &err), LDPC_OK);
    codes[2] = test_code_random_regular("random-regular-600", 600, 3, 6, 0, 5);
    char names[256];
    assert_true(for_each_frame_backend(family_limits, codes, names, sizeof names) >= 1);
    ldpc_decoder_config config = ldpc_decoder_config_default();
    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(codes[0], 1);
    ldpc_decoder *reference = create_decoder("reference", &config, &limits);
    assert_true(ldpc_decoder_needs_graph(reference, codes[1]));
    int8_t *q = test_make_quantised_frames(codes[0], 1, 3.0, 41);
    uint8_t *bits = malloc(codes[0]->n);
    assert_non_null(bits);
    assert_int_equal(ldpc_decoder_decode_i8(reference, codes[1], q, 1, bits, NULL, &err),
                     LDPC_ERR_INVALID);
    assert_non_null(strstr(err.message, "compact"));
    print_message("  DVB-only limits, compact codes: %s\n", names);
    free(bits);
    free(q);
    ldpc_decoder_destroy(reference);
    for (size_t i = 0; i < 3; i++)
        ldpc_code_destroy(codes[i]);
}

/* "auto" chooses the first combined backend that runs here for fixed-point
 * layered min-sum, the inter-frame or reference decoders for everything else;
 * the plain frame backends are reachable by name only, and every frame
 * backend refuses what it does not implement. */
static void test_selection(void **state)
{
    (void)state;
    unsetenv(LDPC_BACKEND_ENV);
    ldpc_decoder_config config = ldpc_decoder_config_default();
    const decode_backend *chosen = NULL, *first_combined = NULL;
    ldpc_error err;
    for (size_t i = 0; i < test_backend_count(BACKEND_KIND_FRAME_COMBINED) && first_combined == NULL; i++)
        if (test_backend_runs(test_backend_at(BACKEND_KIND_FRAME_COMBINED, i)))
            first_combined = test_backend_at(BACKEND_KIND_FRAME_COMBINED, i);
    assert_int_equal(backend_select("auto", &config, &chosen, &err), LDPC_OK);
    if (first_combined != NULL) {
        assert_ptr_equal(chosen, first_combined);
        assert_non_null(strstr(chosen->name, "-frame+"));
    } else {
        assert_null(strstr(chosen->name, "-frame"));
    }
    print_message("  auto: %s\n", chosen->name);
    config.rule = LDPC_RULE_MIN_SUM_NORMALIZED;
    assert_int_equal(backend_select("auto", &config, &chosen, &err), LDPC_OK);
    assert_true(first_combined == NULL || chosen == first_combined);
    config.schedule = LDPC_SCHEDULE_FLOODING; /* not on the frame path */
    assert_int_equal(backend_select("auto", &config, &chosen, &err), LDPC_OK);
    assert_null(strstr(chosen->name, "-frame"));

    size_t listed = 0;
    for (size_t i = 0; i < backend_count(); i++)
        listed += strstr(backend_at(i)->name, "-frame") != NULL;
    assert_int_equal(listed, test_backend_count(BACKEND_KIND_FRAME) + test_backend_count(BACKEND_KIND_FRAME_COMBINED));
    assert_string_equal(test_backend_at(BACKEND_KIND_FRAME, test_backend_count(BACKEND_KIND_FRAME) - 1)->name, "portable-frame");
    assert_null(test_backend_at(BACKEND_KIND_FRAME_COMBINED, test_backend_count(BACKEND_KIND_FRAME_COMBINED)));

    ldpc_decoder_limits limits = {.max_n = 16200, .max_m = 9000, .max_edges = 60000,
                                  .max_check_degree = 30, .max_frames = 1};
    ldpc_decoder *decoder = NULL;
    for (size_t i = 0; i < test_backend_count(BACKEND_KIND_FRAME) + test_backend_count(BACKEND_KIND_FRAME_COMBINED); i++) {
        const decode_backend *b = frame_or_combined_at(i);
        if (!b->available(b))
            continue;
        config = ldpc_decoder_config_default();
        config.schedule = LDPC_SCHEDULE_FLOODING;
        assert_int_equal(ldpc_decoder_create(&config, &limits, b->name, &decoder, &err),
                         LDPC_ERR_UNSUPPORTED);
        assert_non_null(strstr(err.message, b->name));
        config = ldpc_decoder_config_default();
        config.arithmetic = LDPC_ARITH_FLOAT;
        assert_int_equal(ldpc_decoder_create(&config, &limits, b->name, &decoder, &err),
                         LDPC_ERR_UNSUPPORTED);
        assert_null(decoder);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_normalized_min_sum),
        cmocka_unit_test(test_offset_min_sum_and_periods),
        cmocka_unit_test(test_quasi_cyclic_codes),
        cmocka_unit_test(test_code_switches_and_fallback),
        cmocka_unit_test(test_compact_codes_and_family_limits),
        cmocka_unit_test(test_selection),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
