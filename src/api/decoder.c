/* The public decoder object: validates, reserves every byte at creation,
 * converts the channel values to the backend's arithmetic (unless the backend
 * maps raw int8 input itself, on its workers), and hands whole calls to the
 * backend chosen by backend_registry.c. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/backend_registry.h"
#include "code/code_struct.h"
#include "decode/check_rules.h"
#include "decode/fixed_point.h"
#include "decode/workspace_layout.h"
#include "ldpc/soft.h"
#include "opencl/cl_options.h"
#include "util/error_internal.h"

/* Bounds that keep every size computation far from overflow (the largest
 * DVB code has 64800 bits and about 300000 edges). */
#define LIMIT_ARRAY_BOUND (1u << 28)
#define LIMIT_FRAMES_BOUND (1u << 16)

struct ldpc_decoder {
    ldpc_decoder_config config;
    ldpc_decoder_limits limits;
    const decode_backend *backend;
    void *backend_state;
    int8_t *channel_q;   /* fixed point: max_frames * max_n quantised channel values */
    float *channel_llr;  /* float: max_frames * max_n LLRs converted from decode_i8 input */
    float *frame_word;   /* fixed point: max_n values, one frame's codeword from its
                          * transmitted values (punctured, shortened, rate-matched codes) */
    size_t footprint;
};

static ldpc_status validate_limits(const ldpc_decoder_limits *limits, ldpc_error *err)
{
    if (limits == NULL)
        return ldpc_fail(err, LDPC_ERR_INVALID, "no decoder limits given");
    const struct {
        const char *name;
        uint32_t value, bound;
    } fields[] = {
        {"max_n", limits->max_n, LIMIT_ARRAY_BOUND},
        {"max_m", limits->max_m, LIMIT_ARRAY_BOUND},
        {"max_edges", limits->max_edges, LIMIT_ARRAY_BOUND},
        {"max_check_degree", limits->max_check_degree, LIMIT_ARRAY_BOUND},
        {"max_frames", limits->max_frames, LIMIT_FRAMES_BOUND},
    };
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        if (fields[i].value < 1 || fields[i].value > fields[i].bound)
            return ldpc_fail(err, LDPC_ERR_INVALID, "decoder limit %s = %u is outside 1..%u",
                             fields[i].name, fields[i].value, fields[i].bound);
    return LDPC_OK;
}

/* ldpc_decoder_create with the backend's options (backend_setup). */
static ldpc_status decoder_create(const ldpc_decoder_config *config,
                                  const ldpc_decoder_limits *limits, const char *backend,
                                  const void *options, ldpc_decoder **out, ldpc_error *err)
{
    if (out == NULL)
        return ldpc_fail(err, LDPC_ERR_INVALID, "no place to store the decoder");
    *out = NULL;
    ldpc_status status = ldpc_decoder_config_validate(config, err);
    if (status == LDPC_OK)
        status = validate_limits(limits, err);
    const decode_backend *chosen = NULL;
    if (status == LDPC_OK)
        status = backend_select(backend, config, &chosen, err);
    if (status != LDPC_OK)
        return status;

    /* One block: the object, the channel buffer, the backend's state. */
    size_t values = (size_t)limits->max_n * limits->max_frames;
    size_t header = workspace_round_up(sizeof(struct ldpc_decoder));
    size_t channel = workspace_round_up(config->arithmetic == LDPC_ARITH_FIXED8
                                            ? values * sizeof(int8_t)
                                            : values * sizeof(float));
    const backend_setup setup = {limits, config, backend_fallback(chosen, config), options};
    size_t state = workspace_round_up(chosen->state_bytes(chosen, &setup));
    size_t word = config->arithmetic == LDPC_ARITH_FIXED8
                      ? workspace_round_up((size_t)limits->max_n * sizeof(float))
                      : 0;
    size_t total = header + channel + word + state;
    unsigned char *block = aligned_alloc(WORKSPACE_ALIGNMENT, total);
    if (block == NULL)
        return ldpc_fail(err, LDPC_ERR_NO_MEMORY, "cannot allocate %zu bytes for the decoder",
                         total);
    memset(block, 0, total);
    ldpc_decoder *d = (ldpc_decoder *)block;
    d->config = *config;
    d->limits = *limits;
    d->backend = chosen;
    d->footprint = total;
    if (config->arithmetic == LDPC_ARITH_FIXED8)
        d->channel_q = (int8_t *)(block + header);
    else
        d->channel_llr = (float *)(block + header);
    if (word > 0)
        d->frame_word = (float *)(block + header + channel);
    d->backend_state = block + header + channel + word;
    status = chosen->init(chosen, d->backend_state, &setup, err);
    if (status != LDPC_OK) {
        free(block);
        return status;
    }
    *out = d;
    return LDPC_OK;
}

ldpc_status ldpc_decoder_create(const ldpc_decoder_config *config,
                                const ldpc_decoder_limits *limits, const char *backend,
                                ldpc_decoder **out, ldpc_error *err)
{
    return decoder_create(config, limits, backend, NULL, out, err);
}

ldpc_status ldpc_opencl_decoder_create(const ldpc_decoder_config *config,
                                       const ldpc_decoder_limits *limits,
                                       const ldpc_opencl_config *opencl, ldpc_decoder **out,
                                       ldpc_error *err)
{
    if (opencl == NULL)
        return ldpc_fail(err, LDPC_ERR_INVALID, "no OpenCL configuration given");
    cl_options options;
    ldpc_status status = cl_options_from_config(opencl, &options, err);
    if (status != LDPC_OK)
        return status;
    return decoder_create(config, limits, "opencl", &options, out, err);
}

ldpc_status cl_options_decoder_create(const ldpc_decoder_config *config,
                                      const ldpc_decoder_limits *limits,
                                      const cl_options *options, ldpc_decoder **out,
                                      ldpc_error *err)
{
    return decoder_create(config, limits, "opencl", options, out, err);
}

void ldpc_decoder_destroy(ldpc_decoder *decoder)
{
    if (decoder == NULL)
        return;
    if (decoder->backend->destroy != NULL)
        decoder->backend->destroy(decoder->backend_state);
    free(decoder);
}

const char *ldpc_decoder_backend_name(const ldpc_decoder *decoder)
{
    return decoder->backend->name;
}

int ldpc_decoder_describe(const ldpc_decoder *decoder, char *out, size_t size)
{
    if (decoder->backend->describe != NULL)
        return decoder->backend->describe(decoder->backend_state, out, size);
    snprintf(out, size, "%s", decoder->backend->name);
    return 0;
}

void ldpc_decoder_counters_get(const ldpc_decoder *decoder, ldpc_decoder_counters *out)
{
    memset(out, 0, sizeof *out);
    if (decoder->backend->counters != NULL)
        decoder->backend->counters(decoder->backend_state, out);
}

void *decoder_backend_state(const ldpc_decoder *decoder, const decode_backend *backend)
{
    return decoder != NULL && decoder->backend == backend ? decoder->backend_state : NULL;
}

const ldpc_decoder_config *ldpc_decoder_get_config(const ldpc_decoder *decoder)
{
    return &decoder->config;
}

size_t ldpc_decoder_footprint(const ldpc_decoder *decoder)
{
    return decoder->footprint;
}

uint32_t ldpc_decoder_frames_at_once(const ldpc_decoder *decoder, const ldpc_code *code)
{
    const decode_backend *b = decoder->backend;
    return b->frames_at_once != NULL ? b->frames_at_once(decoder->backend_state, code) : 1;
}

int ldpc_decoder_needs_graph(const ldpc_decoder *decoder, const ldpc_code *code)
{
    return decoder->backend->needs_graph == NULL || decoder->backend->needs_graph(code);
}

/* The backend's staging areas (NULL, NULL without). */
static void staging_areas(ldpc_decoder *decoder, int8_t **input, uint8_t **output)
{
    *input = NULL;
    *output = NULL;
    if (decoder->backend->staging_areas != NULL)
        decoder->backend->staging_areas(decoder->backend_state, input, output);
}

int8_t *ldpc_decoder_input_area(ldpc_decoder *decoder)
{
    int8_t *input;
    uint8_t *output;
    staging_areas(decoder, &input, &output);
    return input;
}

uint8_t *ldpc_decoder_output_area(ldpc_decoder *decoder)
{
    int8_t *input;
    uint8_t *output;
    staging_areas(decoder, &input, &output);
    return output;
}

/* Arguments present and the code within the limits the decoder was made for. */
static ldpc_status check_call(const ldpc_decoder *d, const ldpc_code *code, const void *llr,
                              uint32_t frames, const uint8_t *bits, ldpc_error *err)
{
    if (d == NULL || code == NULL || llr == NULL || bits == NULL)
        return ldpc_fail(err, LDPC_ERR_INVALID, "decode: %s is NULL",
                         d == NULL ? "decoder" : code == NULL ? "code" : llr == NULL ? "llr" : "bits");
    const ldpc_decoder_limits *lim = &d->limits;
    const struct {
        const char *quantity, *bound;
        uint32_t value, limit;
    } checks[] = {
        {"n", "max_n", code->n, lim->max_n},
        {"m", "max_m", code->m, lim->max_m},
        {"edges", "max_edges", code->edges, lim->max_edges},
        {"max check degree", "max_check_degree", code->max_check_degree, lim->max_check_degree},
        {"layer snapshot", "max_layer_snapshots", code->max_layer_snapshots,
         lim->max_layer_snapshots},
        {"frames", "max_frames", frames, lim->max_frames},
    };
    for (size_t i = 0; i < sizeof checks / sizeof checks[0]; i++)
        if (checks[i].value > checks[i].limit)
            return ldpc_fail(err, LDPC_ERR_LIMITS,
                             "code '%s' exceeds the decoder limits: %s = %u > %s = %u",
                             code->name, checks[i].quantity, checks[i].value, checks[i].bound,
                             checks[i].limit);
    if (lim->families != 0 && (lim->families & (1u << code->family)) == 0)
        return ldpc_fail(err, LDPC_ERR_LIMITS,
                         "code '%s' exceeds the decoder limits: its family (%d) is not in "
                         "families = 0x%x",
                         code->name, (int)code->family, lim->families);
    if (!ldpc_code_has_graph(code) && ldpc_decoder_needs_graph(d, code))
        return ldpc_fail(err, LDPC_ERR_INVALID,
                         "code '%s' is compact (no Tanner graph), which backend %s cannot "
                         "decode: build it with ldpc_code_create",
                         code->name, d->backend->name);
    return LDPC_OK;
}

ldpc_status decoder_fail_not_finite(const ldpc_code *code, size_t index, float value,
                                    ldpc_error *err)
{
    uint32_t sent = ldpc_code_transmitted_n(code);
    return ldpc_fail(err, LDPC_ERR_INVALID, "code '%s': frame %zu bit %zu: LLR %g is not finite",
                     code->name, index / sent, index % sent, (double)value);
}

/* The codeword values of a frame whose transmitted values are not its
 * codeword (code->tx_vars): punctured bits 0, shortened bits `known`,
 * repetitions added; i8 input read as q_from_input(value) * scale. */
static void receive_i8(const ldpc_code *code, const int8_t *sent, float scale, float known,
                       float *word)
{
    memset(word, 0, (size_t)code->n * sizeof(float));
    for (uint32_t j = 0; j < code->tx_n; j++)
        word[code->tx_vars[j]] += (float)q_from_input(sent[j]) * scale;
    for (uint32_t s = 0; s < code->shortened_count; s++)
        word[code->shortened_vars[s]] = known;
}

/* Shortened bits, certain zeros: the largest message in each arithmetic
 * (float: FLOAT_MESSAGE_LIMIT, which also bounds every check message). */
#define SHORTENED_FLOAT FLOAT_MESSAGE_LIMIT
#define SHORTENED_FIXED 127.0f

/* corrected_bits counts decided bits that differ from the channel's hard
 * decision; the bits a frame does not send have none (the backends saw 0 or
 * +127 for them, a hard 0), so their decided ones come off. */
static void discount_unsent(const ldpc_code *code, const uint8_t *bits, uint32_t frames,
                            ldpc_frame_stats *stats)
{
    for (uint32_t f = 0; stats != NULL && f < frames; f++) {
        const uint8_t *word = bits + (size_t)f * code->n;
        uint32_t ones = 0;
        for (uint32_t p = 0; p < code->punctured_count; p++)
            ones += word[code->punctured_vars[p]];
        for (uint32_t s = 0; s < code->shortened_count; s++)
            ones += word[code->shortened_vars[s]];
        stats[f].corrected_bits -= ones;
    }
}

/* The backend's decode of the codeword values in the channel buffer. */
static ldpc_status decode_channel(ldpc_decoder *d, const ldpc_code *code, uint32_t frames,
                                  uint8_t *bits, ldpc_frame_stats *stats, ldpc_error *err)
{
    ldpc_status status =
        d->config.arithmetic == LDPC_ARITH_FLOAT
            ? d->backend->decode_f32(d->backend_state, code, d->channel_llr, frames, bits, stats,
                                     err)
            : d->backend->decode_i8(d->backend_state, code, d->channel_q, frames, bits, stats,
                                    err);
    if (status == LDPC_OK)
        discount_unsent(code, bits, frames, stats);
    return status;
}

/* Whether every variable is sent at most once (fill bits aside): then a
 * frame's values go straight to their variables (no sums), and the rest are
 * punctured (0) or shortened (127, over any fill bit's value). */
static int sends_each_once(const ldpc_code *code)
{
    return code->tx_summed == 0;
}

static void mark_unsent_q(const ldpc_code *code, int8_t *word)
{
    for (uint32_t p = 0; p < code->punctured_count; p++)
        word[code->punctured_vars[p]] = 0;
    for (uint32_t s = 0; s < code->shortened_count; s++)
        word[code->shortened_vars[s]] = (int8_t)SHORTENED_FIXED;
}

/* The fixed-point codeword of a frame that sends each variable once, run by
 * run of consecutive variables (a VL-SNR frame has one per punctured bit),
 * so the channel values are quantised in vectors: the same bytes as
 * quantising ldpc_code_receive_f32's word, without a float word in between. */
static void receive_once_f32(const ldpc_code *code, const float *sent, float llr_scale,
                             int8_t *word)
{
    const uint32_t *vars = code->tx_vars;
    for (uint32_t j = 0, end; j < code->tx_n; j = end) {
        for (end = j + 1; end < code->tx_n && vars[end] == vars[end - 1] + 1;)
            end++;
        ldpc_quantise(sent + j, end - j, llr_scale, word + vars[j]);
    }
    mark_unsent_q(code, word);
}

static void receive_once_i8(const ldpc_code *code, const int8_t *sent, int8_t *word)
{
    for (uint32_t j = 0; j < code->tx_n; j++)
        word[code->tx_vars[j]] = q_from_input(sent[j]);
    mark_unsent_q(code, word);
}

/* decode_f32 and decode_i8 for a code whose frames are not its codewords:
 * each frame's codeword values go into the decoder's channel buffer, then
 * the backend decodes them as any frame. */
static ldpc_status decode_mapped_f32(ldpc_decoder *d, const ldpc_code *code, const float *llr,
                                     uint32_t frames, uint8_t *bits, ldpc_frame_stats *stats,
                                     ldpc_error *err)
{
    size_t n = code->n, sent = code->tx_n;
    for (uint32_t f = 0; f < frames; f++) {
        const float *frame = llr + f * sent;
        if (d->config.arithmetic == LDPC_ARITH_FLOAT) {
            ldpc_code_receive_f32(code, frame, SHORTENED_FLOAT, d->channel_llr + f * n);
            continue;
        }
        if (sends_each_once(code)) {
            receive_once_f32(code, frame, d->config.llr_scale, d->channel_q + f * n);
            continue;
        }
        ldpc_code_receive_f32(code, frame, SHORTENED_FIXED / d->config.llr_scale, d->frame_word);
        ldpc_quantise(d->frame_word, n, d->config.llr_scale, d->channel_q + f * n);
    }
    return decode_channel(d, code, frames, bits, stats, err);
}

static ldpc_status decode_mapped_i8(ldpc_decoder *d, const ldpc_code *code, const int8_t *llr,
                                    uint32_t frames, uint8_t *bits, ldpc_frame_stats *stats,
                                    ldpc_error *err)
{
    size_t n = code->n, sent = code->tx_n;
    for (uint32_t f = 0; f < frames; f++) {
        const int8_t *frame = llr + f * sent;
        if (d->config.arithmetic == LDPC_ARITH_FLOAT) {
            receive_i8(code, frame, 1.0f / d->config.llr_scale, SHORTENED_FLOAT,
                       d->channel_llr + f * n);
            continue;
        }
        if (sends_each_once(code)) {
            receive_once_i8(code, frame, d->channel_q + f * n);
            continue;
        }
        /* Sums of integers, exact in float; then saturated to [-127, 127]. */
        receive_i8(code, frame, 1.0f, SHORTENED_FIXED, d->frame_word);
        ldpc_quantise(d->frame_word, n, 1.0f, d->channel_q + f * n);
    }
    return decode_channel(d, code, frames, bits, stats, err);
}

ldpc_status ldpc_decoder_decode_f32(ldpc_decoder *decoder, const ldpc_code *code,
                                    const float *llr, uint32_t frames, uint8_t *bits,
                                    ldpc_frame_stats *stats, ldpc_error *err)
{
    ldpc_status status = check_call(decoder, code, llr, frames, bits, err);
    if (status != LDPC_OK)
        return status;
    if (code->tx_vars != NULL) {
        size_t sent = (size_t)frames * code->tx_n;
        for (size_t i = 0; i < sent; i++)
            if (!isfinite(llr[i]))
                return decoder_fail_not_finite(code, i, llr[i], err);
        return decode_mapped_f32(decoder, code, llr, frames, bits, stats, err);
    }
    if (decoder->config.arithmetic == LDPC_ARITH_FIXED8 &&
        decoder->backend->decode_quantising != NULL)
        return decoder->backend->decode_quantising(decoder->backend_state, code, llr, frames,
                                                   decoder->channel_q, bits, stats, err);
    size_t values = (size_t)frames * code->n;
    for (size_t i = 0; i < values; i++)
        if (!isfinite(llr[i]))
            return decoder_fail_not_finite(code, i, llr[i], err);
    if (decoder->config.arithmetic == LDPC_ARITH_FLOAT)
        return decoder->backend->decode_f32(decoder->backend_state, code, llr, frames, bits, stats,
                                            err);
    ldpc_quantise(llr, values, decoder->config.llr_scale, decoder->channel_q);
    return decoder->backend->decode_i8(decoder->backend_state, code, decoder->channel_q, frames,
                                       bits, stats, err);
}

ldpc_status ldpc_decoder_decode_i8(ldpc_decoder *decoder, const ldpc_code *code,
                                   const int8_t *llr, uint32_t frames, uint8_t *bits,
                                   ldpc_frame_stats *stats, ldpc_error *err)
{
    ldpc_status status = check_call(decoder, code, llr, frames, bits, err);
    if (status != LDPC_OK)
        return status;
    if (code->tx_vars != NULL)
        return decode_mapped_i8(decoder, code, llr, frames, bits, stats, err);
    size_t values = (size_t)frames * code->n;
    if (decoder->config.arithmetic == LDPC_ARITH_FLOAT) {
        for (size_t i = 0; i < values; i++)
            decoder->channel_llr[i] = (float)q_from_input(llr[i]) / decoder->config.llr_scale;
        return decoder->backend->decode_f32(decoder->backend_state, code, decoder->channel_llr,
                                            frames, bits, stats, err);
    }
    if (decoder->backend->maps_input)
        return decoder->backend->decode_i8(decoder->backend_state, code, llr, frames, bits, stats,
                                           err);
    /* Through a local pointer: a store through int8_t * may alias the decoder,
     * which would reload decoder->channel_q every value and keep the loop
     * scalar (a quarter of a one-iteration decode of a 64800-bit frame). */
    int8_t *channel = decoder->channel_q;
    for (size_t i = 0; i < values; i++)
        channel[i] = q_from_input(llr[i]);
    return decoder->backend->decode_i8(decoder->backend_state, code, channel, frames, bits, stats,
                                       err);
}
