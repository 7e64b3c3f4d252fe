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

#endif
