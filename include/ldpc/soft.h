/* Soft-value formats at the edges of the library (tool, service): conversion
 * to float LLRs (positive means bit 0), quantisation, and bit packing. */
#ifndef LDPC_SOFT_H
#define LDPC_SOFT_H

#include <stddef.h>
#include <stdint.h>

#include "ldpc/error.h"
#include "ldpc/export.h"

typedef enum {
    LDPC_SOFT_F32 = 0,   /* native float LLR */
    LDPC_SOFT_I8 = 1,    /* int8 LLR */
    LDPC_SOFT_LIQUID = 2 /* liquid-dsp soft bit: 0 certain 0, 255 certain 1, 127 erasure */
} ldpc_soft_format;

/* How a frame's values are brought to the decoders' scale. Real
 * demodulators rarely deliver calibrated LLRs (leandvb's are about 3x
 * under-confident; liquid's and GNU Radio's soft bits have no scale at all),
 * and the 8-bit decoders' offset and quantisation step are in LLR units: a
 * frame at half its true LLRs decodes nothing, and so does one pinned to a
 * fixed mean |LLR| (4 suits rate 1/2 near threshold, rate 9/10 needs twice
 * that). */
typedef enum {
    /* The default: estimate each frame's LLR scale from its values, taking
     * them for a consistent Gaussian (LLR ~ N(mu, 2 mu), which BPSK and
     * Gray-mapped QPSK over AWGN give) seen at an unknown scale and perhaps
     * clipped (liquid-dsp's soft bits, int8 LLRs): from the first two
     * moments, or for a clipped frame from its share of clipped values and
     * the mean of the others; then rescale the frame to true LLRs. Every
     * scale gives the same LLRs, up to rounding. */
    LDPC_SOFT_CALIBRATE = 0,
    LDPC_SOFT_AS_IS = 1,       /* calibrated LLRs: values * scale, unchanged */
    LDPC_SOFT_MEAN_TARGET = 2  /* rescale each frame to mean |LLR| = normalize_target */
} ldpc_soft_normalization;

/* Default mean |LLR| of LDPC_SOFT_MEAN_TARGET: about the mean |LLR| of BPSK
 * over AWGN at Es/N0 = 0 dB (mean |LLR| ~ 4 Es/N0). */
#define LDPC_SOFT_DEFAULT_NORMALIZE_TARGET 4.0f

typedef struct {
    ldpc_soft_format format;
    float scale;        /* LLR = raw LLR * scale (liquid: raw LLR = 127 - s) */
    int negate;         /* 1 if the source's positive values mean bit 1 */
    ldpc_soft_normalization normalization; /* applied after scale */
    float normalize_target; /* LDPC_SOFT_MEAN_TARGET only */
} ldpc_soft_input;

/* scale 1, no negation, LDPC_SOFT_CALIBRATE, for every format. */
LDPC_API ldpc_soft_input ldpc_soft_input_default(ldpc_soft_format format);
LDPC_API size_t ldpc_soft_value_size(ldpc_soft_format format);
/* Parses "f32", "i8", "liquid". */
LDPC_API ldpc_status ldpc_soft_format_parse(const char *text, ldpc_soft_format *out,
                                            ldpc_error *err);

/* out[i] = table[raw[i]] for count values: a frame of one-byte soft values
 * through the table of what each byte quantises to (ldpc_soft_byte_table,
 * then ldpc_quantise_one), with AVX-512 VBMI or aarch64 NEON table lookups
 * where the processor has them. */
LDPC_API void ldpc_soft_byte_lookup(const int8_t table[256], const uint8_t *raw, size_t count,
                                    int8_t *out);

/* Converts one frame of `count` raw values to float LLRs. Non-finite f32
 * values are rejected (the message gives the index). */
LDPC_API ldpc_status ldpc_soft_to_llr(const ldpc_soft_input *input, const void *raw, size_t count,
                                      float *llr, ldpc_error *err);

/* For the one-byte formats: the LLR that each byte value of this frame of
 * `count` raw values converts to (ldpc_soft_to_llr's result for a value b
 * is table[b], normalisation included). */
LDPC_API void ldpc_soft_byte_table(const ldpc_soft_input *input, const uint8_t *raw, size_t count,
                                   float table[256]);
/* Parses "calibrate", "as-is", "mean". */
LDPC_API ldpc_status ldpc_soft_normalization_parse(const char *text, ldpc_soft_normalization *out,
                                                   ldpc_error *err);
LDPC_API const char *ldpc_soft_normalization_name(ldpc_soft_normalization normalization);

/* q = clamp(round-half-away-from-zero(llr * llr_scale), -127, 127). */
LDPC_API int8_t ldpc_quantise_one(float llr, float llr_scale);
LDPC_API void ldpc_quantise(const float *llr, size_t count, float llr_scale, int8_t *out);

/* Bits as one 0/1 per byte <-> packed, most significant bit first. */
LDPC_API void ldpc_bits_pack(const uint8_t *bits, size_t count, uint8_t *packed);
LDPC_API void ldpc_bits_unpack(const uint8_t *packed, size_t count, uint8_t *bits);

#endif
