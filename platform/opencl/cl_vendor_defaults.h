/* Per-vendor starting points for work-group sizes and launch granularity,
 * refined by device queries (docs/OPENCL.md explains each row). */
#ifndef LDPC_CL_VENDOR_DEFAULTS_H
#define LDPC_CL_VENDOR_DEFAULTS_H

#include <stddef.h>
#include <stdint.h>

#include "cl_device_select.h"

/* When `auto` takes each kernel and how large its groups and passes are
 * (cl_batch_plan.c, cl_decoder_create.c): sizes per compute unit, so that a
 * rule holds from a board's GPU to a datacenter one. */
typedef struct {
    /* the item design (a work-item per frame) for the layered fallback from
     * this many frames: below, too few work-items to fill a GPU */
    uint32_t item_min_frames;
    /* calls of at most this many frames per unit are small: a lone frame's
     * path matters there, so the circulant tables at bound 8 and the
     * local posteriors at bound 16 are taken */
    uint32_t small_call_per_unit;
    /* the pair kernels from this many frames per unit (bounds up to 16; the
     * wider ones gain enough to start at the second figure): a group holds
     * two frames, so smaller passes would leave units idle */
    uint32_t pairs_min_per_unit, pairs_min_per_unit_wide;
    /* the smallest pipelined pass: enough to keep the device busy while the
     * host copies the other pass */
    uint32_t pipeline_per_unit;
    /* the widest pair kernel's largest group: its registers fit two groups of
     * this size on a unit where a larger one fits alone */
    uint32_t widest_pair_group;
    /* the saturated-by-layer kernel's largest group: two checks of a DVB
     * layer per work-item */
    uint32_t saturated_layer_group;
} cl_auto_thresholds;

typedef struct {
    const char *name;      /* "mali", "adreno", "intel-gpu", "nvidia", "amd", "pocl", "generic" */
    const char *match;     /* case-insensitive substring of vendor, device or platform name */
    enum { ROW_ANY, ROW_CPU_ONLY, ROW_GPU_ONLY } kind; /* device types the row applies to */
    uint32_t item_group;   /* work-items per group for the item-per-frame kernels */
    uint32_t frame_group;  /* cap of the group-per-frame work-groups */
    uint32_t iterations_per_launch;
    /* 1 where CL_KERNEL_WORK_GROUP_SIZE understates what the device runs for
     * a kernel that requires its group size (NVIDIA: 256 for every kernel,
     * groups of 360 run) */
    int kernel_group_understated;
    cl_auto_thresholds thresholds;
} cl_vendor_defaults;

/* The first row whose match applies (the generic row matches everything). */
const cl_vendor_defaults *cl_vendor_defaults_for(const cl_device_choice *choice);

/* Whether a kernel that requires groups of `required` work-items runs on the
 * device, given the CL_KERNEL_WORK_GROUP_SIZE it reports for that kernel. */
int cl_vendor_runs_required_group(const cl_vendor_defaults *vendor, size_t reported,
                                  size_t required);

#endif
