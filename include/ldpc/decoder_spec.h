/* A decoder configuration as one compact string, for command lines, config
 * files, CSV columns and plot legends.
 *
 *   spec     := ( "default" | base ) { "," key "=" value }
 *               ("default" is ldpc_decoder_config_default(), fixed-layered-oms)
 *   base     := arithmetic "-" schedule "-" rule
 *   arithmetic := "fixed" | "float"
 *   schedule := "layered" | "flooding"
 *   rule     := "ms"  (plain min-sum)
 *             | "nms" (normalized min-sum, norm 0.8125 unless overridden)
 *             | "oms" (offset min-sum, offset 0.5 LLR (float) or 1 quantised
 *                      unit (fixed) unless overridden)
 *             | "spa" (sum-product, float only)
 *             | "minmax" (Min-Max, nonbinary codes only: ldpc/nonbinary.h; its
 *                      base starts from ldpc_nb_decoder_config_default(), 20
 *                      iterations, and takes iter, period and scale)
 *   key      := "norm"   normalization factor in (0, 1]; nms only. Fixed point
 *                        takes multiples of 1/16 only (0.8125 = 13/16); any other
 *                        value is rejected, naming the nearest one.
 *             | "offset" offset >= 0; oms only. Float: LLR units; fixed: an
 *                        integer number of quantised units (0..127).
 *             | "iter"   maximum iterations (>= 1)
 *             | "period" syndrome check period (0 = no early termination)
 *             | "scale"  llr_scale, the channel quantisation of fixed point
 *             | "nm"     minmax only: truncation, every variable-to-check message
 *                        keeps its nm smallest entries (1 <= nm < q, checked
 *                        against the code's q when the decoder is created and
 *                        at each call; ldpc_decoder_config.truncation)
 *             | "posterior" fixed layered only: 16 (exact sums, the default) or
 *                        8 (saturated, checks one after another;
 *                        ldpc_decoder_config.posterior_bits); 8 implies cap=31
 *             | "cap"    with posterior=8: the cap on the magnitudes entering a
 *                        check, 1..127 (ldpc_decoder_config.message_cap)
 *             | "order"  with posterior=8: "check" (the default: checks one
 *                        after another) or "layer" (a layer's checks side by
 *                        side, the GPU's decoder; ldpc_decoder_config.
 *                        saturated_order)
 *
 * Examples: "fixed-layered-nms", "float-flooding-spa,iter=100",
 * "fixed-layered-oms,offset=2", "fixed-layered-nms,norm=0.8125,scale=4",
 * "fixed-layered-minmax,iter=15,nm=12", "fixed-layered-oms,posterior=8",
 * "fixed-layered-oms,posterior=8,cap=24", "fixed-layered-oms,posterior=8,order=layer".
 * Parsing starts from ldpc_decoder_config_default() and ends with
 * ldpc_decoder_config_validate() (ldpc_nb_decoder_config_default() and
 * ldpc_nb_decoder_config_validate() for minmax); each key may appear at most
 * once. "default" is the binary default; nonbinary callers map it to
 * ldpc_nb_decoder_config_default() themselves. */
#ifndef LDPC_DECODER_SPEC_H
#define LDPC_DECODER_SPEC_H

#include <stddef.h>

#include "ldpc/decoder.h"
#include "ldpc/error.h"
#include "ldpc/export.h"

/* Enough for any string ldpc_decoder_spec_format writes. */
#define LDPC_DECODER_SPEC_SIZE 160

LDPC_API ldpc_status ldpc_decoder_spec_parse(const char *spec, ldpc_decoder_config *out,
                                             ldpc_error *err);

/* Writes the shortest spec that parses back to the same configuration: the
 * base, then only the keys whose values differ from the base's defaults.
 * LDPC_ERR_INVALID if the configuration has no spec (e.g. a normalization
 * outside (0, 1]) or `size` is too small. */
LDPC_API ldpc_status ldpc_decoder_spec_format(const ldpc_decoder_config *config, char *out,
                                              size_t size, ldpc_error *err);

#endif
