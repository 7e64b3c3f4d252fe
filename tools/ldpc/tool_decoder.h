/* A decoder for a tool_code of either kind: bit LLRs in, codeword bits out.
 * Binary codes get an ldpc_decoder (any backend); nonbinary codes an
 * ldpc_nb_decoder (Min-Max: reference, or a SIMD variant for fixed point),
 * whose symbol decisions are turned back into bits in the stream order of
 * tool_code.h. */
#ifndef LDPC_TOOL_DECODER_H
#define LDPC_TOOL_DECODER_H

#include "tool_code.h"

typedef struct {
    ldpc_decoder *binary; /* exactly one of these two is set */
    ldpc_nb_decoder *nonbinary;
    uint8_t *symbols; /* nonbinary: n symbols per frame of a call */
} tool_decoder;

/* ldpc_decoder_spec_parse for this code: "default" is the library default of
 * the code's kind (fixed-layered-oms, or fixed-layered-minmax for nonbinary
 * codes), and a rule that does not fit the code is refused by name. */
ldpc_status tool_decoder_spec_parse(const tool_code *code, const char *spec,
                                    ldpc_decoder_config *out, ldpc_error *err);

/* For up to max_frames frames per call. backend: NULL, "auto" or a backend
 * of the code's kind (ldpc_decoder_create, ldpc_nb_decoder_create). */
ldpc_status tool_decoder_create(tool_decoder *decoder, const tool_code *code,
                                const ldpc_decoder_config *config, const char *backend,
                                uint32_t max_frames, ldpc_error *err);
void tool_decoder_destroy(tool_decoder *decoder);
const char *tool_decoder_backend_name(const tool_decoder *decoder);

/* frames * n_bits LLRs (positive means 0) -> frames * n_bits decided bits;
 * decode_i8 takes them quantised (config.llr_scale units). */
ldpc_status tool_decoder_decode_f32(tool_decoder *decoder, const tool_code *code,
                                    const float *llr, uint32_t frames, uint8_t *codeword,
                                    ldpc_frame_stats *stats, ldpc_error *err);
ldpc_status tool_decoder_decode_i8(tool_decoder *decoder, const tool_code *code,
                                   const int8_t *llr, uint32_t frames, uint8_t *codeword,
                                   ldpc_frame_stats *stats, ldpc_error *err);

#endif
