/* The nonbinary decoder object: configuration, limits, one block reserved at
 * creation, channel conversion (bit LLRs -> symbol LLR vectors) and the
 * per-frame statistics around the Min-Max frame decoders (nb/nb_minmax.h, and
 * the SIMD instances of nb/nb_simd.h for fixed point), frames spread over a
 * pool of threads started at creation, each with its own workspace.
 *
 * A separate object rather than a backend of ldpc_decoder: its frames are
 * n * p bit LLRs in and n symbols out, its workspace grows with q, and the
 * binary backends (SIMD, OpenCL) must never be handed a nonbinary graph. It
 * shares the configuration struct, the limits, the statistics, the
 * early-termination rule and the no-allocation contract. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decode/early_termination.h"
#include "code/code_struct.h"
#include "nb/nb_code_struct.h"
#include "decode/fixed_point.h"
#include "decode/workspace_layout.h"
#include "ldpc/soft.h"
#include "nb/gf.h"
#include "nb/nb_backend.h"
#include "nb/nb_minmax.h"
#include "nb/nb_opencl.h"
#include "nb/nb_simd.h"
#include "util/error_internal.h"
#include "util/worker_pool.h"

#define LIMIT_ARRAY_BOUND (1u << 24)
#define LIMIT_FRAMES_BOUND (1u << 16)
/* Flooding totals are exact in 16 bits up to this degree (255 * 128). */
#define NB_MAX_VAR_DEGREE 127u

/* What one thread needs to decode a frame. */
typedef struct {
    nb_float_workspace real;
    nb_fixed_workspace fixed;
    float *bit_llr; /* max_n * 8: one frame's bit LLRs in float */
    int8_t *bit_q;  /* max_n * 8: one frame's quantised bit LLRs */
} nb_worker;

struct ldpc_nb_decoder {
    ldpc_decoder_config config;
    ldpc_nb_decoder_limits limits;
    const nb_simd_variant *variant; /* NULL: the portable reference */
    nb_opencl *opencl;              /* backend "opencl" (the CPU path is its fallback) */
    worker_pool *pool;              /* started at creation, frames spread over it */
    uint32_t workers;
    nb_worker *worker; /* one per thread, inside the block */
    /* The call being decoded, read by every worker. */
    const ldpc_nb_code *code;
    nb_fixed_frame_fn fixed_frame;
    const float *llr_f32; /* exactly one of these two is set */
    const int8_t *llr_i8;
    uint32_t frames;
    uint8_t *symbols;
    ldpc_frame_stats *stats;
    size_t footprint;
};

ldpc_decoder_config ldpc_nb_decoder_config_default(void)
{
    ldpc_decoder_config config = ldpc_decoder_config_default();
    config.rule = LDPC_RULE_MIN_MAX;
    config.max_iterations = 20;
    return config;
}

ldpc_status ldpc_nb_decoder_config_validate(const ldpc_decoder_config *config, ldpc_error *err)
{
    if (config == NULL)
        return ldpc_fail(err, LDPC_ERR_INVALID, "no decoder configuration given");
    if (config->rule != LDPC_RULE_MIN_MAX)
        return ldpc_fail(err, LDPC_ERR_INVALID,
                         "nonbinary decoders implement Min-Max only (rule %d given)",
                         (int)config->rule);
    /* nm < q is checked again for the limits' max_q and each code's q. */
    if (config->truncation >= GF_MAX_Q)
        return ldpc_fail(err, LDPC_ERR_INVALID,
                         "truncation nm = %u is outside 1..%u (below q; 0 = off)",
                         config->truncation, GF_MAX_Q - 1);
    if (config->posterior_bits != 16 || config->message_cap != LDPC_MESSAGE_CAP_NONE)
        return ldpc_fail(err, LDPC_ERR_INVALID,
                         "saturated posteriors and message caps apply to binary min-sum only "
                         "(posterior_bits %u, message_cap %u given)",
                         (unsigned)config->posterior_bits, (unsigned)config->message_cap);
    /* The binary validator knows every other field; give it a rule it accepts. */
    ldpc_decoder_config binary = *config;
    binary.rule = LDPC_RULE_MIN_SUM_NORMALIZED;
    binary.truncation = 0;
    return ldpc_decoder_config_validate(&binary, err);
}

ldpc_nb_decoder_limits ldpc_nb_decoder_limits_for_code(const ldpc_nb_code *code,
                                                       uint32_t frames)
{
    ldpc_nb_decoder_limits limits = {
        .graph = ldpc_decoder_limits_for_code(code->graph, frames),
        .max_q = code->q,
    };
    return limits;
}

static ldpc_status validate_limits(const ldpc_nb_decoder_limits *limits, ldpc_error *err)
{
    if (limits == NULL)
        return ldpc_fail(err, LDPC_ERR_INVALID, "no decoder limits given");
    const ldpc_decoder_limits *g = &limits->graph;
    const struct {
        const char *name;
        uint32_t value, bound;
    } fields[] = {
        {"max_n", g->max_n, LIMIT_ARRAY_BOUND},
        {"max_m", g->max_m, LIMIT_ARRAY_BOUND},
        {"max_edges", g->max_edges, LIMIT_ARRAY_BOUND},
        {"max_check_degree", g->max_check_degree, LIMIT_ARRAY_BOUND},
        {"max_frames", g->max_frames, LIMIT_FRAMES_BOUND},
        {"max_q", limits->max_q, GF_MAX_Q},
    };
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        if (fields[i].value < 1 || fields[i].value > fields[i].bound)
            return ldpc_fail(err, LDPC_ERR_INVALID, "decoder limit %s = %u is outside 1..%u",
                             fields[i].name, fields[i].value, fields[i].bound);
    if (limits->max_q < 2 || (limits->max_q & (limits->max_q - 1)) != 0)
        return ldpc_fail(err, LDPC_ERR_INVALID, "decoder limit max_q = %u is not a power of two",
                         limits->max_q);
    if ((uint64_t)g->max_edges * limits->max_q > ((uint64_t)1 << 30))
        return ldpc_fail(err, LDPC_ERR_INVALID,
                         "decoder limits max_edges * max_q = %llu exceed 2^30 messages",
                         (unsigned long long)g->max_edges * limits->max_q);
    return LDPC_OK;
}

static size_t worker_bytes(const ldpc_decoder_config *config, const ldpc_nb_decoder_limits *limits)
{
    size_t bits = (size_t)limits->graph.max_n * GF_MAX_BITS;
    size_t arrays = config->arithmetic == LDPC_ARITH_FLOAT ? nb_float_workspace_bytes(limits)
                                                           : nb_fixed_workspace_bytes(limits);
    return workspace_round_up(bits * sizeof(float)) + workspace_round_up(bits) + arrays;
}

static void carve_worker(nb_worker *w, unsigned char *cursor, const ldpc_decoder_config *config,
                         const ldpc_nb_decoder_limits *limits)
{
    size_t bits = (size_t)limits->graph.max_n * GF_MAX_BITS;
    w->bit_llr = workspace_take(&cursor, bits * sizeof(float));
    w->bit_q = workspace_take(&cursor, bits);
    if (config->arithmetic == LDPC_ARITH_FLOAT)
        nb_float_workspace_carve(&w->real, cursor, limits);
    else
        nb_fixed_workspace_carve(&w->fixed, cursor, limits);
}

ldpc_status nb_decoder_check(const ldpc_decoder_config *config,
                             const ldpc_nb_decoder_limits *limits, ldpc_error *err)
{
    ldpc_status status = ldpc_nb_decoder_config_validate(config, err);
    if (status == LDPC_OK)
        status = validate_limits(limits, err);
    if (status == LDPC_OK && config->truncation >= limits->max_q)
        status = ldpc_fail(err, LDPC_ERR_INVALID,
                           "truncation nm = %u must be below q (decoder limit max_q = %u)",
                           config->truncation, limits->max_q);
    return status;
}

ldpc_status nb_decoder_create(const ldpc_decoder_config *config,
                              const ldpc_nb_decoder_limits *limits, const nb_backend *backend,
                              const void *opencl_options, ldpc_nb_decoder **out,
                              ldpc_error *err)
{
    *out = NULL;
    uint32_t workers = config->threads > 1 ? config->threads : 1;
    size_t header = workspace_round_up(sizeof(struct ldpc_nb_decoder)) +
                    workspace_round_up(workers * sizeof(nb_worker));
    size_t per_worker = worker_bytes(config, limits);
    size_t total = header + workers * per_worker;
    unsigned char *block = aligned_alloc(WORKSPACE_ALIGNMENT, total);
    if (block == NULL)
        return ldpc_fail(err, LDPC_ERR_NO_MEMORY,
                         "cannot allocate %zu bytes for the nonbinary decoder", total);
    memset(block, 0, total);
    ldpc_nb_decoder *d = (ldpc_nb_decoder *)block;
    d->config = *config;
    d->limits = *limits;
    d->variant = backend->simd;
    d->workers = workers;
    d->footprint = total;
    d->worker = (nb_worker *)(block + workspace_round_up(sizeof(struct ldpc_nb_decoder)));
    for (uint32_t w = 0; w < workers; w++)
        carve_worker(&d->worker[w], block + header + w * per_worker, config, limits);
    ldpc_status status = worker_pool_create(workers, &d->pool, err);
    if (status != LDPC_OK) {
        free(block);
        return status;
    }
    if (backend->opencl &&
        (status = nb_opencl_create(config, limits, opencl_options, &d->opencl, err)) != LDPC_OK) {
        worker_pool_destroy(d->pool);
        free(block);
        return status;
    }
    *out = d;
    return LDPC_OK;
}

void ldpc_nb_decoder_destroy(ldpc_nb_decoder *decoder)
{
    if (decoder != NULL) {
        worker_pool_destroy(decoder->pool);
        nb_opencl_destroy(decoder->opencl);
    }
    free(decoder);
}

const char *ldpc_nb_decoder_backend_name(const ldpc_nb_decoder *decoder)
{
    if (decoder->opencl != NULL)
        return NB_OPENCL_BACKEND;
    return decoder->variant != NULL ? decoder->variant->name : NB_REFERENCE_BACKEND;
}

int ldpc_nb_decoder_describe(const ldpc_nb_decoder *decoder, char *out, size_t size)
{
    if (decoder->opencl != NULL)
        return nb_opencl_describe(decoder->opencl, out, size);
    snprintf(out, size, "%s", ldpc_nb_decoder_backend_name(decoder));
    return 0;
}

void ldpc_nb_decoder_counters_get(const ldpc_nb_decoder *decoder, ldpc_decoder_counters *out)
{
    memset(out, 0, sizeof *out);
    if (decoder->opencl != NULL)
        nb_opencl_counters(decoder->opencl, out);
}

nb_opencl *nb_decoder_opencl(const ldpc_nb_decoder *decoder)
{
    return decoder->opencl;
}

size_t ldpc_nb_decoder_footprint(const ldpc_nb_decoder *decoder)
{
    return decoder->footprint;
}

int nb_syndrome_ok(const ldpc_nb_code *code, const uint8_t *symbols)
{
    const gf_field *f = gf_field_get(code->bits_per_symbol);
    const ldpc_code *g = code->graph;
    for (uint32_t c = 0; c < g->m; c++) {
        uint8_t sum = 0;
        for (uint32_t e = g->check_offsets[c]; e < g->check_offsets[c + 1]; e++)
            sum ^= gf_mul(f, code->edge_coef[e], symbols[g->check_var[e]]);
        if (sum != 0)
            return 0;
    }
    return 1;
}

static ldpc_status check_call(const ldpc_nb_decoder *d, const ldpc_nb_code *code,
                              const void *llr, uint32_t frames, const uint8_t *symbols,
                              ldpc_error *err)
{
    if (d == NULL || code == NULL || llr == NULL || symbols == NULL)
        return ldpc_fail(err, LDPC_ERR_INVALID, "decode: %s is NULL",
                         d == NULL      ? "decoder"
                         : code == NULL ? "code"
                         : llr == NULL  ? "llr"
                                        : "symbols");
    const ldpc_code *g = code->graph;
    const ldpc_nb_decoder_limits *lim = &d->limits;
    const struct {
        const char *quantity, *bound;
        uint32_t value, limit;
    } checks[] = {
        {"n", "max_n", g->n, lim->graph.max_n},
        {"m", "max_m", g->m, lim->graph.max_m},
        {"edges", "max_edges", g->edges, lim->graph.max_edges},
        {"max check degree", "max_check_degree", g->max_check_degree,
         lim->graph.max_check_degree},
        {"frames", "max_frames", frames, lim->graph.max_frames},
        {"q", "max_q", code->q, lim->max_q},
    };
    for (size_t i = 0; i < sizeof checks / sizeof checks[0]; i++)
        if (checks[i].value > checks[i].limit)
            return ldpc_fail(err, LDPC_ERR_LIMITS,
                             "code '%s' exceeds the decoder limits: %s = %u > %s = %u", g->name,
                             checks[i].quantity, checks[i].value, checks[i].bound,
                             checks[i].limit);
    if (d->config.truncation >= code->q)
        return ldpc_fail(err, LDPC_ERR_INVALID,
                         "code '%s': truncation nm = %u must be below q = %u", g->name,
                         d->config.truncation, code->q);
    if (g->max_var_degree > NB_MAX_VAR_DEGREE)
        return ldpc_fail(err, LDPC_ERR_UNSUPPORTED,
                         "code '%s': symbol degree %u exceeds %u", g->name, g->max_var_degree,
                         NB_MAX_VAR_DEGREE);
    return LDPC_OK;
}

/* Symbol LLR vectors in 8 bits: the same sums as ldpc_nb_symbol_llr over
 * quantised |LLR|, saturated at 255. */
static void fixed_symbol_llr(uint32_t p, const int8_t *bit_q, uint32_t count, uint8_t *out)
{
    uint32_t q = 1u << p;
    for (uint32_t v = 0; v < count; v++) {
        const int8_t *llr = bit_q + (size_t)v * p;
        uint8_t *row = out + (size_t)v * q;
        uint16_t sums[GF_MAX_Q];
        sums[0] = 0;
        for (uint32_t b = 0; b < p; b++) {
            int l = llr[p - 1 - b];
            uint16_t cost_one = (uint16_t)(l > 0 ? l : 0), cost_zero = (uint16_t)(l < 0 ? -l : 0);
            uint32_t half = 1u << b;
            for (uint32_t a = 0; a < half; a++) {
                sums[a + half] = (uint16_t)(sums[a] + cost_one);
                sums[a] = (uint16_t)(sums[a] + cost_zero);
            }
        }
        for (uint32_t a = 0; a < q; a++)
            row[a] = (uint8_t)(sums[a] < NB_FIXED_MESSAGE_MAX ? sums[a] : NB_FIXED_MESSAGE_MAX);
    }
}

static uint32_t popcount8(uint32_t x)
{
    uint32_t count = 0;
    for (; x != 0; x &= x - 1)
        count++;
    return count;
}

/* The channel's hard decision is the symbol at distance 0 (lowest on ties,
 * i.e. bit 0 for a zero LLR); corrected bits differ from it. */
static void finish_frame(const ldpc_nb_code *code, const ldpc_nb_decoder *d,
                         const nb_worker *w, const uint8_t *symbols, uint32_t iterations,
                         int converged, ldpc_frame_stats *stats)
{
    if (stats == NULL)
        return;
    const ldpc_code *g = code->graph;
    uint32_t q = code->q, corrected = 0;
    for (uint32_t v = 0; v < g->n; v++) {
        uint32_t hard = 0;
        if (d->config.arithmetic == LDPC_ARITH_FLOAT) {
            const float *row = w->real.channel + (size_t)v * q;
            while (row[hard] != 0.0f)
                hard++;
        } else {
            const uint8_t *row = w->fixed.channel + (size_t)v * q;
            while (row[hard] != 0)
                hard++;
        }
        corrected += popcount8(hard ^ symbols[v]);
    }
    /* Counted even when early termination is off, as for binary codes. */
    uint32_t unsatisfied = converged ? 0 : ldpc_nb_code_unsatisfied_checks(code, symbols);
    stats->iterations = iterations;
    stats->converged = unsatisfied == 0;
    stats->unsatisfied_checks = unsatisfied;
    stats->corrected_bits = corrected;
}

/* Frame f of the call: its bit LLRs into the worker's buffer, decoded. */
static void decode_one(ldpc_nb_decoder *d, nb_worker *w, uint32_t f)
{
    const ldpc_nb_code *code = d->code;
    uint32_t n = code->graph->n, p = code->bits_per_symbol, iterations;
    size_t bits = (size_t)n * p;
    int is_float = d->config.arithmetic == LDPC_ARITH_FLOAT;
    if (d->llr_f32 != NULL) {
        const float *frame = d->llr_f32 + f * bits;
        if (is_float)
            memcpy(w->bit_llr, frame, bits * sizeof(float));
        else
            ldpc_quantise(frame, bits, d->config.llr_scale, w->bit_q);
    } else {
        const int8_t *frame = d->llr_i8 + f * bits;
        for (size_t i = 0; i < bits; i++) {
            int8_t value = q_from_input(frame[i]);
            if (is_float)
                w->bit_llr[i] = (float)value / d->config.llr_scale;
            else
                w->bit_q[i] = value;
        }
    }
    uint8_t *symbols = d->symbols + (size_t)f * n;
    int converged;
    if (is_float) {
        ldpc_nb_symbol_llr(p, w->bit_llr, n, w->real.channel);
        iterations = nb_float_decode_frame(code, &d->config, &w->real, symbols, &converged);
    } else {
        fixed_symbol_llr(p, w->bit_q, n, w->fixed.channel);
        iterations = d->fixed_frame(code, &d->config, &w->fixed, symbols, &converged);
    }
    finish_frame(code, d, w, symbols, iterations, converged, d->stats ? d->stats + f : NULL);
}

/* Worker w decodes frames w, w + workers, ... of the call. */
static void decode_frames(void *context, uint32_t worker)
{
    ldpc_nb_decoder *d = context;
    for (uint32_t f = worker; f < d->frames; f += d->workers)
        decode_one(d, &d->worker[worker], f);
}

static void decode_call(ldpc_nb_decoder *d, const ldpc_nb_code *code, const float *llr_f32,
                        const int8_t *llr_i8, uint32_t frames, uint8_t *symbols,
                        ldpc_frame_stats *stats)
{
    if (d->opencl != NULL &&
        nb_opencl_decode(d->opencl, code, llr_f32, llr_i8, frames, symbols, stats))
        return;
    nb_fixed_frame_fn simd = d->variant != NULL ? d->variant->frame_for_q(code->q) : NULL;
    d->code = code;
    d->fixed_frame = simd != NULL ? simd : nb_fixed_decode_frame;
    d->llr_f32 = llr_f32;
    d->llr_i8 = llr_i8;
    d->frames = frames;
    d->symbols = symbols;
    d->stats = stats;
    worker_pool_run(d->pool, decode_frames, d);
}

ldpc_status ldpc_nb_decoder_decode_f32(ldpc_nb_decoder *d, const ldpc_nb_code *code,
                                       const float *llr, uint32_t frames, uint8_t *symbols,
                                       ldpc_frame_stats *stats, ldpc_error *err)
{
    ldpc_status status = check_call(d, code, llr, frames, symbols, err);
    if (status != LDPC_OK)
        return status;
    size_t bits = (size_t)code->graph->n * code->bits_per_symbol;
    for (size_t i = 0; i < bits * frames; i++)
        if (!isfinite(llr[i]))
            return ldpc_fail(err, LDPC_ERR_INVALID,
                             "code '%s': frame %zu bit %zu: LLR %g is not finite",
                             code->graph->name, i / bits, i % bits, (double)llr[i]);
    decode_call(d, code, llr, NULL, frames, symbols, stats);
    return LDPC_OK;
}

ldpc_status ldpc_nb_decoder_decode_i8(ldpc_nb_decoder *d, const ldpc_nb_code *code,
                                      const int8_t *llr, uint32_t frames, uint8_t *symbols,
                                      ldpc_frame_stats *stats, ldpc_error *err)
{
    ldpc_status status = check_call(d, code, llr, frames, symbols, err);
    if (status != LDPC_OK)
        return status;
    decode_call(d, code, NULL, llr, frames, symbols, stats);
    return LDPC_OK;
}
