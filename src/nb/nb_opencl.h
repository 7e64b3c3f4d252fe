/* The "opencl" backend of the nonbinary decoder as src/nb sees it
 * (platform/opencl/nb_opencl_backend.c, compiled with or without OpenCL):
 * the device decodes whole calls; when it cannot (no platform, a kernel that
 * does not build, a failed call, a code it does not take) the decoder's own
 * reference path decodes them instead. */
#ifndef LDPC_NB_OPENCL_H
#define LDPC_NB_OPENCL_H

#include <stdint.h>

#include "ldpc/nonbinary.h"

typedef struct nb_opencl nb_opencl;

/* 1 when this build has OpenCL (the backend may still fall back at run time). */
int nb_opencl_available(void);

/* Configured by `options` (cl_options), or where NULL from the
 * LDPC_CL_* environment (an unparsable variable is the only error). A device
 * that cannot be used is not an error: the state records why and decodes
 * nothing. */
ldpc_status nb_opencl_create(const ldpc_decoder_config *config,
                             const ldpc_nb_decoder_limits *limits, const void *options,
                             nb_opencl **out, ldpc_error *err);

/* 1 if the device decoded the call (symbols and stats filled); 0 if the
 * caller must decode it on the CPU (counted as frames_on_cpu). Exactly one of
 * llr_f32 and llr_i8 is set. */
int nb_opencl_decode(nb_opencl *state, const ldpc_nb_code *code, const float *llr_f32,
                     const int8_t *llr_i8, uint32_t frames, uint8_t *symbols,
                     ldpc_frame_stats *stats);

void nb_opencl_destroy(nb_opencl *state);

/* "opencl on DEVICE (PLATFORM)" and 0, or "opencl on the CPU (reference):
 * REASON" and 1 (ldpc_nb_decoder_describe). */
int nb_opencl_describe(const nb_opencl *state, char *out, size_t size);

/* ldpc_nb_decoder_counters_get of a decoder on this backend; `out` is zeroed. */
void nb_opencl_counters(const nb_opencl *state, ldpc_decoder_counters *out);

/* The decoder's OpenCL state, NULL for other backends (nb_decoder.c). */
nb_opencl *nb_decoder_opencl(const ldpc_nb_decoder *decoder);

#endif
