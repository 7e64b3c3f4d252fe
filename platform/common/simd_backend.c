/* The CPU SIMD backends: one decode_backend per instruction-set variant the
 * build carries ("avx512bw", "avx2", "sse4.1", "neon"), each decoding `lanes`
 * frames per vector on a fixed pool of worker threads, a lane taking the
 * call's next frame when its own has finished. They take raw int8 input
 * (maps_input): simd_lanes_refill maps -128 while interleaving the frames
 * into lanes, on the workers. */
#include <string.h>

#include "common/simd_backend.h"
#include "common/simd_lane_results.h"
#include "decode/workspace_layout.h"
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
static int simd_supports(const decode_backend *self, const ldpc_decoder_config *config)
{
    (void)self;
    return config->arithmetic == LDPC_ARITH_FIXED8 && config->schedule == LDPC_SCHEDULE_LAYERED &&
           config->rule != LDPC_RULE_SUM_PRODUCT &&
           config->saturated_order == LDPC_SATURATED_BY_CHECK;
}

static int simd_available(const decode_backend *self)
{
    const simd_variant *variant = self->variant;
    return variant->cpu_supports();
}

static size_t simd_state_bytes(const decode_backend *self, const backend_setup *setup)
{
    const simd_variant *variant = self->variant;
    uint32_t workers = worker_count(setup->config);
    return header_bytes(workers) +
           workers * simd_workspace_bytes(setup->limits, setup->config, variant->lanes);
}

static simd_message_store forced_message_store = SIMD_MESSAGES_AUTO;

void simd_force_message_store(simd_message_store store)
{
    forced_message_store = store;
}

static ldpc_status simd_init(const decode_backend *self, void *memory,
                             const backend_setup *setup, ldpc_error *err)
{
    const simd_variant *variant = self->variant;
    const ldpc_decoder_limits *limits = setup->limits;
    const ldpc_decoder_config *config = setup->config;
    simd_message_store store = forced_message_store;
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

decode_backend simd_backend(const simd_variant *variant)
{
    return (decode_backend){.name = variant->name,
                            .kind = BACKEND_KIND_INTER_FRAME,
                            .variant = variant,
                            .available = simd_available,
                            .supports = simd_supports,
                            .state_bytes = simd_state_bytes,
                            .init = simd_init,
                            .maps_input = 1,
                            .frames_at_once = simd_frames_at_once,
                            .decode_i8 = simd_decode_i8,
                            .destroy = simd_destroy};
}
