#include "frame_input.h"

static void table_convert(const ldpcd_frame_input *c, const ldpc_soft_input *input,
                          const uint8_t *raw, uint32_t n, void *out)
{
    float value[256];
    ldpc_soft_byte_table(input, raw, n, value);
    if (c->to_float) {
        float *llr = out;
        for (uint32_t i = 0; i < n; i++)
            llr[i] = value[raw[i]];
        return;
    }
    int8_t quantised[256];
    ldpc_quantise(value, 256, c->llr_scale, quantised); /* in vectors: a short frame's 1 us */
    ldpc_soft_byte_lookup(quantised, raw, n, out);
}

int ldpcd_frame_input_convert(const ldpcd_frame_input *c, const ldpc_soft_input *input,
                              const uint8_t *raw, uint32_t n, void *out)
{
    if (input->format != LDPC_SOFT_F32) {
        table_convert(c, input, raw, n, out);
        return 0;
    }
    float *llr = c->to_float ? out : c->llr_scratch;
    if (ldpc_soft_to_llr(input, raw, n, llr, NULL) != LDPC_OK)
        return -1;
    if (!c->to_float)
        ldpc_quantise(llr, n, c->llr_scale, out);
    return 0;
}
