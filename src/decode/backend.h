/* The interface every decoder backend implements (reference, SIMD, OpenCL),
 * and the registry that picks one. A backend is a table of functions over an
 * opaque state that the decoder reserves for it at creation; nothing in a
 * decode call may allocate.
 *
 * Adding a backend: define a `const decode_backend` in its own file (under
 * platform/<target>/ when it is target-specific; that file, not src/, holds
 * the #ifdefs and makes `available` return 0 where it cannot run), declare it
 * below and add one line to the table in backend_registry.c. */
#ifndef LDPC_DECODE_BACKEND_H
#define LDPC_DECODE_BACKEND_H

#include <stddef.h>
#include <stdint.h>

#include "ldpc/decoder.h"

typedef struct decode_backend {
    const char *name;
    /* 1 if this build and this machine (CPU features, a device) can run it. */
    int (*available)(void);
    /* 1 if it implements this configuration (arithmetic, rule, schedule). */
    int (*supports)(const ldpc_decoder_config *config);
    /* Bytes of host memory the decoder reserves for the backend's state. */
    size_t (*state_bytes)(const ldpc_decoder_limits *limits, const ldpc_decoder_config *config);
    /* Prepares `state` (state_bytes bytes, zeroed, 64-byte aligned). Also the
     * only place a backend may acquire outside resources (device buffers).
     * Decoding keeps no memory between calls: every frame starts afresh. */
    ldpc_status (*init)(void *state, const ldpc_decoder_limits *limits,
                        const ldpc_decoder_config *config, ldpc_error *err);
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
    /* Releases what init acquired outside `state`; NULL when nothing. */
    void (*destroy)(void *state);
    /* Optional (NULL: the name says it all): where the decoder runs, into
     * `out` (for logs: the OpenCL backend names its device); returns 1 where
     * it decodes elsewhere than its name promises (the OpenCL backend on the
     * CPU), else 0. */
    int (*describe)(const void *state, char *out, size_t size);
} decode_backend;

/* The registered backends. */
extern const decode_backend reference_backend;
extern const decode_backend opencl_backend; /* platform/opencl; unavailable without OpenCL */

/* The error of a float input value that is not finite: `index` counts from
 * the first frame's first value. */
ldpc_status decoder_fail_not_finite(const ldpc_code *code, size_t index, float value,
                                    ldpc_error *err);

/* The state of `decoder` if it runs `backend`, else NULL (for backend-specific
 * queries such as ldpc_opencl_stats_get). */
void *decoder_backend_state(const ldpc_decoder *decoder, const decode_backend *backend);

/* Environment variable that overrides a request for "auto" (or NULL). */
#define LDPC_BACKEND_ENV "LDPC_BACKEND"

/* Resolves a request: NULL or "auto" (unless LDPC_BACKEND names another) is
 * the first registered backend that is available and supports `config`; any
 * other name must be registered, available and support `config`. Unknown
 * names fail with LDPC_ERR_INVALID and a message listing the registered ones. */
ldpc_status backend_select(const char *requested, const ldpc_decoder_config *config,
                           const decode_backend **out, ldpc_error *err);

/* The registry in preference order (best first), e.g. for tests that run
 * every backend against the reference. */
size_t backend_count(void);
const decode_backend *backend_at(size_t index);

#endif
