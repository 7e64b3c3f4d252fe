/* The low-latency frame-path variants as decoder backends, for the backend
 * registry (listed after the reference: chosen by name only, never by "auto"). */
#ifndef LDPC_FRAME_BACKEND_H
#define LDPC_FRAME_BACKEND_H

#include <stddef.h>

#include "decode/backend.h"

#define FRAME_MAX_VARIANTS 4

/* Variants compiled for this architecture plus the portable one, best first. */
size_t frame_backend_count(void);
const decode_backend *frame_backend_at(size_t index);

#endif
