/* The frame-path backends, two kinds per variant:
 *
 * - "avx512bw-frame", "avx2-frame", "sse4.1-frame", "neon-frame" where the
 *   architecture has them, and "portable-frame": every frame of a DVB or
 *   quasi-cyclic code (frame_code_supported) on the frame path; any other
 *   code on the reference decoder.
 * - "avx512bw-frame+avx512bw" etc. (the SIMD variants only): those codes on
 *   the frame path (but see on_frame_path), any other on the inter-frame
 *   SIMD backend of the same instruction set (simd_backend.c). These come
 *   first in the registry, so "auto" picks them for fixed-point layered
 *   min-sum (docs/CPU.md says why: one frame's working set stays in L2, 64
 *   frames' do not).
 *
 * Either kind spreads the frames of a call over config->threads workers of a
 * fixed pool (src/util/worker_pool.c), each with its own workspace carved at
 * creation; a worker takes the next undecoded frame when it finishes one, so
 * frames that converge early do not leave a thread idle. Results do not
 * depend on which worker decodes a frame: every frame starts afresh.
 *
 * Both take the caller's raw int8 values (maps_input): the frame path reads
 * -128 as -127 while loading a frame, the reference fallback maps a frame
 * into its worker's `channel` first, and the inter-frame partner does it in
 * its lane interleaving. So the mapping runs per frame on the workers, not
 * as a serial pass on the calling thread. Float input is checked and
 * quantised the same way, frame by frame on the workers, before any frame is
 * decoded (decode_quantising). */
#include <math.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "common/frame_backend.h"
#include "code/code_struct.h"
#include "common/frame_decoder.h"
#include "decode/fixed_point.h"
#include "decode/ref_fixed.h"
#include "decode/workspace_layout.h"
#include "ldpc/soft.h"
#include "util/error_internal.h"
#include "util/worker_pool.h"

typedef struct {
    frame_workspace frame;
    /* Carved only when there is no inter-frame fallback: */
    ref_fixed_workspace reference;
    int8_t *channel; /* max_n: the frame being decoded by the reference, mapped */
    size_t first_bad; /* float input: index of its first value not finite, or SIZE_MAX */
} frame_worker;

typedef struct {
    ldpc_decoder_config config;
    const frame_variant *variant;
    /* Codes the frame path cannot decode: the inter-frame backend `fallback`
     * (its state follows the workers' workspaces), or, if NULL, the reference
     * on the workers (`reference_carved`); neither where the limits admit
     * DVB codes only (quasi-cyclic codes are of the generic family). */
    const decode_backend *fallback;
    void *fallback_state;
    int reference_carved;
    worker_pool *pool;
    uint32_t workers;
    frame_worker *per_worker; /* inside the state block */
    /* The call being decoded, read by every worker. */
    const ldpc_code *code;
    int frame_path; /* on_frame_path(the call) */
    const int8_t *q;
    const float *llr;     /* float input: quantised into `quantised` first */
    int8_t *quantised;
    uint32_t frames;
    uint8_t *bits;
    ldpc_frame_stats *stats;
    atomic_uint next_frame;
} frame_state;

static uint32_t worker_count(const ldpc_decoder_config *config)
{
    return config->threads > 1 ? config->threads : 1;
}

static size_t header_bytes(uint32_t workers)
{
    return workspace_round_up(sizeof(frame_state)) +
           workspace_round_up(workers * sizeof(frame_worker));
}

static size_t worker_bytes(const ldpc_decoder_limits *limits, int with_reference)
{
    return frame_workspace_bytes(limits) +
           (with_reference ? ref_fixed_workspace_bytes(limits, LDPC_SCHEDULE_LAYERED) +
                                 workspace_round_up(limits->max_n)
                           : 0);
}

/* Limits of DVB codes only leave nothing for the frame path's fallback. */
static int admits_other_codes(const ldpc_decoder_limits *limits)
{
    return limits->families != (1u << LDPC_FAMILY_DVB_IRA);
}

static size_t frame_state_bytes(const decode_backend *self, const backend_setup *setup)
{
    (void)self;
    const decode_backend *fallback = setup->fallback;
    const ldpc_decoder_limits *limits = setup->limits;
    const ldpc_decoder_config *config = setup->config;
    uint32_t workers = worker_count(config);
    int others = admits_other_codes(limits);
    if (!others)
        fallback = NULL;
    size_t bytes = header_bytes(workers) + workers * worker_bytes(limits, others && !fallback);
    const backend_setup partner_setup = {limits, config, NULL, NULL};
    if (fallback != NULL)
        bytes += workspace_round_up(fallback->state_bytes(fallback, &partner_setup));
    return bytes;
}

static ldpc_status frame_init(const decode_backend *self, void *memory,
                              const backend_setup *setup, ldpc_error *err)
{
    const frame_variant *variant = self->variant;
    const decode_backend *fallback = setup->fallback;
    const ldpc_decoder_limits *limits = setup->limits;
    const ldpc_decoder_config *config = setup->config;
    frame_state *state = memory;
    state->config = *config;
    state->variant = variant;
    if (!admits_other_codes(limits))
        fallback = NULL;
    state->fallback = fallback;
    state->reference_carved = admits_other_codes(limits) && fallback == NULL;
    state->workers = worker_count(config);
    state->per_worker =
        (frame_worker *)((unsigned char *)memory + workspace_round_up(sizeof(frame_state)));
    unsigned char *cursor = (unsigned char *)memory + header_bytes(state->workers);
    for (uint32_t w = 0; w < state->workers; w++) {
        frame_worker *worker = &state->per_worker[w];
        frame_workspace_carve(&worker->frame, cursor, limits);
        if (state->reference_carved) {
            unsigned char *reference = cursor + frame_workspace_bytes(limits);
            ref_fixed_workspace_carve(&worker->reference, reference, limits,
                                      LDPC_SCHEDULE_LAYERED);
            worker->channel = (int8_t *)(reference + ref_fixed_workspace_bytes(
                                                         limits, LDPC_SCHEDULE_LAYERED));
        }
        cursor += worker_bytes(limits, state->reference_carved);
    }
    atomic_init(&state->next_frame, 0);
    ldpc_status status = LDPC_OK;
    if (fallback != NULL) {
        state->fallback_state = cursor;
        const backend_setup partner_setup = {limits, config, NULL, NULL};
        status = fallback->init(fallback, state->fallback_state, &partner_setup, err);
        if (status != LDPC_OK)
            return status;
    }
    status = worker_pool_create(state->workers, &state->pool, err);
    if (status != LDPC_OK && fallback != NULL && fallback->destroy != NULL)
        fallback->destroy(state->fallback_state);
    return status;
}

static void frame_destroy(void *memory)
{
    frame_state *state = memory;
    worker_pool_destroy(state->pool);
    if (state->fallback != NULL && state->fallback->destroy != NULL)
        state->fallback->destroy(state->fallback_state);
}

/* Each worker takes frames one at a time until none is left. */
static void decode_frames(void *context, uint32_t worker_index)
{
    frame_state *state = context;
    frame_worker *worker = &state->per_worker[worker_index];
    const ldpc_code *code = state->code;
    const size_t n = code->n;
    if (state->frame_path)
        frame_schedule_prepare(&worker->frame.schedule, code);
    for (;;) {
        uint32_t f = atomic_fetch_add_explicit(&state->next_frame, 1, memory_order_relaxed);
        if (f >= state->frames)
            return;
        const int8_t *q = state->q + f * n;
        uint8_t *bits = state->bits + f * n;
        ldpc_frame_stats *stats = state->stats ? state->stats + f : NULL;
        if (state->frame_path) {
            state->variant->decode(code, &state->config, &worker->frame, q, bits, stats);
            continue;
        }
        int8_t *channel = worker->channel;
        for (size_t v = 0; v < n; v++)
            channel[v] = q_from_input(q[v]);
        ref_fixed_decode_frame(code, &state->config, &worker->reference, channel, bits, stats);
    }
}

/* Padding lanes compute nothing new. Where they are at most a quarter of the
 * lanes, the frame path measured faster than the inter-frame partner at any
 * call size (802.16e's z = 96: 0.93x at 20 iterations, 3.0x with early
 * termination; 5G NR's z = 384: 1.35x and 1.70x); where they are more
 * (802.11n's z = 81 in 128 lanes: 0.72x with full vectors, 20 iterations,
 * one thread), only while the call fills less of the partner's lanes than
 * the code fills of the frame path's: a lone frame uses one lane of 64. */
static int fills_lanes(const ldpc_code *code)
{
    return 4 * frame_lane_use(code) >= 3 * 256;
}

static int on_frame_path(const frame_state *state, const ldpc_code *code, uint32_t frames)
{
    if (!frame_code_supported(code))
        return 0;
    if (state->fallback == NULL || fills_lanes(code))
        return 1;
    const decode_backend *fallback = state->fallback;
    uint32_t at_once = fallback->frames_at_once != NULL
                           ? fallback->frames_at_once(state->fallback_state, code)
                           : 1;
    return (uint64_t)frames * 256 < (uint64_t)frame_lane_use(code) * at_once;
}

static ldpc_status frame_decode_i8(void *memory, const ldpc_code *code, const int8_t *q,
                                   uint32_t frames, uint8_t *bits, ldpc_frame_stats *stats,
                                   ldpc_error *err)
{
    frame_state *state = memory;
    state->frame_path = on_frame_path(state, code, frames);
    if (!state->frame_path && state->fallback != NULL)
        return state->fallback->decode_i8(state->fallback_state, code, q, frames, bits, stats,
                                          err);
    if (!state->frame_path && !state->reference_carved)
        return ldpc_fail(err, LDPC_ERR_LIMITS,
                         "code '%s' is not on the frame path, and the decoder's limits "
                         "admit DVB codes only",
                         code->name);
    state->code = code;
    state->q = q;
    state->frames = frames;
    state->bits = bits;
    state->stats = stats;
    atomic_store_explicit(&state->next_frame, 0, memory_order_relaxed);
    /* One frame (the latency case) does not wake the other workers. */
    if (frames <= 1 || state->workers == 1)
        decode_frames(state, 0);
    else
        worker_pool_run(state->pool, decode_frames, state);
    return LDPC_OK;
}

/* Worker w checks and quantises frames w, w + workers, ... in order and stops
 * at its first value that is not finite: the smallest first_bad of all
 * workers is then the call's first. */
static void quantise_frames(void *context, uint32_t worker_index)
{
    frame_state *state = context;
    frame_worker *worker = &state->per_worker[worker_index];
    const size_t n = state->code->n;
    const float scale = state->config.llr_scale;
    for (uint32_t f = worker_index; f < state->frames; f += state->workers) {
        const float *llr = state->llr + f * n;
        for (size_t v = 0; v < n; v++)
            if (!isfinite(llr[v])) {
                worker->first_bad = f * n + v;
                return;
            }
        ldpc_quantise(llr, n, scale, state->quantised + f * n);
    }
}

static ldpc_status frame_decode_quantising(void *memory, const ldpc_code *code,
                                           const float *llr, uint32_t frames, int8_t *channel,
                                           uint8_t *bits, ldpc_frame_stats *stats,
                                           ldpc_error *err)
{
    frame_state *state = memory;
    state->code = code;
    state->llr = llr;
    state->quantised = channel;
    state->frames = frames;
    for (uint32_t w = 0; w < state->workers; w++)
        state->per_worker[w].first_bad = SIZE_MAX;
    if (frames <= 1 || state->workers == 1)
        quantise_frames(state, 0);
    else
        worker_pool_run(state->pool, quantise_frames, state);
    size_t first_bad = SIZE_MAX;
    for (uint32_t w = 0; w < state->workers; w++)
        if (state->per_worker[w].first_bad < first_bad)
            first_bad = state->per_worker[w].first_bad;
    if (first_bad != SIZE_MAX)
        return decoder_fail_not_finite(code, first_bad, llr[first_bad], err);
    return frame_decode_i8(memory, code, channel, frames, bits, stats, err);
}

/* A frame per worker on the frame path; the fallback's figure where it
 * decodes full calls. */
static uint32_t frame_frames_at_once(const void *memory, const ldpc_code *code)
{
    const frame_state *state = memory;
    if (state->fallback == NULL || (frame_code_supported(code) && fills_lanes(code)))
        return state->workers;
    const decode_backend *fallback = state->fallback;
    return fallback->frames_at_once != NULL
               ? fallback->frames_at_once(state->fallback_state, code)
               : 1;
}

/* A DVB code's block schedule comes from its table, a quasi-cyclic one's
 * from its graph. */
static int frame_needs_graph(const ldpc_code *code)
{
    return !frame_code_dvb(code);
}

/* The frame path's configurations; a partner must implement them as well. */
static int frame_supports(const decode_backend *self, const ldpc_decoder_config *config)
{
    const decode_backend *partner = self->partner;
    return config->arithmetic == LDPC_ARITH_FIXED8 && config->schedule == LDPC_SCHEDULE_LAYERED &&
           (config->rule == LDPC_RULE_MIN_SUM_NORMALIZED ||
            config->rule == LDPC_RULE_MIN_SUM_OFFSET) &&
           config->posterior_bits == 16 && (partner == NULL || partner->supports(partner, config));
}

/* The partner takes the raw int8 values as the frame path does. */
static int frame_available(const decode_backend *self)
{
    const frame_variant *variant = self->variant;
    const decode_backend *partner = self->partner;
    return variant->cpu_supports() &&
           (partner == NULL || (partner->maps_input && partner->available(partner)));
}

static int cpu_always(void)
{
    return 1;
}

const frame_variant portable_frame_variant = {"portable-frame", NULL, cpu_always,
                                              portable_frame_decode};

decode_backend frame_backend(const frame_variant *variant, const decode_backend *partner,
                             const char *name)
{
    return (decode_backend){.name = name,
                            .kind = partner != NULL ? BACKEND_KIND_FRAME_COMBINED
                                                    : BACKEND_KIND_FRAME,
                            .variant = variant,
                            .partner = partner,
                            .available = frame_available,
                            .supports = frame_supports,
                            .state_bytes = frame_state_bytes,
                            .init = frame_init,
                            .maps_input = 1,
                            .needs_graph = frame_needs_graph,
                            .frames_at_once = frame_frames_at_once,
                            .decode_i8 = frame_decode_i8,
                            .decode_quantising = frame_decode_quantising,
                            .destroy = frame_destroy};
}
