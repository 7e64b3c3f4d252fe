/* The NEON instances of the 8-bit Min-Max decoder (nb/nb_simd.h); on 32-bit
 * ARM compiled for NEON (cmake/Platform.cmake) and run only where HWCAP
 * reports it. */
#ifndef LDPC_ARM_NB_VARIANTS_H
#define LDPC_ARM_NB_VARIANTS_H

#include "nb/nb_simd.h"

uint32_t neon_q32_nb_decode_frame(const ldpc_nb_code *code, const ldpc_decoder_config *config,
                                  nb_fixed_workspace *ws, uint8_t *symbols, int *converged);
uint32_t neon_q64_nb_decode_frame(const ldpc_nb_code *code, const ldpc_decoder_config *config,
                                  nb_fixed_workspace *ws, uint8_t *symbols, int *converged);

#endif
