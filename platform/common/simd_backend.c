/* The CPU SIMD backends: one decode_backend per instruction-set variant the
 * build carries ("avx512bw", "avx2", "sse4.1", "neon"), each decoding `lanes`
 * frames per vector on a fixed pool of worker threads, a lane taking the
 * call's next frame when its own has finished. They take raw int8 input
 * (maps_input): simd_lanes_refill maps -128 while interleaving the frames
 * into lanes, on the workers. */
#include <stdlib.h>
#include <string.h>

#include "common/simd_backend.h"
#include "common/simd_lane_results.h"
#include "decode/workspace_layout.h"
#include "util/env_choice.h"
#include "util/worker_pool.h"

typedef struct {
    ldpc_decoder_config config;
    const simd_variant *variant;
    worker_pool *pool;
    uint32_t workers;
    simd_workspace *workspaces; /* one per worker, inside the state block */
    /* The call being decoded: its code, read by every worker, and its frames,
     * which the workers' lanes take as they free up. */
    const ldpc_code *code;
    simd_frame_source source;
} simd_state;

static uint32_t worker_count(const ldpc_decoder_config *config)
{
    return config->threads > 1 ? config->threads : 1;
}

static size_t header_bytes(uint32_t workers)
{
    return workspace_round_up(sizeof(simd_state)) +
           workspace_round_up(workers * sizeof(simd_workspace));
}

/* Fixed-point layered min-sum, with either posterior width the validated
 * configuration can hold (a template each, simd_layered.h). */
static int simd_supports(const ldpc_decoder_config *config)
{
    return config->arithmetic == LDPC_ARITH_FIXED8 && config->schedule == LDPC_SCHEDULE_LAYERED &&
           config->rule != LDPC_RULE_SUM_PRODUCT;
}

static size_t simd_state_bytes(const simd_variant *variant, const ldpc_decoder_limits *limits,
                               const ldpc_decoder_config *config)
{
    uint32_t workers = worker_count(config);
    return header_bytes(workers) + workers * simd_workspace_bytes(limits, config, variant->lanes);
}

/* LDPC_SATURATED_MESSAGES, read once at creation (simd_layered.h); the names
 * in simd_message_store order. */
static ldpc_status message_store_from_env(simd_message_store *store, ldpc_error *err)
{
    static const char *const names[] = {"auto", "edges", "masks", NULL};
    const char *value = getenv(SIMD_MESSAGES_ENV);
    int choice = SIMD_MESSAGES_AUTO;
    ldpc_status status = value != NULL ? env_choice(SIMD_MESSAGES_ENV, value, names, &choice, err)
                                       : LDPC_OK;
    *store = (simd_message_store)choice;
    return status;
}

static ldpc_status simd_init(const simd_variant *variant, void *memory,
                             const ldpc_decoder_limits *limits, const ldpc_decoder_config *config,
                             ldpc_error *err)
{
    simd_message_store store = SIMD_MESSAGES_AUTO;
    ldpc_status status = message_store_from_env(&store, err);
    if (status != LDPC_OK)
        return status;
    simd_state *state = memory;
    state->config = *config;
    state->variant = variant;
    state->workers = worker_count(config);
    unsigned char *cursor = (unsigned char *)memory + workspace_round_up(sizeof(simd_state));
    state->workspaces = (simd_workspace *)cursor;
    cursor = (unsigned char *)memory + header_bytes(state->workers);
    for (uint32_t w = 0; w < state->workers; w++) {
        simd_workspace_carve(&state->workspaces[w], cursor, limits, config, variant->lanes);
        state->workspaces[w].message_store = store;
        cursor += simd_workspace_bytes(limits, config, variant->lanes);
    }
    atomic_init(&state->source.next, 0);
    return worker_pool_create(state->workers, &state->pool, err);
}

/* Each worker decodes frames of the call in its vector's lanes until none
 * is left. */
static void decode_frames(void *context, uint32_t worker)
{
    simd_state *state = context;
    const simd_layered_decode_fn decode = state->config.posterior_bits == 8
                                              ? state->variant->decode_saturated
                                              : state->variant->decode;
    decode(state->code, &state->config, &state->workspaces[worker], &state->source);
}

static ldpc_status simd_decode_i8(void *memory, const ldpc_code *code, const int8_t *q,
                                  uint32_t frames, uint8_t *bits, ldpc_frame_stats *stats,
                                  ldpc_error *err)
{
    (void)err;
    simd_state *state = memory;
    state->code = code;
    simd_frame_source_start(&state->source, q, frames, bits, stats);
    worker_pool_run(state->pool, decode_frames, state);
    return LDPC_OK;
}

static void simd_destroy(void *memory)
{
    simd_state *state = memory;
    worker_pool_destroy(state->pool);
}

static uint32_t simd_frames_at_once(const void *memory, const ldpc_code *code)
{
    (void)code;
    const simd_state *state = memory;
    return state->workers * state->variant->lanes;
}

/* decode_backend's functions carry no backend pointer, so each variant slot
 * gets thin wrappers that name their variant. */
#define SIMD_SLOT(index)                                                                       \
    static int available_##index(void)                                                         \
    {                                                                                          \
        const simd_variant *v = simd_variant_at(index);                                        \
        return v != NULL && v->cpu_supports();                                                 \
    }                                                                                          \
    static size_t state_bytes_##index(const ldpc_decoder_limits *limits,                       \
                                      const ldpc_decoder_config *config)                       \
    {                                                                                          \
        return simd_state_bytes(simd_variant_at(index), limits, config);                       \
    }                                                                                          \
    static ldpc_status init_##index(void *memory, const ldpc_decoder_limits *limits,           \
                                    const ldpc_decoder_config *config, ldpc_error *err)        \
    {                                                                                          \
        return simd_init(simd_variant_at(index), memory, limits, config, err);                 \
    }

SIMD_SLOT(0)
SIMD_SLOT(1)
SIMD_SLOT(2)

#define SIMD_BACKEND(index)                                                                    \
    {.name = NULL, .available = available_##index, .supports = simd_supports,                  \
     .state_bytes = state_bytes_##index, .init = init_##index, .maps_input = 1,                \
     .frames_at_once = simd_frames_at_once, .decode_i8 = simd_decode_i8, .decode_f32 = NULL,   \
     .destroy = simd_destroy}

static decode_backend simd_backends[SIMD_MAX_VARIANTS] = {SIMD_BACKEND(0), SIMD_BACKEND(1),
                                                          SIMD_BACKEND(2)};

size_t simd_backend_count(void)
{
    size_t count = simd_variant_count();
    return count < SIMD_MAX_VARIANTS ? count : SIMD_MAX_VARIANTS;
}

const decode_backend *simd_backend_at(size_t index)
{
    if (index >= simd_backend_count())
        return NULL;
    simd_backends[index].name = simd_variant_at(index)->name;
    return &simd_backends[index];
}
