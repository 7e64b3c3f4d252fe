/* A triangular encoder for codes too large for the dense generator
 * (gf2_generator.h): the DVB-S2 normal frames as alist files (125 MiB of
 * generator at rate 1/2), long IRA codes. Greedy peeling (Richardson and
 * Urbanke's triangulation with gap 0): declare the unknown bit of highest
 * degree an information bit until some check has a single unknown bit, solve
 * that check for it, repeat. Encoding is then one pass over the checks in
 * solving order, O(edges) per frame, where H has a triangular (dual-diagonal,
 * staircase) parity part; the checks never solved must follow from the
 * others, which 64 random information words, encoded side by side in the bits
 * of a word, verify (a check that does not follow fails each word with
 * probability 1/2). */
#ifndef LDPC_GF2_TRIANGULAR_H
#define LDPC_GF2_TRIANGULAR_H

#include <stdint.h>

#include "ldpc/error.h"

typedef struct {
    uint32_t k;                 /* information bits */
    uint32_t *info_positions;   /* k, ascending */
    uint32_t *parity_positions; /* n - k, in solving order */
    uint32_t *parity_checks;    /* n - k: the check that solves each */
} gf2_triangular;

/* LDPC_OK with the encoder, or LDPC_ERR_RANK when H has no triangular form
 * (the checks never solved do not follow from the others). */
ldpc_status gf2_triangulate(gf2_triangular *t, const char *name, uint32_t n, uint32_t m,
                            const uint32_t *check_offsets, const uint32_t *check_var,
                            ldpc_error *err);
void gf2_triangular_free(gf2_triangular *t);

/* For a code whose information bits are known to be the first k (5G NR,
 * AR4JA), a triangular encoder with a gap (Richardson and Urbanke): peeling
 * starts with the information bits known; where no check has a single
 * unknown bit, the unknown bit of highest degree becomes a gap bit. The
 * checks peeling never used then fix the gap bits: encoding peels with the
 * gap bits 0, reads those checks' syndromes s, sets gap bit i to the parity
 * of (solver row i AND s), and peels again. parity_positions and
 * parity_checks hold the n - k - gap peeled bits in solving order, then the
 * gap bits and the checks that fix them. LDPC_ERR_RANK when the gap exceeds
 * GF2_GAP_MAX_BITS or those checks do not determine it. */
#define GF2_GAP_MAX_BITS 8192u

typedef struct {
    gf2_triangular peeled; /* k, info_positions 0..k-1, parity arrays of n - k entries */
    uint32_t gap;
    uint64_t *solver; /* gap rows of gf2_gap_words(gap) words */
} gf2_gap_encoder;

ldpc_status gf2_triangulate_with_gap(gf2_gap_encoder *g, const char *name, uint32_t n,
                                     uint32_t m, const uint32_t *check_offsets,
                                     const uint32_t *check_var, uint32_t k, ldpc_error *err);
void gf2_gap_encoder_free(gf2_gap_encoder *g);
uint32_t gf2_gap_words(uint32_t gap);

#endif
