/* Issue 4's blocker (docs/OPENCL.md, "What blocks the throughput targets";
 * docs/opencl-rounds.md, round 21): measures, through OpenCL, what bounds any
 * design of the exact decoder on a GPU:
 *   - the device's local memory and work-group limits;
 *   - read bandwidth with the data in L2 and in DRAM, and the latency of one
 *     dependent load along cycles of 8 MiB to 1 GiB;
 *   - the shortest layer step a work-group can take (loads, barrier, store);
 *   - the pair kernel's arithmetic alone (kernels/28_layered_latency_pairs.cl:
 *     U, V, M, the minima, the rule, the new message and posterior of every
 *     slot) with every value in registers: no loads, stores, addresses,
 *     barriers or padding slots. As DVB-S2 normal 1/2 frames at 20
 *     iterations, a ceiling for any kernel built on that arithmetic.
 *
 * Build (repo root, after a build-cpu build; the library gives the kernels):
 *   gcc -O2 -std=c11 -Iinclude -Isrc -Iplatform docs/bench/cl-limits/cl_limits.c \
 *     build-cpu/libldpc.a -lOpenCL -lm -lpthread -o cl_limits
 * Usage: cl_limits [PLATFORM-SUBSTRING]   (first device of the first match) */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CL_TARGET_OPENCL_VERSION 120
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>

#include "ldpc/code.h"
#include "opencl/cl_kernel_source.h"

static const char *memory_probes =
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

/* A check of degree 7 (DVB-S2 normal 1/2) per work-item, `rounds` times:
 * phase 1 and phase 2 of the pair kernel on register values, each round's
 * posteriors rotated so that the next round depends on this one.
 * pair_arithmetic is the kernel's arithmetic as it is (phase 2 computes V
 * and M again, as the kernel does to save registers); pair_arithmetic_kept
 * keeps them from phase 1, the fewest operations of this formulation. */
static const char *arithmetic_kernel =
    "#define PAIR_ARITHMETIC(name, KEPT)                                          \\\n"
    "kernel void name(global const uint *seed, global const uchar *rule,         \\\n"
    "                 uint rounds, global uint *out) {                           \\\n"
    "    local uchar rule_local[Q_MAX + 1];                                      \\\n"
    "    for (uint r = get_local_id(0); r <= Q_MAX; r += get_local_size(0))      \\\n"
    "        rule_local[r] = rule[r];                                            \\\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);                                           \\\n"
    "    uint gid = get_global_id(0), post[7], old[7], u[7], v[7], m[7];         \\\n"
    "    for (uint j = 0; j < 7; j++) { post[j] = seed[(gid + j) & 1023]; old[j] = 0; } \\\n"
    "    for (uint r = 0; r < rounds; r++) {                                     \\\n"
    "        pair_mins_t s = {PAIR(255), PAIR(255), 0};                          \\\n"
    "        _Pragma(\"unroll\")                                                 \\\n"
    "        for (uint j = 0; j < 7; j++) {                                      \\\n"
    "            u[j] = pair_u(post[j], old[j]);                                 \\\n"
    "            v[j] = pair_v(u[j]);                                            \\\n"
    "            m[j] = pair_magnitude(v[j]);                                    \\\n"
    "            s.negatives ^= ~v[j];                                           \\\n"
    "            s.min2 = pair_min(s.min2, pair_max(s.min1, m[j]));              \\\n"
    "            s.min1 = pair_min(s.min1, m[j]);                                \\\n"
    "        }                                                                   \\\n"
    "        uint out1 = pair_rule(rule_local, s.min1);                          \\\n"
    "        uint out2 = pair_rule(rule_local, s.min2);                          \\\n"
    "        _Pragma(\"unroll\")                                                 \\\n"
    "        for (uint j = 0; j < 7; j++) {                                      \\\n"
    "            uint message = KEPT                                             \\\n"
    "                ? pair_message(out1, out2, pair_minimum_bytes(m[j], s.min1),\\\n"
    "                               s.negatives ^ ~v[j])                         \\\n"
    "                : pair_new_message(out1, out2, s, u[j], old[j], 0);         \\\n"
    "            post[(j + 1) % 7] = u[j] - PAIR(128) + pair_spread(message);    \\\n"
    "            old[j] = message;                                               \\\n"
    "        }                                                                   \\\n"
    "    }                                                                       \\\n"
    "    uint acc = 0;                                                           \\\n"
    "    for (uint j = 0; j < 7; j++) acc ^= post[j] ^ old[j];                   \\\n"
    "    out[gid] = acc;                                                         \\\n"
    "}\n"
    "PAIR_ARITHMETIC(pair_arithmetic, 0)\n"
    "PAIR_ARITHMETIC(pair_arithmetic_kept, 1)\n";

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

static cl_mem buffer(cl_mem_flags flags, size_t bytes, void *host)
{
    cl_int rc;
    cl_mem made = clCreateBuffer(context, flags, bytes, host, &rc);
    CHECK(rc);
    return made;
}

static cl_kernel kernel(cl_program program, const char *name)
{
    cl_int rc;
    cl_kernel made = clCreateKernel(program, name, &rc);
    CHECK(rc);
    return made;
}

/* The shortest of `launches` - 1 launches after one to warm up: ns. */
static double best_ns(cl_kernel k, size_t global, size_t local, int launches)
{
    double best = 1e30;
    for (int i = 0; i < launches; i++) {
        cl_event done;
        CHECK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &global, &local, 0, NULL, &done));
        CHECK(clWaitForEvents(1, &done));
        cl_ulong start, end;
        CHECK(clGetEventProfilingInfo(done, CL_PROFILING_COMMAND_START, sizeof start, &start,
                                      NULL));
        CHECK(clGetEventProfilingInfo(done, CL_PROFILING_COMMAND_END, sizeof end, &end, NULL));
        clReleaseEvent(done);
        if (i > 0 && (double)(end - start) < best)
            best = (double)(end - start);
    }
    return best;
}

/* Sweeps over a buffer of `bytes` (a power of two). A buffer as large as the
 * work-items' words is read whole per repetition, shifted by an odd number
 * of words far beyond one compute unit's share (no L1 reuse); a larger one
 * is read once, each repetition further on. */
static void read_bandwidth(cl_program program, size_t bytes, const char *label)
{
    const size_t items = (size_t)1 << 20;
    cl_mem in = buffer(CL_MEM_READ_WRITE, bytes, NULL);
    cl_mem out = buffer(CL_MEM_READ_WRITE, items * 4, NULL);
    cl_uint zero = 0;
    CHECK(clEnqueueFillBuffer(queue, in, &zero, sizeof zero, 0, bytes, 0, NULL, NULL));
    cl_kernel sweep = kernel(program, "read_sweep");
    cl_uint mask = (cl_uint)(bytes / 16 - 1), reps = 64;
    cl_uint step = bytes / 16 >= items * reps ? (cl_uint)items : 65537;
    CHECK(clSetKernelArg(sweep, 0, sizeof in, &in));
    CHECK(clSetKernelArg(sweep, 1, sizeof mask, &mask));
    CHECK(clSetKernelArg(sweep, 2, sizeof reps, &reps));
    CHECK(clSetKernelArg(sweep, 3, sizeof step, &step));
    CHECK(clSetKernelArg(sweep, 4, sizeof out, &out));
    double ns = best_ns(sweep, items, 256, 6);
    printf("read bandwidth, %s (%zu MiB buffer): %.0f GB/s\n", label, bytes >> 20,
           (double)items * reps * 16 / ns);
    clReleaseKernel(sweep);
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
    cl_mem next = buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, host);
    cl_uint start = 0;
    cl_mem out = buffer(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, 4, &start);
    cl_kernel chase = kernel(program, "chase");
    cl_uint steps = 200000;
    CHECK(clSetKernelArg(chase, 0, sizeof next, &next));
    CHECK(clSetKernelArg(chase, 1, sizeof steps, &steps));
    CHECK(clSetKernelArg(chase, 2, sizeof out, &out));
    printf("dependent load latency, %s (%zu MiB cycle): %.0f ns\n", label, bytes >> 20,
           best_ns(chase, 1, 1, 4) / steps);
    clReleaseKernel(chase);
    clReleaseMemObject(next);
    clReleaseMemObject(out);
    free(host);
    free(order);
}

/* One work-group of `items` running layer_steps: ns per step. */
static void layer_step_time(cl_program program, size_t items)
{
    cl_mem state = buffer(CL_MEM_READ_WRITE, items * 8 * 4, NULL);
    cl_mem out = buffer(CL_MEM_READ_WRITE, items * 4, NULL);
    cl_int zero = 0;
    CHECK(clEnqueueFillBuffer(queue, state, &zero, sizeof zero, 0, items * 8 * 4, 0, NULL, NULL));
    cl_kernel steps_kernel = kernel(program, "layer_steps");
    cl_uint steps = 20000;
    CHECK(clSetKernelArg(steps_kernel, 0, sizeof state, &state));
    CHECK(clSetKernelArg(steps_kernel, 1, sizeof steps, &steps));
    CHECK(clSetKernelArg(steps_kernel, 2, sizeof out, &out));
    printf("layer step (8 loads, barrier, store, barrier), one group of %zu: %.0f ns\n", items,
           best_ns(steps_kernel, items, items, 4) / steps);
    clReleaseKernel(steps_kernel);
    clReleaseMemObject(state);
    clReleaseMemObject(out);
}

/* Both arithmetic kernels over 2^20 work-items in groups of 256, as edge
 * updates of single frames (two per slot) and as normal 1/2 frames. */
static void pair_arithmetic(cl_program program)
{
    enum { ITEMS = 1 << 20, ROUNDS = 1000 };
    ldpc_error err = {0};
    ldpc_code *code = NULL;
    if (ldpc_code_create("dvbs2-normal-1/2", &code, &err) != LDPC_OK) {
        fprintf(stderr, "%s\n", err.message);
        exit(1);
    }
    cl_uint seed[1024];
    cl_uchar rule[128];
    for (unsigned i = 0; i < 1024; i++)
        seed[i] = 0x80008000u + i * 0x00070003u;
    for (unsigned i = 0; i < 128; i++)
        rule[i] = (cl_uchar)(i > 0 ? i - 1 : 0);
    cl_mem seed_buffer = buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof seed, seed);
    cl_mem rule_buffer = buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof rule, rule);
    cl_mem out = buffer(CL_MEM_WRITE_ONLY, (size_t)ITEMS * 4, NULL);
    const char *names[] = {"pair_arithmetic", "pair_arithmetic_kept"};
    static cl_uint results[2][ITEMS];
    for (int k = 0; k < 2; k++) {
        cl_kernel arithmetic = kernel(program, names[k]);
        cl_uint rounds = ROUNDS;
        CHECK(clSetKernelArg(arithmetic, 0, sizeof seed_buffer, &seed_buffer));
        CHECK(clSetKernelArg(arithmetic, 1, sizeof rule_buffer, &rule_buffer));
        CHECK(clSetKernelArg(arithmetic, 2, sizeof rounds, &rounds));
        CHECK(clSetKernelArg(arithmetic, 3, sizeof out, &out));
        double ns = best_ns(arithmetic, ITEMS, 256, 5);
        CHECK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, sizeof results[k], results[k], 0, NULL,
                                  NULL));
        double edge_frames = (double)ITEMS * ROUNDS * 7 * 2 / (ns * 1e-9);
        double frames = edge_frames / ((double)code->edges * 20);
        printf("%s: %.3g edge updates per second (one frame each), %.2f Gbit/s of "
               "dvbs2-normal-1/2 coded at 20 iterations (%u edges)\n",
               names[k], edge_frames, frames * code->n / 1e9, code->edges);
        clReleaseKernel(arithmetic);
    }
    /* The same arithmetic: the same words. */
    printf("results %s\n",
           memcmp(results[0], results[1], sizeof results[0]) == 0 ? "identical" : "DIFFER");
    clReleaseMemObject(seed_buffer);
    clReleaseMemObject(rule_buffer);
    clReleaseMemObject(out);
    ldpc_code_destroy(code);
}

static cl_device_id pick_device(const char *want, int *nvidia)
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
            *nvidia = strstr(name, "NVIDIA") != NULL;
            return device;
        }
    }
    fprintf(stderr, "no OpenCL device%s%s\n", want ? " on a platform matching " : "",
            want ? want : "");
    exit(1);
}

static cl_program build(cl_device_id device, cl_uint count, const char **sources,
                        const char *options)
{
    cl_int rc;
    cl_program program = clCreateProgramWithSource(context, count, sources, NULL, &rc);
    CHECK(rc);
    CHECK(clBuildProgram(program, 1, &device, options, NULL, NULL));
    return program;
}

int main(int argc, char **argv)
{
    int nvidia = 0;
    cl_device_id device = pick_device(argc > 1 ? argv[1] : NULL, &nvidia);
    cl_int rc;
    context = clCreateContext(NULL, 1, &device, NULL, NULL, &rc);
    CHECK(rc);
    queue = clCreateCommandQueue(context, device, CL_QUEUE_PROFILING_ENABLE, &rc);
    CHECK(rc);

    cl_ulong local_bytes = 0, cache_bytes = 0;
    size_t group = 0;
    clGetDeviceInfo(device, CL_DEVICE_LOCAL_MEM_SIZE, sizeof local_bytes, &local_bytes, NULL);
    clGetDeviceInfo(device, CL_DEVICE_GLOBAL_MEM_CACHE_SIZE, sizeof cache_bytes, &cache_bytes,
                    NULL);
    clGetDeviceInfo(device, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof group, &group, NULL);
    printf("local memory per work-group %lu KiB, global memory cache %lu KiB, "
           "largest work-group %zu\n",
           (unsigned long)(local_bytes >> 10), (unsigned long)(cache_bytes >> 10), group);

    cl_program probes = build(device, 1, &memory_probes, "");
    read_bandwidth(probes, (size_t)16 << 20, "L2-sized");
    read_bandwidth(probes, (size_t)32 << 20, "L2-sized");
    read_bandwidth(probes, (size_t)2 << 30, "DRAM-sized");
    const size_t cycles_mib[] = {8, 32, 48, 64, 128, 1024};
    for (size_t i = 0; i < sizeof cycles_mib / sizeof cycles_mib[0]; i++)
        load_latency(probes, cycles_mib[i] << 20, cycles_mib[i] <= 32 ? "L2-sized" : "larger");
    cl_kernel steps = kernel(probes, "layer_steps");
    size_t steps_group = 0;
    CHECK(clGetKernelWorkGroupInfo(steps, device, CL_KERNEL_WORK_GROUP_SIZE, sizeof steps_group,
                                   &steps_group, NULL));
    clReleaseKernel(steps);
    layer_step_time(probes, steps_group < 256 ? steps_group : 256);

    /* The library's kernels with the arithmetic kernels after them, built
     * with the library's options (PTX's 16x2 operations on NVIDIA). */
    ldpc_error err = {0};
    char *library = NULL;
    if (cl_kernel_source_assemble(NULL, &library, &err) != LDPC_OK) {
        fprintf(stderr, "%s\n", err.message);
        return 1;
    }
    const char *sources[] = {library, arithmetic_kernel};
    cl_program arithmetic =
        build(device, 2, sources,
              nvidia ? "-cl-std=CL1.2 -D LDPC_SATURATED_LANES=1 -D LDPC_PTX_16X2"
                     : "-cl-std=CL1.2 -D LDPC_SATURATED_LANES=1");
    pair_arithmetic(arithmetic);
    free(library);
    return 0;
}
