/* Per-vendor starting points for work-group sizes and launch granularity,
 * refined by device queries (docs/OPENCL.md explains each row). */
#ifndef LDPC_CL_VENDOR_DEFAULTS_H
#define LDPC_CL_VENDOR_DEFAULTS_H

#include <stddef.h>
#include <stdint.h>

#include "cl_device_select.h"

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
} cl_vendor_defaults;

/* The first row whose match applies (the generic row matches everything). */
const cl_vendor_defaults *cl_vendor_defaults_for(const cl_device_choice *choice);

/* Whether a kernel that requires groups of `required` work-items runs on the
 * device, given the CL_KERNEL_WORK_GROUP_SIZE it reports for that kernel. */
int cl_vendor_runs_required_group(const cl_vendor_defaults *vendor, size_t reported,
                                  size_t required);

#endif
