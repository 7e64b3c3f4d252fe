/* Which OpenCL device decodes: platform and device chosen by name substring,
 * type and index (cl_options), GPUs and accelerators first by default. */
#ifndef LDPC_CL_DEVICE_SELECT_H
#define LDPC_CL_DEVICE_SELECT_H

#include <CL/cl.h>

#include "opencl/cl_options.h"

typedef struct {
    cl_platform_id platform;
    cl_device_id device;
    cl_device_type type;
    char platform_name[LDPC_OPENCL_NAME_SIZE];
    char device_name[LDPC_OPENCL_NAME_SIZE];
    char vendor[LDPC_OPENCL_NAME_SIZE];
    char driver_version[LDPC_OPENCL_NAME_SIZE];
    char device_version[LDPC_OPENCL_NAME_SIZE];
} cl_device_choice;

/* Case-insensitive substring test; an empty needle matches everything. */
int cl_name_contains(const char *haystack, const char *needle);

/* "opencl on DEVICE (PLATFORM)": where a decoder on this device runs
 * (ldpc_decoder_describe, ldpc_nb_decoder_describe). */
void cl_device_choice_describe(const cl_device_choice *choice, char *out, size_t size);

/* LDPC_ERR_UNSUPPORTED naming what was asked for when nothing matches. */
ldpc_status cl_device_select(const cl_options *config, cl_device_choice *out,
                             ldpc_error *err);

#endif
