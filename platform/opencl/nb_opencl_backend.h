/* The OpenCL backend of the nonbinary Min-Max decoders ("opencl" in
 * ldpc_nb_decoder_create_backend): 8-bit fixed point, flooding and layered,
 * bit-identical to the portable reference (docs/NONBINARY.md, section
 * OpenCL). It takes the binary backend's device settings (ldpc_opencl_config,
 * LDPC_CL_* variables; the design field is not used: one work-group per
 * frame) and reports in the same statistics struct. When no device can be
 * used, frames are decoded by the reference on the CPU and the reason is kept
 * in the statistics. */
#ifndef LDPC_NB_OPENCL_BACKEND_H
#define LDPC_NB_OPENCL_BACKEND_H

#include "ldpc/nonbinary.h"
#include "opencl/opencl_backend.h"

/* Like ldpc_nb_decoder_create_backend(config, limits, "opencl", ...) with
 * explicit device settings instead of the environment. */
ldpc_status ldpc_nb_opencl_decoder_create(const ldpc_decoder_config *config,
                                          const ldpc_nb_decoder_limits *limits,
                                          const ldpc_opencl_config *opencl,
                                          ldpc_nb_decoder **out, ldpc_error *err);

/* LDPC_ERR_INVALID for a decoder of another backend. */
ldpc_status ldpc_nb_opencl_stats_get(const ldpc_nb_decoder *decoder, ldpc_opencl_stats *out,
                                     ldpc_error *err);

#endif
