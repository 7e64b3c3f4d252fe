/* Builds the kernels of a directory (every *.cl, name order, as
 * LDPC_CL_KERNEL_DIR does) on the first device of the platform whose name
 * contains $PLATFORM (default: NVIDIA) and prints, per kernel, the largest
 * work-group (CL_KERNEL_WORK_GROUP_SIZE), private and local memory, then the
 * build log (with -cl-nv-verbose, NVIDIA's log holds each kernel's registers)
 * and, with $BINARY_OUT, the program binary (PTX on NVIDIA) into that file.
 * Used for docs/bench/h100-opencl-2026-11-22-b.txt; not part of the build:
 *   cc -O2 -o cl_kernel_info docs/bench/cl_kernel_info.c -lOpenCL
 *   cl_kernel_info kernels "-cl-std=CL1.2 -cl-nv-verbose" */
#define CL_TARGET_OPENCL_VERSION 120
#define _POSIX_C_SOURCE 200809L
#include <CL/cl.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static char *read_sources(const char *dir)
{
    DIR *d = opendir(dir);
    if (d == NULL)
        return NULL;
    char *names[64];
    size_t count = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL && count < 64;) {
        size_t len = strlen(e->d_name);
        if (len > 3 && strcmp(e->d_name + len - 3, ".cl") == 0)
            names[count++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, count, sizeof names[0], by_name);
    size_t size = 1;
    char *all = calloc(1, 1);
    for (size_t i = 0; i < count; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        FILE *f = fopen(path, "rb");
        if (f == NULL)
            continue;
        fseek(f, 0, SEEK_END);
        long len = ftell(f);
        fseek(f, 0, SEEK_SET);
        /* size counts the terminating NUL; each file is followed by a newline */
        all = realloc(all, size + (size_t)len + 1);
        size_t got = fread(all + size - 1, 1, (size_t)len, f);
        memcpy(all + size - 1 + got, "\n", 2);
        size += got + 1;
        fclose(f);
        free(names[i]);
    }
    return all;
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "kernels";
    const char *options = argc > 2 ? argv[2] : "-cl-std=CL1.2";
    const char *want = getenv("PLATFORM") ? getenv("PLATFORM") : "NVIDIA";
    char *source = read_sources(dir);
    if (source == NULL) {
        fprintf(stderr, "no kernels in %s\n", dir);
        return 1;
    }
    cl_platform_id platforms[8];
    cl_uint np = 0;
    clGetPlatformIDs(8, platforms, &np);
    cl_device_id device = NULL;
    for (cl_uint p = 0; p < np && device == NULL; p++) {
        char name[256] = "";
        clGetPlatformInfo(platforms[p], CL_PLATFORM_NAME, sizeof name, name, NULL);
        if (strstr(name, want) != NULL)
            clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, 1, &device, NULL);
    }
    if (device == NULL) {
        fprintf(stderr, "no platform matching %s\n", want);
        return 1;
    }
    cl_int rc = CL_SUCCESS;
    cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &rc);
    const char *sources[] = {source};
    cl_program program = clCreateProgramWithSource(context, 1, sources, NULL, &rc);
    cl_int built = clBuildProgram(program, 1, &device, options, NULL, NULL);
    size_t log_size = 0;
    clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, 0, NULL, &log_size);
    char *log = malloc(log_size + 1);
    clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, log_size, log, NULL);
    log[log_size] = '\0';
    printf("options \"%s\": build %s\n", options, built == CL_SUCCESS ? "ok" : "FAILED");
    if (built == CL_SUCCESS) {
        cl_kernel kernels[64];
        cl_uint nk = 0;
        clCreateKernelsInProgram(program, 64, kernels, &nk);
        for (cl_uint k = 0; k < nk; k++) {
            char name[128] = "";
            size_t group = 0, multiple = 0;
            cl_ulong priv = 0, local = 0;
            clGetKernelInfo(kernels[k], CL_KERNEL_FUNCTION_NAME, sizeof name, name, NULL);
            clGetKernelWorkGroupInfo(kernels[k], device, CL_KERNEL_WORK_GROUP_SIZE, sizeof group,
                                     &group, NULL);
            clGetKernelWorkGroupInfo(kernels[k], device,
                                     CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
                                     sizeof multiple, &multiple, NULL);
            clGetKernelWorkGroupInfo(kernels[k], device, CL_KERNEL_PRIVATE_MEM_SIZE, sizeof priv,
                                     &priv, NULL);
            clGetKernelWorkGroupInfo(kernels[k], device, CL_KERNEL_LOCAL_MEM_SIZE, sizeof local,
                                     &local, NULL);
            printf("  %-28s group %4zu  multiple %2zu  private %6llu B  local %6llu B\n", name,
                   group, multiple, (unsigned long long)priv, (unsigned long long)local);
            clReleaseKernel(kernels[k]);
        }
    }
    printf("build log:\n%s\n", log);
    /* The device binary (PTX on NVIDIA) into $BINARY_OUT, for reading the
     * barriers and fences the compiler emitted. */
    const char *binary_out = getenv("BINARY_OUT");
    size_t binary_size = 0;
    if (built == CL_SUCCESS && binary_out != NULL &&
        clGetProgramInfo(program, CL_PROGRAM_BINARY_SIZES, sizeof binary_size, &binary_size,
                         NULL) == CL_SUCCESS &&
        binary_size > 0) {
        unsigned char *binary = malloc(binary_size);
        unsigned char *binaries[] = {binary};
        FILE *f = fopen(binary_out, "wb");
        if (f != NULL &&
            clGetProgramInfo(program, CL_PROGRAM_BINARIES, sizeof binaries, binaries, NULL) ==
                CL_SUCCESS)
            fwrite(binary, 1, binary_size, f);
        if (f != NULL)
            fclose(f);
        free(binary);
    }
    free(log);
    free(source);
    clReleaseProgram(program);
    clReleaseContext(context);
    return built == CL_SUCCESS ? 0 : 2;
}
