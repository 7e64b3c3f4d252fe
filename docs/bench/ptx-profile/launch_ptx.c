/* Round 14 of issue 4 (docs/OPENCL.md): runs one latency kernel from the PTX
 * that NVIDIA's OpenCL driver compiled (the program binary ldpcd caches) through
 * CUDA's driver API, so that Nsight Compute can profile it: ncu does not see
 * kernels launched through OpenCL. The code's tables come from dump_tables.c;
 * posteriors are random channel values, messages start at zero, every frame
 * active, fixed iterations: the work of `ldpc bench --iterations N`.
 *
 * The driver refuses OpenCL's PTX as it is; cuda_ptx.py rewrites what it
 * objects to (the kernels' code unchanged). On the GPU machine:
 *   python3 cuda_ptx.py CACHED.clbin k.ptx layered_latency_d8 ...
 *   ptxas -arch=sm_90 k.ptx -o k.cubin
 *   gcc -O2 -std=c11 -I/usr/local/cuda/include launch_ptx.c -o launch_ptx \
 *     -L/usr/local/cuda/lib64/stubs -lcuda
 * Usage: launch_ptx CUBIN KERNEL TABLES FRAMES ITERATIONS GROUP [local-posteriors 0|1]
 * Prints the kernel time (CUDA events) of the launch. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#define CHECK(call)                                                                        \
    do {                                                                                   \
        CUresult r_ = (call);                                                              \
        if (r_ != CUDA_SUCCESS) {                                                          \
            const char *s_ = "?";                                                          \
            cuGetErrorString(r_, &s_);                                                     \
            fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #call, s_);              \
            exit(1);                                                                       \
        }                                                                                  \
    } while (0)

/* The kernel argument code_tables_t (kernels/00_fixed_point.cl), passed on as
 * dump_tables.c wrote it. */
#define CODE_TABLES_BYTES 88

static void *read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        perror(path);
        exit(1);
    }
    fseek(f, 0, SEEK_END);
    *size = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    char *data = malloc(*size + 1);
    if (fread(data, 1, *size, f) != *size)
        exit(1);
    data[*size] = 0;
    fclose(f);
    return data;
}

static CUdeviceptr upload(const void *host, size_t bytes)
{
    CUdeviceptr p;
    CHECK(cuMemAlloc(&p, bytes));
    CHECK(cuMemcpyHtoD(p, host, bytes));
    return p;
}

int main(int argc, char **argv)
{
    if (argc < 7) {
        fprintf(stderr, "usage: launch_ptx CUBIN KERNEL TABLES FRAMES ITERATIONS GROUP [LOCAL]\n");
        return 2;
    }
    uint32_t frames = (uint32_t)atoi(argv[4]), iterations = (uint32_t)atoi(argv[5]);
    uint32_t group = (uint32_t)atoi(argv[6]);
    int local_posteriors = argc > 7 && atoi(argv[7]);
    size_t cubin_size, tab_size;
    char *cubin = read_file(argv[1], &cubin_size);
    char *tab = read_file(argv[3], &tab_size);
    if (memcmp(tab, "LDPCTAB2", 8) != 0) {
        fprintf(stderr, "%s: not a dump_tables.c file\n", argv[3]);
        return 1;
    }
    uint8_t code[CODE_TABLES_BYTES];
    uint32_t n, latency_slots, max_layer_size, circulant_words;
    uint64_t words;
    const char *at = tab + 8;
    memcpy(code, at, sizeof code);
    at += sizeof code;
    memcpy(&n, at, 4);
    memcpy(&latency_slots, at + 4, 4);
    memcpy(&max_layer_size, at + 8, 4);
    memcpy(&circulant_words, at + 12, 4);
    memcpy(&words, at + 16, sizeof words);
    const uint32_t *arena = (const uint32_t *)(at + 24);

    CHECK(cuInit(0));
    CUdevice dev;
    CUcontext ctx;
    CUmodule module;
    CUfunction kernel;
    CHECK(cuDeviceGet(&dev, 0));
    CHECK(cuCtxCreate(&ctx, NULL, 0, dev));
    char log[8192] = "";
    CUjit_option options[2] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    void *values[2] = {log, (void *)(uintptr_t)sizeof log};
    if (cuModuleLoadDataEx(&module, cubin, 2, options, values) != CUDA_SUCCESS) {
        fprintf(stderr, "module load failed: %s\n", log);
        return 1;
    }
    CHECK(cuModuleGetFunction(&kernel, module, argv[2]));

    uint32_t post_stride = n + (n & 1), message_stride = latency_slots;
    size_t post_words = (size_t)frames * post_stride / 2;
    uint32_t *post = malloc(post_words * 4);
    srand(1);
    uint16_t *half = (uint16_t *)post;
    for (size_t i = 0; i < post_words * 2; i++)
        half[i] = (uint16_t)(32768 + rand() % 41 - 16); /* channel values, mostly positive */
    uint8_t rule[128];
    for (int m = 0; m < 128; m++)
        rule[m] = (uint8_t)(m > 0 ? m - 1 : 0); /* offset min-sum, offset 1 */
    uint32_t *active = malloc((size_t)frames * 4);
    for (uint32_t f = 0; f < frames; f++)
        active[f] = 1;

    CUdeviceptr d_tables = upload(arena, words * 4);
    CUdeviceptr d_post = upload(post, post_words * 4);
    CUdeviceptr d_msgs;
    CHECK(cuMemAlloc(&d_msgs, (size_t)frames * message_stride));
    CHECK(cuMemsetD8(d_msgs, 0, (size_t)frames * message_stride));
    CUdeviceptr d_rule = upload(rule, sizeof rule);
    CUdeviceptr d_iters, d_count;
    CHECK(cuMemAlloc(&d_iters, (size_t)frames * 4));
    CUdeviceptr d_active = upload(active, (size_t)frames * 4);
    d_count = upload(&frames, 4);

    /* Local (shared) arguments: addresses in the group's shared window past the
     * kernel's own 132 bytes (rule table, flag); the launch reserves them all. */
    size_t record_bytes = circulant_words && strstr(argv[2], "circulant")
                              ? (size_t)circulant_words * 4
                              : 2 * (size_t)max_layer_size * 4;
    uint64_t records_at = 256, post_at = 256 + ((record_bytes + 255) / 256) * 256;
    size_t shared = post_at + (local_posteriors ? (size_t)post_stride * 2 : 0);
    uint32_t first = 0, last = iterations, max_it = iterations, period = 0;
    void *args[17] = {&d_tables, code,   &d_post,   &d_msgs,   &post_stride, &message_stride,
                      &frames,   &first,  &last,     &max_it,   &period,      &d_rule,
                      &d_iters,  &d_active, &d_count, &records_at, &post_at};
    if (shared > 48 * 1024)
        CHECK(cuFuncSetAttribute(kernel, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                 (int)shared));
    CUevent start, stop;
    CHECK(cuEventCreate(&start, 0));
    CHECK(cuEventCreate(&stop, 0));
    CHECK(cuEventRecord(start, 0));
    CHECK(cuLaunchKernel(kernel, frames, 1, 1, group, 1, 1, (unsigned)shared, 0, args, NULL));
    CHECK(cuEventRecord(stop, 0));
    CHECK(cuEventSynchronize(stop));
    float ms;
    CHECK(cuEventElapsedTime(&ms, start, stop));
    uint32_t *iters = malloc((size_t)frames * 4);
    CHECK(cuMemcpyDtoH(iters, d_iters, (size_t)frames * 4));
    printf("%s: %u frames, %u iterations, group %u, shared %zu B: %.3f ms (frame 0 ran %u)\n",
           argv[2], frames, iterations, group, shared, ms, iters[0]);
    return 0;
}
