#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cl_error.h"
#include "cl_program_cache.h"
#include "util/error_internal.h"

/* Written before the binary so that a truncated or foreign file is rejected. */
#define CACHE_MAGIC "ldpcd-opencl-binary-1\n"

static uint64_t fnv1a(uint64_t hash, const char *text)
{
    /* The terminating NUL is hashed too, so that ("ab","c") != ("a","bc"). */
    const unsigned char *p = (const unsigned char *)text;
    do {
        hash ^= *p;
        hash *= 1099511628211ull;
    } while (*p++ != '\0');
    return hash;
}

static uint64_t cache_key(const cl_device_choice *choice, const char *options, const char *source)
{
    uint64_t hash = 14695981039346656037ull;
    const char *parts[] = {choice->platform_name, choice->device_name,   choice->vendor,
                           choice->driver_version, choice->device_version, options,
                           source};
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++)
        hash = fnv1a(hash, parts[i]);
    return hash;
}

void cl_program_cache_dir(const char *configured, char *out, size_t size)
{
    const char *xdg = getenv("XDG_CACHE_HOME");
    const char *home = getenv("HOME");
    if (configured != NULL && configured[0] != '\0')
        snprintf(out, size, "%s", configured);
    else if (xdg != NULL && xdg[0] != '\0')
        snprintf(out, size, "%s/ldpcd", xdg);
    else if (home != NULL && home[0] != '\0')
        snprintf(out, size, "%s/.cache/ldpcd", home);
    else
        out[0] = '\0';
}

/* mkdir -p; 0 on failure (errno set). */
static int make_directories(const char *path)
{
    char partial[LDPC_OPENCL_PATH_SIZE];
    size_t length = strlen(path);
    if (length == 0 || length >= sizeof partial) {
        errno = ENAMETOOLONG;
        return 0;
    }
    for (size_t i = 1; i <= length; i++) {
        if (path[i] != '/' && path[i] != '\0')
            continue;
        memcpy(partial, path, i);
        partial[i] = '\0';
        if (mkdir(partial, 0755) != 0 && errno != EEXIST)
            return 0;
    }
    return 1;
}

static double elapsed_ms(const struct timespec *start)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - start->tv_sec) * 1e3 +
           (double)(now.tv_nsec - start->tv_nsec) / 1e6;
}

/* The cached binary, or NULL (with the reason in the note when not simply absent). */
static unsigned char *read_cached(const char *path, size_t *size, char *note, size_t note_size)
{
    FILE *file = fopen(path, "rb");
    if (file == NULL)
        return NULL;
    char magic[sizeof CACHE_MAGIC] = "";
    unsigned char *binary = NULL;
    long end = -1;
    if (fread(magic, 1, sizeof CACHE_MAGIC - 1, file) == sizeof CACHE_MAGIC - 1 &&
        memcmp(magic, CACHE_MAGIC, sizeof CACHE_MAGIC - 1) == 0 && fseek(file, 0, SEEK_END) == 0)
        end = ftell(file);
    long start = (long)(sizeof CACHE_MAGIC - 1);
    if (end > start && fseek(file, start, SEEK_SET) == 0) {
        *size = (size_t)(end - start);
        binary = malloc(*size);
        if (binary != NULL && fread(binary, 1, *size, file) != *size) {
            free(binary);
            binary = NULL;
        }
    }
    fclose(file);
    if (binary == NULL)
        snprintf(note, note_size, "cache file %.180s unreadable or corrupt; rebuilt", path);
    return binary;
}

static void write_cached(cl_program program, const char *dir, const char *path, char *note,
                         size_t note_size)
{
    size_t size = 0;
    cl_int rc = clGetProgramInfo(program, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, NULL);
    if (rc != CL_SUCCESS || size == 0) {
        snprintf(note, note_size, "the driver returned no program binary; nothing cached");
        return;
    }
    unsigned char *binary = malloc(size);
    if (binary == NULL) {
        snprintf(note, note_size, "no memory for the program binary; nothing cached");
        return;
    }
    unsigned char *binaries[1] = {binary};
    char temporary[LDPC_OPENCL_PATH_SIZE + 64];
    snprintf(temporary, sizeof temporary, "%s.%ld.tmp", path, (long)getpid());
    FILE *file = NULL;
    if (clGetProgramInfo(program, CL_PROGRAM_BINARIES, sizeof binaries, binaries, NULL) !=
        CL_SUCCESS)
        snprintf(note, note_size, "cannot read the program binary; nothing cached");
    else if (!make_directories(dir))
        snprintf(note, note_size, "cannot create cache directory %.180s: %s", dir, strerror(errno));
    else if ((file = fopen(temporary, "wb")) == NULL)
        snprintf(note, note_size, "cannot write %.180s: %s", temporary, strerror(errno));
    if (file != NULL) {
        int ok = fwrite(CACHE_MAGIC, 1, sizeof CACHE_MAGIC - 1, file) ==
                     sizeof CACHE_MAGIC - 1 &&
                 fwrite(binary, 1, size, file) == size;
        ok = (fclose(file) == 0) && ok;
        /* rename() is atomic: a concurrent reader sees the old file or the new one. */
        if (!ok || rename(temporary, path) != 0) {
            snprintf(note, note_size, "cannot store %.180s: %s", path, strerror(errno));
            remove(temporary);
        }
    }
    free(binary);
}

static ldpc_status build_failure(cl_program program, cl_device_id device, cl_int rc,
                                 ldpc_error *err)
{
    char log[200] = "";
    clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
    log[sizeof log - 1] = '\0';
    for (char *c = log; *c != '\0'; c++)
        if (*c == '\n')
            *c = ' ';
    return ldpc_fail(err, LDPC_ERR_UNSUPPORTED, "OpenCL kernels do not build (%s): %s",
                     cl_error_name(rc), log);
}

ldpc_status cl_program_build(cl_context context, const cl_device_choice *choice,
                             const char *source, const char *options, const char *cache_dir,
                             cl_program *out, cl_program_build_report *report, ldpc_error *err)
{
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    memset(report, 0, sizeof *report);
    *out = NULL;
    char path[LDPC_OPENCL_PATH_SIZE + 32] = "";
    if (cache_dir[0] != '\0')
        snprintf(path, sizeof path, "%s/%016llx.clbin", cache_dir,
                 (unsigned long long)cache_key(choice, options, source));
    else
        snprintf(report->note, sizeof report->note, "binary cache disabled");

    cl_int rc = CL_SUCCESS;
    size_t binary_size = 0;
    unsigned char *binary =
        path[0] ? read_cached(path, &binary_size, report->note, sizeof report->note) : NULL;
    if (binary != NULL) {
        const unsigned char *binaries[1] = {binary};
        cl_int binary_status = CL_SUCCESS;
        cl_program program = clCreateProgramWithBinary(context, 1, &choice->device, &binary_size,
                                                       binaries, &binary_status, &rc);
        free(binary);
        if (rc == CL_SUCCESS && binary_status == CL_SUCCESS &&
            clBuildProgram(program, 1, &choice->device, options, NULL, NULL) == CL_SUCCESS) {
            *out = program;
            report->from_cache = 1;
            report->build_ms = elapsed_ms(&start);
            return LDPC_OK;
        }
        if (program != NULL)
            clReleaseProgram(program);
        snprintf(report->note, sizeof report->note, "cached binary %.180s rejected; rebuilt", path);
    }

    size_t length = strlen(source);
    cl_program program = clCreateProgramWithSource(context, 1, &source, &length, &rc);
    if (rc != CL_SUCCESS)
        return ldpc_fail(err, LDPC_ERR_UNSUPPORTED, "clCreateProgramWithSource: %s",
                         cl_error_name(rc));
    rc = clBuildProgram(program, 1, &choice->device, options, NULL, NULL);
    if (rc != CL_SUCCESS) {
        ldpc_status status = build_failure(program, choice->device, rc, err);
        clReleaseProgram(program);
        return status;
    }
    if (path[0] != '\0')
        write_cached(program, cache_dir, path, report->note, sizeof report->note);
    *out = program;
    report->build_ms = elapsed_ms(&start);
    return LDPC_OK;
}
