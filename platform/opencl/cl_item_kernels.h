/* The layered item-per-frame kernels (kernels/25_layered_item.cl) and their
 * saturated 8-bit twins (kernels/26_layered_saturated.cl, posterior_bits 8):
 * one per bound on the check degree, each unrolling steps of a fixed number
 * of checks. The table uploader needs the step to flag the repeats whose
 * earlier sharer is in the same step, so both read this table; its numbers
 * must match the kernels' (test_opencl_exact and test_opencl_saturated fail
 * otherwise). */
#ifndef LDPC_CL_ITEM_KERNELS_H
#define LDPC_CL_ITEM_KERNELS_H

#include <stdint.h>

#define CL_LAYERED_ITEM_KERNELS 4

typedef struct {
    const char *name;           /* 16-bit posteriors */
    const char *saturated_name; /* posterior_bits 8, the same steps */
    uint32_t max_check_degree;
    uint32_t checks_per_step;
} cl_layered_item_kernel;

extern const cl_layered_item_kernel cl_layered_item_kernels[CL_LAYERED_ITEM_KERNELS];

/* The index of the kernel with the smallest degree bound that fits. */
uint32_t cl_layered_item_kernel_for(uint32_t max_check_degree);

#endif
