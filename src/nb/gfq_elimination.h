/* Gaussian elimination of a nonbinary H over GF(q): its rank and the dense
 * systematic generator (ldpc_nb_code.gen).
 *
 * As for binary codes (code/gf2_generator.h), pivot columns are taken from the
 * right, so that a code whose parity part is an invertible block at the end
 * of H gets information positions 0..k-1. */
#ifndef LDPC_NB_GFQ_ELIMINATION_H
#define LDPC_NB_GFQ_ELIMINATION_H

#include <stddef.h>
#include <stdint.h>

#include "ldpc/error.h"
#include "nb/gf.h"

/* The dense m x n matrix during elimination, and the generator (n-k) x k:
 * both bounded so that a mistaken huge code fails quickly instead of
 * swapping. The largest codes we know of (n of a few thousand symbols) need
 * well under a megabyte. */
#define GFQ_ELIMINATION_MAX_BYTES ((size_t)64 << 20)

typedef struct {
    uint32_t n, m, rank;
    uint8_t *rows;        /* m x n: H, then its reduced row echelon form */
    uint32_t *pivot_row;  /* n entries: the row whose pivot is column j, or UINT32_MAX */
} gfq_elimination;

ldpc_status gfq_eliminate(gfq_elimination *e, const gf_field *field, const char *name,
                          uint32_t n, uint32_t m, const uint32_t *check_offsets,
                          const uint32_t *check_var, const uint8_t *check_coef, ldpc_error *err);

/* Writes info_positions (k, ascending), parity_positions (n-k, ascending) and
 * gen ((n-k) x k) from the reduced form. */
void gfq_write_generator(const gfq_elimination *e, uint32_t *info_positions,
                         uint32_t *parity_positions, uint8_t *gen);

void gfq_elimination_free(gfq_elimination *e);

#endif
