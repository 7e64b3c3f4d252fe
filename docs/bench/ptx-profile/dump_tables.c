/* Round 14 of issue 4 (docs/OPENCL.md): writes a code's device tables exactly
 * as the OpenCL backend uploads them (cl_table_cache, through PoCL here) so
 * that launch_ptx.c can run NVIDIA's compiled kernels under Nsight Compute,
 * which does not see kernels launched through OpenCL.
 *
 * Build (from the repo root, after a build-cpu build):
 *   gcc -O1 -std=c11 -Iinclude -Isrc -Iplatform -Ibuild-cpu/generated \
 *     docs/bench/ptx-profile/dump_tables.c build-cpu/libldpc.a -lOpenCL -lm -lpthread
 * Usage: dump_tables CODE FILE
 * File: "LDPCTAB2", the kernel argument (cl_code_tables, passed on as it is), the
 * fields launch_ptx.c sizes its buffers from (n, latency_slots, max_layer_size,
 * circulant_words: uint32), the arena's word count (uint64), the arena. */
#include <stdio.h>
#include <string.h>

#define CL_TARGET_OPENCL_VERSION 120
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>

#include "ldpc/code.h"
#include "opencl/cl_table_cache.h"
#include "opencl/opencl_circulant_tables.h"

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: dump_tables CODE FILE\n");
        return 2;
    }
    ldpc_error err = {0};
    ldpc_code *code = NULL;
    if (ldpc_code_create(argv[1], &code, &err) != LDPC_OK) {
        fprintf(stderr, "%s\n", err.message);
        return 1;
    }
    cl_platform_id platform;
    cl_device_id device;
    cl_int rc = clGetPlatformIDs(1, &platform, NULL);
    rc |= clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL);
    cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &rc);
    cl_command_queue queue = clCreateCommandQueue(context, device, 0, &rc);
    size_t words = cl_table_words(code->n, code->m, code->edges, code->layer_count,
                                  code->edges / 2,
                                  cl_latency_slot_capacity(code->m, code->max_check_degree),
                                  opencl_circulant_capacity(code->m, code->edges));
    cl_mem arena = clCreateBuffer(context, CL_MEM_READ_WRITE, words * 4, NULL, &rc);
    if (rc != CL_SUCCESS) {
        fprintf(stderr, "OpenCL setup failed (%d)\n", rc);
        return 1;
    }
    cl_table_cache cache;
    cl_code_tables tables;
    if (cl_table_cache_init(&cache, arena, words, code->n, code->m, code->edges,
                            code->max_check_degree, &err) != LDPC_OK ||
        cl_table_cache_lookup(&cache, queue, code, &tables, &err) != LDPC_OK) {
        fprintf(stderr, "%s\n", err.message);
        return 1;
    }
    static uint32_t host[1u << 24];
    if (words > sizeof host / 4 ||
        clEnqueueReadBuffer(queue, arena, CL_TRUE, 0, words * 4, host, 0, NULL, NULL)) {
        fprintf(stderr, "read-back failed\n");
        return 1;
    }
    FILE *out = fopen(argv[2], "wb");
    uint64_t count = words;
    uint32_t sizes[4] = {tables.n, tables.latency_slots, tables.max_layer_size,
                         tables.circulant_words};
    fwrite("LDPCTAB2", 1, 8, out);
    fwrite(&tables, sizeof tables, 1, out);
    fwrite(sizes, sizeof sizes, 1, out);
    fwrite(&count, sizeof count, 1, out);
    fwrite(host, 4, words, out);
    fclose(out);
    printf("%s: %zu words, layers %u, latency slots %u, circulant words %u, max layer %u\n",
           argv[1], words, tables.layer_count, tables.latency_slots, tables.circulant_words,
           tables.max_layer_size);
    return 0;
}
