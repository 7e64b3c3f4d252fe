/* The ARM instances of the inter-frame decoders (exact and saturated
 * posteriors) and their HWCAP check. */
#ifndef LDPC_ARM_VARIANTS_H
#define LDPC_ARM_VARIANTS_H

#include "common/simd_layered.h"

void neon_layered_decode(const ldpc_code *code, const ldpc_decoder_config *config,
                         simd_workspace *ws, simd_frame_source *source);

void neon_saturated_decode(const ldpc_code *code, const ldpc_decoder_config *config,
                           simd_workspace *ws, simd_frame_source *source);

int arm_has_neon(void);

#endif
