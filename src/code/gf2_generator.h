/* Gaussian elimination of H over GF(2) and the dense systematic generator of
 * generic codes (LDPC_FAMILY_GENERIC).
 *
 * Columns are taken as pivots from the right (column n-1 first), so that the
 * information positions are the leftmost columns that can be: a code whose
 * parity part is an invertible block at the end of H gets info_positions =
 * 0..k-1. Redundant rows of a rank-deficient H are kept (k = n - rank).
 *
 * Generator layout (ldpc_code.gen_rows): row p belongs to the parity bit at
 * parity_positions[p] (ascending); bit i of the row (word i / 64, bit i % 64,
 * least significant first) selects information bit i, the one at
 * info_positions[i]. Parity bit p = XOR of the selected information bits. */
#ifndef LDPC_GF2_GENERATOR_H
#define LDPC_GF2_GENERATOR_H

#include <stddef.h>
#include <stdint.h>

#include "ldpc/error.h"

/* The dense generator holds (n - k) * k bits. 32 MiB keeps every non-DVB code
 * we know of (the largest, 5G NR BG1 at Z = 384, needs 17.8 MiB) and refuses
 * the DVB-S2 normal frames (45 MiB for rate 9/10, 125 MiB for rate 1/2): those
 * have their own linear-time IRA encoder, and a dense encoder would read tens
 * of megabytes per frame. */
#define GF2_GENERATOR_MAX_BYTES ((size_t)32 << 20)

/* H as a dense bit matrix during elimination (m rows of ceil(n/64) words).
 * Elimination time grows as m^2 n; 64 MiB admits 5G NR BG1 at Z = 384
 * (17664 x 26112, 55 MiB, eliminated in 0.6 s) and bounds the worst case to
 * seconds (a random (3,6) code with n = 24000 takes 1.5 s). */
#define GF2_ELIMINATION_MAX_BYTES ((size_t)64 << 20)

typedef struct {
    uint32_t n, m, words_per_row;
    uint64_t *rows;          /* m rows: H, then its reduced row echelon form */
    uint32_t rank;
    uint32_t *pivot_columns; /* rank entries, descending (order of discovery) */
    uint32_t *pivot_rows;    /* rank entries: the row holding each pivot */
} gf2_elimination;

/* Checks the size limits (refusing codes that are certainly too large before
 * any elimination), then reduces H, given check-major with ascending
 * variables in each check. LDPC_ERR_RANK when H has full
 * column rank (no information bits), LDPC_ERR_LIMITS when too large. */
ldpc_status gf2_eliminate(gf2_elimination *e, const char *name, uint32_t n, uint32_t m,
                          const uint32_t *check_offsets, const uint32_t *check_var,
                          ldpc_error *err);

void gf2_elimination_free(gf2_elimination *e);

/* A lower bound on rank(H) from peeling: repeatedly take a column with a
 * single one among the remaining rows and remove that row. Exact for codes
 * with a triangular (e.g. staircase) parity part. */
ldpc_status gf2_rank_lower_bound(uint32_t n, uint32_t m, const uint32_t *check_offsets,
                                 const uint32_t *check_var, uint32_t *rank_bound,
                                 ldpc_error *err);

/* 64-bit words per generator row for k information bits. */
uint32_t gf2_generator_words_per_row(uint32_t k);

/* Bytes of the dense generator for a code of length n and the given rank. */
size_t gf2_generator_bytes(uint32_t n, uint32_t rank);

/* Writes info_positions (n - rank), parity_positions (rank) and the generator
 * rows (rank rows of gf2_generator_words_per_row(n - rank) words). */
void gf2_fill_generator(const gf2_elimination *e, uint32_t *info_positions,
                        uint32_t *parity_positions, uint64_t *gen_rows);

#endif
