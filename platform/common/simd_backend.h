/* The CPU SIMD inter-frame decoders as decoder backends, one per
 * instruction-set variant (simd_layered.h), for the backend registry. */
#ifndef LDPC_SIMD_BACKEND_H
#define LDPC_SIMD_BACKEND_H

#include "common/simd_layered.h"
#include "decode/backend.h"

/* The backend of `variant` (named after it: "avx2"); `variant` must outlive it. */
decode_backend simd_backend(const simd_variant *variant);

#endif
