/* The reference Min-Max decoders of nonbinary codes (portable C, one frame
 * at a time), in float and in 8-bit fixed point.
 *
 * Messages are vectors of q values over GF(q), each the distance of a symbol
 * value from the most likely one (0 for the best, larger is less likely).
 * The check node uses the forward-backward algorithm (Savin's Min-Max in the
 * form of Wang et al., Asilomar 2012): inputs are moved to the check domain
 * (entry h*a holds the value for symbol a), then for the check's edges
 * 0..d-1, forward F_i = F_{i-1} (x) U_i, backward B_i = B_{i+1} (x) U_i and
 * out_i = F_{i-1} (x) B_{i+1}, where (A (x) B)(x) = min over a ^ b = x of
 * max(A(a), B(b)): O(d q^2) per check.
 *
 * Fixed point: channel and check-to-variable messages are uint8 saturating
 * at 255; totals and posteriors are exact 16-bit sums of the channel and the
 * messages, and a variable-to-check input is brought back to 8 bits by
 * subtracting its minimum and saturating. Float inputs are capped at
 * NB_FLOAT_MESSAGE_MAX so that thousands of iterations cannot overflow.
 *
 * config->truncation = nm (0 = off): every check-domain input keeps its nm
 * entries of smallest (value, index), the others are raised to 255 (the cap);
 * the forward and backward intermediates are not truncated
 * (docs/NONBINARY.md, section Truncation). */
#ifndef LDPC_NB_MINMAX_H
#define LDPC_NB_MINMAX_H

#include <stddef.h>
#include <stdint.h>

#include "ldpc/nonbinary.h"

#define NB_FIXED_MESSAGE_MAX 255
#define NB_FLOAT_MESSAGE_MAX 1.0e9f

/* Arrays of one frame, carved from the decoder's block (sizes from limits). */
typedef struct {
    float *channel;  /* n * q symbol LLRs */
    float *c2v;      /* edges * q, variable domain */
    float *post;     /* n * q: totals (flooding) or posteriors (layered) */
    float *in;       /* max_check_degree * q: check-domain inputs */
    float *forward;  /* max_check_degree * q */
    float *out;      /* max_check_degree * q: check-domain outputs */
    float *u;        /* max_check_degree * q: raw variable-domain inputs */
    float *backward; /* 2 * q */
} nb_float_workspace;

typedef struct {
    uint8_t *channel;
    uint8_t *c2v;
    int16_t *post;
    uint8_t *in, *forward, *out;
    int16_t *u;
    uint8_t *backward;
} nb_fixed_workspace;

size_t nb_float_workspace_bytes(const ldpc_nb_decoder_limits *limits);
void nb_float_workspace_carve(nb_float_workspace *ws, unsigned char *memory,
                              const ldpc_nb_decoder_limits *limits);
size_t nb_fixed_workspace_bytes(const ldpc_nb_decoder_limits *limits);
void nb_fixed_workspace_carve(nb_fixed_workspace *ws, unsigned char *memory,
                              const ldpc_nb_decoder_limits *limits);

/* Decode one frame from ws->channel (filled by the caller) into symbols;
 * returns the iterations run and sets *converged. */
uint32_t nb_float_decode_frame(const ldpc_nb_code *code, const ldpc_decoder_config *config,
                               nb_float_workspace *ws, uint8_t *symbols, int *converged);
uint32_t nb_fixed_decode_frame(const ldpc_nb_code *code, const ldpc_decoder_config *config,
                               nb_fixed_workspace *ws, uint8_t *symbols, int *converged);

/* 1 if symbols satisfy every check (stops at the first failing one). */
int nb_syndrome_ok(const ldpc_nb_code *code, const uint8_t *symbols);

#endif
