/* The layout of a nonbinary code description (include/ldpc/nonbinary.h):
 * included by the library and its white-box tests only; programs use the
 * getters. */
#ifndef LDPC_NB_CODE_STRUCT_H
#define LDPC_NB_CODE_STRUCT_H

#include <stddef.h>
#include <stdint.h>

#include "ldpc/nonbinary.h"

struct ldpc_nb_code {
    /* n symbols, m checks, k information symbols (n - rank over GF(q)),
     * edges, layers (block rows for QC codes, one check each otherwise). */
    const ldpc_code *graph;
    uint32_t bits_per_symbol; /* p */
    uint32_t q;               /* 2^p */
    uint32_t primitive_poly;  /* of the field, bit b = coefficient of x^b */
    /* Coefficient h of each check-major edge (1..q-1): check c requires
     * sum over its edges e of h[e] * x[check_var[e]] = 0. */
    const uint8_t *edge_coef;
    /* Systematic generator: parity symbol r (at parity_positions[r],
     * ascending) = sum over i of gen[r * k + i] * info symbol i (the one at
     * graph->info_positions[i]). */
    const uint32_t *parity_positions; /* n - k */
    const uint8_t *gen;               /* (n - k) * k */
    size_t footprint_bytes;           /* the graph's and this part's, together */
};

#endif
