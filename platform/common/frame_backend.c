/* The low-latency backends: one decode_backend per frame-path variant
 * ("avx512bw-frame", "avx2-frame", "sse4.1-frame", "neon-frame" where the
 * architecture has them, and "portable-frame"). Each decodes the frames of a
 * call one after another on the calling thread (config->threads is not
 * used): the point is the latency of one frame, not the throughput of a
 * batch. The registry lists them after the reference, so "auto" never picks
 * them; they are chosen by name.
 *
 * A code the frame path cannot handle (anything but a DVB IRA code) is
 * decoded by the reference decoder for that call, from a workspace reserved
 * at creation: a stream that mixes codes keeps decoding, bit-exact either
 * way, only slower for those frames. */
#include "common/frame_backend.h"
#include "common/frame_decoder.h"
#include "decode/workspace_layout.h"

typedef struct {
    ldpc_decoder_config config;
    const frame_variant *variant;
    frame_workspace ws;
} frame_state;

#define STATE_HEADER_BYTES (workspace_round_up(sizeof(frame_state)))

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

static int frame_supports(const ldpc_decoder_config *config)
{
    return config->arithmetic == LDPC_ARITH_FIXED8 && config->schedule == LDPC_SCHEDULE_LAYERED &&
           (config->rule == LDPC_RULE_MIN_SUM_NORMALIZED ||
            config->rule == LDPC_RULE_MIN_SUM_OFFSET);
}

static size_t frame_state_bytes(const ldpc_decoder_limits *limits,
                                const ldpc_decoder_config *config)
{
    (void)config;
    return STATE_HEADER_BYTES + frame_workspace_bytes(limits);
}

static ldpc_status frame_init(const frame_variant *variant, void *memory,
                              const ldpc_decoder_limits *limits,
                              const ldpc_decoder_config *config)
{
    frame_state *state = memory;
    state->config = *config;
    state->variant = variant;
    frame_workspace_carve(&state->ws, (unsigned char *)memory + STATE_HEADER_BYTES, limits);
    return LDPC_OK;
}

static ldpc_status frame_decode_i8(void *memory, const ldpc_code *code, const int8_t *q,
                                   uint32_t frames, uint8_t *bits, ldpc_frame_stats *stats,
                                   ldpc_error *err)
{
    (void)err;
    frame_state *state = memory;
    const size_t n = code->n;
    if (!frame_code_supported(code)) {
        for (uint32_t f = 0; f < frames; f++)
            ref_fixed_decode_frame(code, &state->config, &state->ws.reference, q + f * n,
                                   bits + f * n, stats ? stats + f : NULL);
        return LDPC_OK;
    }
    frame_schedule_prepare(&state->ws, code);
    for (uint32_t f = 0; f < frames; f++)
        state->variant->decode(code, &state->config, &state->ws, q + f * n, bits + f * n,
                               stats ? stats + f : NULL);
    return LDPC_OK;
}

/* decode_backend's functions carry no backend pointer, so each slot gets thin
 * wrappers that name their variant. */
#define FRAME_SLOT(index)                                                                      \
    static int available_##index(void)                                                         \
    {                                                                                          \
        const frame_variant *v = variant_at(index);                                            \
        return v != NULL && v->cpu_supports();                                                 \
    }                                                                                          \
    static ldpc_status init_##index(void *memory, const ldpc_decoder_limits *limits,           \
                                    const ldpc_decoder_config *config, ldpc_error *err)        \
    {                                                                                          \
        (void)err;                                                                             \
        return frame_init(variant_at(index), memory, limits, config);                          \
    }

FRAME_SLOT(0)
FRAME_SLOT(1)
FRAME_SLOT(2)
FRAME_SLOT(3)

#define FRAME_BACKEND(index)                                                                   \
    {.name = NULL, .available = available_##index, .supports = frame_supports,                 \
     .state_bytes = frame_state_bytes, .init = init_##index, .decode_i8 = frame_decode_i8,     \
     .decode_f32 = NULL, .destroy = NULL}

static decode_backend frame_backends[FRAME_MAX_VARIANTS] = {FRAME_BACKEND(0), FRAME_BACKEND(1),
                                                            FRAME_BACKEND(2), FRAME_BACKEND(3)};

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
