/* The OpenCL settings: the user's (ldpc_opencl_config and its LDPC_CL_*
 * variables) and the tuning keys of its `tuning` text, parsed into
 * cl_options (docs/OPENCL.md), and the generic decoder counters derived
 * from the statistics. Compiled with or without OpenCL. */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "opencl/cl_options.h"
#include "util/env_choice.h"
#include "util/error_internal.h"

ldpc_opencl_config ldpc_opencl_config_default(void)
{
    ldpc_opencl_config config;
    memset(&config, 0, sizeof config);
    config.device_type = LDPC_OPENCL_DEVICE_DEFAULT;
    return config;
}

cl_options cl_options_default(void)
{
    cl_options options;
    memset(&options, 0, sizeof options);
    options.device_type = LDPC_OPENCL_DEVICE_DEFAULT;
    options.device_index = -1;
    options.design = LDPC_OPENCL_DESIGN_AUTO;
    options.latency_posteriors = LDPC_OPENCL_POSTERIORS_AUTO;
    options.binary_cache = 1;
    return options;
}

static ldpc_status copy_text(const char *name, const char *value, size_t length, char *out,
                             size_t size, ldpc_error *err)
{
    if (length >= size)
        return ldpc_fail(err, LDPC_ERR_INVALID, "%s is longer than %zu characters", name,
                         size - 1);
    memcpy(out, value, length);
    out[length] = '\0';
    return LDPC_OK;
}

static ldpc_status parse_unsigned(const char *name, const char *value,
                                  unsigned long long max, unsigned long long *out,
                                  ldpc_error *err)
{
    char *end = NULL;
    errno = 0;
    unsigned long long parsed = strtoull(value, &end, 10);
    if (value[0] == '\0' || value[0] == '-' || *end != '\0' || errno != 0 || parsed > max)
        return ldpc_fail(err, LDPC_ERR_INVALID, "%s='%s' is not an integer in 0..%llu", name,
                         value, max);
    *out = parsed;
    return LDPC_OK;
}

/* LDPC_CL_DEVICE: a device type alone ("gpu"), or "TYPE:SELECTOR" ("gpu:1",
 * "cpu:epyc"), or a selector alone; a selector is a substring of the device
 * name or an index. A prefix that is no type belongs to the name (AMD's
 * "gfx90a:xnack-"). */
static ldpc_status parse_device(const char *value, ldpc_opencl_config *config, ldpc_error *err)
{
    static const char *const types[] = {"default", "gpu", "cpu", "accelerator", "all", NULL};
    const char *colon = strchr(value, ':');
    size_t type_length = colon != NULL ? (size_t)(colon - value) : strlen(value);
    for (int t = 0; types[t] != NULL; t++)
        if (strlen(types[t]) == type_length && memcmp(types[t], value, type_length) == 0) {
            config->device_type = (ldpc_opencl_device_type)t;
            value += colon != NULL ? type_length + 1 : type_length;
            break;
        }
    return copy_text("LDPC_CL_DEVICE", value, strlen(value), config->device,
                     sizeof config->device, err);
}

ldpc_status ldpc_opencl_config_from_env(ldpc_opencl_config *config, ldpc_error *err)
{
    ldpc_status status = LDPC_OK;
    const char *value;
    unsigned long long number = 0;
    if ((value = getenv("LDPC_CL_PLATFORM")) != NULL)
        status = copy_text("LDPC_CL_PLATFORM", value, strlen(value), config->platform,
                           sizeof config->platform, err);
    if (status == LDPC_OK && (value = getenv("LDPC_CL_DEVICE")) != NULL)
        status = parse_device(value, config, err);
    if (status == LDPC_OK && (value = getenv("LDPC_CL_CACHE_DIR")) != NULL)
        status = copy_text("LDPC_CL_CACHE_DIR", value, strlen(value), config->cache_dir,
                           sizeof config->cache_dir, err);
    if (status == LDPC_OK && (value = getenv("LDPC_CL_TABLE_CACHE_BYTES")) != NULL &&
        (status = parse_unsigned("LDPC_CL_TABLE_CACHE_BYTES", value, (unsigned long long)1 << 40,
                                 &number, err)) == LDPC_OK)
        config->table_cache_bytes = (size_t)number;
    if (status == LDPC_OK && (value = getenv("LDPC_CL_TUNING")) != NULL)
        status = copy_text("LDPC_CL_TUNING", value, strlen(value), config->tuning,
                           sizeof config->tuning, err);
    return status;
}

/* The tuning keys: a choice among names, or an unsigned number up to `max`,
 * stored at `offset` in cl_options (an int for choices, else `width` bytes). */
typedef struct {
    const char *key;
    const char *const *names; /* NULL: a number */
    unsigned long long max;
    size_t offset, width;
} tuning_key;

static const char *const designs[] = {"auto", "item", "group", "latency", "spread", NULL};
static const char *const posterior_memories[] = {"auto", "local", "global", NULL};
static const char *const latency_tables[] = {"auto", "slots", "circulants", NULL};
static const char *const latency_pairs[] = {"auto", "pairs", "single", NULL};
static const char *const off_on[] = {"0", "1", NULL};

#define CHOICE(key, field, names)                                                            \
    {key, names, 0, offsetof(cl_options, field), sizeof(int)}
#define NUMBER(key, field, max)                                                              \
    {key, NULL, max, offsetof(cl_options, field), sizeof(((cl_options *)0)->field)}

static const tuning_key tuning_keys[] = {
    CHOICE("design", design, designs),
    CHOICE("latency_posteriors", latency_posteriors, posterior_memories),
    CHOICE("latency_tables", latency_tables, latency_tables),
    CHOICE("latency_pairs", latency_pairs, latency_pairs),
    NUMBER("iterations_per_launch", iterations_per_launch, 1000000),
    NUMBER("work_group_size", work_group_size, 65536),
    NUMBER("max_buffer_bytes", max_buffer_bytes, (unsigned long long)1 << 40),
    NUMBER("pipeline_frames", pipeline_frames, UINT32_MAX),
    NUMBER("copy_threads", copy_threads, 256),
    NUMBER("max_registers", max_registers, 255),
    NUMBER("char_lanes", char_lanes, 16),
    CHOICE("profile", profile, off_on),
    /* A test hook (fault injection): the device "is lost" at this decode call. */
    NUMBER("test_device_loss_at_call", simulate_device_loss_at_call, UINT32_MAX),
};

static void store(void *field, size_t width, unsigned long long value)
{
    if (width == sizeof(uint32_t)) {
        uint32_t v = (uint32_t)value;
        memcpy(field, &v, sizeof v);
    } else {
        size_t v = (size_t)value;
        memcpy(field, &v, sizeof v);
    }
}

/* One "key=value" of the tuning text (`length` characters at `item`). */
static ldpc_status apply_tuning(const char *item, size_t length, cl_options *out,
                                ldpc_error *err)
{
    const char *equals = memchr(item, '=', length);
    if (equals == NULL)
        return ldpc_fail(err, LDPC_ERR_INVALID, "OpenCL tuning '%.*s' is not key=value",
                         (int)length, item);
    size_t key_length = (size_t)(equals - item);
    char value[LDPC_OPENCL_PATH_SIZE];
    ldpc_status status = copy_text("an OpenCL tuning value", equals + 1, length - key_length - 1,
                                   value, sizeof value, err);
    if (status != LDPC_OK)
        return status;
    if (key_length == strlen("kernel_dir") && memcmp(item, "kernel_dir", key_length) == 0)
        return copy_text("kernel_dir", value, strlen(value), out->kernel_dir,
                         sizeof out->kernel_dir, err);
    for (size_t i = 0; i < sizeof tuning_keys / sizeof tuning_keys[0]; i++) {
        const tuning_key *k = &tuning_keys[i];
        if (strlen(k->key) != key_length || memcmp(k->key, item, key_length) != 0)
            continue;
        unsigned char *field = (unsigned char *)out + k->offset;
        char label[64];
        snprintf(label, sizeof label, "OpenCL tuning key %s", k->key);
        if (k->names != NULL) {
            int choice = 0;
            if ((status = env_choice(label, value, k->names, &choice, err)) == LDPC_OK)
                memcpy(field, &choice, sizeof choice);
            return status;
        }
        unsigned long long number = 0;
        if ((status = parse_unsigned(label, value, k->max, &number, err)) == LDPC_OK)
            store(field, k->width, number);
        return status;
    }
    return ldpc_fail(err, LDPC_ERR_INVALID,
                     "unknown OpenCL tuning key '%.*s' (docs/OPENCL.md lists them)",
                     (int)key_length, item);
}

static int all_digits(const char *text)
{
    if (text[0] == '\0')
        return 0;
    for (; *text != '\0'; text++)
        if (*text < '0' || *text > '9')
            return 0;
    return 1;
}

ldpc_status cl_options_from_config(const ldpc_opencl_config *user, cl_options *out,
                                   ldpc_error *err)
{
    *out = cl_options_default();
    memcpy(out->platform, user->platform, sizeof out->platform);
    out->platform[sizeof out->platform - 1] = '\0';
    if (all_digits(user->device)) {
        unsigned long long index = 0;
        ldpc_status status = parse_unsigned("the OpenCL device index", user->device, 1000,
                                            &index, err);
        if (status != LDPC_OK)
            return status;
        out->device_index = (int)index;
    } else {
        memcpy(out->device, user->device, sizeof out->device);
        out->device[sizeof out->device - 1] = '\0';
    }
    out->device_type = user->device_type;
    if (strcmp(user->cache_dir, "off") == 0) {
        out->binary_cache = 0;
    } else {
        memcpy(out->cache_dir, user->cache_dir, sizeof out->cache_dir);
        out->cache_dir[sizeof out->cache_dir - 1] = '\0';
    }
    out->table_cache_bytes = user->table_cache_bytes;
    const char *item = user->tuning;
    size_t total = strnlen(user->tuning, sizeof user->tuning);
    while (total > 0) {
        const char *comma = memchr(item, ',', total);
        size_t length = comma != NULL ? (size_t)(comma - item) : total;
        if (length > 0) {
            ldpc_status status = apply_tuning(item, length, out, err);
            if (status != LDPC_OK)
                return status;
        }
        if (comma == NULL)
            break;
        total -= length + 1;
        item = comma + 1;
    }
    return LDPC_OK;
}

ldpc_status cl_options_from_env(cl_options *out, ldpc_error *err)
{
    ldpc_opencl_config user = ldpc_opencl_config_default();
    ldpc_status status = ldpc_opencl_config_from_env(&user, err);
    return status != LDPC_OK ? status : cl_options_from_config(&user, out, err);
}

void cl_counters_from_stats(const ldpc_opencl_stats *stats, ldpc_decoder_counters *out)
{
    out->has_device = 1;
    out->on_device = stats->on_device;
    out->fallbacks = stats->fallbacks;
    out->frames_on_cpu = stats->frames_on_cpu;
    out->table_uploads = stats->table_uploads;
    memcpy(out->note, stats->cache_note, sizeof out->note);
}
