/* The frame-path decoders as decoder backends, for the backend registry
 * (frame_backend.c): a plain one per variant ("avx2-frame": codes off the
 * frame path on the reference) and, with a partner, a combined one
 * ("avx2-frame+avx2": codes off the frame path on the inter-frame decoder). */
#ifndef LDPC_FRAME_BACKEND_H
#define LDPC_FRAME_BACKEND_H

#include "common/frame_decoder.h"
#include "decode/backend.h"

/* The backend of `variant` called `name`; `partner` (or NULL) decodes the
 * codes off the frame path. All three must outlive it. */
decode_backend frame_backend(const frame_variant *variant, const decode_backend *partner,
                             const char *name);

#endif
