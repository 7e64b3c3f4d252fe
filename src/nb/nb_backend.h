/* The backend a nonbinary decoder is created on, as the registry chose it
 * (src/api/backend_registry.h, nb_backend_select): the portable reference,
 * a SIMD variant (nb/nb_simd.h) or OpenCL with the reference as its CPU
 * fallback (nb/nb_opencl.h). */
#ifndef LDPC_NB_BACKEND_H
#define LDPC_NB_BACKEND_H

#include "ldpc/nonbinary.h"
#include "nb/nb_simd.h"

#define NB_REFERENCE_BACKEND "reference"
#define NB_OPENCL_BACKEND "opencl"

typedef struct {
    const nb_simd_variant *simd; /* NULL: none */
    int opencl;                  /* 1: the "opencl" backend (simd NULL) */
} nb_backend;

/* The configuration and limits checked as ldpc_nb_decoder_create does,
 * before a backend is chosen. */
ldpc_status nb_decoder_check(const ldpc_decoder_config *config,
                             const ldpc_nb_decoder_limits *limits, ldpc_error *err);

/* A decoder on `backend` for a configuration and limits that
 * nb_decoder_check accepted; opencl_options (cl_options, or NULL for the
 * LDPC_CL_* environment) configure the "opencl" backend's device. */
ldpc_status nb_decoder_create(const ldpc_decoder_config *config,
                              const ldpc_nb_decoder_limits *limits, const nb_backend *backend,
                              const void *opencl_options, ldpc_nb_decoder **out,
                              ldpc_error *err);

#endif
