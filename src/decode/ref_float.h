/* The reference float decoders (the error-rate reference): sum-product with
 * exact box-plus and min-sum in LLR units, layered and flooding, one frame at
 * a time, with the same early termination and statistics as the 8-bit ones. */
#ifndef LDPC_DECODE_REF_FLOAT_H
#define LDPC_DECODE_REF_FLOAT_H

#include <stddef.h>
#include <stdint.h>

#include "ldpc/decoder.h"

typedef struct {
    float *c2v;     /* max_edges: check-to-variable messages, check-major */
    float *v2c;     /* layered: max_check_degree (one check's inputs); flooding: max_edges */
    float *scratch; /* max_check_degree: forward box-plus sums */
    float *c2v_next; /* layered: max_edges, the messages of the layer being updated */
    float *post;    /* max_n: posteriors (layered) or totals (flooding) */
} ref_float_workspace;

size_t ref_float_workspace_bytes(const ldpc_decoder_limits *limits, ldpc_schedule schedule);
void ref_float_workspace_carve(ref_float_workspace *ws, void *memory,
                               const ldpc_decoder_limits *limits, ldpc_schedule schedule);

/* llr: code->n finite values, positive means bit 0. stats may be NULL. */
void ref_float_decode_frame(const ldpc_code *code, const ldpc_decoder_config *config,
                            ref_float_workspace *ws, const float *llr, uint8_t *bits,
                            ldpc_frame_stats *stats);

void ref_float_layered_decode_frame(const ldpc_code *code, const ldpc_decoder_config *config,
                                    ref_float_workspace *ws, const float *llr, uint8_t *bits,
                                    ldpc_frame_stats *stats);
void ref_float_flooding_decode_frame(const ldpc_code *code, const ldpc_decoder_config *config,
                                     ref_float_workspace *ws, const float *llr, uint8_t *bits,
                                     ldpc_frame_stats *stats);

/* Statistics at exit: counts the bits that differ from llr < 0. */
void ref_float_finish_frame(const ldpc_code *code, const float *llr, const uint8_t *bits,
                            uint32_t iterations, ldpc_frame_stats *stats);

#endif
