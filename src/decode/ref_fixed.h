/* The reference fixed-point decoders, one frame at a time. They define the
 * 8-bit algorithm bit for bit (docs/DECODERS.md); SIMD and OpenCL backends are
 * tested against ref_fixed_decode_frame. */
#ifndef LDPC_DECODE_REF_FIXED_H
#define LDPC_DECODE_REF_FIXED_H

#include <stddef.h>
#include <stdint.h>

#include "ldpc/decoder.h"

typedef struct {
    int8_t *c2v;    /* max_edges: check-to-variable messages, check-major */
    int8_t *v2c;    /* layered: max_check_degree (one check's inputs); flooding: max_edges */
    int8_t *c2v_next; /* layered: max_edges, the messages of the layer being updated */
    int16_t *post;  /* layered: max_n posteriors, exact 16-bit sums (saturated to
                     * [-127, 127] with posterior_bits 8) */
    int32_t *total; /* flooding: max_n exact sums q + c2v */
} ref_fixed_workspace;

size_t ref_fixed_workspace_bytes(const ldpc_decoder_limits *limits, ldpc_schedule schedule);
/* Points the arrays into `memory` (ref_fixed_workspace_bytes bytes, 64-byte aligned). */
void ref_fixed_workspace_carve(ref_fixed_workspace *ws, void *memory,
                               const ldpc_decoder_limits *limits, ldpc_schedule schedule);

/* Decodes one frame of code->n channel values q in [-127, 127] with the
 * schedule and check rule of `config` (arithmetic must be LDPC_ARITH_FIXED8).
 * bits: n decided bits; stats may be NULL. The code must fit the limits the
 * workspace was carved for. */
void ref_fixed_decode_frame(const ldpc_code *code, const ldpc_decoder_config *config,
                            ref_fixed_workspace *ws, const int8_t *q, uint8_t *bits,
                            ldpc_frame_stats *stats);

void ref_fixed_layered_decode_frame(const ldpc_code *code, const ldpc_decoder_config *config,
                                    ref_fixed_workspace *ws, const int8_t *q, uint8_t *bits,
                                    ldpc_frame_stats *stats);
/* One layered iteration with config->posterior_bits 8 (saturated
 * posteriors, checks one after another); the layered decoder runs it. */
void ref_fixed_saturated_iteration(const ldpc_code *code, const ldpc_decoder_config *config,
                                   ref_fixed_workspace *ws);
void ref_fixed_flooding_decode_frame(const ldpc_code *code, const ldpc_decoder_config *config,
                                     ref_fixed_workspace *ws, const int8_t *q, uint8_t *bits,
                                     ldpc_frame_stats *stats);

/* Statistics at exit: counts the bits that differ from q < 0. */
void ref_fixed_finish_frame(const ldpc_code *code, const int8_t *q, const uint8_t *bits,
                            uint32_t iterations, ldpc_frame_stats *stats);

#endif
