#include "cl_item_kernels.h"

const cl_layered_item_kernel cl_layered_item_kernels[CL_LAYERED_ITEM_KERNELS] = {
    {"layered_item_d8", "layered_saturated_d8", 8, 4},
    {"layered_item_d16", "layered_saturated_d16", 16, 2},
    {"layered_item_d32", "layered_saturated_d32", 32, 1},
    {"layered_item_any", "layered_saturated_any", UINT32_MAX, 1},
};

uint32_t cl_layered_item_kernel_for(uint32_t max_check_degree)
{
    uint32_t i = 0;
    while (cl_layered_item_kernels[i].max_check_degree < max_check_degree)
        i++;
    return i;
}
