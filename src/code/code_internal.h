/* Building code descriptions: every constructor (DVB tables, alist, edge list)
 * first computes a code_shape, whose footprint is exact, then allocates one
 * block for the whole description and fills it through the writable view. */
#ifndef LDPC_CODE_INTERNAL_H
#define LDPC_CODE_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "code/code_struct.h"

typedef struct {
    uint32_t n, m, k, edges;
    uint32_t layer_count;
    uint32_t dvb_groups, dvb_address_count; /* 0 unless a DVB code */
    uint32_t gen_words_per_row;             /* 0 unless a dense generator is stored */
    int triangular;                         /* a triangular encoder is stored */
    int layers_reorder_checks; /* the layers take the checks out of index order
                                * (DVB), so the edges in layer order are stored
                                * apart; otherwise they are the check-major view */
} code_shape;

/* Writable aliases of the arrays inside the block (same memory as the const
 * pointers of the ldpc_code). */
typedef struct {
    ldpc_code *code;
    uint32_t *check_offsets, *check_var, *var_offsets, *var_edges, *edge_check;
    uint32_t *layer_offsets, *layer_checks, *layer_edge_offsets, *layer_var, *info_positions;
    uint32_t *dvb_row_offsets, *dvb_addresses;
    uint32_t *parity_positions, *parity_checks;
    uint64_t *gen_rows;
} code_builder;

size_t code_shape_footprint(const code_shape *shape);

/* Bytes of an array of `count` uint32_t inside a description's block: a
 * multiple of 8, so that 64-bit arrays after it stay aligned. */
size_t code_words32(size_t count);

/* Allocates the block (zeroed) and sets counts and pointers. */
ldpc_status code_builder_begin(code_builder *b, const code_shape *shape, const char *name,
                               ldpc_family family, ldpc_error *err);

/* Once check_offsets/check_var are filled: derives edge_check, the
 * variable-major view, and the degree extremes. */
void code_builder_index_edges(code_builder *b);

/* One layer per check, in index order (codes without structure); fills the
 * layer-ordered edges. */
void code_builder_single_check_layers(code_builder *b);

/* Once the layers are final: layer_edge_offsets and layer_var, filled where
 * the shape said layers_reorder_checks, else pointed at check_offsets and
 * check_var (the layers must then keep index order). The layer builders of
 * this file call it; a constructor that fills the layers itself calls it
 * after. */
void code_builder_layer_edges(code_builder *b);

/* From the filled layers: the layer-ordered edges, code->layers_disjoint and,
 * when a layer's checks share variables, the repeat lists (allocated apart;
 * footprint_bytes grows by code_repeat_lists_bytes). scratch: n entries.
 * LDPC_ERR_NO_MEMORY if the lists cannot be allocated; LDPC_ERR_INVALID if
 * the layers reorder the checks but the shape did not say
 * layers_reorder_checks. */
ldpc_status code_builder_check_layers(code_builder *b, uint32_t *scratch);

/* Bytes of the repeat lists for a code with these counts (0 when no repeat). */
size_t code_repeat_lists_bytes(uint32_t layer_count, uint32_t m, uint32_t snapshot_vars,
                               uint32_t repeat_edges);

/* Generic codes (code_from_edges.c): H given check-major, variables ascending
 * and distinct within each check, all in range. Rank and dense generator by
 * Gaussian elimination (gf2_generator.h). Layers: single checks, or, where
 * `circulant` is a size z whose structure H has (code_has_circulants), its
 * block rows (circulant_size z). Both ldpc_code_create_from_edges and the
 * alist loader build through it. */
ldpc_status generic_code_create(const char *name, uint32_t n, uint32_t m,
                                const uint32_t *check_offsets, const uint32_t *check_var,
                                uint32_t circulant, ldpc_code **out, ldpc_error *err);

/* A code whose first k bits are its information bits and whose H has full
 * rank (5G NR, AR4JA): no elimination; a triangular encoder with a gap
 * (gf2_triangulate_with_gap). H and layers as for generic_code_create. */
ldpc_status structured_code_create(const char *name, uint32_t n, uint32_t m, uint32_t k,
                                   const uint32_t *check_offsets, const uint32_t *check_var,
                                   uint32_t circulant, ldpc_code **out, ldpc_error *err);

/* A code whose first k bits are its information bits and whose parity bits
 * come from a systematic generator given by its standard (CCSDS C2, whose H
 * has dependent rows): gen_rows as gf2_generator.h lays them out, parity bit
 * p at position k + p. H given as for generic_code_create. */
ldpc_status systematic_code_create(const char *name, uint32_t n, uint32_t m, uint32_t k,
                                   const uint32_t *check_offsets, const uint32_t *check_var,
                                   const uint64_t *gen_rows, ldpc_code **out, ldpc_error *err);

/* 1 if H (check_offsets and check_var of c) is made of z x z circulants, at
 * most one in each block of a block row (code_struct.h, circulant_size):
 * O(edges), for the constructors of quasi-cyclic codes. */
int code_has_circulants(const ldpc_code *c, uint32_t z);

/* Block rows of z checks as layers, in index order; fills the layer-ordered
 * edges. The rows of a block row must share no variable (a code that
 * code_has_circulants z, or a nonbinary QC array). */
void code_builder_block_row_layers(code_builder *b, uint32_t z);

/* Information bits per row of a DVB table, and checks per layer. */
#define DVB_GROUP_SIZE 360u

/* Built-in DVB codes (dvb_codes.c): LDPC_ERR_UNKNOWN_CODE for another name. */
ldpc_status dvb_code_create(const char *name, ldpc_code **out, ldpc_error *err);
size_t dvb_code_footprint(const char *name);
size_t dvb_code_count(void);
const char *dvb_code_name(size_t index);
const char *dvb_code_alias_of(size_t index);

/* Built-in quasi-cyclic codes (qc_codes.c): LDPC_ERR_UNKNOWN_CODE, without a
 * message, for another name. */
ldpc_status qc_code_create(const char *name, ldpc_code **out, ldpc_error *err);
size_t qc_code_count(void);
const char *qc_code_name(size_t index);

/* The FT8/FT4 code (ft8_code.c), likewise. */
ldpc_status ft8_code_create(const char *name, ldpc_code **out, ldpc_error *err);
size_t ft8_code_count(void);
const char *ft8_code_name(size_t index);

/* The CCSDS codes (ccsds_code.c), likewise. */
ldpc_status ccsds_code_create(const char *name, ldpc_code **out, ldpc_error *err);
size_t ccsds_code_count(void);
const char *ccsds_code_name(size_t index);

/* The CCSDS C2 code (ccsds_c2_code.c), likewise. */
ldpc_status ccsds_c2_code_create(const char *name, ldpc_code **out, ldpc_error *err);
size_t ccsds_c2_code_count(void);
const char *ccsds_c2_code_name(size_t index);

/* The CCSDS AR4JA codes (ar4ja_code.c), likewise. */
ldpc_status ar4ja_code_create(const char *name, ldpc_code **out, ldpc_error *err);
size_t ar4ja_code_count(void);
const char *ar4ja_code_name(size_t index);

/* The 5G NR codes (nr_code.c), likewise; a malformed 5gnr- name is
 * LDPC_ERR_INVALID with a message that says how names look. */
ldpc_status nr_code_create(const char *name, ldpc_code **out, ldpc_error *err);
size_t nr_code_count(void);
const char *nr_code_name(size_t index);

/* Declares what a frame of `code` transmits (code_struct.h): value j
 * belongs to variable sent[j] (repeats allowed, their values add); the
 * shortened variables (ascending, information bits, none of them sent) are
 * known zeros; the rest are punctured. A list that sends every variable once
 * in order, with nothing shortened, stores nothing. LDPC_ERR_INVALID naming
 * the first entry that breaks a rule, LDPC_ERR_NO_MEMORY. */
ldpc_status code_set_transmission(ldpc_code *code, const uint32_t *sent, uint32_t sent_count,
                                  const uint32_t *shortened, uint32_t shortened_count,
                                  ldpc_error *err);

/* Compact DVB codes (code_compact.c): the compact copy of a whole DVB
 * description (NULL without memory), which takes over the lists of its
 * transmission (whole keeps none), and the unsatisfied checks of `bits`
 * computed from its address table, as the encoder accumulates parity. */
ldpc_code *code_compact_copy(ldpc_code *whole);
uint32_t dvb_unsatisfied_checks(const ldpc_code *code, const uint8_t *bits);

#endif
