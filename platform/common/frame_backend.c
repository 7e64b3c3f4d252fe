/* The frame-path backends, two kinds per variant:
 *
 * - "avx512bw-frame", "avx2-frame", "sse4.1-frame", "neon-frame" where the
 *   architecture has them, and "portable-frame": every frame of a DVB code on
 *   the frame path; any other code on the reference decoder.
 * - "avx512bw-frame+avx512bw" etc. (the SIMD variants only): DVB codes on the
 *   frame path, any other code on the inter-frame SIMD backend of the same
 *   instruction set (simd_backend.c). These come first in the registry, so
 *   "auto" picks them for fixed-point layered min-sum (docs/CPU.md says why:
 *   one frame's working set stays in L2, 64 frames' do not).
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
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "common/frame_backend.h"
#include "common/frame_decoder.h"
#include "common/simd_backend.h"
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
     * DVB codes only. */
    const decode_backend *fallback;
    void *fallback_state;
    int reference_carved;
    worker_pool *pool;
    uint32_t workers;
    frame_worker *per_worker; /* inside the state block */
    /* The call being decoded, read by every worker. */
    const ldpc_code *code;
    int frame_path; /* frame_code_supported(code) */
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

static size_t state_bytes(const decode_backend *fallback, const ldpc_decoder_limits *limits,
                          const ldpc_decoder_config *config)
{
    uint32_t workers = worker_count(config);
    int others = admits_other_codes(limits);
    if (!others)
        fallback = NULL;
    size_t bytes = header_bytes(workers) + workers * worker_bytes(limits, others && !fallback);
    if (fallback != NULL)
        bytes += workspace_round_up(fallback->state_bytes(limits, config));
    return bytes;
}

static ldpc_status frame_init(const frame_variant *variant, const decode_backend *fallback,
                              void *memory, const ldpc_decoder_limits *limits,
                              const ldpc_decoder_config *config, ldpc_error *err)
{
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
        status = fallback->init(state->fallback_state, limits, config, err);
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

static ldpc_status frame_decode_i8(void *memory, const ldpc_code *code, const int8_t *q,
                                   uint32_t frames, uint8_t *bits, ldpc_frame_stats *stats,
                                   ldpc_error *err)
{
    frame_state *state = memory;
    state->frame_path = frame_code_supported(code);
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

/* A frame per worker on the frame path; the fallback's figure otherwise. */
static uint32_t frame_frames_at_once(const void *memory, const ldpc_code *code)
{
    const frame_state *state = memory;
    if (frame_code_supported(code) || state->fallback == NULL)
        return state->workers;
    const decode_backend *fallback = state->fallback;
    return fallback->frames_at_once != NULL
               ? fallback->frames_at_once(state->fallback_state, code)
               : 1;
}

static int frame_needs_graph(const ldpc_code *code)
{
    return !frame_code_supported(code);
}

static int frame_supports(const ldpc_decoder_config *config)
{
    return config->arithmetic == LDPC_ARITH_FIXED8 && config->schedule == LDPC_SCHEDULE_LAYERED &&
           (config->rule == LDPC_RULE_MIN_SUM_NORMALIZED ||
            config->rule == LDPC_RULE_MIN_SUM_OFFSET) &&
           config->posterior_bits == 16;
}

/* ---- the variants -------------------------------------------------------- */

static int cpu_always(void)
{
    return 1;
}

static const frame_variant portable_variant = {"portable-frame", cpu_always,
                                               portable_frame_decode};

static size_t variant_count(void)
{
    return frame_arch_variant_count() + 1;
}

static const frame_variant *variant_at(size_t index)
{
    size_t arch = frame_arch_variant_count();
    if (index < arch)
        return frame_arch_variant_at(index);
    return index == arch ? &portable_variant : NULL;
}

/* The inter-frame backend of the instruction set of arch variant `index`
 * ("avx2" for "avx2-frame"), or NULL. */
static const decode_backend *partner_at(size_t index)
{
    if (index >= frame_arch_variant_count())
        return NULL;
    const char *name = frame_arch_variant_at(index)->name;
    const char *suffix = strstr(name, "-frame");
    size_t length = suffix != NULL ? (size_t)(suffix - name) : strlen(name);
    for (size_t i = 0; i < simd_backend_count(); i++) {
        const decode_backend *b = simd_backend_at(i);
        if (strlen(b->name) == length && strncmp(b->name, name, length) == 0)
            return b;
    }
    return NULL;
}

/* decode_backend's functions carry no backend pointer, so each slot gets thin
 * wrappers that name their variant (and, combined, its partner). */
#define FRAME_SLOT(index)                                                                      \
    static int available_##index(void)                                                         \
    {                                                                                          \
        const frame_variant *v = variant_at(index);                                            \
        return v != NULL && v->cpu_supports();                                                 \
    }                                                                                          \
    static size_t state_bytes_##index(const ldpc_decoder_limits *limits,                       \
                                      const ldpc_decoder_config *config)                       \
    {                                                                                          \
        return state_bytes(NULL, limits, config);                                              \
    }                                                                                          \
    static ldpc_status init_##index(void *memory, const ldpc_decoder_limits *limits,           \
                                    const ldpc_decoder_config *config, ldpc_error *err)        \
    {                                                                                          \
        return frame_init(variant_at(index), NULL, memory, limits, config, err);               \
    }

#define COMBINED_SLOT(index)                                                                   \
    static int combined_available_##index(void)                                                \
    {                                                                                          \
        const decode_backend *partner = partner_at(index);                                     \
        return partner != NULL && partner->maps_input && partner->available() &&               \
               available_##index();                                                            \
    }                                                                                          \
    static int combined_supports_##index(const ldpc_decoder_config *config)                    \
    {                                                                                          \
        const decode_backend *partner = partner_at(index);                                     \
        return partner != NULL && partner->supports(config) && frame_supports(config);         \
    }                                                                                          \
    static size_t combined_state_bytes_##index(const ldpc_decoder_limits *limits,              \
                                               const ldpc_decoder_config *config)              \
    {                                                                                          \
        return state_bytes(partner_at(index), limits, config);                                 \
    }                                                                                          \
    static ldpc_status combined_init_##index(void *memory, const ldpc_decoder_limits *limits,  \
                                             const ldpc_decoder_config *config,                \
                                             ldpc_error *err)                                  \
    {                                                                                          \
        return frame_init(variant_at(index), partner_at(index), memory, limits, config, err);  \
    }

FRAME_SLOT(0)
FRAME_SLOT(1)
FRAME_SLOT(2)
FRAME_SLOT(3)
COMBINED_SLOT(0)
COMBINED_SLOT(1)
COMBINED_SLOT(2)

#define FRAME_BACKEND(index)                                                                   \
    {.name = NULL, .available = available_##index, .supports = frame_supports,                 \
     .state_bytes = state_bytes_##index, .init = init_##index, .maps_input = 1,                \
     .needs_graph = frame_needs_graph, .frames_at_once = frame_frames_at_once,                 \
     .decode_i8 = frame_decode_i8,                                                             \
     .decode_quantising = frame_decode_quantising, .decode_f32 = NULL,                         \
     .destroy = frame_destroy}

#define COMBINED_BACKEND(index)                                                                \
    {.name = NULL, .available = combined_available_##index,                                    \
     .supports = combined_supports_##index, .state_bytes = combined_state_bytes_##index,       \
     .init = combined_init_##index, .maps_input = 1, .needs_graph = frame_needs_graph,         \
     .frames_at_once = frame_frames_at_once, .decode_i8 = frame_decode_i8,                     \
     .decode_quantising = frame_decode_quantising, .decode_f32 = NULL,                         \
     .destroy = frame_destroy}

static decode_backend frame_backends[FRAME_MAX_VARIANTS] = {FRAME_BACKEND(0), FRAME_BACKEND(1),
                                                            FRAME_BACKEND(2), FRAME_BACKEND(3)};
/* The portable variant has no partner: one slot fewer. */
static decode_backend combined_backends[FRAME_MAX_VARIANTS - 1] = {
    COMBINED_BACKEND(0), COMBINED_BACKEND(1), COMBINED_BACKEND(2)};
static char combined_names[FRAME_MAX_VARIANTS - 1][40];
static pthread_once_t combined_names_once = PTHREAD_ONCE_INIT;

/* "avx2-frame+avx2": written once, whichever thread asks first. */
static void name_combined_backends(void)
{
    for (size_t i = 0; i < FRAME_MAX_VARIANTS - 1 && i < frame_arch_variant_count(); i++) {
        const decode_backend *partner = partner_at(i);
        snprintf(combined_names[i], sizeof combined_names[i], "%s+%s", variant_at(i)->name,
                 partner != NULL ? partner->name : "none");
        combined_backends[i].name = combined_names[i];
    }
}

size_t frame_backend_count(void)
{
    size_t count = variant_count();
    return count < FRAME_MAX_VARIANTS ? count : FRAME_MAX_VARIANTS;
}

const decode_backend *frame_backend_at(size_t index)
{
    if (index >= frame_backend_count())
        return NULL;
    frame_backends[index].name = variant_at(index)->name;
    return &frame_backends[index];
}

size_t frame_combined_backend_count(void)
{
    size_t count = frame_arch_variant_count();
    return count < FRAME_MAX_VARIANTS - 1 ? count : FRAME_MAX_VARIANTS - 1;
}

const decode_backend *frame_combined_backend_at(size_t index)
{
    if (index >= frame_combined_backend_count())
        return NULL;
    pthread_once(&combined_names_once, name_combined_backends);
    return &combined_backends[index];
}
