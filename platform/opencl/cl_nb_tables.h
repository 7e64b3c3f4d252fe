/* The tables of one nonbinary code resident on the device: the graph, the
 * layer order, the edge coefficients and the field's product table, in one
 * buffer created with the decoder for its largest code. A call with another
 * code (another description, or another field) uploads that code's tables:
 * one counted upload per code change; a second description with the same
 * contents is recognised by a hash and uploads nothing. */
#ifndef LDPC_CL_NB_TABLES_H
#define LDPC_CL_NB_TABLES_H

#include <stddef.h>
#include <stdint.h>

#include <CL/cl.h>

#include "ldpc/nonbinary.h"

/* Kernel argument: where the tables sit in the arena (offsets in 32-bit
 * words). Same layout as nb_tables_t in kernels/50_nb_minmax.cl. */
typedef struct {
    cl_uint n, m, q, bits_per_symbol;
    cl_uint layer_count, max_check_degree, edges, pad;
    cl_uint check_offsets, check_var, var_offsets, var_edges;
    cl_uint layer_offsets, layer_checks, edge_coef, gf_mul;
} cl_nb_tables;

typedef struct {
    cl_mem arena;
    size_t capacity_words;
    int resident;                 /* 1 once a code's tables are in the arena */
    const ldpc_nb_code *code;     /* the description last seen for them */
    char name[LDPC_CODE_NAME_SIZE];
    uint32_t n, m, edges, q;
    uint64_t content_hash;
    uint32_t largest_layer;       /* checks in the largest layer */
    cl_nb_tables tables;
    uint64_t lookups, uploads, upload_bytes, last_upload_ns;
} cl_nb_table_cache;

/* Arena words for a code of these sizes. */
size_t cl_nb_table_words(uint32_t n, uint32_t m, uint32_t edges, uint32_t q);

/* Takes ownership of `arena` (capacity_words words). */
void cl_nb_table_cache_init(cl_nb_table_cache *cache, cl_mem arena, size_t capacity_words);

/* Makes `code`'s tables resident (uploading them, complete on return, when
 * the resident ones are another code's). */
ldpc_status cl_nb_table_cache_lookup(cl_nb_table_cache *cache, cl_command_queue queue,
                                     const ldpc_nb_code *code, ldpc_error *err);

void cl_nb_table_cache_release(cl_nb_table_cache *cache);

#endif
