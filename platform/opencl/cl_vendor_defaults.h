/* Per-vendor starting points for work-group sizes and launch granularity,
 * refined by device queries (docs/OPENCL.md explains each row). */
#ifndef LDPC_CL_VENDOR_DEFAULTS_H
#define LDPC_CL_VENDOR_DEFAULTS_H

#include <stdint.h>

#include "cl_device_select.h"

typedef struct {
    const char *name;      /* "mali", "adreno", "intel-gpu", "nvidia", "amd", "pocl", "generic" */
    const char *match;     /* case-insensitive substring of vendor, device or platform name */
    enum { ROW_ANY, ROW_CPU_ONLY, ROW_GPU_ONLY } kind; /* device types the row applies to */
    uint32_t item_group;   /* work-items per group for the item-per-frame kernels */
    uint32_t frame_group;  /* cap of the group-per-frame work-groups */
    uint32_t iterations_per_launch;
} cl_vendor_defaults;

/* The first row whose match applies (the generic row matches everything). */
const cl_vendor_defaults *cl_vendor_defaults_for(const cl_device_choice *choice);

#endif
