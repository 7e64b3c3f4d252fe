/* The x86 instances of the 8-bit Min-Max decoder (nb/nb_simd.h), each
 * compiled with its own -m flags (cmake/Platform.cmake). */
#ifndef LDPC_X86_NB_VARIANTS_H
#define LDPC_X86_NB_VARIANTS_H

#include "nb/nb_simd.h"

uint32_t avx2_q32_nb_decode_frame(const ldpc_nb_code *code, const ldpc_decoder_config *config,
                                  nb_fixed_workspace *ws, uint8_t *symbols, int *converged);
uint32_t avx2_q64_nb_decode_frame(const ldpc_nb_code *code, const ldpc_decoder_config *config,
                                  nb_fixed_workspace *ws, uint8_t *symbols, int *converged);
uint32_t avx512_q32_nb_decode_frame(const ldpc_nb_code *code, const ldpc_decoder_config *config,
                                    nb_fixed_workspace *ws, uint8_t *symbols, int *converged);
uint32_t avx512_q64_nb_decode_frame(const ldpc_nb_code *code, const ldpc_decoder_config *config,
                                    nb_fixed_workspace *ws, uint8_t *symbols, int *converged);

#endif
