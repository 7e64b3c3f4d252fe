/* The OpenCL decoder backend ("opencl"): 8-bit fixed-point layered and
 * flooding min-sum on a GPU (or PoCL on the CPU), bit-exact with the reference
 * backend. docs/OPENCL.md describes the design, the environment variables and
 * the per-vendor defaults.
 *
 * ldpc_decoder_create(config, limits, "opencl", ...) configures the device from
 * the environment (LDPC_CL_*); ldpc_opencl_decoder_create takes the same
 * settings as a struct. When no device can be used (no platform, a kernel that
 * does not build, out of resources, a lost device) the decoder falls back to
 * the best CPU backend for the configuration: every frame is still decoded,
 * and the reason is kept in the statistics below. */
#ifndef LDPC_OPENCL_BACKEND_H
#define LDPC_OPENCL_BACKEND_H

#include <stddef.h>
#include <stdint.h>

#include "ldpc/decoder.h"

typedef enum {
    LDPC_OPENCL_DEVICE_DEFAULT = 0, /* any type, GPUs and accelerators first */
    LDPC_OPENCL_DEVICE_GPU = 1,
    LDPC_OPENCL_DEVICE_CPU = 2,
    LDPC_OPENCL_DEVICE_ACCELERATOR = 3,
    LDPC_OPENCL_DEVICE_ALL = 4 /* any type, in the platform's order */
} ldpc_opencl_device_type;

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
 * for this many frames, or the decoder's max_frames if fewer): on the H100 it
 * was faster than the group design at every batch size up to this one
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
#define LDPC_OPENCL_PAIR_KERNELS 4

/* Bits of ldpc_opencl_stats.layer_group_twins: the kernels in groups of one
 * DVB layer (360 work-items) and the check degree bound of each. */
#define LDPC_OPENCL_TWIN_CIRCULANT_D8 (1u << 0)
#define LDPC_OPENCL_TWIN_CIRCULANT_D16 (1u << 1)
#define LDPC_OPENCL_TWIN_LOCAL_D8 (1u << 2)
#define LDPC_OPENCL_TWIN_PAIRS_D8 (1u << 3)

#define LDPC_OPENCL_NAME_SIZE 128
#define LDPC_OPENCL_PATH_SIZE 512

typedef struct {
    char platform[LDPC_OPENCL_NAME_SIZE]; /* substring of the platform name ("" = any) */
    char device[LDPC_OPENCL_NAME_SIZE];   /* substring of the device name ("" = any) */
    ldpc_opencl_device_type device_type;
    int device_index;                     /* among the matching devices; -1 = the first */
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
     * 0 = the compiler's choice. On the H100 no cap made the latency design
     * faster (docs/OPENCL.md); a knob for measuring other devices. */
    uint32_t max_registers;
    /* Frames per work-item of the saturated decoder (posterior_bits 8), one
     * per lane of a char vector: 1, 2, 4, 8 or 16; 0 = the device's preferred
     * char vector width (CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR). Other values
     * round down to a power of two. */
    uint32_t char_lanes;
    /* Fault injection for tests: the device "is lost" at this decode call
     * (1-based); 0 = never. */
    uint32_t simulate_device_loss_at_call;
} ldpc_opencl_config;

/* Defaults (no environment): any device, GPUs first, automatic design. */
ldpc_opencl_config ldpc_opencl_config_default(void);

/* Overlays the environment: LDPC_CL_PLATFORM, LDPC_CL_DEVICE,
 * LDPC_CL_DEVICE_TYPE (gpu|cpu|accelerator|all|default), LDPC_CL_DEVICE_INDEX,
 * LDPC_CL_DESIGN (auto|item|group|latency|spread), LDPC_CL_LATENCY_POSTERIORS
 * (auto|local|global), LDPC_CL_LATENCY_TABLES (auto|slots|circulants),
 * LDPC_CL_LATENCY_PAIRS (auto|pairs|single),
 * LDPC_CL_ITERATIONS_PER_LAUNCH,
 * LDPC_CL_WORK_GROUP_SIZE, LDPC_CL_TABLE_CACHE_BYTES, LDPC_CL_MAX_BUFFER_BYTES,
 * LDPC_CL_PIPELINE_FRAMES, LDPC_CL_KERNEL_DIR, LDPC_CL_CACHE_DIR ("off"
 * disables the cache), LDPC_CL_PROFILE, LDPC_CL_COPY_THREADS,
 * LDPC_CL_MAX_REGISTERS, LDPC_CL_SIMULATE_DEVICE_LOSS_AT_CALL. A value that does not parse is an error naming the
 * variable. */
ldpc_status ldpc_opencl_config_from_env(ldpc_opencl_config *config, ldpc_error *err);

/* Like ldpc_decoder_create(config, limits, "opencl", ...) with explicit
 * device settings instead of the environment. */
ldpc_status ldpc_opencl_decoder_create(const ldpc_decoder_config *config,
                                       const ldpc_decoder_limits *limits,
                                       const ldpc_opencl_config *opencl, ldpc_decoder **out,
                                       ldpc_error *err);

typedef struct {
    int on_device;            /* 1 while decoding on the device, 0 after a fallback */
    uint32_t fallbacks;       /* times the decoder switched to the CPU (0 or 1) */
    char fallback_reason[LDPC_ERROR_MESSAGE_SIZE];
    uint64_t frames_on_cpu;   /* frames decoded by the fallback */
    const char *cpu_backend;  /* the fallback: the best CPU backend for the configuration */

    char platform_name[LDPC_OPENCL_NAME_SIZE];
    char device_name[LDPC_OPENCL_NAME_SIZE];
    char driver_version[LDPC_OPENCL_NAME_SIZE];
    char vendor_defaults[32];  /* the row of the per-vendor table that applied */
    int unified_memory;        /* CL_DEVICE_HOST_UNIFIED_MEMORY */
    int program_from_cache;    /* 1 if the program binary came from the disk cache */
    char cache_note[LDPC_ERROR_MESSAGE_SIZE]; /* why the cache was not used or written */
    double program_build_ms;

    uint32_t buffers_created;  /* clCreateBuffer calls: all at creation */
    size_t device_bytes;       /* device memory reserved at creation */
    /* CL_DEVICE_MAX_MEM_ALLOC_SIZE (0: not reported); with max_buffer_bytes
     * it sets frames_per_pass. */
    uint64_t max_alloc_bytes;
    /* Frames of one device pass (every buffer is sized for it): the limits'
     * max_frames, or fewer where their buffers would pass max_buffer_bytes. */
    uint32_t frames_per_pass;
    /* pipeline_frames as it applies on this device (0: no pipelining) */
    uint32_t pipeline_frames;
    uint32_t iterations_per_launch;
    uint32_t item_group_size;  /* work-group size of the item-per-frame kernels */
    uint32_t frame_group_size; /* cap of the group-per-frame work-groups */
    /* Largest work-group of the latency kernels for check degrees up to 8,
     * 16, 32 (0: none); a code whose largest layer has more checks uses the
     * group design instead. */
    uint32_t latency_group_sizes[3];
    /* The same for the circulant kernels (at least 180 to run a DVB layer of
     * 360 checks, else the slot kernels take it). */
    uint32_t circulant_group_sizes[3];
    /* The program has the kernels that require groups of one DVB layer (360
     * work-items, one check each): the circulant kernels of check degree
     * bounds 8 and 16, the local-posterior and pair kernels of bound 8.
     * Built where the device runs groups that large; a decoder configured
     * for smaller groups does not take them, nor a twin for which the device
     * reports a smaller CL_KERNEL_WORK_GROUP_SIZE (but NVIDIA's, which
     * understates it). */
    int layer_group_kernels;
    /* Which of those this decoder kept (LDPC_OPENCL_TWIN_* bits): none where
     * it is configured for smaller groups, and not one the device reports it
     * cannot run in a whole layer. */
    uint32_t layer_group_twins;
    /* CL_DEVICE_LOCAL_MEM_SIZE, and whether it is dedicated (CL_LOCAL): the
     * latency design keeps a frame's posteriors there where they fit
     * (latency_posteriors in the configuration). */
    uint64_t local_memory_bytes;
    int local_memory_dedicated;
    uint32_t compute_units;    /* CL_DEVICE_MAX_COMPUTE_UNITS */
    uint32_t copy_threads;     /* host threads of the staging copies */
    uint32_t max_registers;    /* the register cap the program was built with; 0 = none */
    /* Frames per work-item of a posterior=8 decoder: the width its program
     * was built with (char_lanes above), or 1 where its buffers hold fewer
     * rows than that (the scalar kernels); 1 for every other decoder. */
    uint32_t char_lanes;

    /* batches: device passes (a call of more than frames_per_pass frames is
     * several, and counts once in split_calls) */
    uint64_t batches, frames, launches, status_reads, split_calls;
    uint64_t pipelined_calls; /* calls decoded in pipelined passes */
    uint64_t batches_item_per_frame, batches_group_per_frame, batches_latency;
    uint64_t batches_latency_local; /* of batches_latency: posteriors in local memory */
    uint64_t batches_circulant;     /* of batches_latency: circulant tables */
    uint64_t batches_pairs;         /* of batches_latency: two frames per group */
    /* The pair kernels' check degree bounds, ascending; a code takes the
     * smallest at or above its largest check degree. Of batches_pairs, the
     * passes of each. */
    uint32_t pair_kernel_bounds[LDPC_OPENCL_PAIR_KERNELS];
    uint64_t batches_pairs_bound[LDPC_OPENCL_PAIR_KERNELS];
    /* The largest work-group each pair kernel takes (0: none). */
    uint32_t pair_group_sizes[LDPC_OPENCL_PAIR_KERNELS];
    /* of batches_latency: a kernel that requires groups of one DVB layer
     * (layer_group_kernels) */
    uint64_t batches_layer_group;
    uint64_t batches_spread;
    uint64_t table_lookups, table_cache_hits, table_cache_misses, table_uploads;
    uint64_t table_evictions, table_upload_bytes;
    uint64_t last_upload_ns;  /* wall time of the latest table upload, transfer included */
    uint32_t tables_resident;

    /* With profile = 1, cumulative device times from events (nanoseconds). */
    uint64_t kernel_ns, transfer_ns, upload_ns;
} ldpc_opencl_stats;

/* The statistics of a decoder created with the "opencl" backend;
 * LDPC_ERR_INVALID for a decoder of another backend. */
ldpc_status ldpc_opencl_stats_get(const ldpc_decoder *decoder, ldpc_opencl_stats *out,
                                  ldpc_error *err);

#endif
