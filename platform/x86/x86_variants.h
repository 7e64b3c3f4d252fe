/* The x86 instances of the inter-frame decoders, exact and saturated
 * posteriors (each file compiled with its own -m flags), and the CPUID checks
 * that gate them. */
#ifndef LDPC_X86_VARIANTS_H
#define LDPC_X86_VARIANTS_H

#include "common/simd_layered.h"

void sse41_layered_decode(const ldpc_code *code, const ldpc_decoder_config *config,
                          simd_workspace *ws, simd_frame_source *source);
void avx2_layered_decode(const ldpc_code *code, const ldpc_decoder_config *config,
                         simd_workspace *ws, simd_frame_source *source);
void avx512_layered_decode(const ldpc_code *code, const ldpc_decoder_config *config,
                           simd_workspace *ws, simd_frame_source *source);

void sse41_saturated_decode(const ldpc_code *code, const ldpc_decoder_config *config,
                            simd_workspace *ws, simd_frame_source *source);
void avx2_saturated_decode(const ldpc_code *code, const ldpc_decoder_config *config,
                           simd_workspace *ws, simd_frame_source *source);
void avx512_saturated_decode(const ldpc_code *code, const ldpc_decoder_config *config,
                             simd_workspace *ws, simd_frame_source *source);

int x86_has_sse41(void);
int x86_has_avx2(void);
int x86_has_avx512bw(void);

#endif
