/* ldpc_opencl_config: defaults and the LDPC_CL_* environment variables
 * (docs/OPENCL.md). Compiled with or without OpenCL. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "opencl/opencl_backend.h"
#include "util/env_choice.h"
#include "util/error_internal.h"

ldpc_opencl_config ldpc_opencl_config_default(void)
{
    ldpc_opencl_config config;
    memset(&config, 0, sizeof config);
    config.device_type = LDPC_OPENCL_DEVICE_DEFAULT;
    config.device_index = -1;
    config.design = LDPC_OPENCL_DESIGN_AUTO;
    config.latency_posteriors = LDPC_OPENCL_POSTERIORS_AUTO;
    config.binary_cache = 1;
    return config;
}

static ldpc_status copy_text(const char *variable, const char *value, char *out, size_t size,
                             ldpc_error *err)
{
    if (strlen(value) >= size)
        return ldpc_fail(err, LDPC_ERR_INVALID, "%s is longer than %zu characters", variable,
                         size - 1);
    memcpy(out, value, strlen(value) + 1);
    return LDPC_OK;
}

static ldpc_status parse_unsigned(const char *variable, const char *value,
                                  unsigned long long max, unsigned long long *out,
                                  ldpc_error *err)
{
    char *end = NULL;
    errno = 0;
    unsigned long long parsed = strtoull(value, &end, 10);
    if (value[0] == '\0' || value[0] == '-' || *end != '\0' || errno != 0 || parsed > max)
        return ldpc_fail(err, LDPC_ERR_INVALID, "%s='%s' is not an integer in 0..%llu", variable,
                         value, max);
    *out = parsed;
    return LDPC_OK;
}

ldpc_status ldpc_opencl_config_from_env(ldpc_opencl_config *config, ldpc_error *err)
{
    static const char *const types[] = {"default", "gpu", "cpu", "accelerator", "all", NULL};
    static const char *const designs[] = {"auto", "item", "group", "latency", "spread", NULL};
    static const char *const posterior_memories[] = {"auto", "local", "global", NULL};
    static const char *const latency_tables[] = {"auto", "slots", "circulants", NULL};
    static const char *const latency_pairs[] = {"auto", "pairs", "single", NULL};
    ldpc_status status = LDPC_OK;
    const char *value;
    unsigned long long number = 0;
    int choice = 0;
    if ((value = getenv("LDPC_CL_PLATFORM")) != NULL)
        status = copy_text("LDPC_CL_PLATFORM", value, config->platform, sizeof config->platform,
                           err);
    if (status == LDPC_OK && (value = getenv("LDPC_CL_DEVICE")) != NULL)
        status = copy_text("LDPC_CL_DEVICE", value, config->device, sizeof config->device, err);
    if (status == LDPC_OK && (value = getenv("LDPC_CL_DEVICE_TYPE")) != NULL &&
        (status = env_choice("LDPC_CL_DEVICE_TYPE", value, types, &choice, err)) == LDPC_OK)
        config->device_type = (ldpc_opencl_device_type)choice;
    if (status == LDPC_OK && (value = getenv("LDPC_CL_DEVICE_INDEX")) != NULL &&
        (status = parse_unsigned("LDPC_CL_DEVICE_INDEX", value, 1000, &number, err)) == LDPC_OK)
        config->device_index = (int)number;
    if (status == LDPC_OK && (value = getenv("LDPC_CL_DESIGN")) != NULL &&
        (status = env_choice("LDPC_CL_DESIGN", value, designs, &choice, err)) == LDPC_OK)
        config->design = (ldpc_opencl_design)choice;
    if (status == LDPC_OK && (value = getenv("LDPC_CL_LATENCY_POSTERIORS")) != NULL &&
        (status = env_choice("LDPC_CL_LATENCY_POSTERIORS", value, posterior_memories, &choice,
                               err)) == LDPC_OK)
        config->latency_posteriors = (ldpc_opencl_posterior_memory)choice;
    if (status == LDPC_OK && (value = getenv("LDPC_CL_LATENCY_TABLES")) != NULL &&
        (status = env_choice("LDPC_CL_LATENCY_TABLES", value, latency_tables, &choice, err)) ==
            LDPC_OK)
        config->latency_tables = (ldpc_opencl_latency_tables)choice;
    if (status == LDPC_OK && (value = getenv("LDPC_CL_LATENCY_PAIRS")) != NULL &&
        (status = env_choice("LDPC_CL_LATENCY_PAIRS", value, latency_pairs, &choice, err)) ==
            LDPC_OK)
        config->latency_pairs = (ldpc_opencl_latency_pairs)choice;
    if (status == LDPC_OK && (value = getenv("LDPC_CL_ITERATIONS_PER_LAUNCH")) != NULL &&
        (status = parse_unsigned("LDPC_CL_ITERATIONS_PER_LAUNCH", value, 1000000, &number,
                                 err)) == LDPC_OK)
        config->iterations_per_launch = (uint32_t)number;
    if (status == LDPC_OK && (value = getenv("LDPC_CL_WORK_GROUP_SIZE")) != NULL &&
        (status = parse_unsigned("LDPC_CL_WORK_GROUP_SIZE", value, 65536, &number, err)) ==
            LDPC_OK)
        config->work_group_size = (uint32_t)number;
    if (status == LDPC_OK && (value = getenv("LDPC_CL_TABLE_CACHE_BYTES")) != NULL &&
        (status = parse_unsigned("LDPC_CL_TABLE_CACHE_BYTES", value, (unsigned long long)1 << 40,
                                 &number, err)) == LDPC_OK)
        config->table_cache_bytes = (size_t)number;
    if (status == LDPC_OK && (value = getenv("LDPC_CL_MAX_BUFFER_BYTES")) != NULL &&
        (status = parse_unsigned("LDPC_CL_MAX_BUFFER_BYTES", value, (unsigned long long)1 << 40,
                                 &number, err)) == LDPC_OK)
        config->max_buffer_bytes = (size_t)number;
    if (status == LDPC_OK && (value = getenv("LDPC_CL_PIPELINE_FRAMES")) != NULL &&
        (status = parse_unsigned("LDPC_CL_PIPELINE_FRAMES", value, UINT32_MAX, &number, err)) ==
            LDPC_OK)
        config->pipeline_frames = (uint32_t)number;
    if (status == LDPC_OK && (value = getenv("LDPC_CL_KERNEL_DIR")) != NULL)
        status = copy_text("LDPC_CL_KERNEL_DIR", value, config->kernel_dir,
                           sizeof config->kernel_dir, err);
    if (status == LDPC_OK && (value = getenv("LDPC_CL_CACHE_DIR")) != NULL) {
        if (strcmp(value, "off") == 0)
            config->binary_cache = 0;
        else
            status = copy_text("LDPC_CL_CACHE_DIR", value, config->cache_dir,
                               sizeof config->cache_dir, err);
    }
    if (status == LDPC_OK && (value = getenv("LDPC_CL_COPY_THREADS")) != NULL &&
        (status = parse_unsigned("LDPC_CL_COPY_THREADS", value, 256, &number, err)) == LDPC_OK)
        config->copy_threads = (uint32_t)number;
    if (status == LDPC_OK && (value = getenv("LDPC_CL_MAX_REGISTERS")) != NULL &&
        (status = parse_unsigned("LDPC_CL_MAX_REGISTERS", value, 255, &number, err)) == LDPC_OK)
        config->max_registers = (uint32_t)number;
    if (status == LDPC_OK && (value = getenv("LDPC_CL_CHAR_LANES")) != NULL &&
        (status = parse_unsigned("LDPC_CL_CHAR_LANES", value, 16, &number, err)) == LDPC_OK)
        config->char_lanes = (uint32_t)number;
    if (status == LDPC_OK && (value = getenv("LDPC_CL_PROFILE")) != NULL &&
        (status = parse_unsigned("LDPC_CL_PROFILE", value, 1, &number, err)) == LDPC_OK)
        config->profile = (int)number;
    if (status == LDPC_OK && (value = getenv("LDPC_CL_SIMULATE_DEVICE_LOSS_AT_CALL")) != NULL &&
        (status = parse_unsigned("LDPC_CL_SIMULATE_DEVICE_LOSS_AT_CALL", value, UINT32_MAX,
                                 &number, err)) == LDPC_OK)
        config->simulate_device_loss_at_call = (uint32_t)number;
    return status;
}
