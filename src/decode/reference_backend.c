/* The portable C backend: every arithmetic, rule and schedule, one frame
 * after another. Its fixed-point results define what other backends must
 * reproduce. */
#include "decode/backend.h"
#include "code/code_struct.h"
#include "decode/ref_fixed.h"
#include "decode/ref_float.h"

typedef struct {
    ldpc_decoder_config config;
    ref_fixed_workspace fixed;
    ref_float_workspace real;
} reference_state;

#define STATE_HEADER_BYTES ((sizeof(reference_state) + 63u) / 64u * 64u)

static int reference_available(const decode_backend *self)
{
    (void)self;
    return 1;
}

static int reference_supports(const decode_backend *self, const ldpc_decoder_config *config)
{
    (void)self;
    return config->arithmetic == LDPC_ARITH_FLOAT || config->rule != LDPC_RULE_SUM_PRODUCT;
}

static size_t reference_state_bytes(const decode_backend *self, const backend_setup *setup)
{
    (void)self;
    const ldpc_decoder_limits *limits = setup->limits;
    const ldpc_decoder_config *config = setup->config;
    if (config->arithmetic == LDPC_ARITH_FIXED8)
        return STATE_HEADER_BYTES + ref_fixed_workspace_bytes(limits, config->schedule);
    return STATE_HEADER_BYTES + ref_float_workspace_bytes(limits, config->schedule);
}

static ldpc_status reference_init(const decode_backend *self, void *memory,
                                  const backend_setup *setup, ldpc_error *err)
{
    (void)self;
    (void)err;
    const ldpc_decoder_limits *limits = setup->limits;
    const ldpc_decoder_config *config = setup->config;
    reference_state *state = memory;
    state->config = *config;
    unsigned char *arrays = (unsigned char *)memory + STATE_HEADER_BYTES;
    if (config->arithmetic == LDPC_ARITH_FIXED8)
        ref_fixed_workspace_carve(&state->fixed, arrays, limits, config->schedule);
    else
        ref_float_workspace_carve(&state->real, arrays, limits, config->schedule);
    return LDPC_OK;
}

static ldpc_status reference_decode_i8(void *memory, const ldpc_code *code, const int8_t *q,
                                       uint32_t frames, uint8_t *bits, ldpc_frame_stats *stats,
                                       ldpc_error *err)
{
    (void)err;
    reference_state *state = memory;
    for (uint32_t f = 0; f < frames; f++)
        ref_fixed_decode_frame(code, &state->config, &state->fixed, q + (size_t)f * code->n,
                               bits + (size_t)f * code->n, stats ? stats + f : NULL);
    return LDPC_OK;
}

static ldpc_status reference_decode_f32(void *memory, const ldpc_code *code, const float *llr,
                                        uint32_t frames, uint8_t *bits,
                                        ldpc_frame_stats *stats, ldpc_error *err)
{
    (void)err;
    reference_state *state = memory;
    for (uint32_t f = 0; f < frames; f++)
        ref_float_decode_frame(code, &state->config, &state->real, llr + (size_t)f * code->n,
                               bits + (size_t)f * code->n, stats ? stats + f : NULL);
    return LDPC_OK;
}

const decode_backend reference_backend = {
    .name = "reference",
    .kind = BACKEND_KIND_REFERENCE,
    .available = reference_available,
    .supports = reference_supports,
    .state_bytes = reference_state_bytes,
    .init = reference_init,
    .decode_i8 = reference_decode_i8,
    .decode_f32 = reference_decode_f32,
    .destroy = NULL,
};
