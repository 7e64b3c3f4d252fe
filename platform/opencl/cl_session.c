#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cl_error.h"
#include "cl_kernel_source.h"
#include "cl_program_cache.h"
#include "cl_session.h"
#include "common/frame_decoder.h"
#include "util/error_internal.h"

static void describe_device(const cl_session *s, ldpc_opencl_stats *stats)
{
    snprintf(stats->platform_name, sizeof stats->platform_name, "%s", s->choice.platform_name);
    snprintf(stats->device_name, sizeof stats->device_name, "%s", s->choice.device_name);
    snprintf(stats->driver_version, sizeof stats->driver_version, "%s", s->choice.driver_version);
    snprintf(stats->vendor_defaults, sizeof stats->vendor_defaults, "%s", s->vendor->name);
    cl_bool unified = CL_FALSE;
    clGetDeviceInfo(s->choice.device, CL_DEVICE_HOST_UNIFIED_MEMORY, sizeof unified, &unified,
                    NULL);
    stats->unified_memory = unified == CL_TRUE;
    stats->layer_group_kernels = s->layer_groups;
}

static ldpc_status create_context_and_queue(cl_session *s,
                                            cl_command_queue_properties queue_properties,
                                            ldpc_error *err)
{
    cl_int rc = CL_SUCCESS;
    cl_context_properties properties[] = {CL_CONTEXT_PLATFORM,
                                          (cl_context_properties)s->choice.platform, 0};
    s->context = clCreateContext(properties, 1, &s->choice.device, NULL, NULL, &rc);
    if (rc == CL_SUCCESS)
        s->queue = clCreateCommandQueue(s->context, s->choice.device, queue_properties, &rc);
    if (rc != CL_SUCCESS)
        return ldpc_fail(err, LDPC_ERR_UNSUPPORTED, "OpenCL context on %s: %s",
                         s->choice.device_name, cl_error_name(rc));
    return LDPC_OK;
}

/* cl_nv_device_attribute_query's CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV. */
#define COMPUTE_CAPABILITY_MAJOR_NV 0x4000

/* NVIDIA devices of compute capability 9.0 and later run PTX's packed 16-bit
 * minimum and maximum, which the pair kernel uses through inline PTX
 * (kernels/28_layered_latency_pairs.cl). */
static int packed_16_bit_ptx(const cl_session *s, const char *extensions)
{
    cl_uint major = 0;
    return strstr(extensions, "cl_nv_device_attribute_query") != NULL &&
           clGetDeviceInfo(s->choice.device, COMPUTE_CAPABILITY_MAJOR_NV, sizeof major, &major,
                           NULL) == CL_SUCCESS &&
           major >= 9;
}

/* Frames per work-item of the saturated decoder: as configured, else the
 * device's preferred char vector width; a power of two from 1 to 16. */
static uint32_t saturated_lanes(const cl_session *s, const cl_options *opencl)
{
    cl_uint width = opencl->char_lanes;
    if (width == 0 &&
        clGetDeviceInfo(s->choice.device, CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR, sizeof width,
                        &width, NULL) != CL_SUCCESS)
        width = 1;
    uint32_t lanes = 1;
    while (lanes < 16 && lanes * 2 <= width)
        lanes *= 2;
    return lanes;
}

/* Whether the device runs work-groups of a whole DVB layer. */
static int layer_groups(const cl_session *s)
{
    size_t largest = 0;
    return clGetDeviceInfo(s->choice.device, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof largest,
                           &largest, NULL) == CL_SUCCESS &&
           largest >= FRAME_GROUP;
}

/* The build options: OpenCL C 1.2, the saturated decoder's lanes,
 * LDPC_PTX_16X2 where packed_16_bit_ptx, LDPC_LAYER_GROUP where the session
 * has layer groups, and the configuration's register cap where the compiler
 * takes one. */
static void build_options(const cl_session *s, const cl_options *opencl, char *out,
                          size_t size, ldpc_opencl_stats *stats)
{
    char extensions[4096] = "";
    clGetDeviceInfo(s->choice.device, CL_DEVICE_EXTENSIONS, sizeof extensions - 1, extensions,
                    NULL);
    char layer_group[32] = "";
    if (s->layer_groups)
        snprintf(layer_group, sizeof layer_group, " -D LDPC_LAYER_GROUP=%u", FRAME_GROUP);
    int used = snprintf(out, size, "-cl-std=CL1.2 -D LDPC_SATURATED_LANES=%u%s%s",
                        s->saturated_lanes,
                        packed_16_bit_ptx(s, extensions) ? " -D LDPC_PTX_16X2" : "", layer_group);
    uint32_t cap = opencl->max_registers;
    stats->max_registers = 0;
    if (cap == 0 || strstr(extensions, "cl_nv_compiler_options") == NULL || used < 0 ||
        (size_t)used >= size)
        return;
    snprintf(out + used, size - (size_t)used, " -cl-nv-maxrregcount=%u", cap);
    stats->max_registers = cap;
}

static ldpc_status build_program(cl_session *s, const cl_options *opencl,
                                 ldpc_opencl_stats *stats, ldpc_error *err)
{
    char *source = NULL;
    ldpc_status status = cl_kernel_source_assemble(opencl->kernel_dir, &source, err);
    if (status != LDPC_OK)
        return status;
    char cache_dir[LDPC_OPENCL_PATH_SIZE] = "";
    if (opencl->binary_cache)
        cl_program_cache_dir(opencl->cache_dir, cache_dir, sizeof cache_dir);
    cl_program_build_report report;
    char options[192];
    build_options(s, opencl, options, sizeof options, stats);
    status = cl_program_build(s->context, &s->choice, source, options, cache_dir,
                              &s->program, &report, err);
    if (status != LDPC_OK && s->layer_groups) {
        /* A compiler that cannot fit a kernel into a required group of one
         * layer must not cost the device: build without those kernels. */
        s->layer_groups = 0;
        stats->layer_group_kernels = 0;
        build_options(s, opencl, options, sizeof options, stats);
        status = cl_program_build(s->context, &s->choice, source, options, cache_dir,
                                  &s->program, &report, err);
    }
    free(source);
    if (status != LDPC_OK)
        return status;
    stats->program_from_cache = report.from_cache;
    stats->program_build_ms = report.build_ms;
    snprintf(stats->cache_note, sizeof stats->cache_note, "%s", report.note);
    return LDPC_OK;
}

ldpc_status cl_session_open(cl_session *s, const cl_options *opencl,
                            cl_command_queue_properties queue_properties, int saturated,
                            ldpc_opencl_stats *stats, ldpc_error *err)
{
    memset(s, 0, sizeof *s);
    ldpc_status status = cl_device_select(opencl, &s->choice, err);
    if (status != LDPC_OK)
        return status;
    s->vendor = cl_vendor_defaults_for(&s->choice);
    s->saturated_lanes = saturated ? saturated_lanes(s, opencl) : 1;
    s->layer_groups = !saturated && layer_groups(s);
    describe_device(s, stats);
    status = create_context_and_queue(s, queue_properties, err);
    if (status == LDPC_OK)
        status = build_program(s, opencl, stats, err);
    if (status != LDPC_OK)
        cl_session_release(s);
    return status;
}

ldpc_status cl_session_create_buffer(cl_session *s, cl_mem_flags flags, size_t bytes, void *host,
                                     cl_mem *out, const char *what, ldpc_opencl_stats *stats,
                                     ldpc_error *err)
{
    cl_int rc = CL_SUCCESS;
    *out = clCreateBuffer(s->context, flags, bytes, host, &rc);
    if (rc != CL_SUCCESS)
        return ldpc_fail(err, LDPC_ERR_NO_MEMORY, "OpenCL buffer '%s' (%zu bytes): %s", what,
                         bytes, cl_error_name(rc));
    stats->buffers_created++;
    stats->device_bytes += bytes;
    return LDPC_OK;
}

void cl_session_release(cl_session *s)
{
    if (s->program != NULL)
        clReleaseProgram(s->program);
    if (s->queue != NULL)
        clReleaseCommandQueue(s->queue);
    if (s->context != NULL)
        clReleaseContext(s->context);
    s->program = NULL;
    s->queue = NULL;
    s->context = NULL;
}
