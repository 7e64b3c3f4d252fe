#include "frame_input.h"

#include <math.h>

/* The table path reproduces ldpc_soft_to_llr's normalisation exactly (below)
 * for frames up to this many values and for scales in this range. */
#define TABLE_MAX_VALUES (1u << 20)
#define TABLE_MIN_SCALE 0x1p-100f
#define TABLE_MAX_SCALE 0x1p100f

static float raw_value(ldpc_soft_format format, unsigned byte)
{
    return format == LDPC_SOFT_LIQUID ? 127.0f - (float)byte : (float)(int8_t)byte;
}

/* How often each byte value occurs. Four interleaved histograms: liquid soft
 * bits of a clean signal are nearly all 0 or 255, and one histogram would
 * make every increment wait for the previous one of the same counter. */
static void count_bytes(const uint8_t *raw, uint32_t n, uint32_t counts[256])
{
    uint32_t partial[4][256] = {{0}};
    uint32_t i = 0;
    for (; i + 4 <= n; i += 4) {
        partial[0][raw[i]]++;
        partial[1][raw[i + 1]]++;
        partial[2][raw[i + 2]]++;
        partial[3][raw[i + 3]]++;
    }
    for (; i < n; i++)
        partial[0][raw[i]]++;
    for (unsigned b = 0; b < 256; b++)
        counts[b] = partial[0][b] + partial[1][b] + partial[2][b] + partial[3][b];
}

/* ldpc_soft_to_llr computes, per value, raw * factor, then (normalising)
 * * (float)(target * n / sum |llr|) with the sum in double in index order;
 * the table applies the same float operations to each of the 256 byte values.
 * The sums agree exactly: every |llr| is a float k * scale (k = 0..128), so a
 * multiple of 2^-23 times the smallest non-zero one, and n * 128 * scale
 * stays below 2^53 such units for n <= 2^20, so no partial sum in either
 * order ever rounds. */
static void table_convert(const ldpcd_frame_input *c, const ldpc_soft_input *input,
                          const uint8_t *raw, uint32_t n, void *out)
{
    float factor = input->negate ? -input->scale : input->scale;
    float value[256];
    for (unsigned b = 0; b < 256; b++)
        value[b] = raw_value(input->format, b) * factor;
    if (input->auto_normalize) {
        uint32_t counts[256];
        count_bytes(raw, n, counts);
        double sum = 0.0;
        for (unsigned b = 0; b < 256; b++)
            sum += (double)counts[b] * fabsf(value[b]);
        if (sum > 0.0) { /* all erasures: nothing to calibrate against */
            float normalize = (float)(input->normalize_target * (double)n / sum);
            for (unsigned b = 0; b < 256; b++)
                value[b] *= normalize;
        }
    }
    if (c->to_float) {
        float *llr = out;
        for (uint32_t i = 0; i < n; i++)
            llr[i] = value[raw[i]];
        return;
    }
    int8_t quantised[256];
    for (unsigned b = 0; b < 256; b++)
        quantised[b] = ldpc_quantise_one(value[b], c->llr_scale);
    int8_t *q = out;
    for (uint32_t i = 0; i < n; i++)
        q[i] = quantised[raw[i]];
}

int ldpcd_frame_input_convert(const ldpcd_frame_input *c, const ldpc_soft_input *input,
                              const uint8_t *raw, uint32_t n, void *out)
{
    if (input->format != LDPC_SOFT_F32 && n <= TABLE_MAX_VALUES &&
        input->scale >= TABLE_MIN_SCALE && input->scale <= TABLE_MAX_SCALE) {
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
