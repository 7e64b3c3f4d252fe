/* The reference 8-bit decoders against the definition in docs/DECODERS.md:
 * hand-computed check updates, an independent transcription of the
 * definition (per-edge minima over the other edges, no min1/min2 shortcut)
 * compared state for state, and the saturation edge cases. */
#include <math.h>
#include <stdlib.h>

#include "decode/check_rules.h"
#include "decode/ref_fixed.h"
#include "decode/workspace_layout.h"
#include "ldpc/decoder.h"
#include "ldpc/soft.h"
#include "test_decoder_codes.h"

/* A workspace carved for `code`, as the reference backend does. */
typedef struct {
    void *memory;
    ref_fixed_workspace ws;
} fixed_workspace_holder;

static void workspace_open(fixed_workspace_holder *h, const ldpc_code *code,
                           ldpc_schedule schedule)
{
    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(code, 1);
    size_t bytes = workspace_round_up(ref_fixed_workspace_bytes(&limits, schedule));
    h->memory = aligned_alloc(WORKSPACE_ALIGNMENT, bytes);
    assert_non_null(h->memory);
    ref_fixed_workspace_carve(&h->ws, h->memory, &limits, schedule);
}

static ldpc_decoder_config fixed_config(ldpc_check_rule rule, ldpc_schedule schedule,
                                        uint32_t iterations, uint32_t period)
{
    ldpc_decoder_config config = ldpc_decoder_config_default();
    config.rule = rule;
    config.normalization_q4 = 12; /* the hand-worked examples use 12/16 */
    config.schedule = schedule;
    config.max_iterations = iterations;
    config.syndrome_period = period;
    return config;
}

static void check_update_min_sum_by_hand(void **state)
{
    (void)state;
    ldpc_decoder_config config = ldpc_decoder_config_default();
    config.rule = LDPC_RULE_MIN_SUM_NORMALIZED;
    config.normalization_q4 = 12;
    /* |t| = 10 3 7 20: min1 = 3 (edge 1), min2 = 7; one negative input. */
    const int8_t t[4] = {10, -3, 7, 20};
    int8_t out[4];
    check_update_fixed(t, 4, &config, out);
    /* (3*12+8)>>4 = 2, (7*12+8)>>4 = 5; edge 1 gets min2 and the product of the others (+). */
    const int8_t normalized[4] = {-2, 5, -2, -2};
    assert_memory_equal(out, normalized, 4);

    config.rule = LDPC_RULE_MIN_SUM_OFFSET;
    config.offset_q = 4; /* max(3-4,0) = 0, max(7-4,0) = 3 */
    check_update_fixed(t, 4, &config, out);
    const int8_t offset[4] = {0, 3, 0, 0};
    assert_memory_equal(out, offset, 4);

    config.rule = LDPC_RULE_MIN_SUM_NORMALIZED;
    config.normalization_q4 = 16; /* plain min-sum */
    check_update_fixed(t, 4, &config, out);
    const int8_t plain[4] = {-3, 7, -3, -3};
    assert_memory_equal(out, plain, 4);
}

static void check_update_ties_zero_and_degree_one(void **state)
{
    (void)state;
    ldpc_decoder_config config = ldpc_decoder_config_default();
    config.rule = LDPC_RULE_MIN_SUM_NORMALIZED;
    config.normalization_q4 = 16;
    /* Two edges share the minimum: every edge gets it (min2 == min1). */
    const int8_t tie[4] = {-5, 9, 5, 30};
    int8_t out[4];
    check_update_fixed(tie, 4, &config, out);
    const int8_t tie_expected[4] = {5, -5, -5, -5};
    assert_memory_equal(out, tie_expected, 4);
    /* sign(0) = +: the zero edge sends -|min of others|, the others get 0. */
    const int8_t zero[3] = {0, -5, 6};
    check_update_fixed(zero, 3, &config, out);
    const int8_t zero_expected[3] = {-5, 0, 0};
    assert_memory_equal(out, zero_expected, 3);
    /* Degree 1: the empty minimum is 127, the empty sign product +. */
    const int8_t single[1] = {-40};
    check_update_fixed(single, 1, &config, out);
    assert_int_equal(out[0], 127);
    config.normalization_q4 = 12;
    check_update_fixed(single, 1, &config, out);
    assert_int_equal(out[0], 95); /* (127*12+8)>>4 */
    /* Rounding half up: magnitude 1 at 12/16 is 0.75 -> 1 (not 0), 2 is 1.5 -> 2. */
    const int8_t small[4] = {1, 2, 3, 100};
    check_update_fixed(small, 4, &config, out);
    const int8_t small_expected[4] = {2, 1, 1, 1};
    assert_memory_equal(out, small_expected, 4);
    /* All magnitudes 127, an even number of negatives. */
    const int8_t extremes[4] = {-127, -127, 127, 127};
    config.normalization_q4 = 16;
    check_update_fixed(extremes, 4, &config, out);
    const int8_t extremes_expected[4] = {-127, -127, 127, 127};
    assert_memory_equal(out, extremes_expected, 4);
}

static void layered_single_check_iteration_by_hand(void **state)
{
    (void)state;
    ldpc_code *code = test_code_single_check(4);
    fixed_workspace_holder h;
    workspace_open(&h, code, LDPC_SCHEDULE_LAYERED);
    const int8_t q[4] = {10, -3, 7, 20};
    uint8_t bits[4];
    ldpc_frame_stats stats;

    ldpc_decoder_config config = fixed_config(LDPC_RULE_MIN_SUM_NORMALIZED,
                                              LDPC_SCHEDULE_LAYERED, 1, 1);
    ref_fixed_decode_frame(code, &config, &h.ws, q, bits, &stats);
    const int8_t c2v[4] = {-2, 5, -2, -2};
    const int16_t post[4] = {8, 2, 5, 18};
    assert_memory_equal(h.ws.c2v, c2v, 4);
    assert_memory_equal(h.ws.post, post, sizeof post);
    const uint8_t zeros[4] = {0, 0, 0, 0};
    assert_memory_equal(bits, zeros, 4);
    assert_int_equal(stats.iterations, 1);
    assert_int_equal(stats.converged, 1);
    assert_int_equal(stats.unsatisfied_checks, 0);
    assert_int_equal(stats.corrected_bits, 1); /* bit 1 was negative on the channel */

    /* Offset 4: bit 1's posterior lands exactly on 0, which decides 0. */
    config = fixed_config(LDPC_RULE_MIN_SUM_OFFSET, LDPC_SCHEDULE_LAYERED, 1, 1);
    config.offset_q = 4;
    ref_fixed_decode_frame(code, &config, &h.ws, q, bits, &stats);
    const int16_t post_offset[4] = {10, 0, 7, 20};
    assert_memory_equal(h.ws.post, post_offset, sizeof post_offset);
    assert_memory_equal(bits, zeros, 4);
    assert_int_equal(stats.corrected_bits, 1);

    /* Flooding, same frame: totals q + c2v with the same messages. */
    free(h.memory);
    workspace_open(&h, code, LDPC_SCHEDULE_FLOODING);
    config = fixed_config(LDPC_RULE_MIN_SUM_NORMALIZED, LDPC_SCHEDULE_FLOODING, 1, 1);
    ref_fixed_decode_frame(code, &config, &h.ws, q, bits, &stats);
    assert_memory_equal(h.ws.c2v, c2v, 4);
    const int32_t total[4] = {8, 2, 5, 18};
    assert_memory_equal(h.ws.total, total, sizeof total);
    assert_int_equal(stats.converged, 1);
    free(h.memory);
    ldpc_code_destroy(code);
}

/* ---- an independent transcription of the definition ---------------------- */

typedef struct {
    int32_t *c2v, *next, *post, *total, *t;
} model_state;

static int32_t model_sat(int32_t x)
{
    return x > 127 ? 127 : (x < -127 ? -127 : x);
}

static int32_t model_rule(int32_t magnitude, const ldpc_decoder_config *config)
{
    if (config->rule == LDPC_RULE_MIN_SUM_OFFSET)
        return magnitude > config->offset_q ? magnitude - config->offset_q : 0;
    return (magnitude * config->normalization_q4 + 8) / 16;
}

/* Edge e's message: the minimum magnitude and sign product over the OTHER
 * edges (empty minimum 127, empty product +). */
static void model_check(const int32_t *t, uint32_t degree, const ldpc_decoder_config *config,
                        int32_t *out)
{
    for (uint32_t e = 0; e < degree; e++) {
        int32_t magnitude = 127;
        int negative = 0;
        for (uint32_t j = 0; j < degree; j++) {
            if (j == e)
                continue;
            int32_t a = t[j] < 0 ? -t[j] : t[j];
            a = a < config->message_cap ? a : config->message_cap;
            magnitude = a < magnitude ? a : magnitude;
            negative ^= t[j] < 0;
        }
        out[e] = negative ? -model_rule(magnitude, config) : model_rule(magnitude, config);
    }
}

/* Every check of layer l from the layer-start posteriors, into s->next. */
static void model_layer_checks(const ldpc_code *code, const ldpc_decoder_config *config,
                               uint32_t l, model_state *s)
{
    for (uint32_t i = code->layer_offsets[l]; i < code->layer_offsets[l + 1]; i++) {
        uint32_t c = code->layer_checks[i];
        uint32_t first = code->check_offsets[c], degree = code->check_offsets[c + 1] - first;
        for (uint32_t j = 0; j < degree; j++)
            s->t[j] = model_sat(s->post[code->check_var[first + j]] - s->c2v[first + j]);
        model_check(s->t, degree, config, s->next + first);
    }
}

static void model_run(const ldpc_code *code, const ldpc_decoder_config *config, const int8_t *q,
                      model_state *s)
{
    int32_t out[64];
    assert_true(code->max_check_degree <= 64);
    for (uint32_t e = 0; e < code->edges; e++)
        s->c2v[e] = 0;
    for (uint32_t v = 0; v < code->n; v++)
        s->post[v] = s->total[v] = q[v];
    for (uint32_t it = 0; it < config->max_iterations; it++) {
        if (config->posterior_bits == 8 && config->saturated_order == LDPC_SATURATED_BY_LAYER) {
            /* Saturated by layer: the checks of a layer from its start, then
             * each posterior plus all its changes, clamped once. */
            for (uint32_t l = 0; l < code->layer_count; l++) {
                model_layer_checks(code, config, l, s);
                for (uint32_t v = 0; v < code->n; v++)
                    s->total[v] = 0; /* the layer's changes per variable */
                for (uint32_t i = code->layer_offsets[l]; i < code->layer_offsets[l + 1]; i++) {
                    uint32_t c = code->layer_checks[i];
                    for (uint32_t e = code->check_offsets[c]; e < code->check_offsets[c + 1]; e++) {
                        s->total[code->check_var[e]] += s->next[e] - s->c2v[e];
                        s->c2v[e] = s->next[e];
                    }
                }
                for (uint32_t v = 0; v < code->n; v++)
                    s->post[v] = model_sat(s->post[v] + s->total[v]);
            }
        } else if (config->posterior_bits == 8) {
            /* Saturated posteriors: check after check in layer order, each
             * reading what the previous one wrote, every sum clamped. */
            for (uint32_t i = 0; i < code->m; i++) {
                uint32_t c = code->layer_checks[i];
                uint32_t first = code->check_offsets[c], degree = code->check_offsets[c + 1] - first;
                for (uint32_t j = 0; j < degree; j++)
                    s->t[j] = model_sat(s->post[code->check_var[first + j]] - s->c2v[first + j]);
                model_check(s->t, degree, config, s->c2v + first);
                for (uint32_t j = 0; j < degree; j++)
                    s->post[code->check_var[first + j]] = model_sat(s->t[j] + s->c2v[first + j]);
            }
        } else if (config->schedule == LDPC_SCHEDULE_LAYERED) {
            /* Every check of a layer reads the layer-start posteriors; then
             * the changes of all its messages add up (exact posteriors). */
            for (uint32_t l = 0; l < code->layer_count; l++) {
                model_layer_checks(code, config, l, s);
                for (uint32_t i = code->layer_offsets[l]; i < code->layer_offsets[l + 1]; i++) {
                    uint32_t c = code->layer_checks[i];
                    for (uint32_t e = code->check_offsets[c]; e < code->check_offsets[c + 1]; e++) {
                        s->post[code->check_var[e]] += s->next[e] - s->c2v[e];
                        s->c2v[e] = s->next[e];
                    }
                }
            }
        } else {
            for (uint32_t c = 0; c < code->m; c++) {
                uint32_t first = code->check_offsets[c], degree = code->check_offsets[c + 1] - first;
                for (uint32_t j = 0; j < degree; j++)
                    s->t[j] = model_sat(s->total[code->check_var[first + j]] - s->c2v[first + j]);
                model_check(s->t, degree, config, out);
                for (uint32_t j = 0; j < degree; j++)
                    s->c2v[first + j] = out[j]; /* totals change only after every check */
            }
            for (uint32_t v = 0; v < code->n; v++)
                s->total[v] = q[v];
            for (uint32_t e = 0; e < code->edges; e++)
                s->total[code->check_var[e]] += s->c2v[e];
        }
    }
}

/* Channel values concentrated on the edges of the range. */
static void extreme_channel(test_rng *rng, int8_t *q, uint32_t n)
{
    static const int8_t corners[] = {-127, -126, -1, 0, 1, 126, 127};
    for (uint32_t v = 0; v < n; v++) {
        uint64_t r = test_rng_next(rng);
        if (r % 3 == 0)
            q[v] = corners[(r >> 8) % (sizeof corners / sizeof corners[0])];
        else { /* mostly positive (a noisy all-zero word), some wrong signs */
            int32_t value = (int32_t)((r >> 16) % 255) - 127 + ((r >> 40) % 2 ? 60 : 0);
            q[v] = (int8_t)(value > 127 ? 127 : value);
        }
    }
}

static void matches_transcription(ldpc_code *code, ldpc_schedule schedule, ldpc_check_rule rule,
                                  uint8_t posterior_bits, ldpc_saturated_order order,
                                  uint64_t seed)
{
    fixed_workspace_holder h;
    workspace_open(&h, code, schedule);
    model_state s = {
        .c2v = malloc(code->edges * sizeof(int32_t)),
        .next = malloc(code->edges * sizeof(int32_t)),
        .post = malloc(code->n * sizeof(int32_t)),
        .total = malloc(code->n * sizeof(int32_t)),
        .t = malloc(code->max_check_degree * sizeof(int32_t)),
    };
    int8_t *q = malloc(code->n);
    uint8_t *bits = malloc(code->n);
    test_rng rng;
    test_rng_seed(&rng, seed);
    for (int trial = 0; trial < 4; trial++) {
        extreme_channel(&rng, q, code->n);
        for (uint32_t iterations = 1; iterations <= 8; iterations++) {
            ldpc_decoder_config config = fixed_config(rule, schedule, iterations, 0);
            config.offset_q = 3;
            config.normalization_q4 = (uint8_t)(10 + trial);
            config.posterior_bits = posterior_bits;
            config.saturated_order = (uint8_t)order;
            if (posterior_bits == 8)
                config.message_cap = (uint8_t)(20 + 30 * trial); /* 20, 50, 80, 110 */
            ldpc_frame_stats stats;
            ref_fixed_decode_frame(code, &config, &h.ws, q, bits, &stats);
            model_run(code, &config, q, &s);
            for (uint32_t e = 0; e < code->edges; e++) {
                assert_int_equal(h.ws.c2v[e], s.c2v[e]);
                assert_true(h.ws.c2v[e] >= -127);
            }
            uint32_t corrected = 0;
            for (uint32_t v = 0; v < code->n; v++) {
                int32_t decision_value;
                if (schedule == LDPC_SCHEDULE_LAYERED) {
                    assert_int_equal(h.ws.post[v], s.post[v]);
                    if (posterior_bits == 8)
                        assert_true(s.post[v] >= -127 && s.post[v] <= 127);
                    decision_value = s.post[v];
                } else {
                    assert_int_equal(h.ws.total[v], s.total[v]);
                    decision_value = s.total[v];
                }
                assert_int_equal(bits[v], decision_value < 0);
                corrected += bits[v] != (q[v] < 0);
            }
            /* The last check's (layered) or every check's (flooding) inputs. */
            uint32_t inputs = schedule == LDPC_SCHEDULE_FLOODING ? code->edges : code->max_check_degree;
            for (uint32_t e = 0; e < inputs; e++)
                assert_true(h.ws.v2c[e] >= -127);
            assert_int_equal(stats.iterations, iterations);
            assert_int_equal(stats.corrected_bits, corrected);
            assert_int_equal(stats.unsatisfied_checks, ldpc_code_unsatisfied_checks(code, bits));
            assert_int_equal(stats.converged, stats.unsatisfied_checks == 0);
        }
    }
    free(s.c2v);
    free(s.next);
    free(s.post);
    free(s.total);
    free(s.t);
    free(q);
    free(bits);
    free(h.memory);
}

static void layered_matches_definition(void **state)
{
    (void)state;
    /* Single-check layers, then DVB-style interleaved layers of 10 checks that
     * share variables (where the layer-start rule matters). */
    ldpc_code *plain = test_code_random_regular("regular-120", 120, 3, 6, 0, 11);
    ldpc_code *grouped = test_code_random_regular("grouped-120", 120, 3, 6, 6, 12);
    assert_false(grouped->layers_disjoint);
    /* 16-bit posteriors, saturated by check, saturated by layer */
    const struct {
        uint8_t bits;
        ldpc_saturated_order order;
    } variants[] = {{16, LDPC_SATURATED_BY_CHECK},
                    {8, LDPC_SATURATED_BY_CHECK},
                    {8, LDPC_SATURATED_BY_LAYER}};
    for (size_t i = 0; i < sizeof variants / sizeof variants[0]; i++) {
        uint8_t bits = variants[i].bits;
        ldpc_saturated_order order = variants[i].order;
        matches_transcription(plain, LDPC_SCHEDULE_LAYERED, LDPC_RULE_MIN_SUM_NORMALIZED, bits,
                              order, 1);
        matches_transcription(plain, LDPC_SCHEDULE_LAYERED, LDPC_RULE_MIN_SUM_OFFSET, bits, order,
                              2);
        matches_transcription(grouped, LDPC_SCHEDULE_LAYERED, LDPC_RULE_MIN_SUM_NORMALIZED, bits,
                              order, 3);
        matches_transcription(grouped, LDPC_SCHEDULE_LAYERED, LDPC_RULE_MIN_SUM_OFFSET, bits,
                              order, 4);
    }
    ldpc_code_destroy(plain);
    ldpc_code_destroy(grouped);
}

/* One check, saturated posteriors, by hand: the cap limits what the check
 * sees, and every posterior is clamped after its update. */
static void saturated_single_check_by_hand(void **state)
{
    (void)state;
    ldpc_code *code = test_code_single_check(4);
    fixed_workspace_holder h;
    workspace_open(&h, code, LDPC_SCHEDULE_LAYERED);
    const int8_t q[4] = {120, 100, -90, 127};
    uint8_t bits[4];
    ldpc_frame_stats stats;
    ldpc_decoder_config config = fixed_config(LDPC_RULE_MIN_SUM_OFFSET, LDPC_SCHEDULE_LAYERED, 2, 0);
    config.offset_q = 1;
    config.posterior_bits = 8;
    config.message_cap = 31;
    /* Iteration 1: |t| capped to 31 31 31 31; min1 = min2 = 31, sent 30 with
     * the sign product of the others (one negative input). */
    ref_fixed_decode_frame(code, &config, &h.ws, q, bits, &stats);
    /* Iteration 2: t = sat(post - c2v) gives back 120 100 -90 127 (no clamp
     * hit), so the messages repeat and the posteriors stay clamped. */
    const int8_t c2v[4] = {-30, -30, 30, -30};
    const int16_t post[4] = {90, 70, -60, 97};
    assert_memory_equal(h.ws.c2v, c2v, 4);
    assert_memory_equal(h.ws.post, post, sizeof post);
    /* A satisfied frame at the rails: 127 + 30 clamps to 127, so iteration
     * 2 reads t = 127 - 30 = 97 where exact posteriors give 127 (the drift
     * towards zero that the cap bounds). */
    const int8_t rails[4] = {127, 127, -127, -127};
    ref_fixed_decode_frame(code, &config, &h.ws, rails, bits, &stats);
    const int16_t post_rails[4] = {127, 127, -127, -127};
    const int8_t t_rails[4] = {97, 97, -97, -97};
    assert_memory_equal(h.ws.post, post_rails, sizeof post_rails);
    assert_memory_equal(h.ws.v2c, t_rails, 4);
    assert_int_equal(stats.converged, 1);
    free(h.memory);
    ldpc_code_destroy(code);
}

/* Why saturated posteriors need the cap: with fixed iterations (no early
 * termination) frames that converge drift away again unless the messages
 * are capped well below the posterior range (docs/DECODERS.md). */
static void saturated_cap_keeps_converged_frames(void **state)
{
    (void)state;
    ldpc_code *code = NULL;
    assert_int_equal(ldpc_code_create("dvbs2-short-1/2", &code, NULL), LDPC_OK);
    const uint32_t frames = 6;
    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(code, frames);
    int8_t *q = malloc((size_t)frames * code->n);
    uint8_t *bits = malloc((size_t)frames * code->n);
    assert_non_null(q);
    assert_non_null(bits);
    test_rng rng;
    test_rng_seed(&rng, 77);
    /* The all-zero codeword, BPSK at Eb/N0 2 dB, llr_scale 2. */
    const double rate = (double)code->k / code->n, ebn0 = pow(10.0, 0.2);
    const double sigma = sqrt(1.0 / (2.0 * rate * ebn0));
    for (size_t i = 0; i < (size_t)frames * code->n; i++) {
        double llr = 2.0 * (1.0 + sigma * test_rng_gaussian(&rng)) / (sigma * sigma);
        q[i] = ldpc_quantise_one((float)llr, 2.0f);
    }
    uint32_t failed[2] = {0, 0};
    const uint8_t caps[2] = {31, 127};
    for (int c = 0; c < 2; c++) {
        ldpc_decoder_config config = ldpc_decoder_config_default();
        config.posterior_bits = 8;
        config.message_cap = caps[c];
        config.max_iterations = 50;
        config.syndrome_period = 0;
        ldpc_decoder *decoder;
        assert_int_equal(ldpc_decoder_create(&config, &limits, "reference", &decoder, NULL),
                         LDPC_OK);
        ldpc_frame_stats stats[6];
        assert_int_equal(ldpc_decoder_decode_i8(decoder, code, q, frames, bits, stats, NULL),
                         LDPC_OK);
        for (uint32_t f = 0; f < frames; f++)
            failed[c] += !stats[f].converged;
        ldpc_decoder_destroy(decoder);
    }
    assert_int_equal(failed[0], 0);
    assert_int_equal(failed[1], frames);
    free(q);
    free(bits);
    ldpc_code_destroy(code);
}

static void flooding_matches_definition(void **state)
{
    (void)state;
    ldpc_code *code = test_code_random_regular("regular-96", 96, 4, 8, 0, 21);
    matches_transcription(code, LDPC_SCHEDULE_FLOODING, LDPC_RULE_MIN_SUM_NORMALIZED, 16,
                          LDPC_SATURATED_BY_CHECK, 5);
    matches_transcription(code, LDPC_SCHEDULE_FLOODING, LDPC_RULE_MIN_SUM_OFFSET, 16,
                          LDPC_SATURATED_BY_CHECK, 6);
    ldpc_code_destroy(code);
}

static void all_max_inputs_saturate_without_minus_128(void **state)
{
    (void)state;
    ldpc_code *code = test_code_random_regular("regular-60", 60, 3, 6, 0, 31);
    int8_t q[60];
    uint8_t bits[60];
    for (int schedule = 0; schedule < 2; schedule++) {
        fixed_workspace_holder h;
        workspace_open(&h, code, (ldpc_schedule)schedule);
        for (int polarity = -1; polarity <= 1; polarity += 2) {
            for (uint32_t v = 0; v < 60; v++)
                q[v] = (int8_t)(polarity * 127);
            ldpc_decoder_config config = fixed_config(LDPC_RULE_MIN_SUM_NORMALIZED,
                                                      (ldpc_schedule)schedule, 20, 0);
            config.normalization_q4 = 16; /* no shrinking: messages stay at the rails */
            ldpc_frame_stats stats;
            ref_fixed_decode_frame(code, &config, &h.ws, q, bits, &stats);
            for (uint32_t e = 0; e < code->edges; e++)
                assert_true(h.ws.c2v[e] >= -127 && h.ws.c2v[e] <= 127);
            if (polarity > 0) { /* the all-zero word stays */
                for (uint32_t v = 0; v < 60; v++)
                    assert_int_equal(bits[v], 0);
                assert_int_equal(stats.converged, 1);
            }
        }
        free(h.memory);
    }
    ldpc_code_destroy(code);
}

static void minus_128_reads_as_minus_127(void **state)
{
    (void)state;
    ldpc_code *code = test_code_random_regular("regular-60", 60, 3, 6, 0, 41);
    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(code, 2);
    for (int arithmetic = 0; arithmetic < 2; arithmetic++) {
        ldpc_decoder_config config = ldpc_decoder_config_default();
        config.arithmetic = (ldpc_arithmetic)arithmetic;
        config.syndrome_period = 0;
        config.max_iterations = 7;
        ldpc_decoder *decoder;
        assert_int_equal(ldpc_decoder_create(&config, &limits, "reference", &decoder, NULL),
                         LDPC_OK);
        int8_t q[120], q_clean[120];
        test_rng rng;
        test_rng_seed(&rng, 42);
        extreme_channel(&rng, q, 120);
        for (uint32_t v = 0; v < 120; v += 5)
            q[v] = -128;
        for (uint32_t v = 0; v < 120; v++)
            q_clean[v] = q[v] == -128 ? -127 : q[v];
        uint8_t bits[120], bits_clean[120];
        ldpc_frame_stats stats[2], stats_clean[2];
        assert_int_equal(ldpc_decoder_decode_i8(decoder, code, q, 2, bits, stats, NULL), LDPC_OK);
        assert_int_equal(
            ldpc_decoder_decode_i8(decoder, code, q_clean, 2, bits_clean, stats_clean, NULL),
            LDPC_OK);
        assert_memory_equal(bits, bits_clean, sizeof bits);
        assert_memory_equal(stats, stats_clean, sizeof stats);
        ldpc_decoder_destroy(decoder);
    }
    ldpc_code_destroy(code);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(check_update_min_sum_by_hand),
        cmocka_unit_test(check_update_ties_zero_and_degree_one),
        cmocka_unit_test(layered_single_check_iteration_by_hand),
        cmocka_unit_test(layered_matches_definition),
        cmocka_unit_test(saturated_single_check_by_hand),
        cmocka_unit_test(saturated_cap_keeps_converged_frames),
        cmocka_unit_test(flooding_matches_definition),
        cmocka_unit_test(all_max_inputs_saturate_without_minus_128),
        cmocka_unit_test(minus_128_reads_as_minus_127),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
