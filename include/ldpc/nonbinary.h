/* Nonbinary LDPC codes over GF(q), q = 2^p (p = 1..8), and their Min-Max
 * decoders (docs/NONBINARY.md).
 *
 * A nonbinary code is its Tanner graph, an ordinary immutable ldpc_code
 * (variables = symbols, family LDPC_FAMILY_NONBINARY_GRAPH), plus one nonzero
 * GF(q) coefficient per edge and a systematic generator. Everything that
 * traverses graphs (check-major edges, variable-major view, layers) is shared
 * with the binary codes.
 *
 * Symbols and bits: a symbol is a byte 0..q-1 in the polynomial basis (bit b
 * is the coefficient of alpha^b). On the channel, symbol v is carried by bits
 * v*p .. v*p+p-1, most significant first, so that GF(256) codewords packed
 * with ldpc_bits_pack are the symbol bytes themselves. */
#ifndef LDPC_NONBINARY_H
#define LDPC_NONBINARY_H

#include <stddef.h>
#include <stdint.h>

#include "ldpc/code.h"
#include "ldpc/decoder.h"
#include "ldpc/error.h"
#include "ldpc/export.h"

/* Opaque outside the library (its layout: src/nb/nb_code_struct.h); read it
 * through the getters below. */
typedef struct ldpc_nb_code ldpc_nb_code;

/* By name: "nbqc-gf32-744-653", "nbqc-gf32-837-726", "nbqc-gf64-1512-1325",
 * "nbreg-gf32-620-310", or "nbalist:PATH" / "nbalist:FORMAT:PATH" with FORMAT
 * one of kn, kn-rows, ubs, davey (docs/NONBINARY.md). */
LDPC_API ldpc_status ldpc_nb_code_create(const char *name, ldpc_nb_code **out, ldpc_error *err);

/* From an explicit list of nonzero entries H[rows[i]][cols[i]] = coefs[i]
 * (0-based, coefficients 1..q-1) over GF(2^bits_per_symbol). Duplicates,
 * zero coefficients and out-of-range entries are errors. */
LDPC_API ldpc_status ldpc_nb_code_create_from_entries(const char *name, uint32_t bits_per_symbol,
                                                      uint32_t n, uint32_t m, const uint32_t *rows,
                                                      const uint32_t *cols, const uint8_t *coefs,
                                                      uint32_t count, ldpc_nb_code **out,
                                                      ldpc_error *err);

LDPC_API void ldpc_nb_code_destroy(ldpc_nb_code *code);

/* The Tanner graph (variables = symbols: n symbols, m checks, k information
 * symbols, edges and layers through ldpc/code.h's getters), p bits per
 * symbol, q = 2^p, and the bytes the description takes. */
LDPC_API const ldpc_code *ldpc_nb_code_graph(const ldpc_nb_code *code);
LDPC_API uint32_t ldpc_nb_code_bits_per_symbol(const ldpc_nb_code *code);
LDPC_API uint32_t ldpc_nb_code_q(const ldpc_nb_code *code);
LDPC_API size_t ldpc_nb_code_footprint(const ldpc_nb_code *code);

/* Built-in nonbinary codes, in a stable order. */
LDPC_API size_t ldpc_nb_builtin_code_count(void);
LDPC_API const char *ldpc_nb_builtin_code_name(size_t index);

/* Checks not satisfied by `symbols` (n bytes). */
LDPC_API uint32_t ldpc_nb_code_unsatisfied_checks(const ldpc_nb_code *code, const uint8_t *symbols);

/* Length of the shortest cycle of the Tanner graph (0 if it has none). */
LDPC_API uint32_t ldpc_code_girth(const ldpc_code *graph);

/* info: k symbols; codeword: n symbols. A symbol >= q is LDPC_ERR_INVALID. */
LDPC_API ldpc_status ldpc_nb_encode(const ldpc_nb_code *code, const uint8_t *info,
                                    uint8_t *codeword, ldpc_error *err);

/* Symbols (count) <-> bits (count * p, one 0/1 per byte, order above). */
LDPC_API void ldpc_nb_symbols_to_bits(uint32_t bits_per_symbol, const uint8_t *symbols,
                                      size_t count, uint8_t *bits);
LDPC_API void ldpc_nb_bits_to_symbols(uint32_t bits_per_symbol, const uint8_t *bits, size_t count,
                                      uint8_t *symbols);

/* Symbol LLR vectors from bit LLRs (positive means bit 0), for `count`
 * symbols: out[v * q + a] = sum of |llr| over the bits where a differs from
 * the bits' hard decision, i.e. log P(best) - log P(a) >= 0, 0 for the most
 * likely symbol. */
LDPC_API void ldpc_nb_symbol_llr(uint32_t bits_per_symbol, const float *bit_llr, size_t count,
                                 float *out);

/* Min-Max decoders. The configuration is the binary decoders' struct with
 * rule LDPC_RULE_MIN_MAX; it uses arithmetic (float, or fixed8: unsigned 8-bit
 * messages relative to the best symbol, saturating at 255), schedule
 * (flooding, or layered by the graph's layers), max_iterations,
 * syndrome_period, llr_scale (bit LLR quantisation, as for binary codes) and
 * truncation (EMS-style nm: every variable-to-check message keeps its nm
 * smallest entries, 1 <= nm < q, 0 = off; docs/NONBINARY.md); normalization
 * and offset are not used. */
typedef struct ldpc_nb_decoder ldpc_nb_decoder;

typedef struct {
    ldpc_decoder_limits graph; /* n in symbols */
    uint32_t max_q;
} ldpc_nb_decoder_limits;

/* Fixed point, layered, Min-Max, 20 iterations, syndrome every iteration,
 * llr_scale 3. */
LDPC_API ldpc_decoder_config ldpc_nb_decoder_config_default(void);
LDPC_API ldpc_status ldpc_nb_decoder_config_validate(const ldpc_decoder_config *config,
                                                     ldpc_error *err);
LDPC_API ldpc_nb_decoder_limits ldpc_nb_decoder_limits_for_code(const ldpc_nb_code *code,
                                                                uint32_t frames);

/* As ldpc_decoder_create: config->threads worker threads (0 or 1: the
 * calling thread only) decode the frames of a call in parallel; they are
 * started here. backend: NULL or "auto" picks the best for this CPU (a SIMD
 * variant for fixed point where there is one, else "reference");
 * "reference" is the portable C decoder; "avx512bw" and "avx2" (GF(32),
 * GF(64)) are the x86 SIMD variants, fixed point only, bit-identical to the
 * reference; other fields decode with the reference. "opencl" (fixed point,
 * never chosen by "auto") decodes on an OpenCL device, bit-identical too,
 * with the reference on the CPU as its fallback. */
LDPC_API ldpc_status ldpc_nb_decoder_create(const ldpc_decoder_config *config,
                                            const ldpc_nb_decoder_limits *limits,
                                            const char *backend, ldpc_nb_decoder **out,
                                            ldpc_error *err);
LDPC_API const char *ldpc_nb_decoder_backend_name(const ldpc_nb_decoder *decoder);
/* As ldpc_decoder_describe: where the decoder runs, into `out`; 1 where the
 * "opencl" backend decodes on the CPU (no usable device), else 0. */
LDPC_API int ldpc_nb_decoder_describe(const ldpc_nb_decoder *decoder, char *out, size_t size);
/* As ldpc_decoder_counters_get. */
LDPC_API void ldpc_nb_decoder_counters_get(const ldpc_nb_decoder *decoder,
                                           ldpc_decoder_counters *out);
LDPC_API void ldpc_nb_decoder_destroy(ldpc_nb_decoder *decoder);
LDPC_API size_t ldpc_nb_decoder_footprint(const ldpc_nb_decoder *decoder);

/* Decodes `frames` frames of n * p bit LLRs each (positive means bit 0, bit
 * order above) into n symbols per frame. stats (one per frame, may be NULL):
 * corrected_bits counts decided bits that differ from the channel's hard
 * decision; unsatisfied_checks uses the GF(q) syndrome. Non-finite input is
 * LDPC_ERR_INVALID. decode_i8 takes quantised LLRs (llr_scale units; -128 is
 * read as -127). Nothing is allocated. */
LDPC_API ldpc_status ldpc_nb_decoder_decode_f32(ldpc_nb_decoder *decoder, const ldpc_nb_code *code,
                                                const float *bit_llr, uint32_t frames,
                                                uint8_t *symbols, ldpc_frame_stats *stats,
                                                ldpc_error *err);
LDPC_API ldpc_status ldpc_nb_decoder_decode_i8(ldpc_nb_decoder *decoder, const ldpc_nb_code *code,
                                               const int8_t *bit_llr, uint32_t frames,
                                               uint8_t *symbols, ldpc_frame_stats *stats,
                                               ldpc_error *err);

#endif
