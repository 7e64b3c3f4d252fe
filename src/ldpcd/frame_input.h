/* One frame of raw soft values (docs/PROTOCOL.md formats) into what the
 * decoders take: int8 quantised LLRs or float LLRs. The result equals
 * ldpc_soft_to_llr followed by ldpc_quantise value for value; frames of the
 * one-byte formats (liquid soft bits, int8 LLRs) are quantised through
 * ldpc_soft_byte_table's 256 entries instead, several times faster. */
#ifndef LDPCD_FRAME_INPUT_H
#define LDPCD_FRAME_INPUT_H

#include <stddef.h>
#include <stdint.h>

#include "ldpc/soft.h"

typedef struct {
    int to_float;      /* 1: float LLRs out, else int8 quantised with llr_scale */
    float llr_scale;
    float *llr_scratch; /* n floats, for the formats without a table */
} ldpcd_frame_input;

/* input->scale must be finite and > 0 (the parser and the config check it).
 * Returns 0, or -1 when a f32 value is not finite (the frame is refused). */
int ldpcd_frame_input_convert(const ldpcd_frame_input *converter, const ldpc_soft_input *input,
                              const uint8_t *raw, uint32_t n, void *out);

#endif
