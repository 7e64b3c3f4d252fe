#include "cl_vendor_defaults.h"

/* Sizes are starting points: the decoder caps them with the device's and the
 * kernel's maximum work-group size. Rows are documented in docs/OPENCL.md. */

/* The thresholds measured on NVIDIA GPUs and PoCL (docs/OPENCL.md); the
 * other rows take them until measured on their devices. */
#define MEASURED_THRESHOLDS                                                                    \
    {.item_min_frames = 1024,                                                                  \
     .small_call_per_unit = 4,                                                                 \
     .pairs_min_per_unit = 4,                                                                  \
     .pairs_min_per_unit_wide = 2,                                                             \
     .pipeline_per_unit = 16,                                                                  \
     .widest_pair_group = 120,                                                                 \
     .saturated_layer_group = 180}

static const cl_vendor_defaults vendor_table[] = {
    /* Mali (Midgard/Bifrost/Valhall): max work-group 256-1024; unified memory.
     * Its local memory is ordinary memory (CL_DEVICE_LOCAL_MEM_TYPE CL_GLOBAL,
     * queried: the local-posterior kernel is then not chosen). */
    {"mali", "mali", ROW_GPU_ONLY, 64, 256, 10, 0, MEASURED_THRESHOLDS},
    /* Adreno: waves of 64/128, small but real local memory; unified memory. */
    {"adreno", "adreno", ROW_GPU_ONLY, 128, 256, 10, 0, MEASURED_THRESHOLDS},
    /* Intel iGPU: SIMD8/16/32 sub-groups, LLC shared with the CPU. */
    {"intel-gpu", "intel", ROW_GPU_ONLY, 128, 256, 10, 0, MEASURED_THRESHOLDS},
    /* NVIDIA: warps of 32, groups up to 1024; discrete (pinned staging). */
    {"nvidia", "nvidia", ROW_GPU_ONLY, 128, 512, 10, 1, MEASURED_THRESHOLDS},
    {"amd", "advanced micro devices", ROW_GPU_ONLY, 128, 256, 10, 0, MEASURED_THRESHOLDS},
    /* PoCL on a CPU: a work-group is a loop the compiler vectorises across
     * work-items; launches are cheap compared with a CPU iteration. */
    {"pocl", "portable computing language", ROW_CPU_ONLY, 64, 360, 25, 0, MEASURED_THRESHOLDS},
    {"cpu", "", ROW_CPU_ONLY, 64, 256, 25, 0, MEASURED_THRESHOLDS},
    {"generic", "", ROW_ANY, 64, 256, 10, 0, MEASURED_THRESHOLDS},
};

const cl_vendor_defaults *cl_vendor_defaults_for(const cl_device_choice *choice)
{
    int is_cpu = (choice->type & CL_DEVICE_TYPE_CPU) != 0;
    size_t rows = sizeof vendor_table / sizeof vendor_table[0];
    for (size_t i = 0; i < rows; i++) {
        const cl_vendor_defaults *row = &vendor_table[i];
        if ((row->kind == ROW_CPU_ONLY && !is_cpu) || (row->kind == ROW_GPU_ONLY && is_cpu))
            continue;
        if (cl_name_contains(choice->vendor, row->match) ||
            cl_name_contains(choice->device_name, row->match) ||
            cl_name_contains(choice->platform_name, row->match))
            return row;
    }
    return &vendor_table[rows - 1];
}

int cl_vendor_runs_required_group(const cl_vendor_defaults *vendor, size_t reported,
                                  size_t required)
{
    return reported >= required || vendor->kernel_group_understated;
}
