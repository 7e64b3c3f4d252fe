/* Decoders: one interface, several backends. The portable reference backend
 * ("reference") defines the fixed-point algorithm bit for bit; every other
 * backend (SIMD, OpenCL) must reproduce its decisions and statistics exactly.
 *
 * A decoder is created for limits (largest code, frames per call) and never
 * allocates afterwards: decoding any code within those limits, and switching
 * between codes, touches only memory reserved at creation. */
#ifndef LDPC_DECODER_H
#define LDPC_DECODER_H

#include <stddef.h>
#include <stdint.h>

#include "ldpc/code.h"
#include "ldpc/export.h"

typedef enum {
    LDPC_ARITH_FIXED8 = 0, /* 8-bit saturating messages in [-127, +127] */
    LDPC_ARITH_FLOAT = 1   /* float messages: the error-rate reference */
} ldpc_arithmetic;

typedef enum {
    LDPC_RULE_MIN_SUM_NORMALIZED = 0, /* magnitude * normalization (1 = plain min-sum) */
    LDPC_RULE_MIN_SUM_OFFSET = 1,     /* max(magnitude - offset, 0) */
    LDPC_RULE_SUM_PRODUCT = 2,        /* exact box-plus; float only */
    LDPC_RULE_MIN_MAX = 3             /* nonbinary codes only (ldpc/nonbinary.h) */
} ldpc_check_rule;

typedef enum {
    LDPC_SCHEDULE_LAYERED = 0, /* checks updated layer by layer (code->layer_*) */
    LDPC_SCHEDULE_FLOODING = 1 /* all checks, then all variables */
} ldpc_schedule;

/* With 8-bit (saturated) posteriors: how the checks of a layer meet them. */
typedef enum {
    /* One after another, each reading the posteriors the previous check wrote
     * (Le Gal et al.'s x86 decoders; one frame per SIMD lane). */
    LDPC_SATURATED_BY_CHECK = 0,
    /* All from the posteriors of the layer's start; then each posterior takes
     * the sum of its changes in the layer at once, saturated: the checks of a
     * layer run side by side, as on a GPU (docs/DECODERS.md). */
    LDPC_SATURATED_BY_LAYER = 1
} ldpc_saturated_order;

/* message_cap value that caps nothing (messages are within [-127, 127]). */
#define LDPC_MESSAGE_CAP_NONE 127

typedef struct {
    ldpc_arithmetic arithmetic;
    ldpc_check_rule rule;
    ldpc_schedule schedule;
    uint32_t max_iterations;
    /* Syndrome check after every syndrome_period-th iteration (and always after
     * the last one); 0 disables early termination. */
    uint32_t syndrome_period;
    /* Float: normalization factor and offset in LLR units. */
    float normalization;
    float offset;
    /* Fixed point: (magnitude * normalization_q4 + 8) >> 4 (rounded half up),
     * or max(magnitude - offset_q, 0), in quantised units. */
    uint8_t normalization_q4;
    uint8_t offset_q;
    /* Channel quantisation for fixed point: q = clamp(round(llr * llr_scale),
     * -127, 127). The default 3: a step of 1/3 LLR, saturation at 42.3. */
    float llr_scale;
    /* Worker threads for backends that decode batches in parallel (CPU SIMD);
     * 0 or 1 = the calling thread only. Threads are started at creation. */
    uint32_t threads;
    /* Nonbinary Min-Max only (ldpc/nonbinary.h): every variable-to-check
     * message keeps its `truncation` smallest entries (EMS-style nm, below q);
     * 0 = off. Binary rules require 0. */
    uint32_t truncation;
    /* Fixed point, layered schedule: 16 (default) keeps posteriors as exact
     * 16-bit sums; 8 keeps them saturated to [-127, 127] as Le Gal et al.'s
     * x86 decoders do, which halves the memory a frame's posteriors take and
     * needs no widening in SIMD. With 8, the checks of a layer run one after
     * another, each reading the posteriors as the previous check left them
     * (docs/DECODERS.md, "Saturated posteriors"). */
    uint8_t posterior_bits;
    /* Fixed point: the magnitude of every message entering a check is capped
     * at message_cap (1..127) before the minima. Saturated posteriors need a
     * cap well below 127 (without it a converged frame left running drifts
     * and fails); 127 (no cap) is the only value 16-bit posteriors take. */
    uint8_t message_cap;
    /* With posterior_bits 8: an ldpc_saturated_order (by check, the default,
     * or by layer). 16-bit posteriors take LDPC_SATURATED_BY_CHECK (0). */
    uint8_t saturated_order;
} ldpc_decoder_config;

/* Defaults: fixed point, layered, offset min-sum (offset 1 = 1/3 LLR; float
 * 0.5), 50 iterations, syndrome every iteration, llr_scale 3, exact 16-bit
 * posteriors, no message cap. A normalized rule uses 0.8125 (13/16) unless
 * set. */
LDPC_API ldpc_decoder_config ldpc_decoder_config_default(void);
/* Checks ranges and combinations (sum-product is float only, ...). */
LDPC_API ldpc_status ldpc_decoder_config_validate(const ldpc_decoder_config *config,
                                                  ldpc_error *err);

typedef struct {
    uint32_t max_n;
    uint32_t max_m;
    uint32_t max_edges;
    uint32_t max_check_degree;
    uint32_t max_layer_snapshots; /* code->max_layer_snapshots; may be 0 */
    uint32_t max_frames; /* frames per decode call */
    /* Bit 1u << f for each ldpc_family f of the codes to decode; 0 = any.
     * A backend reserves nothing for the families left out (the CPU frame
     * path, given only DVB codes, drops its decoder for other codes), and a
     * code of another family exceeds the limits. */
    uint32_t families;
} ldpc_decoder_limits;

/* Limits that fit `code` with `frames` per call, and the union of two limits. */
LDPC_API ldpc_decoder_limits ldpc_decoder_limits_for_code(const ldpc_code *code, uint32_t frames);
LDPC_API ldpc_decoder_limits ldpc_decoder_limits_union(ldpc_decoder_limits a,
                                                       ldpc_decoder_limits b);

typedef struct {
    uint32_t iterations;         /* iterations run (1..max_iterations) */
    uint32_t converged;          /* 1 if the final decision satisfies every check */
    uint32_t unsatisfied_checks; /* checks failing at exit */
    uint32_t corrected_bits;     /* decided bits that differ from the channel's hard decision */
} ldpc_frame_stats;

typedef struct ldpc_decoder ldpc_decoder;

/* backend: NULL or "auto" picks the best available; "reference" the portable C
 * decoder. The choice is reported by ldpc_decoder_backend_name. */
LDPC_API ldpc_status ldpc_decoder_create(const ldpc_decoder_config *config,
                                         const ldpc_decoder_limits *limits, const char *backend,
                                         ldpc_decoder **out, ldpc_error *err);
LDPC_API void ldpc_decoder_destroy(ldpc_decoder *decoder);
LDPC_API const char *ldpc_decoder_backend_name(const ldpc_decoder *decoder);
/* Where the decoder runs, for logs, into `out` (NUL-terminated, cut to
 * `size`): the backend's name, and what the backend adds to it (the OpenCL
 * backend: its device, or that it decodes on the CPU and why). Returns 1
 * where the backend decodes elsewhere than its name promises (the OpenCL
 * backend without a usable device), else 0. Not concurrently with a decode
 * call on the same decoder. */
LDPC_API int ldpc_decoder_describe(const ldpc_decoder *decoder, char *out, size_t size);
LDPC_API const ldpc_decoder_config *ldpc_decoder_get_config(const ldpc_decoder *decoder);
/* Bytes reserved at creation (for the memory report of the bench tool). */
LDPC_API size_t ldpc_decoder_footprint(const ldpc_decoder *decoder);
/* Frames of `code` the decoder decodes side by side, over its threads and
 * vector lanes (the CPU frame path: one per thread; the inter-frame SIMD
 * decoders: their lanes per thread, 64 in AVX-512). A call of fewer leaves
 * some idle. Backends without such a figure say 1 (the reference, OpenCL,
 * which wants thousands: docs/OPENCL.md). */
LDPC_API uint32_t ldpc_decoder_frames_at_once(const ldpc_decoder *decoder, const ldpc_code *code);
/* 1 if decoding `code` reads its Tanner graph, so that a compact code
 * (ldpc_code_create_compact) must be built whole for this decoder; 0 where
 * the backend decodes it from the DVB table (the CPU frame path). */
LDPC_API int ldpc_decoder_needs_graph(const ldpc_decoder *decoder, const ldpc_code *code);

/* Memory of the decoder's own that a decode_i8 call reads its values from,
 * or writes its decided bits into, in place: the OpenCL backend's pinned
 * staging, which its device reads and writes directly. Each holds
 * limits.max_frames frames of limits.max_n values (bytes of bits). A caller
 * that converts its soft values straight into the input area, or reads its
 * results straight from the output area, saves a copy of every value of a
 * call (two passes over memory for the host: for a GPU service, as many as
 * its conversion and packing). llr or bits point into an area for the
 * decoder to take them in place; the decoder leaves both alone between
 * calls, and they stay valid until ldpc_decoder_destroy (a device lost in
 * a call keeps them for its CPU fallback). NULL where the backend has none:
 * it reads and writes the caller's arrays in place anyway. */
LDPC_API int8_t *ldpc_decoder_input_area(ldpc_decoder *decoder);
LDPC_API uint8_t *ldpc_decoder_output_area(ldpc_decoder *decoder);

/* What a decoder has done besides decoding, the same fields for every backend
 * (zero where a backend has none of it), for a service that watches its
 * decoders without knowing their backends. */
typedef struct {
    int has_device;         /* 1 for a backend that decodes on a device (OpenCL) */
    int on_device;          /* 1 while it still does (0 once it fell back to the CPU) */
    uint32_t fallbacks;     /* moves to the CPU fallback (at creation or after a failed call) */
    uint64_t frames_on_cpu; /* frames its CPU fallback decoded */
    uint64_t table_uploads; /* parity-check tables copied to the device */
    /* A condition worth a line in a log that does not stop decoding (a
     * device program cache that could not be read or written), or "". */
    char note[LDPC_ERROR_MESSAGE_SIZE];
} ldpc_decoder_counters;

/* The counters so far, into `out`. Not concurrently with a decode call on the
 * same decoder. */
LDPC_API void ldpc_decoder_counters_get(const ldpc_decoder *decoder, ldpc_decoder_counters *out);

/* Decode `frames` frames laid out one after another. llr: n values per frame,
 * positive means bit 0. bits: n bytes of 0/1 per frame (the decided codeword).
 * stats: one per frame (may be NULL).
 * decode_f32 rejects non-finite values (LDPC_ERR_INVALID, naming frame and bit)
 * before touching any output; for fixed point it quantises with llr_scale.
 * decode_i8 takes already-quantised values (-128 is read as -127); a float
 * decoder reads them as llr = value / llr_scale. */
LDPC_API ldpc_status ldpc_decoder_decode_f32(ldpc_decoder *decoder, const ldpc_code *code,
                                             const float *llr, uint32_t frames, uint8_t *bits,
                                             ldpc_frame_stats *stats, ldpc_error *err);
LDPC_API ldpc_status ldpc_decoder_decode_i8(ldpc_decoder *decoder, const ldpc_code *code,
                                            const int8_t *llr, uint32_t frames, uint8_t *bits,
                                            ldpc_frame_stats *stats, ldpc_error *err);

#endif
