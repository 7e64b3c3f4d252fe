#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "cl_device_select.h"
#include "cl_error.h"
#include "util/error_internal.h"

#define MAX_PLATFORMS 16
#define MAX_DEVICES 64

int cl_name_contains(const char *haystack, const char *needle)
{
    size_t length = strlen(needle);
    for (const char *start = haystack;; start++) {
        size_t i = 0;
        while (i < length && start[i] != '\0' &&
               tolower((unsigned char)start[i]) == tolower((unsigned char)needle[i]))
            i++;
        if (i == length)
            return 1;
        if (*start == '\0')
            return 0;
    }
}

static cl_device_type requested_type(ldpc_opencl_device_type type)
{
    switch (type) {
    case LDPC_OPENCL_DEVICE_GPU: return CL_DEVICE_TYPE_GPU;
    case LDPC_OPENCL_DEVICE_CPU: return CL_DEVICE_TYPE_CPU;
    case LDPC_OPENCL_DEVICE_ACCELERATOR: return CL_DEVICE_TYPE_ACCELERATOR;
    default: return CL_DEVICE_TYPE_ALL;
    }
}

/* Truncated to `size`: a query with a short buffer would fail outright. */
static void device_string(cl_device_id device, cl_device_info what, char *out, size_t size)
{
    char full[1024] = "";
    if (clGetDeviceInfo(device, what, sizeof full, full, NULL) != CL_SUCCESS)
        full[0] = '\0';
    full[sizeof full - 1] = '\0';
    snprintf(out, size, "%s", full);
}

/* Rank of a device type in the default order: GPUs and accelerators first. */
static int type_rank(cl_device_type type)
{
    return (type & (CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_ACCELERATOR)) ? 0 : 1;
}

typedef struct {
    cl_platform_id platform;
    cl_device_id device;
    cl_device_type type;
} candidate;

ldpc_status cl_device_select(const cl_options *config, cl_device_choice *out,
                             ldpc_error *err)
{
    memset(out, 0, sizeof *out);
    cl_platform_id platforms[MAX_PLATFORMS];
    cl_uint platform_count = 0;
    cl_int rc = clGetPlatformIDs(MAX_PLATFORMS, platforms, &platform_count);
    if (rc != CL_SUCCESS || platform_count == 0)
        return ldpc_fail(err, LDPC_ERR_UNSUPPORTED, "no OpenCL platform (%s)",
                         rc == CL_SUCCESS ? "none installed" : cl_error_name(rc));
    if (platform_count > MAX_PLATFORMS)
        platform_count = MAX_PLATFORMS;

    candidate found[MAX_DEVICES];
    size_t count = 0;
    for (cl_uint p = 0; p < platform_count; p++) {
        char platform_name[LDPC_OPENCL_NAME_SIZE] = "";
        clGetPlatformInfo(platforms[p], CL_PLATFORM_NAME, sizeof platform_name, platform_name,
                          NULL);
        platform_name[sizeof platform_name - 1] = '\0';
        if (!cl_name_contains(platform_name, config->platform))
            continue;
        cl_device_id devices[MAX_DEVICES];
        cl_uint device_count = 0;
        if (clGetDeviceIDs(platforms[p], requested_type(config->device_type), MAX_DEVICES, devices,
                           &device_count) != CL_SUCCESS)
            continue; /* CL_DEVICE_NOT_FOUND: none of that type here */
        if (device_count > MAX_DEVICES)
            device_count = MAX_DEVICES;
        for (cl_uint d = 0; d < device_count && count < MAX_DEVICES; d++) {
            char name[LDPC_OPENCL_NAME_SIZE];
            device_string(devices[d], CL_DEVICE_NAME, name, sizeof name);
            if (!cl_name_contains(name, config->device))
                continue;
            cl_device_type type = 0;
            clGetDeviceInfo(devices[d], CL_DEVICE_TYPE, sizeof type, &type, NULL);
            found[count++] = (candidate){platforms[p], devices[d], type};
        }
    }
    /* Default order: a stable partition, GPUs and accelerators first. */
    if (config->device_type == LDPC_OPENCL_DEVICE_DEFAULT) {
        candidate ordered[MAX_DEVICES];
        size_t placed = 0;
        for (int rank = 0; rank < 2; rank++)
            for (size_t i = 0; i < count; i++)
                if (type_rank(found[i].type) == rank)
                    ordered[placed++] = found[i];
        memcpy(found, ordered, count * sizeof found[0]);
    }
    size_t index = config->device_index < 0 ? 0 : (size_t)config->device_index;
    if (index >= count)
        return ldpc_fail(err, LDPC_ERR_UNSUPPORTED,
                         "no OpenCL device matches platform '%s' device '%s' type %d index %d "
                         "(%zu match)",
                         config->platform, config->device, (int)config->device_type,
                         config->device_index, count);
    out->platform = found[index].platform;
    out->device = found[index].device;
    out->type = found[index].type;
    clGetPlatformInfo(out->platform, CL_PLATFORM_NAME, sizeof out->platform_name,
                      out->platform_name, NULL);
    out->platform_name[sizeof out->platform_name - 1] = '\0';
    device_string(out->device, CL_DEVICE_NAME, out->device_name, sizeof out->device_name);
    device_string(out->device, CL_DEVICE_VENDOR, out->vendor, sizeof out->vendor);
    device_string(out->device, CL_DRIVER_VERSION, out->driver_version, sizeof out->driver_version);
    device_string(out->device, CL_DEVICE_VERSION, out->device_version, sizeof out->device_version);
    return LDPC_OK;
}

void cl_device_choice_describe(const cl_device_choice *choice, char *out, size_t size)
{
    snprintf(out, size, "opencl on %s (%s)", choice->device_name, choice->platform_name);
}
