/* Soft-value formats at the edges of the library (tool, service): conversion
 * to float LLRs (positive means bit 0), quantisation, and bit packing. */
#ifndef LDPC_SOFT_H
#define LDPC_SOFT_H

#include <stddef.h>
#include <stdint.h>

#include "ldpc/error.h"

typedef enum {
    LDPC_SOFT_F32 = 0,   /* native float LLR */
    LDPC_SOFT_I8 = 1,    /* int8 LLR */
    LDPC_SOFT_LIQUID = 2 /* liquid-dsp soft bit: 0 certain 0, 255 certain 1, 127 erasure */
} ldpc_soft_format;

/* Default mean |LLR| for auto normalisation: about the mean |LLR| of BPSK over
 * AWGN at Es/N0 = 0 dB (mean |LLR| ~ 4 Es/N0), i.e. near the threshold of rate
 * 1/2..2/3 codes. Min-sum decoders are nearly insensitive to the choice; it
 * leaves the 8-bit decoders (llr_scale 2) a 16x headroom before saturation. */
#define LDPC_SOFT_DEFAULT_NORMALIZE_TARGET 4.0f

typedef struct {
    ldpc_soft_format format;
    float scale;        /* LLR = raw LLR * scale (liquid: raw LLR = 127 - s) */
    int negate;         /* 1 if the source's positive values mean bit 1 */
    /* 1: rescale each frame so that its mean |LLR| equals normalize_target
     * (for uncalibrated sources such as liquid's soft bits); applied after scale. */
    int auto_normalize;
    float normalize_target;
} ldpc_soft_input;

/* scale 1, no negation; auto normalisation on (to the default target) for
 * liquid only. */
ldpc_soft_input ldpc_soft_input_default(ldpc_soft_format format);
size_t ldpc_soft_value_size(ldpc_soft_format format);
/* Parses "f32", "i8", "liquid". */
ldpc_status ldpc_soft_format_parse(const char *text, ldpc_soft_format *out, ldpc_error *err);

/* Converts one frame of `count` raw values to float LLRs. Non-finite f32
 * values are rejected (the message gives the index). */
ldpc_status ldpc_soft_to_llr(const ldpc_soft_input *input, const void *raw, size_t count,
                             float *llr, ldpc_error *err);

/* q = clamp(round-half-away-from-zero(llr * llr_scale), -127, 127). */
int8_t ldpc_quantise_one(float llr, float llr_scale);
void ldpc_quantise(const float *llr, size_t count, float llr_scale, int8_t *out);

/* Bits as one 0/1 per byte <-> packed, most significant bit first. */
void ldpc_bits_pack(const uint8_t *bits, size_t count, uint8_t *packed);
void ldpc_bits_unpack(const uint8_t *packed, size_t count, uint8_t *bits);

#endif
