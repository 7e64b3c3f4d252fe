/* Everything an OpenCL decoder is configured with: the user's choice
 * (ldpc_opencl_config, include/ldpc/opencl.h) and the tuning keys of its
 * `tuning` text (LDPC_CL_TUNING), parsed into fields; docs/OPENCL.md lists
 * the keys. Internal: tools and tests that measure or force a design set
 * these fields; users set the text. */
#ifndef LDPC_CL_OPTIONS_H
#define LDPC_CL_OPTIONS_H

#include <stddef.h>
#include <stdint.h>

#include "ldpc/opencl.h"

typedef enum {
    LDPC_OPENCL_DESIGN_AUTO = 0,
    /* One work-item per frame, messages interleaved [edge][frame]: any code,
     * needs many frames in flight to fill a GPU. */
    LDPC_OPENCL_DESIGN_ITEM_PER_FRAME = 1,
    /* One work-group per frame, the checks of a layer (layered) or all checks
     * (flooding) in parallel, a few iterations per launch. */
    LDPC_OPENCL_DESIGN_GROUP_PER_FRAME = 2,
    /* Layered: one work-group per frame, the checks of a layer spread over its
     * work-items (two per work-item in registers, more through local memory),
     * every iteration in one launch (kernels/22_layered_latency.cl); the
     * fastest design at any batch size where it applies. Codes it cannot take
     * (check degree above 32, a layer whose records exceed local memory,
     * flooding) use GROUP_PER_FRAME. */
    LDPC_OPENCL_DESIGN_LATENCY = 3,
    /* Flooding: each frame's checks spread over the whole device, one launch
     * per iteration (kernels/32_flooding_spread.cl), for calls of a few
     * frames (at most LDPC_OPENCL_SPREAD_MAX_FRAMES; larger calls and the
     * layered schedule use GROUP_PER_FRAME). */
    LDPC_OPENCL_DESIGN_SPREAD = 4
} ldpc_opencl_design;

/* Most frames of a call the spread design takes (its extra totals are sized
 * for this many frames, or the decoder's max_frames if fewer): it was faster
 * than the group design at every batch size up to this one
 * (docs/OPENCL.md, "Four kernel designs and two layouts"). */
#define LDPC_OPENCL_SPREAD_MAX_FRAMES 128u

/* Where the latency design keeps a frame's posteriors. */
typedef enum {
    /* Local memory (kernels/23_layered_latency_local.cl) where it measured
     * faster: the device's local memory is dedicated (CL_DEVICE_LOCAL_MEM_TYPE
     * = CL_LOCAL; not Mali, not PoCL), the frame's posteriors fit it and the
     * check degree is at most 16, at any batch size; global memory otherwise
     * (docs/OPENCL.md). */
    LDPC_OPENCL_POSTERIORS_AUTO = 0,
    /* Local memory wherever they fit CL_DEVICE_LOCAL_MEM_SIZE, whatever its
     * type (for tests on PoCL, and for measuring). */
    LDPC_OPENCL_POSTERIORS_LOCAL = 1,
    /* Global memory always (kernels/22_layered_latency.cl). */
    LDPC_OPENCL_POSTERIORS_GLOBAL = 2
} ldpc_opencl_posterior_memory;

/* Which tables the latency design's kernels read a check's variables from,
 * where its posteriors are in global memory. */
typedef enum {
    /* The circulant tables where the code has them (a DVB code) and they
     * measured faster: posteriors in global memory, and check degree above 8
     * or a call of at most 4 frames per compute unit; else the slot tables. */
    LDPC_OPENCL_TABLES_AUTO = 0,
    /* Per-check slot words for every code (kernels/22_layered_latency.cl). */
    LDPC_OPENCL_TABLES_SLOTS = 1,
    /* Circulant tables (kernels/24_layered_circulant.cl) wherever the code
     * has them, the posteriors then in global memory whatever
     * latency_posteriors says; slot tables for other codes. */
    LDPC_OPENCL_TABLES_CIRCULANTS = 2
} ldpc_opencl_latency_tables;

/* Whether the latency design's slot kernel decodes two frames per work-group
 * (kernels/28_layered_latency_pairs.cl: one frame per 16-bit half of every
 * value), where the posteriors are in global memory, the slot tables are read
 * and the check degree is at most 32. */
typedef enum {
    /* Pairs where they measured faster (cl_batch_plan.c says where). */
    LDPC_OPENCL_PAIRS_AUTO = 0,
    /* Pairs wherever the kernel takes the batch. */
    LDPC_OPENCL_PAIRS_ON = 1,
    /* One frame per work-group always (kernels/22_layered_latency.cl). */
    LDPC_OPENCL_PAIRS_OFF = 2
} ldpc_opencl_latency_pairs;

/* Pair kernels, one per bound on the check degree (pair_kernel_bounds in the
 * statistics). */
typedef struct {
    /* The user's choice (ldpc_opencl_config). */
    char platform[LDPC_OPENCL_NAME_SIZE]; /* substring of the platform name ("" = any) */
    char device[LDPC_OPENCL_NAME_SIZE];   /* substring of the device name ("" = any) */
    ldpc_opencl_device_type device_type;
    int device_index;                     /* among the matching devices; -1 = the first */
    /* The tuning (ldpc_opencl_config.tuning, key=value), each 0 = auto. */
    ldpc_opencl_design design;
    ldpc_opencl_posterior_memory latency_posteriors; /* the latency design's posteriors */
    ldpc_opencl_latency_tables latency_tables;       /* and its tables */
    ldpc_opencl_latency_pairs latency_pairs;         /* and frames per group */
    uint32_t iterations_per_launch;       /* 0 = the vendor default */
    uint32_t work_group_size;             /* 0 = the vendor default, capped by the device */
    size_t table_cache_bytes;             /* device memory for resident code tables; 0 = room
                                             for 8 codes of the limits' largest size, at most
                                             a quarter of the largest allocation */
    /* Largest buffer of per-frame data (messages, posteriors) the device
     * decodes through: a call of more frames than fit goes in several passes.
     * 0 = 2^31 - 1 bytes (larger ones failed on NVIDIA's driver); the device's CL_DEVICE_MAX_MEM_ALLOC_SIZE caps it. */
    size_t max_buffer_bytes;
    /* A call of at least twice this many frames is decoded in pipelined
     * passes, one per this many frames (at most 8 passes, each at most half
     * the buffers; from three passes on, the first and last half the size of
     * the others where that fits): the host's copies of one pass overlap the
     * device's work on another. 0 = 16 x the compute units on a device
     * without unified memory, never on one with it (unmeasured there), and
     * not in the item design (one work-item per frame: small passes leave the
     * device idle); a value above half the largest call turns it off. */
    uint32_t pipeline_frames;
    char kernel_dir[LDPC_OPENCL_PATH_SIZE]; /* "" = the kernels embedded in the library */
    char cache_dir[LDPC_OPENCL_PATH_SIZE];  /* "" = $XDG_CACHE_HOME/ldpcd or ~/.cache/ldpcd */
    int binary_cache;                     /* 0 disables the program binary cache */
    int profile;                          /* 1: time kernels and transfers with events */
    /* Host threads for the copies into and out of the pinned staging buffers
     * (started at creation); 0 = the default (4, at most the online CPUs),
     * 1 = the calling thread only. */
    uint32_t copy_threads;
    /* Registers per work-item where the compiler takes a cap (NVIDIA:
     * -cl-nv-maxrregcount, cl_nv_compiler_options), for the whole program;
     * 0 = the compiler's choice (no cap measured made the latency design
     * faster); a knob for measuring other devices. */
    uint32_t max_registers;
    /* Frames per work-item of the saturated decoder (posterior_bits 8), one
     * per lane of a char vector: 1, 2, 4, 8 or 16; 0 = the device's preferred
     * char vector width (CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR). Other values
     * round down to a power of two. */
    uint32_t char_lanes;
    /* Fault injection for tests: the device "is lost" at this decode call
     * (1-based); 0 = never. */
    uint32_t simulate_device_loss_at_call;
} cl_options;

/* Defaults: any device, GPUs first, every tuning key automatic. */
cl_options cl_options_default(void);

/* `user`'s choice and its tuning text into `out` (from the defaults). A key
 * that is unknown or a value that does not parse is an error naming it. */
ldpc_status cl_options_from_config(const ldpc_opencl_config *user, cl_options *out,
                                   ldpc_error *err);

/* The same from the environment (ldpc_opencl_config_from_env). */
ldpc_status cl_options_from_env(cl_options *out, ldpc_error *err);

/* The generic counters (ldpc_decoder_counters_get) of a decoder of either
 * OpenCL backend, from its statistics; `out` is zeroed. */
void cl_counters_from_stats(const ldpc_opencl_stats *stats, ldpc_decoder_counters *out);

/* ldpc_opencl_decoder_create with options already parsed (src/api/decoder.c),
 * for tools and tests that force a design. */
ldpc_status cl_options_decoder_create(const ldpc_decoder_config *config,
                                      const ldpc_decoder_limits *limits,
                                      const cl_options *options, ldpc_decoder **out,
                                      ldpc_error *err);
/* The same for ldpc_nb_opencl_decoder_create (src/api/nonbinary.c). */
ldpc_status cl_options_nb_decoder_create(const ldpc_decoder_config *config,
                                         const ldpc_nb_decoder_limits *limits,
                                         const cl_options *options, ldpc_nb_decoder **out,
                                         ldpc_error *err);

#endif
