/* Issue 4's blocker (docs/OPENCL.md, "What blocks the throughput targets"):
 * measures, through OpenCL, the memory figures that bound any decoder whose
 * frame state lives in global memory: bandwidth with the data in DRAM and
 * with it in L2, the latency of one dependent load from L2 and from DRAM, and
 * the shortest layer step a work-group can take (loads, barrier, store).
 * Device limits (local memory, work-group size, L2 size) come from clinfo.
 *
 * Build (repo root): gcc -O2 -std=c11 docs/bench/cl-limits/cl_limits.c -lOpenCL
 * Usage: cl_limits [PLATFORM-SUBSTRING]   (first GPU of the first match) */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

static const char *source =
    /* Every work-item reads `reps` uint4 words, `step` words apart, of the
     * buffer (`mask` + 1 words, a power of two) and writes one word: read
     * bandwidth. Neighbouring work-items read neighbouring words. */
    "kernel void read_sweep(global const uint4 *in, uint mask, uint reps, uint step,\n"
    "                       global uint *out) {\n"
    "    uint gid = get_global_id(0);\n"
    "    uint4 acc = (uint4)(0);\n"
    "    for (uint r = 0; r < reps; r++) acc ^= in[(gid + r * step) & mask];\n"
    "    out[gid] = acc.x ^ acc.y ^ acc.z ^ acc.w;\n"
    "}\n"
    /* One work-item follows a cycle of indices from where the last launch
     * stopped: each load's address is the previous load's value, so the time
     * per step is the load latency. */
    "kernel void chase(global const uint *next, uint steps, global uint *out) {\n"
    "    uint at = out[0];\n"
    "    for (uint s = 0; s < steps; s++) at = next[at];\n"
    "    out[0] = at;\n"
    "}\n"
    /* One work-group does what a layer step of the one-frame kernels cannot
     * do without: eight loads of values other work-items wrote in the step
     * before (through L2: volatile), a barrier, a store, a barrier. */
    "kernel void layer_steps(volatile global int *state, uint steps, global int *out) {\n"
    "    uint lid = get_local_id(0), n = get_local_size(0);\n"
    "    for (uint s = 0; s < steps; s++) {\n"
    "        int sum = 0;\n"
    "        for (uint j = 0; j < 8; j++) sum += state[((lid + j * 37 + s) % n) * 8 + j];\n"
    "        barrier(CLK_GLOBAL_MEM_FENCE);\n"
    "        state[lid * 8 + (s & 7)] = sum;\n"
    "        barrier(CLK_GLOBAL_MEM_FENCE);\n"
    "    }\n"
    "    out[lid] = state[lid * 8];\n"
    "}\n";

#define CHECK(call)                                                                        \
    do {                                                                                   \
        cl_int rc_ = (call);                                                               \
        if (rc_ != CL_SUCCESS) {                                                           \
            fprintf(stderr, "%s failed: %d (line %d)\n", #call, rc_, __LINE__);             \
            exit(1);                                                                       \
        }                                                                                  \
    } while (0)

static cl_context context;
static cl_command_queue queue;

static double run_ns(cl_kernel kernel, size_t global, size_t local)
{
    cl_event done;
    CHECK(clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, local ? &local : NULL, 0,
                                 NULL, &done));
    CHECK(clWaitForEvents(1, &done));
    cl_ulong start, end;
    CHECK(clGetEventProfilingInfo(done, CL_PROFILING_COMMAND_START, sizeof start, &start, NULL));
    CHECK(clGetEventProfilingInfo(done, CL_PROFILING_COMMAND_END, sizeof end, &end, NULL));
    clReleaseEvent(done);
    return (double)(end - start);
}

/* Best of 5 sweeps over a buffer of `bytes` (a power of two), the first
 * sweep warming it into whatever cache holds it. A buffer as large as the
 * work-items' words is read whole per repetition, shifted by an odd number
 * of words far beyond one compute unit's share (no L1 reuse); a larger one
 * is read once, each repetition further on. */
static void read_bandwidth(cl_program program, size_t bytes, const char *label)
{
    cl_int rc;
    cl_mem in = clCreateBuffer(context, CL_MEM_READ_WRITE, bytes, NULL, &rc);
    CHECK(rc);
    const size_t items = (size_t)1 << 20;
    cl_mem out = clCreateBuffer(context, CL_MEM_READ_WRITE, items * 4, NULL, &rc);
    CHECK(rc);
    cl_uint zero = 0;
    CHECK(clEnqueueFillBuffer(queue, in, &zero, sizeof zero, 0, bytes, 0, NULL, NULL));
    cl_kernel kernel = clCreateKernel(program, "read_sweep", &rc);
    CHECK(rc);
    cl_uint mask = (cl_uint)(bytes / 16 - 1), reps = 64;
    cl_uint step = bytes / 16 >= items * reps ? (cl_uint)items : 65537;
    CHECK(clSetKernelArg(kernel, 0, sizeof in, &in));
    CHECK(clSetKernelArg(kernel, 1, sizeof mask, &mask));
    CHECK(clSetKernelArg(kernel, 2, sizeof reps, &reps));
    CHECK(clSetKernelArg(kernel, 3, sizeof step, &step));
    CHECK(clSetKernelArg(kernel, 4, sizeof out, &out));
    double best = 1e30;
    for (int i = 0; i < 6; i++) {
        double ns = run_ns(kernel, items, 256);
        if (i > 0 && ns < best)
            best = ns;
    }
    double moved = (double)items * reps * 16;
    printf("read bandwidth, %s (%zu MiB buffer): %.0f GB/s\n", label, bytes >> 20, moved / best);
    clReleaseKernel(kernel);
    clReleaseMemObject(in);
    clReleaseMemObject(out);
}

/* A random cycle through `bytes` of indices, one index per 128-byte line so
 * that no two steps share a cache line; reports ns per dependent load. Each
 * launch goes on along the cycle, so a cycle larger than a cache is not
 * brought into it by the first launch. */
static void load_latency(cl_program program, size_t bytes, const char *label)
{
    const size_t stride = 32, lines = bytes / (stride * 4);
    uint32_t *host = calloc(bytes / 4, 4), *order = malloc(lines * 4);
    for (size_t i = 0; i < lines; i++)
        order[i] = (uint32_t)i;
    srand(1);
    for (size_t i = lines - 1; i > 0; i--) {
        size_t j = (size_t)rand() % (i + 1);
        uint32_t t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    for (size_t i = 0; i < lines; i++)
        host[order[i] * stride] = order[(i + 1) % lines] * (uint32_t)stride;
    cl_int rc;
    cl_mem next = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, host, &rc);
    CHECK(rc);
    cl_uint start = 0;
    cl_mem out = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, 4, &start, &rc);
    CHECK(rc);
    cl_kernel kernel = clCreateKernel(program, "chase", &rc);
    CHECK(rc);
    cl_uint steps = 200000;
    CHECK(clSetKernelArg(kernel, 0, sizeof next, &next));
    CHECK(clSetKernelArg(kernel, 1, sizeof steps, &steps));
    CHECK(clSetKernelArg(kernel, 2, sizeof out, &out));
    double best = 1e30;
    for (int i = 0; i < 4; i++) {
        double ns = run_ns(kernel, 1, 1);
        if (i > 0 && ns < best)
            best = ns;
    }
    printf("dependent load latency, %s (%zu MiB cycle): %.0f ns\n", label, bytes >> 20,
           best / steps);
    clReleaseKernel(kernel);
    clReleaseMemObject(next);
    clReleaseMemObject(out);
    free(host);
    free(order);
}

/* One work-group of `items` running layer_steps: ns per step. */
static void layer_step_time(cl_program program, size_t items)
{
    cl_int rc;
    cl_mem state = clCreateBuffer(context, CL_MEM_READ_WRITE, items * 8 * 4, NULL, &rc);
    CHECK(rc);
    cl_mem out = clCreateBuffer(context, CL_MEM_READ_WRITE, items * 4, NULL, &rc);
    CHECK(rc);
    cl_int zero = 0;
    CHECK(clEnqueueFillBuffer(queue, state, &zero, sizeof zero, 0, items * 8 * 4, 0, NULL, NULL));
    cl_kernel kernel = clCreateKernel(program, "layer_steps", &rc);
    CHECK(rc);
    cl_uint steps = 20000;
    CHECK(clSetKernelArg(kernel, 0, sizeof state, &state));
    CHECK(clSetKernelArg(kernel, 1, sizeof steps, &steps));
    CHECK(clSetKernelArg(kernel, 2, sizeof out, &out));
    double best = 1e30;
    for (int i = 0; i < 4; i++) {
        double ns = run_ns(kernel, items, items);
        if (i > 0 && ns < best)
            best = ns;
    }
    printf("layer step (8 loads, barrier, store, barrier), one group of %zu: %.0f ns\n", items,
           best / steps);
    clReleaseKernel(kernel);
    clReleaseMemObject(state);
    clReleaseMemObject(out);
}

static cl_device_id pick_device(const char *want)
{
    cl_platform_id platforms[8];
    cl_uint count = 0;
    CHECK(clGetPlatformIDs(8, platforms, &count));
    for (cl_uint p = 0; p < count; p++) {
        char name[256] = "";
        clGetPlatformInfo(platforms[p], CL_PLATFORM_NAME, sizeof name, name, NULL);
        cl_device_id device;
        if ((want == NULL || strstr(name, want) != NULL) &&
            clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, 1, &device, NULL) == CL_SUCCESS) {
            char dev[256] = "";
            clGetDeviceInfo(device, CL_DEVICE_NAME, sizeof dev, dev, NULL);
            printf("platform %s, device %s\n", name, dev);
            return device;
        }
    }
    fprintf(stderr, "no OpenCL device%s%s\n", want ? " on a platform matching " : "",
            want ? want : "");
    exit(1);
}

int main(int argc, char **argv)
{
    cl_device_id device = pick_device(argc > 1 ? argv[1] : NULL);
    cl_int rc;
    context = clCreateContext(NULL, 1, &device, NULL, NULL, &rc);
    CHECK(rc);
    queue = clCreateCommandQueue(context, device, CL_QUEUE_PROFILING_ENABLE, &rc);
    CHECK(rc);
    cl_program program = clCreateProgramWithSource(context, 1, &source, NULL, &rc);
    CHECK(rc);
    CHECK(clBuildProgram(program, 1, &device, "", NULL, NULL));
    cl_ulong local_bytes = 0, cache_bytes = 0;
    size_t group = 0;
    clGetDeviceInfo(device, CL_DEVICE_LOCAL_MEM_SIZE, sizeof local_bytes, &local_bytes, NULL);
    clGetDeviceInfo(device, CL_DEVICE_GLOBAL_MEM_CACHE_SIZE, sizeof cache_bytes, &cache_bytes,
                    NULL);
    clGetDeviceInfo(device, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof group, &group, NULL);
    printf("local memory per work-group %lu KiB, global memory cache %lu KiB, "
           "largest work-group %zu\n",
           (unsigned long)(local_bytes >> 10), (unsigned long)(cache_bytes >> 10), group);
    read_bandwidth(program, (size_t)16 << 20, "L2-sized");
    read_bandwidth(program, (size_t)32 << 20, "L2-sized");
    read_bandwidth(program, (size_t)2 << 30, "DRAM-sized");
    const size_t cycles_mib[] = {8, 32, 48, 64, 128, 1024};
    for (size_t i = 0; i < sizeof cycles_mib / sizeof cycles_mib[0]; i++)
        load_latency(program, cycles_mib[i] << 20, cycles_mib[i] <= 32 ? "L2-sized" : "larger");
    cl_kernel steps = clCreateKernel(program, "layer_steps", &rc);
    CHECK(rc);
    size_t steps_group = 0;
    CHECK(clGetKernelWorkGroupInfo(steps, device, CL_KERNEL_WORK_GROUP_SIZE, sizeof steps_group,
                                   &steps_group, NULL));
    clReleaseKernel(steps);
    layer_step_time(program, steps_group < 256 ? steps_group : 256);
    return 0;
}
