/* The CPU SIMD variants as decoder backends, for the backend registry. */
#ifndef LDPC_SIMD_BACKEND_H
#define LDPC_SIMD_BACKEND_H

#include <stddef.h>

#include "decode/backend.h"

#define SIMD_MAX_VARIANTS 3

/* Variants compiled for this architecture, best first (may be 0). */
size_t simd_backend_count(void);
const decode_backend *simd_backend_at(size_t index);

#endif
