/* The OpenCL decoder backend ("opencl"): 8-bit fixed-point layered and
 * flooding min-sum on a GPU (or PoCL on the CPU), bit-exact with the reference
 * backend; the nonbinary decoders have one too. docs/OPENCL.md describes the
 * design, the settings and the per-vendor defaults.
 *
 * ldpc_decoder_create(config, limits, "opencl", ...) configures the device from
 * the environment (ldpc_opencl_config_from_env); ldpc_opencl_decoder_create
 * takes the same settings as a struct. When no device can be used (no
 * platform, a kernel that does not build, out of resources, a lost device)
 * the decoder falls back to the best CPU backend for the configuration: every
 * frame is still decoded, and the reason is kept in the statistics below. */
#ifndef LDPC_OPENCL_H
#define LDPC_OPENCL_H

#include <stddef.h>
#include <stdint.h>

#include "ldpc/decoder.h"
#include "ldpc/export.h"
#include "ldpc/nonbinary.h"

typedef enum {
    LDPC_OPENCL_DEVICE_DEFAULT = 0, /* any type, GPUs and accelerators first */
    LDPC_OPENCL_DEVICE_GPU = 1,
    LDPC_OPENCL_DEVICE_CPU = 2,
    LDPC_OPENCL_DEVICE_ACCELERATOR = 3,
    LDPC_OPENCL_DEVICE_ALL = 4 /* any type, in the platform's order */
} ldpc_opencl_device_type;

#define LDPC_OPENCL_NAME_SIZE 128
#define LDPC_OPENCL_PATH_SIZE 512
#define LDPC_OPENCL_TUNING_SIZE 512

/* What a user chooses. */
typedef struct {
    char platform[LDPC_OPENCL_NAME_SIZE]; /* substring of the platform name ("" = any) */
    /* Substring of the device name ("" = any), or a number: the index among
     * the devices that match the platform and the type. */
    char device[LDPC_OPENCL_NAME_SIZE];
    ldpc_opencl_device_type device_type;
    /* Program binary cache: "" = $XDG_CACHE_HOME/ldpcd or ~/.cache/ldpcd,
     * "off" = none. */
    char cache_dir[LDPC_OPENCL_PATH_SIZE];
    /* Device memory for resident code tables; 0 = room for 8 codes of the
     * limits' largest size, at most a quarter of the largest allocation. */
    size_t table_cache_bytes;
    /* Tuning for measuring and developing, "key=value,..." ("" = every
     * choice automatic); docs/OPENCL.md lists the keys. */
    char tuning[LDPC_OPENCL_TUNING_SIZE];
} ldpc_opencl_config;

/* Defaults (no environment): any device, GPUs first, automatic tuning. */
LDPC_API ldpc_opencl_config ldpc_opencl_config_default(void);

/* Overlays the environment: LDPC_CL_PLATFORM, LDPC_CL_DEVICE ("[TYPE:]DEVICE"
 * or a TYPE alone, TYPE gpu|cpu|accelerator|all|default: device_type and
 * device), LDPC_CL_CACHE_DIR, LDPC_CL_TABLE_CACHE_BYTES, LDPC_CL_TUNING. A
 * value that does not parse is an error naming the variable. */
LDPC_API ldpc_status ldpc_opencl_config_from_env(ldpc_opencl_config *config, ldpc_error *err);

/* Like ldpc_decoder_create(config, limits, "opencl", ...) with explicit
 * device settings instead of the environment. */
LDPC_API ldpc_status ldpc_opencl_decoder_create(const ldpc_decoder_config *config,
                                                const ldpc_decoder_limits *limits,
                                                const ldpc_opencl_config *opencl,
                                                ldpc_decoder **out, ldpc_error *err);

/* Like ldpc_nb_decoder_create(config, limits, "opencl", ...) with
 * explicit device settings instead of the environment. */
LDPC_API ldpc_status ldpc_nb_opencl_decoder_create(const ldpc_decoder_config *config,
                                                   const ldpc_nb_decoder_limits *limits,
                                                   const ldpc_opencl_config *opencl,
                                                   ldpc_nb_decoder **out, ldpc_error *err);

/* Pair kernels, one per bound on the check degree (pair_kernel_bounds in the
 * statistics). */
#define LDPC_OPENCL_PAIR_KERNELS 4

/* Bits of ldpc_opencl_stats.layer_group_twins: the kernels in groups of one
 * DVB layer (360 work-items) and the check degree bound of each. */
#define LDPC_OPENCL_TWIN_CIRCULANT_D8 (1u << 0)
#define LDPC_OPENCL_TWIN_CIRCULANT_D16 (1u << 1)
#define LDPC_OPENCL_TWIN_LOCAL_D8 (1u << 2)
#define LDPC_OPENCL_TWIN_PAIRS_D8 (1u << 3)

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
     * (the tuning key latency_posteriors). */
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

    /* With the tuning key profile=1, cumulative device times from events (nanoseconds). */
    uint64_t kernel_ns, transfer_ns, upload_ns;
} ldpc_opencl_stats;

/* The statistics of a decoder created with the "opencl" backend;
 * LDPC_ERR_INVALID for a decoder of another backend. */
LDPC_API ldpc_status ldpc_opencl_stats_get(const ldpc_decoder *decoder, ldpc_opencl_stats *out,
                                           ldpc_error *err);

/* The same for a nonbinary decoder. */
LDPC_API ldpc_status ldpc_nb_opencl_stats_get(const ldpc_nb_decoder *decoder,
                                              ldpc_opencl_stats *out, ldpc_error *err);

#endif
