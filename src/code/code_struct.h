/* The layout of a code description: the library's own, not part of the
 * public API (ldpc/code.h gives getters), so that it can change without
 * breaking programs built against libldpc. */
#ifndef LDPC_CODE_STRUCT_H
#define LDPC_CODE_STRUCT_H

#include "ldpc/code.h"

/* Edges are numbered in check-major order: the edges of check c are
 * check_offsets[c] .. check_offsets[c+1]-1, and check_var[e] is the variable of
 * edge e. The variable-major view lists, for variable v, the check-major edge
 * numbers var_edges[var_offsets[v]] .. var_edges[var_offsets[v+1]-1] (ascending
 * check index); that array is the permutation between the two orders.
 *
 * Layers (for layered decoding): layer l holds checks
 * layer_checks[layer_offsets[l]] .. [layer_offsets[l+1]-1]. For DVB codes a
 * layer is one of the q groups of 360 checks {j, j+q, ..., j+359q}; for QC
 * codes a block row; for other codes each check is a layer of its own, in
 * index order. Layered decoding updates the checks of a layer as if in
 * parallel: every check of the layer reads the posteriors of the layer's start
 * and their changes add up (docs/DECODERS.md). layers_disjoint says whether no
 * two checks of a layer share a variable (then the layer equals sequential
 * check-by-check processing).
 *
 * Where they do share one (most DVB tables have a row with two addresses equal
 * modulo q), a sequential implementation needs the layer-start value of the
 * shared variable after an earlier check of the layer changed it: before layer
 * l it copies the posteriors of layer_snapshot_vars[layer_snapshot_offsets[l]
 * .. [l+1]-1] into snapshot slots 0, 1, ... (the position in that list); the
 * edges of the check at layer position i (layer_checks[i]) whose variable an
 * earlier check of the same layer already used are
 * check_repeat_edges[check_repeat_offsets[i] .. [i+1]-1], and each reads slot
 * check_repeat_slots[same index]. All NULL when layers_disjoint. */
struct ldpc_code {
    char name[LDPC_CODE_NAME_SIZE];
    ldpc_family family;
    uint32_t n;       /* codeword bits (variables) */
    uint32_t m;       /* parity checks (rows of H) */
    uint32_t k;       /* information bits = n - rank(H) */
    uint32_t edges;   /* ones in H */
    uint32_t max_check_degree, max_var_degree;
    uint32_t min_check_degree, min_var_degree;

    const uint32_t *check_offsets; /* m + 1 */
    const uint32_t *check_var;     /* edges */
    const uint32_t *var_offsets;   /* n + 1 */
    const uint32_t *var_edges;     /* edges: check-major edge ids, variable-major order */
    const uint32_t *edge_check;    /* edges: the check of each check-major edge */

    uint32_t layer_count;
    uint32_t layer_size;           /* checks per layer when all equal (360 for DVB), else 0 */
    const uint32_t *layer_offsets; /* layer_count + 1 */
    const uint32_t *layer_checks;  /* m */
    int layers_disjoint;
    uint32_t layer_repeat_count;   /* repeated edges, all layers together */
    uint32_t max_layer_snapshots;  /* the largest snapshot list of one layer */
    const uint32_t *layer_snapshot_offsets; /* layer_count + 1 */
    const uint32_t *layer_snapshot_vars;
    const uint32_t *check_repeat_offsets;   /* m + 1, by layer position */
    const uint32_t *check_repeat_edges;     /* check-major edge ids */
    const uint32_t *check_repeat_slots;
    /* The edges in layer order: the check at layer position i (layer_checks[i])
     * has the variables layer_var[layer_edge_offsets[i] .. [i+1]-1], in its
     * check_var order. A layered decoder reads them as one stream, where
     * check_offsets and check_var through layer_checks cost a random access
     * per check (DVB: consecutive positions are q checks apart). Stored apart
     * only where the layers reorder the checks (DVB); otherwise they are
     * check_offsets and check_var themselves. */
    const uint32_t *layer_edge_offsets; /* m + 1 */
    const uint32_t *layer_var;          /* edges */

    /* z when H is made of z x z circulants, at most one in each block of a
     * block row (so a block row's checks share no variable), and the layers
     * are the block rows: check r z + i of block row r has variable
     * b z + (s + i) mod z where check r z has b z + s. 0 otherwise (DVB
     * codes too, whose structure the dvb_ fields below give). */
    uint32_t circulant_size;

    /* Positions of the information bits inside the codeword, ascending; for DVB
     * and for alist codes whose parity sits at the end this is 0..k-1. */
    const uint32_t *info_positions; /* k */

    /* DVB IRA parameters (family == LDPC_FAMILY_DVB_IRA): the standard's table,
     * one row of parity addresses per group of 360 information bits. */
    uint32_t dvb_q;                     /* (n - k) / 360 */
    uint32_t dvb_groups;                /* k / 360 */
    const uint32_t *dvb_row_offsets;    /* dvb_groups + 1 */
    const uint32_t *dvb_addresses;

    /* Dense systematic generator for LDPC_FAMILY_GENERIC: parity bit p (at
     * codeword position parity_positions[p]) is the XOR of the information bits
     * selected by bit row p, gen_words_per_row 64-bit words each. */
    const uint32_t *parity_positions; /* n - k */
    const uint64_t *gen_rows;
    uint32_t gen_words_per_row;
    /* Or, for a generic code too large for that generator, a triangular
     * encoder (gen_rows NULL): parity bit parity_positions[t] is the XOR of
     * the other bits of check parity_checks[t], for t = 0, 1, ... in order. */
    const uint32_t *parity_checks; /* n - k, or NULL */
    /* A triangular encoder with a gap (gf2_triangular.h): the last gap_count
     * entries of both lists are the gap bits and the checks that fix them,
     * gap bit i the parity of (row i of gap_solver AND those checks'
     * syndromes after peeling), gap_words words per row. */
    uint32_t gap_count, gap_words;
    const uint64_t *gap_solver;
    void *gap_block; /* gap_solver, allocated apart (NULL when none) */

    /* What a frame carries on the channel (code_transmission.c): tx_n values,
     * value j belonging to variable tx_vars[j]; a variable listed twice gets
     * the sum of its values (rate matching's repetitions). Shortened
     * variables are information bits fixed to 0 (a value sent for one is a
     * fill bit, a known zero the decoder ignores); punctured
     * ones are neither sent nor known. tx_vars NULL: every variable is sent
     * once, in index order (tx_n == n). data_positions: the information
     * positions less the shortened ones (k - shortened_count of them). */
    uint32_t tx_n;
    const uint32_t *tx_vars;
    uint32_t tx_summed; /* values added to a bit already sent (not a fill bit) */
    uint32_t shortened_count, punctured_count;
    const uint32_t *shortened_vars; /* ascending */
    const uint32_t *punctured_vars; /* ascending */
    const uint32_t *data_positions;

    size_t footprint_bytes; /* everything this description owns, struct included */
    void *repeats_block;    /* the repeat lists, allocated apart (NULL when none) */
    void *transmission_block; /* the lists of the transmission (NULL when none) */
};

#endif
