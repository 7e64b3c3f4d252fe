/* Code tables resident on the device: one buffer (the arena, created with the
 * decoder) holds the tables of the most recently used codes, so that a stream
 * alternating between a few codes uploads each once. A code is found by its
 * address (descriptions are immutable) or, for another copy of the same code,
 * by a hash of its contents; every miss is exactly one upload.
 *
 * check_var is uploaded with bit 31 set on the edges whose variable another
 * check of the same layer also uses (SHARED_IN_LAYER in the kernels). The
 * layered item-per-frame kernels read the edges renumbered in layer order
 * (item_offsets by layer position: the code's layer_edge_offsets; item_var,
 * the code's layer_var with bit 31 on the repeats that
 * read snapshot slot item_slot, bit 30 on those whose variable an earlier
 * check of the same kernel step updated) and the code's snapshot lists. */
#ifndef LDPC_CL_TABLE_CACHE_H
#define LDPC_CL_TABLE_CACHE_H

#include <stddef.h>
#include <stdint.h>

#include <CL/cl.h>

#include "common/frame_decoder.h"
#include "ldpc/code.h"

#define CL_TABLE_CACHE_SLOTS 8

/* Kernel argument: where a code's tables sit in the arena (offsets in 32-bit
 * words). Same layout as code_tables_t in kernels/00_fixed_point.cl. */
typedef struct {
    cl_uint n, m, layer_count, max_check_degree;
    cl_uint check_offsets, check_var, var_offsets, var_edges;
    cl_uint layer_offsets, layer_checks, item_offsets, item_var;
    cl_uint item_slot, snapshot_offsets, snapshot_vars, latency_layers;
    cl_uint latency_var, latency_slots, max_layer_size, latency_position;
    cl_uint circulants, circulant_words;
} cl_code_tables;

typedef struct {
    int used;
    const ldpc_code *code; /* the address last seen for these tables */
    char name[LDPC_CODE_NAME_SIZE];
    uint32_t n, m, edges, layer_count;
    uint64_t content_hash;
    size_t start, words; /* in the arena */
    uint64_t last_used;
    cl_code_tables tables;
} cl_table_entry;

typedef struct {
    cl_mem arena;
    size_t capacity_words;
    /* Host scratch for the tables computed at upload, reserved at creation
     * for the largest code. */
    uint32_t *flagged_check_var; /* max_edges */
    uint32_t *layer_stamp;       /* max_n */
    uint32_t *last_use;          /* max_n */
    uint32_t *item_var;          /* max_edges */
    uint32_t *item_slot;         /* max_edges */
    uint32_t *no_snapshots;      /* max_m + 1 zeros: snapshot offsets of disjoint layers */
    uint32_t *latency_layers;    /* 2 * max_m: per layer the first slot and slots per check */
    uint32_t *latency_var;       /* cl_latency_slot_capacity words */
    uint32_t *latency_position;  /* max_n: the latency order (opencl_latency_order.h) */
    uint32_t *circulants;        /* opencl_circulant_capacity words */
    frame_schedule schedule;     /* the block schedule the circulant tables come from */
    cl_table_entry entries[CL_TABLE_CACHE_SLOTS];
    uint64_t clock;
    uint64_t lookups, hits, misses, uploads, evictions, upload_bytes;
    uint64_t last_upload_ns;
} cl_table_cache;

/* The most slots of the latency tables of a code of m checks up to this
 * degree (the messages of a frame in the latency design): every check padded
 * to the degree. Codes of check degree above 32 have no latency tables. */
size_t cl_latency_slot_capacity(uint32_t m, uint32_t max_check_degree);

/* Arena words that the tables of a code of this size need, with `snapshots`
 * entries in its snapshot lists (never above edges / 2: a snapshot variable
 * has two edges in its layer), `latency_slots` latency slots and
 * `circulant_words` words of circulant tables. */
size_t cl_table_words(uint32_t n, uint32_t m, uint32_t edges, uint32_t layer_count,
                      uint32_t snapshots, size_t latency_slots, size_t circulant_words);

/* Takes ownership of `arena` (capacity_words words) and reserves the host
 * scratch for codes up to max_n variables, max_m checks, max_edges edges and
 * checks of max_check_degree edges. */
ldpc_status cl_table_cache_init(cl_table_cache *cache, cl_mem arena, size_t capacity_words,
                                uint32_t max_n, uint32_t max_m, uint32_t max_edges,
                                uint32_t max_check_degree, ldpc_error *err);

/* The tables of `code`, uploading them (evicting the least recently used
 * codes) when they are not resident. The upload completes before return. */
ldpc_status cl_table_cache_lookup(cl_table_cache *cache, cl_command_queue queue,
                                  const ldpc_code *code, cl_code_tables *out, ldpc_error *err);

uint32_t cl_table_cache_resident(const cl_table_cache *cache);

void cl_table_cache_release(cl_table_cache *cache);

#endif
