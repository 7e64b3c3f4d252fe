/* Immutable description of a binary LDPC code (the Tanner graph of H and how to
 * traverse it). Built once by one of the constructors below; every decoder and
 * encoder reads it and nothing ever modifies it. */
#ifndef LDPC_CODE_H
#define LDPC_CODE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ldpc/error.h"
#include "ldpc/export.h"

#define LDPC_CODE_NAME_SIZE 128

typedef enum {
    LDPC_FAMILY_GENERIC = 0, /* any H, e.g. from an alist file; dense generator encoder */
    LDPC_FAMILY_DVB_IRA = 1, /* DVB-S2/T2/C2: address table plus parity accumulator */
    /* The Tanner graph of a nonbinary code (ldpc/nonbinary.h): variables are
     * GF(q) symbols; no binary encoder or decoder applies to it. */
    LDPC_FAMILY_NONBINARY_GRAPH = 2
} ldpc_family;

/* An immutable code description, opaque: read through the getters below. */
typedef struct ldpc_code ldpc_code;

/* The code's canonical name, e.g. "dvbs2-normal-1/2". */
LDPC_API const char *ldpc_code_name(const ldpc_code *code);
LDPC_API ldpc_family ldpc_code_family(const ldpc_code *code);
/* Codeword bits (variables of H: what a decoder decides, what the encoder
 * writes), parity checks (rows of H), information bits (n - rank(H), less
 * the shortened ones: what the encoder takes) and edges (ones in H). */
LDPC_API uint32_t ldpc_code_n(const ldpc_code *code);
LDPC_API uint32_t ldpc_code_m(const ldpc_code *code);
LDPC_API uint32_t ldpc_code_k(const ldpc_code *code);
LDPC_API uint32_t ldpc_code_edges(const ldpc_code *code);
LDPC_API uint32_t ldpc_code_max_check_degree(const ldpc_code *code);
LDPC_API uint32_t ldpc_code_max_var_degree(const ldpc_code *code);
/* The positions of the k information bits in the codeword, ascending
 * (shortened bits are not among them). */
LDPC_API const uint32_t *ldpc_code_info_positions(const ldpc_code *code);

/* What a frame carries on the channel (docs/CODES.md, "Puncturing,
 * shortening and rate matching"). A code may leave codeword bits out of the
 * frame: punctured bits are not sent (the decoder starts them as erasures),
 * shortened bits are information bits fixed to 0 (the decoder knows them),
 * not sent except as fill bits (zeros a frame carries, as ccsds-c2-8160's
 * last two, whose received values the decoder ignores); a rate-matched code
 * may send a bit more than once (the decoder adds the values). The decoders take transmitted_n values per
 * frame and decide the n bits of the codeword; ldpc_code_transmit gives the
 * bits a transmitter sends.
 * transmitted_bits: for each transmitted value, its codeword bit; NULL when
 * the frame is the codeword itself (every bit once, in order). */
LDPC_API uint32_t ldpc_code_transmitted_n(const ldpc_code *code);
LDPC_API const uint32_t *ldpc_code_transmitted_bits(const ldpc_code *code);
LDPC_API uint32_t ldpc_code_punctured_count(const ldpc_code *code);
LDPC_API uint32_t ldpc_code_shortened_count(const ldpc_code *code);
/* The punctured and the shortened codeword bits, ascending; NULL when there
 * are none. */
LDPC_API const uint32_t *ldpc_code_punctured_bits(const ldpc_code *code);
LDPC_API const uint32_t *ldpc_code_shortened_bits(const ldpc_code *code);
/* codeword (n bytes of 0/1) -> the transmitted_n bits of its frame. */
LDPC_API void ldpc_code_transmit(const ldpc_code *code, const uint8_t *codeword, uint8_t *sent);
/* A received frame (transmitted_n LLRs) -> the n LLRs of the codeword:
 * punctured bits 0, shortened bits `known`, repeated bits the sum of their
 * values. */
LDPC_API void ldpc_code_receive_f32(const ldpc_code *code, const float *sent, float known,
                                    float *word);
/* The variables of check c (count of them in *degree); NULL for a compact
 * code (ldpc_code_has_graph). */
LDPC_API const uint32_t *ldpc_code_check_vars(const ldpc_code *code, uint32_t c,
                                              uint32_t *degree);
/* The degree of variable v and of check c (0 out of range, or for a compact
 * code). */
LDPC_API uint32_t ldpc_code_var_degree(const ldpc_code *code, uint32_t v);
LDPC_API uint32_t ldpc_code_check_degree(const ldpc_code *code, uint32_t c);
/* Layers of the layered schedule, and checks per layer where all layers are
 * equal (360 for DVB codes), else 0. */
LDPC_API uint32_t ldpc_code_layer_count(const ldpc_code *code);
LDPC_API uint32_t ldpc_code_layer_size(const ldpc_code *code);
/* Bytes of memory the description holds. */
LDPC_API size_t ldpc_code_footprint(const ldpc_code *code);

/* Look up a code by its canonical name: "dvbs2-normal-1/2", "dvbt2-short-3/5",
 * "dvbc2-normal-2/3", ..., or "alist:PATH". The result is owned by the caller
 * and released with ldpc_code_destroy. */
LDPC_API ldpc_status ldpc_code_create(const char *name, ldpc_code **out, ldpc_error *err);

/* Build a generic code from an explicit list of ones (row, column), 0-based.
 * Duplicated or out-of-range entries are errors. The generator is prepared. */
LDPC_API ldpc_status ldpc_code_create_from_edges(const char *name, uint32_t n, uint32_t m,
                                                 const uint32_t *rows, const uint32_t *cols,
                                                 uint32_t count, ldpc_code **out, ldpc_error *err);

/* Parse a MacKay alist file (see docs/CODES.md for what is accepted). */
LDPC_API ldpc_status ldpc_code_load_alist(const char *path, ldpc_code **out, ldpc_error *err);

/* Writes H in MacKay's alist format (what ldpc_code_load_alist reads back as
 * the same matrix), columns in the code's bit order, to `out`.
 * LDPC_ERR_INVALID for a compact code (no graph), LDPC_ERR_IO when writing
 * fails. */
LDPC_API ldpc_status ldpc_code_write_alist(const ldpc_code *code, FILE *out, ldpc_error *err);

LDPC_API void ldpc_code_destroy(ldpc_code *code);

/* A built-in DVB code as ldpc_code_create builds it, less its Tanner graph:
 * check_offsets, check_var, var_offsets, var_edges, edge_check, layer_checks,
 * layer_edge_offsets, layer_var and the repeat lists are NULL (every count and
 * degree is kept), which leaves at most 1/16 of the footprint. The DVB encoder,
 * ldpc_code_unsatisfied_checks and the decoders whose ldpc_decoder_needs_graph
 * is 0 for it (the CPU frame path) take it; other decoders refuse it. Any
 * other name is built whole, as by ldpc_code_create. */
LDPC_API ldpc_status ldpc_code_create_compact(const char *name, ldpc_code **out, ldpc_error *err);

/* 1 unless `code` was built compact (ldpc_code_create_compact of a DVB code). */
LDPC_API int ldpc_code_has_graph(const ldpc_code *code);

/* The number of bytes ldpc_code_create would allocate for a built-in code,
 * computed without building it (0 for an unknown name). */
LDPC_API size_t ldpc_code_builtin_footprint(const char *name);

/* Built-in codes, in a stable order, for listings ("ldpc codes"). */
LDPC_API size_t ldpc_builtin_code_count(void);
LDPC_API const char *ldpc_builtin_code_name(size_t index);
/* For aliases (DVB-C2 names that share a DVB-T2/S2 table) the name it aliases,
 * else NULL. */
LDPC_API const char *ldpc_builtin_code_alias_of(size_t index);

/* Syndrome helpers. bits: one 0/1 byte per codeword bit. Returns the number of
 * unsatisfied checks. */
LDPC_API uint32_t ldpc_code_unsatisfied_checks(const ldpc_code *code, const uint8_t *bits);

#endif
