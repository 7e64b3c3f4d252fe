/* The interface every decoder backend implements (reference, SIMD, frame
 * path, OpenCL). A backend is a table of functions over an opaque state that
 * the decoder reserves for it at creation; nothing in a decode call may
 * allocate. The functions that run before the state exists take the backend
 * itself (`self`), so one set of functions serves every variant; composition
 * (a fallback, a partner) is the registry's (api/backend_registry.h), which
 * hands it over in backend_setup.
 *
 * Adding a backend: define it in its own file (under platform/<target>/ when
 * it is target-specific; that file, not src/, holds the #ifdefs and makes
 * `available` return 0 where it cannot run), as a `const decode_backend` or a
 * constructor per variant, and register it in backend_registry.c. */
#ifndef LDPC_DECODE_BACKEND_H
#define LDPC_DECODE_BACKEND_H

#include <stddef.h>
#include <stdint.h>

#include "ldpc/decoder.h"

typedef struct decode_backend decode_backend;

/* Which kind of backend an entry of the registry is: tests and the registry's
 * composition select by kind, never by a pattern in the name. */
typedef enum {
    BACKEND_KIND_REFERENCE,      /* the portable C decoder */
    BACKEND_KIND_INTER_FRAME,    /* a SIMD instruction set, frames side by side in lanes */
    BACKEND_KIND_FRAME,          /* one frame per thread on the frame path ("avx2-frame") */
    BACKEND_KIND_FRAME_COMBINED, /* the frame path plus its inter-frame partner */
    BACKEND_KIND_DEVICE,         /* a device (OpenCL), with a CPU backend as its fallback */
} backend_kind;

/* What a backend is created with; the registry resolves all of it. */
typedef struct {
    const ldpc_decoder_limits *limits;
    const ldpc_decoder_config *config;
    /* The backend that decodes what this one does not (codes off the frame
     * path, a device that cannot be used), or NULL: chosen by the registry. */
    const decode_backend *fallback;
    /* Backend-specific options (cl_options for "opencl"), or NULL
     * for the backend's defaults (read from the environment). */
    const void *options;
} backend_setup;

struct decode_backend {
    const char *name;
    backend_kind kind;
    /* The backend's own description (an instruction-set variant), read by
     * its functions through `self`; NULL where it has none. */
    const void *variant;
    /* BACKEND_KIND_FRAME_COMBINED: the inter-frame backend for codes off the
     * frame path, set by the registry; it becomes backend_setup.fallback. */
    const decode_backend *partner;
    /* 1 if this build and this machine (CPU features, a device) can run it. */
    int (*available)(const decode_backend *self);
    /* 1 if it implements this configuration (arithmetic, rule, schedule). */
    int (*supports)(const decode_backend *self, const ldpc_decoder_config *config);
    /* Bytes of host memory the decoder reserves for the backend's state. */
    size_t (*state_bytes)(const decode_backend *self, const backend_setup *setup);
    /* Prepares `state` (state_bytes bytes, zeroed, 64-byte aligned). Also the
     * only place a backend may acquire outside resources (device buffers).
     * Decoding keeps no memory between calls: every frame starts afresh. */
    ldpc_status (*init)(const decode_backend *self, void *state, const backend_setup *setup,
                        ldpc_error *err);
    /* 1 if decode_i8 takes the caller's int8 values as they are: q in
     * [-128, 127], each -128 read as -127 (q_from_input) by the backend
     * itself (per frame on its workers, or on its device), never writing to
     * q. The decoder then skips its serial mapping pass on the calling thread.
     * Float input to a fixed-point decoder is still quantised by the decoder
     * (after its finiteness check), so q is then in [-127, 127] either way. */
    int maps_input;
    /* Optional (NULL: 1): frames of `code` the decoder decodes side by side,
     * over its threads and vector lanes. */
    uint32_t (*frames_at_once)(const void *state, const ldpc_code *code);
    /* Optional (NULL: every code): 1 if decoding `code` reads its Tanner
     * graph (check_offsets, layer_var, ...), which a compact code lacks. */
    int (*needs_graph)(const ldpc_code *code);
    /* 8-bit arithmetic. q: frames * code->n values in [-127, 127] (the caller
     * has already mapped -128), or in [-128, 127] where maps_input is set; the
     * caller has checked the code against the limits. stats: one per frame,
     * or NULL. */
    ldpc_status (*decode_i8)(void *state, const ldpc_code *code, const int8_t *q,
                             uint32_t frames, uint8_t *bits, ldpc_frame_stats *stats,
                             ldpc_error *err);
    /* Optional, fixed point (NULL: the decoder checks and quantises float
     * input on the calling thread, then calls decode_i8): decode_i8 of float
     * LLRs that the backend checks and quantises (ldpc_quantise with
     * config->llr_scale) itself, in parallel. llr: frames * code->n values,
     * not yet checked; channel: the decoder's frames * code->n bytes for the
     * quantised values. Every value is checked before any output is written:
     * one that is not finite fails through decoder_fail_not_finite for the
     * first such value. */
    ldpc_status (*decode_quantising)(void *state, const ldpc_code *code, const float *llr,
                                     uint32_t frames, int8_t *channel, uint8_t *bits,
                                     ldpc_frame_stats *stats, ldpc_error *err);
    /* Float arithmetic. llr: frames * code->n finite values. */
    ldpc_status (*decode_f32)(void *state, const ldpc_code *code, const float *llr,
                              uint32_t frames, uint8_t *bits, ldpc_frame_stats *stats,
                              ldpc_error *err);
    /* Optional (NULL: none): ldpc_decoder_input_area and _output_area, into
     * *input and *output (each may be set to NULL), valid for the state's
     * lifetime; decode_i8 takes q and bits that point into them in place. */
    void (*staging_areas)(void *state, int8_t **input, uint8_t **output);
    /* Releases what init acquired outside `state`; NULL when nothing. */
    void (*destroy)(void *state);
    /* Optional (NULL: the name says it all): where the decoder runs, into
     * `out` (for logs: the OpenCL backend names its device); returns 1 where
     * it decodes elsewhere than its name promises (the OpenCL backend on the
     * CPU), else 0. */
    int (*describe)(const void *state, char *out, size_t size);
    /* Optional (NULL: all zero): ldpc_decoder_counters_get; `out` is zeroed. */
    void (*counters)(const void *state, ldpc_decoder_counters *out);
};

/* The backends with no variants (the others are built by their files'
 * constructors, frame_backend.h and simd_backend.h). */
extern const decode_backend reference_backend;
extern const decode_backend opencl_backend; /* platform/opencl; unavailable without OpenCL */

/* The error of a float input value that is not finite: `index` counts from
 * the first frame's first value. */
ldpc_status decoder_fail_not_finite(const ldpc_code *code, size_t index, float value,
                                    ldpc_error *err);

/* The state of `decoder` if it runs `backend`, else NULL (for backend-specific
 * queries such as ldpc_opencl_stats_get). */
void *decoder_backend_state(const ldpc_decoder *decoder, const decode_backend *backend);

#endif
