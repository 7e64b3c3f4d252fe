/* Issue 4's blocker (docs/OPENCL.md, "What blocks the throughput targets"):
 * how fast the device runs the pair kernel's arithmetic alone
 * (kernels/28_layered_latency_pairs.cl: U, V, M, the minima, the rule, the
 * new message and posterior of every slot), with every value in registers:
 * no loads, stores, addresses, barriers or padding slots. The result, as
 * DVB-S2 normal 1/2 frames at 20 iterations, is a ceiling for any kernel
 * built on that arithmetic.
 *
 * Build (repo root, after a build-cpu build):
 *   gcc -O2 -std=c11 -Iinclude -Isrc -Iplatform docs/bench/cl-limits/pair_arithmetic.c \
 *     build-cpu/libldpc.a -lOpenCL -lm -lpthread
 * Usage: pair_arithmetic [PLATFORM-SUBSTRING] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CL_TARGET_OPENCL_VERSION 120
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>

#include "ldpc/code.h"
#include "opencl/cl_kernel_source.h"

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

#define ITEMS ((size_t)1 << 20)
#define ROUNDS 1000

/* Best of four launches (after one to warm up) of `name` over ITEMS
 * work-items: ns. */
static double best_time(cl_program program, cl_command_queue queue, const char *name,
                        const cl_mem *buffers)
{
    cl_int rc;
    cl_kernel kernel = clCreateKernel(program, name, &rc);
    CHECK(rc);
    cl_uint rounds = ROUNDS;
    CHECK(clSetKernelArg(kernel, 0, sizeof buffers[0], &buffers[0]));
    CHECK(clSetKernelArg(kernel, 1, sizeof buffers[1], &buffers[1]));
    CHECK(clSetKernelArg(kernel, 2, sizeof rounds, &rounds));
    CHECK(clSetKernelArg(kernel, 3, sizeof buffers[2], &buffers[2]));
    const size_t items = ITEMS, group = 256;
    double best = 1e30;
    for (int i = 0; i < 5; i++) {
        cl_event done;
        CHECK(clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &items, &group, 0, NULL, &done));
        CHECK(clWaitForEvents(1, &done));
        cl_ulong start, end;
        CHECK(clGetEventProfilingInfo(done, CL_PROFILING_COMMAND_START, sizeof start, &start,
                                      NULL));
        CHECK(clGetEventProfilingInfo(done, CL_PROFILING_COMMAND_END, sizeof end, &end, NULL));
        clReleaseEvent(done);
        if (i > 0 && (double)(end - start) < best)
            best = (double)(end - start);
    }
    clReleaseKernel(kernel);
    return best;
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
            *nvidia = strstr(name, "NVIDIA") != NULL;
            return device;
        }
    }
    fprintf(stderr, "no OpenCL device\n");
    exit(1);
}

int main(int argc, char **argv)
{
    int nvidia = 0;
    cl_device_id device = pick_device(argc > 1 ? argv[1] : NULL, &nvidia);
    ldpc_error err = {0};
    char *library = NULL;
    ldpc_code *code = NULL;
    if (cl_kernel_source_assemble(NULL, &library, &err) != LDPC_OK ||
        ldpc_code_create("dvbs2-normal-1/2", &code, &err) != LDPC_OK) {
        fprintf(stderr, "%s\n", err.message);
        return 1;
    }
    cl_int rc;
    cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &rc);
    CHECK(rc);
    cl_command_queue queue = clCreateCommandQueue(context, device, CL_QUEUE_PROFILING_ENABLE, &rc);
    CHECK(rc);
    const char *sources[] = {library, arithmetic_kernel};
    cl_program program = clCreateProgramWithSource(context, 2, sources, NULL, &rc);
    CHECK(rc);
    /* As the library builds it on a device with PTX's 16x2 operations. */
    const char *options = nvidia ? "-cl-std=CL1.2 -D LDPC_SATURATED_LANES=1 -D LDPC_PTX_16X2"
                                 : "-cl-std=CL1.2 -D LDPC_SATURATED_LANES=1";
    CHECK(clBuildProgram(program, 1, &device, options, NULL, NULL));
    cl_uint seed[1024];
    cl_uchar rule[128];
    for (unsigned i = 0; i < 1024; i++)
        seed[i] = 0x80008000u + i * 0x00070003u;
    for (unsigned i = 0; i < 128; i++)
        rule[i] = (cl_uchar)(i > 0 ? i - 1 : 0);
    cl_mem seed_buffer =
        clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof seed, seed, &rc);
    CHECK(rc);
    cl_mem rule_buffer =
        clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof rule, rule, &rc);
    CHECK(rc);
    cl_mem out = clCreateBuffer(context, CL_MEM_WRITE_ONLY, ITEMS * 4, NULL, &rc);
    CHECK(rc);
    cl_mem buffers[] = {seed_buffer, rule_buffer, out};
    const char *kernels[] = {"pair_arithmetic", "pair_arithmetic_kept"};
    static cl_uint results[2][ITEMS];
    for (int k = 0; k < 2; k++) {
        double ns = best_time(program, queue, kernels[k], buffers);
        CHECK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, sizeof results[k], results[k], 0, NULL,
                                  NULL));
        /* Two frames per slot: edge updates of single frames per second. */
        double edge_frames = (double)ITEMS * ROUNDS * 7 * 2 / (ns * 1e-9);
        double frames = edge_frames / ((double)code->edges * 20);
        printf("%s: %.3g edge updates per second (one frame each), %.2f Gbit/s of "
               "dvbs2-normal-1/2 coded at 20 iterations (%u edges)\n",
               kernels[k], edge_frames, frames * code->n / 1e9, code->edges);
    }
    /* The same arithmetic: the same words. */
    printf("results %s\n", memcmp(results[0], results[1], sizeof results[0]) == 0
                                  ? "identical"
                                  : "DIFFER");
    ldpc_code_destroy(code);
    free(library);
    return 0;
}
