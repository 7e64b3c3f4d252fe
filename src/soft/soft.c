/* Soft-value formats: raw demodulator output -> float LLRs (positive = bit 0),
 * LLR quantisation, and bit packing. */
#include <math.h>
#include <string.h>

#include "ldpc/soft.h"
#include "util/error_internal.h"

ldpc_soft_input ldpc_soft_input_default(ldpc_soft_format format)
{
    ldpc_soft_input input = {
        .format = format,
        .scale = 1.0f,
        .negate = 0,
        /* liquid's soft bits are not calibrated LLRs; the others are assumed to be. */
        .auto_normalize = format == LDPC_SOFT_LIQUID,
        .normalize_target = LDPC_SOFT_DEFAULT_NORMALIZE_TARGET,
    };
    return input;
}

size_t ldpc_soft_value_size(ldpc_soft_format format)
{
    switch (format) {
    case LDPC_SOFT_F32: return sizeof(float);
    case LDPC_SOFT_I8: return 1;
    case LDPC_SOFT_LIQUID: return 1;
    }
    return 0;
}

ldpc_status ldpc_soft_format_parse(const char *text, ldpc_soft_format *out, ldpc_error *err)
{
    if (text == NULL)
        return ldpc_fail(err, LDPC_ERR_INVALID, "no soft-value format given");
    if (strcmp(text, "f32") == 0)
        *out = LDPC_SOFT_F32;
    else if (strcmp(text, "i8") == 0)
        *out = LDPC_SOFT_I8;
    else if (strcmp(text, "liquid") == 0)
        *out = LDPC_SOFT_LIQUID;
    else
        return ldpc_fail(err, LDPC_ERR_INVALID,
                         "unknown soft-value format '%s' (expected f32, i8 or liquid)", text);
    return LDPC_OK;
}

static ldpc_status raw_to_llr(ldpc_soft_format format, const void *raw, size_t count,
                              float *llr, ldpc_error *err)
{
    const unsigned char *bytes = raw;
    switch (format) {
    case LDPC_SOFT_F32:
        for (size_t i = 0; i < count; i++) {
            float value;
            memcpy(&value, bytes + i * sizeof value, sizeof value); /* raw may be unaligned */
            if (!isfinite(value))
                return ldpc_fail(err, LDPC_ERR_INVALID, "soft value %zu is not finite (%g)", i,
                                 (double)value);
            llr[i] = value;
        }
        return LDPC_OK;
    case LDPC_SOFT_I8:
        for (size_t i = 0; i < count; i++)
            llr[i] = (float)(int8_t)bytes[i];
        return LDPC_OK;
    case LDPC_SOFT_LIQUID:
        for (size_t i = 0; i < count; i++)
            llr[i] = 127.0f - (float)bytes[i];
        return LDPC_OK;
    }
    return ldpc_fail(err, LDPC_ERR_INVALID, "unknown soft-value format %d", (int)format);
}

static void normalize_mean_magnitude(float *llr, size_t count, float target)
{
    double sum = 0.0;
    for (size_t i = 0; i < count; i++)
        sum += fabsf(llr[i]);
    if (sum <= 0.0)
        return; /* all erasures: nothing to calibrate against */
    float factor = (float)(target * (double)count / sum);
    for (size_t i = 0; i < count; i++)
        llr[i] *= factor;
}

ldpc_status ldpc_soft_to_llr(const ldpc_soft_input *input, const void *raw, size_t count,
                             float *llr, ldpc_error *err)
{
    if (!isfinite(input->scale) || input->scale == 0.0f)
        return ldpc_fail(err, LDPC_ERR_INVALID, "soft-value scale %g must be finite and non-zero",
                         (double)input->scale);
    if (input->auto_normalize && !(input->normalize_target > 0.0f && isfinite(input->normalize_target)))
        return ldpc_fail(err, LDPC_ERR_INVALID,
                         "normalisation target %g must be finite and positive",
                         (double)input->normalize_target);
    ldpc_status status = raw_to_llr(input->format, raw, count, llr, err);
    if (status != LDPC_OK)
        return status;
    float factor = input->negate ? -input->scale : input->scale;
    for (size_t i = 0; i < count; i++)
        llr[i] *= factor;
    if (input->auto_normalize)
        normalize_mean_magnitude(llr, count, input->normalize_target);
    return LDPC_OK;
}

int8_t ldpc_quantise_one(float llr, float llr_scale)
{
    float scaled = llr * llr_scale;
    if (scaled != scaled)
        return 0; /* NaN: callers reject it earlier; an erasure is the least harmful answer */
    /* Clamp before converting so that huge values never reach a float->int
     * conversion; ternaries compile to minss/maxss. */
    scaled = scaled > 127.0f ? 127.0f : scaled;
    scaled = scaled < -127.0f ? -127.0f : scaled;
    /* Round half away from zero without lroundf (a libm call per value on the
     * decoders' input path) or branches: truncate, then look at the exact
     * remainder. (scaled + 0.5 would round 0.49999997 up.) */
    int32_t truncated = (int32_t)scaled;
    float remainder = scaled - (float)truncated; /* exact: |scaled| <= 127 */
    truncated += (remainder >= 0.5f) - (remainder <= -0.5f);
    return (int8_t)truncated;
}

void ldpc_quantise(const float *llr, size_t count, float llr_scale, int8_t *out)
{
    for (size_t i = 0; i < count; i++)
        out[i] = ldpc_quantise_one(llr[i], llr_scale);
}

void ldpc_bits_pack(const uint8_t *bits, size_t count, uint8_t *packed)
{
    size_t bytes = (count + 7) / 8;
    memset(packed, 0, bytes);
    for (size_t i = 0; i < count; i++)
        if (bits[i] & 1)
            packed[i / 8] |= (uint8_t)(0x80u >> (i % 8));
}

void ldpc_bits_unpack(const uint8_t *packed, size_t count, uint8_t *bits)
{
    for (size_t i = 0; i < count; i++)
        bits[i] = (uint8_t)((packed[i / 8] >> (7 - i % 8)) & 1u);
}
