/* The registry of decoder backends, binary and nonbinary: which exist in this
 * build, in which order "auto" prefers them, and how composite backends are
 * put together (the frame path's inter-frame partner, the CPU fallback of
 * OpenCL). It sits above the backends: they never include this header. */
#ifndef LDPC_API_BACKEND_REGISTRY_H
#define LDPC_API_BACKEND_REGISTRY_H

#include <stddef.h>

#include "decode/backend.h"
#include "nb/nb_backend.h"

/* Environment variable that overrides a request for "auto" (or NULL). */
#define LDPC_BACKEND_ENV "LDPC_BACKEND"

/* Resolves a request: NULL or "auto" (unless LDPC_BACKEND names another) is
 * the first registered backend that is available and supports `config`; any
 * other name must be registered, available and support `config`. Unknown
 * names fail with LDPC_ERR_INVALID and a message listing the registered ones. */
ldpc_status backend_select(const char *requested, const ldpc_decoder_config *config,
                           const decode_backend **out, ldpc_error *err);

/* The fallback `backend` is created with for `config` (backend_setup): its
 * partner, the best CPU backend for a device, else NULL. */
const decode_backend *backend_fallback(const decode_backend *backend,
                                       const ldpc_decoder_config *config);

/* The registry in preference order (best first), e.g. for tests that run
 * every backend against the reference; NULL past the end. */
size_t backend_count(void);
const decode_backend *backend_at(size_t index);

/* The registered backend called `name`, or NULL. */
const decode_backend *backend_find(const char *name);

/* The nonbinary decoder's backend for a request: NULL or "auto" is the
 * first SIMD variant this CPU runs in 8-bit fixed point, else the reference
 * (never OpenCL: a device is chosen by name); otherwise "reference",
 * "opencl" (8-bit fixed point, a build with OpenCL) or a SIMD variant's
 * name, which must run here in 8-bit fixed point. Unknown names fail with
 * LDPC_ERR_INVALID and a message listing the known ones. */
ldpc_status nb_backend_select(const char *requested, const ldpc_decoder_config *config,
                              nb_backend *out, ldpc_error *err);

#endif
