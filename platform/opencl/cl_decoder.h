/* The decoder on an OpenCL device: context, program, kernels and every device
 * buffer, all created once for the decoder's limits; a decode call only
 * enqueues work. Any OpenCL failure is returned as an error: the caller
 * (opencl_backend.c) then decodes on the CPU instead. */
#ifndef LDPC_CL_DECODER_H
#define LDPC_CL_DECODER_H

#include <CL/cl.h>

#include "cl_item_kernels.h"
#include "cl_session.h"
#include "cl_table_cache.h"
#include "opencl/cl_options.h"
#include "util/worker_pool.h"

/* Item-per-frame iteration kernels: the layered schedule has one per bound on
 * the check degree (cl_item_kernels.h), flooding one. With posterior_bits 8
 * they are the saturated kernels (kernels/26_layered_saturated.cl), the only
 * iteration kernels such a decoder has. */
#define CL_ITEM_KERNELS CL_LAYERED_ITEM_KERNELS

/* Latency kernels (kernels/22_layered_latency.cl), one per bound on the check
 * degree: 8, 16, 32. */
#define CL_LATENCY_KERNELS 3

/* Pair kernels (kernels/28_layered_latency_pairs.cl), one per bound on the
 * check degree (cl_pair_bounds). */
#define CL_PAIR_KERNELS LDPC_OPENCL_PAIR_KERNELS

/* The pair kernels' check degree bounds, ascending: 8, 14, 24, 32. */
extern const uint32_t cl_pair_bounds[CL_PAIR_KERNELS];

/* Events kept per batch for profiling before they are summed. */
#define CL_PROFILE_EVENTS 64

/* Most chunks of one transfer between pinned staging and device. */
#define CL_TRANSFER_CHUNKS 8

/* Staging slots: pipelined passes alternate between the two halves of the
 * pinned staging, so that one pass's results are copied out while the next
 * pass's input goes in. */
#define CL_STAGING_SLOTS 2

/* Most passes a pipelined call is cut into. */
#define CL_PIPELINE_MAX_PASSES 8

typedef enum { PROFILE_KERNEL, PROFILE_TRANSFER } cl_profile_kind;


typedef struct {
    cl_session session; /* device, vendor row, context, queue, program */
    /* The caller's limits, except max_frames: the frames of one device pass
     * (at most the caller's), which every buffer is sized for; a call of more
     * frames is decoded in several passes. */
    ldpc_decoder_limits limits;
    ldpc_decoder_config config;
    cl_options opencl;

    cl_kernel setup, iterate_group, statistics, decisions; /* iterate_group: NULL with
                                                               posterior_bits 8 */
    cl_kernel iterate_item[CL_ITEM_KERNELS]; /* unused entries NULL */
    /* posterior_bits 8 with saturated_lanes > 1, instead of the item kernels
     * (27_layered_saturated_lanes.cl), else NULL */
    cl_kernel iterate_saturated_lanes;
    cl_kernel iterate_latency[CL_LATENCY_KERNELS]; /* layered 16-bit only, else NULL */
    /* the same with the posteriors in local memory (23_layered_latency_local.cl) */
    cl_kernel iterate_latency_local[CL_LATENCY_KERNELS];
    /* the same through circulant tables (24_layered_circulant.cl) */
    cl_kernel iterate_circulant[CL_LATENCY_KERNELS];
    /* two frames per group, slot tables, degree bounds cl_pair_bounds
     * (28_layered_latency_pairs.cl) */
    cl_kernel iterate_pairs[CL_PAIR_KERNELS];
    /* saturated posteriors by layer: the only iteration kernels such a
     * decoder has, one per check degree bound 8, 16, 32
     * (29_layered_saturated_layer.cl) */
    cl_kernel iterate_saturated_layer[CL_LATENCY_KERNELS];
    /* Twins of some of those in groups of exactly one DVB layer (the
     * session's layer_groups; NULL for the other bounds): the circulant
     * kernels of bounds 8 and 16, the local-posterior and pair kernels of
     * bound 8 */
    cl_kernel iterate_circulant_layer[CL_LATENCY_KERNELS];
    cl_kernel iterate_latency_local_layer[CL_LATENCY_KERNELS];
    cl_kernel iterate_pairs_layer[CL_PAIR_KERNELS];
    /* flooding only, else NULL: the spread design's iteration and result
     * kernels (32_flooding_spread.cl) */
    cl_kernel iterate_spread, spread_result;
    /* input, bits, frame_stats: device-only; the host writes and reads them
     * through the pinned staging below. */
    cl_mem input, channel, posterior, messages;
    /* layered 16-bit: the new messages of the layer (group design), or the
     * layer-start posteriors of its repeats (item design, shorts: fits, as a
     * snapshot variable has two edges in its layer); NULL with posterior_bits 8 */
    cl_mem next_messages;
    cl_mem frame_iterations, frame_active, active_count, frame_stats, bits;
    /* flooding only, else NULL: the spread design's planes 1 and 2 of the
     * totals (plane 0 is `posterior`) and three syndrome counts per frame,
     * for spread_frames frames */
    cl_mem spread_totals, spread_unsatisfied;
    cl_mem rule_table; /* 128 bytes: the check rule's output per magnitude */
    /* Pinned host staging (CL_MEM_ALLOC_HOST_PTR), mapped once at creation and
     * kept mapped: a fresh map per call cost NVIDIA's driver page faults
     * through the whole batch (docs/OPENCL.md). */
    cl_mem input_pinned, bits_pinned, stats_pinned;
    /* The passes' device slots of input, bits and frame_stats: [0] the whole
     * buffer (retained once more), [1] a sub-buffer from an aligned origin
     * after slot_frames frames (NULL when a pass holds one frame). */
    cl_mem input_slots[CL_STAGING_SLOTS], bits_slots[CL_STAGING_SLOTS];
    cl_mem stats_slots[CL_STAGING_SLOTS];
    /* Uploads and read-backs have queues of their own (the kernels run on
     * session.queue), so that on a discrete GPU one pass's transfers overlap
     * another's kernels; events order a pass's commands across them. */
    cl_command_queue upload_queue, download_queue;
    void *input_host, *bits_host, *stats_host; /* their mappings */
    size_t staging_values; /* bytes of input_host and of bits_host */
    cl_table_cache tables;
    worker_pool *copy_pool; /* staging copies; NULL: the calling thread alone */

    size_t item_group;       /* local size of the item-per-frame kernel */
    size_t frame_group_cap;  /* most work-items of one group-per-frame group */
    /* most work-items of a group of each latency kernel (register use limits
     * it; also the tuning key work_group_size) */
    size_t latency_group_cap[CL_LATENCY_KERNELS];
    size_t latency_local_group_cap[CL_LATENCY_KERNELS];
    size_t circulant_group_cap[CL_LATENCY_KERNELS];
    size_t pairs_group_cap[CL_PAIR_KERNELS];
    size_t saturated_layer_group_cap[CL_LATENCY_KERNELS];
    cl_ulong local_memory; /* CL_DEVICE_LOCAL_MEM_SIZE */
    int local_memory_dedicated; /* CL_DEVICE_LOCAL_MEM_TYPE is CL_LOCAL */
    size_t statistics_group; /* local size of frame_statistics */
    size_t spread_group;     /* local size of the spread kernels */
    uint32_t spread_frames;  /* most frames of a spread batch (0: no spread design) */
    uint32_t iterations_per_launch;
    /* frames per work-item of the saturated decoder (1: the item kernels) */
    uint32_t saturated_lanes;
    uint32_t calls;
    cl_uint status_words[2]; /* active_count as read back, alternately */

    /* Frames of a pipelined pass call's smallest pass (0: calls are not
     * pipelined), and of staging slot 0 (slot 1 starts after them). */
    uint32_t pipeline_frames, slot_frames;
    size_t base_align; /* CL_DEVICE_MEM_BASE_ADDR_ALIGN in bytes: sub-buffer origins */
    /* per staging slot: the decisions' chunks, the statistics */
    cl_event read_events[CL_STAGING_SLOTS][CL_TRANSFER_CHUNKS + 1];
    cl_event profile_events[CL_PROFILE_EVENTS];
    cl_profile_kind profile_kinds[CL_PROFILE_EVENTS];
    size_t profile_count;

    ldpc_opencl_stats stats; /* the device's part; tables counters filled on query */
} cl_decoder;

static inline size_t cl_round_up(size_t value, size_t multiple)
{
    return (value + multiple - 1) / multiple * multiple;
}

static inline size_t cl_min_size(size_t a, size_t b)
{
    return a < b ? a : b;
}

/* posterior_bits 8: saturated posteriors, one byte each. */
static inline int cl_decoder_saturated(const cl_decoder *d)
{
    return d->config.posterior_bits == 8;
}

/* Saturated by layer: decoded only by the kernels of
 * kernels/29_layered_saturated_layer.cl, DVB codes only. */
static inline int cl_decoder_saturated_by_layer(const cl_decoder *d)
{
    return cl_decoder_saturated(d) && d->config.saturated_order == LDPC_SATURATED_BY_LAYER;
}

/* Saturated by check: decoded only by the saturated item kernels
 * (kernels/26_layered_saturated.cl, 27_layered_saturated_lanes.cl). */
static inline int cl_decoder_saturated_by_check(const cl_decoder *d)
{
    return cl_decoder_saturated(d) && !cl_decoder_saturated_by_layer(d);
}

/* Rows of the per-frame buffers and largest row stride for `frames` frames:
 * whole pairs of frames (the pair kernel), whole vectors of the saturated
 * lanes kernel. */
static inline size_t cl_frame_rows(const cl_decoder *d, size_t frames)
{
    return cl_round_up(frames, d->saturated_lanes > 2 ? d->saturated_lanes : 2);
}

/* Everything, for these limits and configuration (fixed point only). On
 * failure nothing stays allocated. */
ldpc_status cl_decoder_init(cl_decoder *d, const ldpc_decoder_limits *limits,
                            const ldpc_decoder_config *config, const cl_options *opencl,
                            ldpc_error *err);

/* 1 if this code can be decoded on the device (exact posteriors fit a short;
 * saturated ones by check always do; by layer, codes with circulant tables
 * of check degree 4 or more, whose records fit its messages). */
int cl_decoder_accepts(const cl_decoder *d, const ldpc_code *code);

/* q: frames * code->n raw values in [-128, 127] (the setup kernel reads -128
 * as -127). */
ldpc_status cl_decoder_decode(cl_decoder *d, const ldpc_code *code, const int8_t *q,
                              uint32_t frames, uint8_t *bits, ldpc_frame_stats *stats,
                              ldpc_error *err);

/* The device's statistics, table cache included. */
void cl_decoder_fill_stats(const cl_decoder *d, ldpc_opencl_stats *out);

/* After a failed call: every device resource released but the input and
 * bits staging, which stay mapped (the callers' staging areas, where a
 * caller's values and results may lie) for the CPU fallback until
 * cl_decoder_release. */
void cl_decoder_release_device(cl_decoder *d);

void cl_decoder_release(cl_decoder *d);

#endif
