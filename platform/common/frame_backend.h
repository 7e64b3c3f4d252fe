/* The frame-path variants as decoder backends, for the backend registry
 * (frame_backend.c): the combined ones ("avx2-frame+avx2": DVB codes on the
 * frame path, other codes on the inter-frame decoder) come first, "auto"
 * picks them; the plain "*-frame" ones come last and are chosen by name. */
#ifndef LDPC_FRAME_BACKEND_H
#define LDPC_FRAME_BACKEND_H

#include <stddef.h>

#include "decode/backend.h"

#define FRAME_MAX_VARIANTS 4

/* Variants compiled for this architecture plus the portable one, best first. */
size_t frame_backend_count(void);
const decode_backend *frame_backend_at(size_t index);

/* One per variant of this architecture (none for the portable one), best
 * first; available where both halves run here. */
size_t frame_combined_backend_count(void);
const decode_backend *frame_combined_backend_at(size_t index);

#endif
