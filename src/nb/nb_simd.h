/* The SIMD instances of the 8-bit Min-Max decoder (platform/: one vector per
 * message of q bytes, instantiated per instruction set from
 * platform/common/nb_minmax_simd_template.h). Each reproduces
 * nb_fixed_decode_frame bit for bit, from the same workspace; src/ sees them
 * only through this table, so that it needs no architecture #ifdef. */
#ifndef LDPC_NB_SIMD_H
#define LDPC_NB_SIMD_H

#include <stddef.h>
#include <stdint.h>

#include "nb/nb_minmax.h"

typedef uint32_t (*nb_fixed_frame_fn)(const ldpc_nb_code *code, const ldpc_decoder_config *config,
                                      nb_fixed_workspace *ws, uint8_t *symbols, int *converged);

typedef struct {
    const char *name; /* "avx512bw", "avx2", "neon" */
    int (*cpu_supports)(void);
    /* The frame decoder for codes over GF(q), or NULL for a q this variant
     * does not handle (the decoder then uses the portable reference). */
    nb_fixed_frame_fn (*frame_for_q)(uint32_t q);
} nb_simd_variant;

/* The variants this build carries for its architecture, best first (may be
 * none): platform/x86/nb_variants_x86.c, platform/common/nb_variants_none.c. */
size_t nb_simd_variant_count(void);
const nb_simd_variant *nb_simd_variant_at(size_t index);

#endif
