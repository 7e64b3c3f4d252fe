#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "cl_batch_plan.h"
#include "cl_decoder.h"
#include "cl_error.h"
#include "cl_item_kernels.h"
#include "decode/check_rules.h"
#include "decode/fixed_point.h"
#include "opencl_circulant_tables.h"
#include "util/error_internal.h"

#define DEFAULT_TABLE_CACHE_BYTES ((size_t)8 << 20)
/* Posteriors are exact sums in a short: (1 + degree) * 127 must stay below
 * 32768, as in the reference. */
#define MAX_VAR_DEGREE 256u

/* ---- creation -------------------------------------------------------------- */

static ldpc_status create_kernel(cl_decoder *d, const char *name, cl_kernel *out,
                                 ldpc_error *err)
{
    cl_int rc = CL_SUCCESS;
    *out = clCreateKernel(d->session.program, name, &rc);
    if (rc != CL_SUCCESS)
        return ldpc_fail(err, LDPC_ERR_UNSUPPORTED, "OpenCL kernel %s: %s", name,
                         cl_error_name(rc));
    return LDPC_OK;
}

static size_t kernel_max_group(const cl_decoder *d, cl_kernel kernel)
{
    size_t size = 1;
    if (clGetKernelWorkGroupInfo(kernel, d->session.choice.device, CL_KERNEL_WORK_GROUP_SIZE,
                                 sizeof size, &size, NULL) != CL_SUCCESS ||
        size == 0)
        size = 1;
    return size;
}

/* Only the iteration kernels the configuration can use: with posterior_bits 8
 * the saturated ones (the latency and group designs do not implement it). */
static ldpc_status create_kernels(cl_decoder *d, ldpc_error *err)
{
    int layered = d->config.schedule == LDPC_SCHEDULE_LAYERED;
    ldpc_status status = create_kernel(d, "setup_frames", &d->setup, err);
    if (status == LDPC_OK && !layered)
        status = create_kernel(d, "flooding_item_per_frame", &d->iterate_item[0], err);
    if (status == LDPC_OK && !layered)
        status = create_kernel(d, "flooding_spread", &d->iterate_spread, err);
    if (status == LDPC_OK && !layered)
        status = create_kernel(d, "flooding_spread_result", &d->spread_result, err);
    for (size_t i = 0; i < CL_ITEM_KERNELS && layered && status == LDPC_OK; i++)
        status = create_kernel(d,
                               cl_decoder_saturated(d) ? cl_layered_item_kernels[i].saturated_name
                                            : cl_layered_item_kernels[i].name,
                               &d->iterate_item[i], err);
    if (status == LDPC_OK && !cl_decoder_saturated(d))
        status = create_kernel(d, layered ? "layered_group_per_frame" : "flooding_group_per_frame",
                               &d->iterate_group, err);
    static const char *const latency[CL_LATENCY_KERNELS] = {
        "layered_latency_d8", "layered_latency_d16", "layered_latency_d32"};
    static const char *const latency_local[CL_LATENCY_KERNELS] = {
        "layered_latency_local_d8", "layered_latency_local_d16", "layered_latency_local_d32"};
    static const char *const circulant[CL_LATENCY_KERNELS] = {
        "layered_circulant_d8", "layered_circulant_d16", "layered_circulant_d32"};
    int layered_16 = layered && !cl_decoder_saturated(d);
    for (size_t i = 0; i < CL_LATENCY_KERNELS && layered_16 && status == LDPC_OK; i++) {
        status = create_kernel(d, latency[i], &d->iterate_latency[i], err);
        if (status == LDPC_OK)
            status = create_kernel(d, latency_local[i], &d->iterate_latency_local[i], err);
        if (status == LDPC_OK)
            status = create_kernel(d, circulant[i], &d->iterate_circulant[i], err);
    }
    if (status == LDPC_OK && layered_16)
        status = create_kernel(d, "layered_latency_pairs_d8", &d->iterate_pairs, err);
    if (status == LDPC_OK)
        status = create_kernel(d, "frame_statistics", &d->statistics, err);
    if (status == LDPC_OK)
        status = create_kernel(d, "write_decisions", &d->decisions, err);
    return status;
}

/* Layered 16-bit: the latency design numbers a frame's messages in slots.
 * Saturated posteriors take one byte each. */
static size_t message_frame_bytes(const cl_decoder *d)
{
    const ldpc_decoder_limits *lim = &d->limits;
    size_t slots = cl_latency_slot_capacity(lim->max_m, lim->max_check_degree);
    int layered_16 = d->config.schedule == LDPC_SCHEDULE_LAYERED && !cl_decoder_saturated(d);
    if (layered_16 && slots > lim->max_edges)
        return slots;
    return lim->max_edges;
}

static size_t posterior_frame_bytes(const cl_decoder *d)
{
    return (size_t)d->limits.max_n * (cl_decoder_saturated(d) ? 1 : sizeof(cl_int));
}

/* Frames per device pass: as many as the caller's limits allow, unless one
 * of the per-frame buffers (messages, posteriors) would then pass
 * max_buffer_bytes or the device's largest allocation; a larger call is
 * decoded in several passes. Why 2^31 - 1 bytes by default: on the H100
 * through NVIDIA's driver every batch with a buffer beyond it that the
 * kernels used in full failed (CL_OUT_OF_RESOURCES at the iterations' launch,
 * after some 90 s), with 64-bit offsets in every kernel, while small tests
 * whose rows lay beyond 4 GiB passed (docs/OPENCL.md, round 7). 0 when not
 * even two frames fit. */
static uint32_t frames_per_pass(const cl_decoder *d, cl_ulong max_alloc)
{
    size_t limit = cl_max_buffer_bytes(&d->opencl);
    if (max_alloc > 0 && max_alloc < limit)
        limit = (size_t)max_alloc;
    size_t per_frame = message_frame_bytes(d);
    if (posterior_frame_bytes(d) > per_frame)
        per_frame = posterior_frame_bytes(d);
    /* an even number of rows, so that a pair of frames (two frames per
     * group, kernels/28_layered_latency_pairs.cl) always has both */
    size_t fit = limit / per_frame & ~(size_t)1;
    return fit < d->limits.max_frames ? (uint32_t)fit : d->limits.max_frames;
}

/* The smallest pipelined pass by default, per compute unit (docs/OPENCL.md,
 * round 8): on the H200 (132 units) 8192 dvbs2-normal frames gained 1.09x in
 * passes of 2048, and 32768 dvbs2-short frames decoded as fast in passes of
 * 4096 as of 4681 (H100). */
#define PIPELINE_FRAMES_PER_UNIT 16u

static void choose_sizes(cl_decoder *d)
{
    size_t requested = d->opencl.work_group_size;
    d->item_group = requested ? requested : d->session.vendor->item_group;
    for (size_t i = 0; i < CL_ITEM_KERNELS; i++)
        if (d->iterate_item[i] != NULL)
            d->item_group = cl_min_size(d->item_group, kernel_max_group(d, d->iterate_item[i]));
    d->frame_group_cap = d->iterate_group == NULL
                             ? 0
                             : cl_min_size(requested ? requested : d->session.vendor->frame_group,
                                        kernel_max_group(d, d->iterate_group));
    for (size_t i = 0; i < CL_LATENCY_KERNELS; i++) {
        d->latency_group_cap[i] =
            d->iterate_latency[i] == NULL
                ? 0
                : cl_min_size(requested ? requested : SIZE_MAX,
                           kernel_max_group(d, d->iterate_latency[i]));
        d->stats.latency_group_sizes[i] = (uint32_t)d->latency_group_cap[i];
        d->latency_local_group_cap[i] =
            d->iterate_latency_local[i] == NULL
                ? 0
                : cl_min_size(requested ? requested : SIZE_MAX,
                           kernel_max_group(d, d->iterate_latency_local[i]));
        d->circulant_group_cap[i] =
            d->iterate_circulant[i] == NULL
                ? 0
                : cl_min_size(requested ? requested : SIZE_MAX,
                              kernel_max_group(d, d->iterate_circulant[i]));
        d->stats.circulant_group_sizes[i] = (uint32_t)d->circulant_group_cap[i];
    }
    d->pairs_group_cap = d->iterate_pairs == NULL
                             ? 0
                             : cl_min_size(requested ? requested : SIZE_MAX,
                                           kernel_max_group(d, d->iterate_pairs));
    if (clGetDeviceInfo(d->session.choice.device, CL_DEVICE_LOCAL_MEM_SIZE,
                        sizeof d->local_memory, &d->local_memory, NULL) != CL_SUCCESS)
        d->local_memory = 0;
    cl_device_local_mem_type local_type = CL_GLOBAL;
    d->local_memory_dedicated =
        clGetDeviceInfo(d->session.choice.device, CL_DEVICE_LOCAL_MEM_TYPE, sizeof local_type,
                        &local_type, NULL) == CL_SUCCESS &&
        local_type == CL_LOCAL;
    cl_uint compute_units;
    if (clGetDeviceInfo(d->session.choice.device, CL_DEVICE_MAX_COMPUTE_UNITS,
                        sizeof compute_units, &compute_units, NULL) != CL_SUCCESS)
        compute_units = 1;
    cl_ulong max_alloc;
    if (clGetDeviceInfo(d->session.choice.device, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof max_alloc,
                        &max_alloc, NULL) != CL_SUCCESS)
        max_alloc = 0;
    d->stats.max_alloc_bytes = max_alloc;
    /* From here on the decoder's buffers are sized for one pass. */
    d->limits.max_frames = frames_per_pass(d, max_alloc);
    d->stats.frames_per_pass = d->limits.max_frames;
    d->slot_frames = d->limits.max_frames / CL_STAGING_SLOTS;
    d->pipeline_frames = d->opencl.pipeline_frames ? d->opencl.pipeline_frames
                         : d->stats.unified_memory ? 0
                                                   : PIPELINE_FRAMES_PER_UNIT * compute_units;
    d->stats.pipeline_frames = d->pipeline_frames;
    cl_uint align_bits = 0;
    if (clGetDeviceInfo(d->session.choice.device, CL_DEVICE_MEM_BASE_ADDR_ALIGN,
                        sizeof align_bits, &align_bits, NULL) != CL_SUCCESS ||
        align_bits < 8)
        align_bits = 4096; /* the largest the spec's full profile asks for: safe */
    d->base_align = align_bits / 8;
    d->stats.compute_units = compute_units;
    d->stats.local_memory_bytes = d->local_memory;
    d->stats.local_memory_dedicated = d->local_memory_dedicated;
    /* Several groups per frame where the batch is small (statistics_groups). */
    d->statistics_group = cl_min_size(256, kernel_max_group(d, d->statistics));
    d->iterations_per_launch = d->opencl.iterations_per_launch
                                   ? d->opencl.iterations_per_launch
                                   : d->session.vendor->iterations_per_launch;
    d->stats.item_group_size = (uint32_t)d->item_group;
    d->stats.frame_group_size = (uint32_t)d->frame_group_cap;
    if (d->iterate_spread != NULL) {
        d->spread_group = cl_min_size(requested ? requested : d->session.vendor->item_group,
                                   kernel_max_group(d, d->iterate_spread));
        d->spread_frames = d->limits.max_frames < LDPC_OPENCL_SPREAD_MAX_FRAMES
                               ? d->limits.max_frames
                               : LDPC_OPENCL_SPREAD_MAX_FRAMES;
    }
    d->stats.iterations_per_launch = d->iterations_per_launch;
}

/* The rule's output for every magnitude 0..127, from the reference itself: on
 * the check t = {m, 127} edge 1 receives rule(min1) = rule(m). Uncapped: the
 * saturated kernels cap the magnitudes before the minima as the reference
 * does, and a check of degree 1 then still sends rule(127) (its min2 is the
 * uncapped start value). Configurations without a cap are unchanged. */
static void magnitude_rule_table(const ldpc_decoder_config *config, cl_uchar table[128])
{
    ldpc_decoder_config uncapped = *config;
    uncapped.message_cap = LDPC_MESSAGE_CAP_NONE;
    for (int magnitude = 0; magnitude <= LDPC_Q_MAX; magnitude++) {
        const int8_t t[2] = {(int8_t)magnitude, LDPC_Q_MAX};
        int8_t out[2];
        check_update_fixed(t, 2, &uncapped, out);
        table[magnitude] = (cl_uchar)out[1];
    }
}

/* Maps a pinned staging buffer for the decoder's lifetime (unmapped at
 * release). */
static ldpc_status map_staging(cl_decoder *d, cl_mem buffer, size_t bytes, void **host,
                               const char *what, ldpc_error *err)
{
    cl_int rc = CL_SUCCESS;
    *host = clEnqueueMapBuffer(d->session.queue, buffer, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0,
                               bytes, 0, NULL, NULL, &rc);
    if (rc != CL_SUCCESS) {
        *host = NULL;
        return ldpc_fail(err, LDPC_ERR_IO, "OpenCL map %s: %s", what, cl_error_name(rc));
    }
    return LDPC_OK;
}

/* Where slot 1 of a buffer of `frame_bytes` per frame starts: after slot 0's
 * slot_frames frames, aligned for a sub-buffer. */
static size_t slot_origin(const cl_decoder *d, size_t frame_bytes)
{
    return cl_round_up((size_t)d->slot_frames * frame_bytes, d->base_align);
}

/* A buffer of `frame_bytes` per frame that holds a whole pass from 0, and
 * slot 1 from its origin. */
static size_t slotted_bytes(const cl_decoder *d, size_t frame_bytes)
{
    size_t whole = (size_t)d->limits.max_frames * frame_bytes;
    size_t slots = slot_origin(d, frame_bytes) + (size_t)d->slot_frames * frame_bytes;
    return whole > slots ? whole : slots;
}

static ldpc_status create_slots(cl_decoder *d, cl_mem whole, size_t frame_bytes, cl_mem slots[],
                                const char *what, ldpc_error *err)
{
    cl_int rc = clRetainMemObject(whole);
    if (rc != CL_SUCCESS)
        return ldpc_fail(err, LDPC_ERR_IO, "OpenCL retain %s: %s", what, cl_error_name(rc));
    slots[0] = whole;
    if (d->slot_frames == 0)
        return LDPC_OK;
    /* Flags 0: the parent's access (read-only input, write-only results). */
    cl_buffer_region region = {slot_origin(d, frame_bytes), (size_t)d->slot_frames * frame_bytes};
    slots[1] = clCreateSubBuffer(whole, 0, CL_BUFFER_CREATE_TYPE_REGION, &region, &rc);
    if (rc != CL_SUCCESS)
        return ldpc_fail(err, LDPC_ERR_NO_MEMORY, "OpenCL %s slot: %s", what, cl_error_name(rc));
    return LDPC_OK;
}

static ldpc_status create_buffers(cl_decoder *d, ldpc_error *err)
{
    const ldpc_decoder_limits *lim = &d->limits;
    size_t frames = lim->max_frames;
    size_t values = frames * lim->max_n;
    size_t message_stride = message_frame_bytes(d);
    /* frames_per_pass keeps the per-frame buffers within the buffer limit;
     * the kernels' offsets are 64-bit (kernels/00_fixed_point.cl), so a
     * raised limit gives buffers beyond 4 GiB. The strides stay 32-bit
     * arguments: the limits keep frames and arrays below 2^28, but a frame's
     * latency slots (checks x degree up to 32) could pass 2^32. */
    if (message_stride > UINT32_MAX)
        return ldpc_fail(err, LDPC_ERR_LIMITS,
                         "OpenCL: %zu message slots per frame (%u checks of degree up to %u) "
                         "exceed the kernels' 32-bit frame stride",
                         message_stride, lim->max_m, lim->max_check_degree);
    /* Rows of the per-frame device buffers: whole pairs of frames, the
     * layout of the pair kernel (28_layered_latency_pairs.cl), whose
     * channel values follow its posteriors' rows (round_up(max_n, 2)). */
    size_t rows = cl_round_up(frames, 2);
    size_t channel_bytes = rows * cl_round_up(lim->max_n, 2);
    size_t messages = rows * message_stride;
    size_t post_bytes = rows * posterior_frame_bytes(d);
    size_t table_words =
        cl_table_words(lim->max_n, lim->max_m, lim->max_edges, lim->max_m, lim->max_edges / 2,
                       cl_latency_slot_capacity(lim->max_m, lim->max_check_degree),
                       opencl_circulant_capacity(lim->max_m, lim->max_edges));
    size_t arena_bytes = d->opencl.table_cache_bytes ? d->opencl.table_cache_bytes
                                                     : DEFAULT_TABLE_CACHE_BYTES;
    if (arena_bytes < table_words * sizeof(cl_uint))
        arena_bytes = table_words * sizeof(cl_uint);
    /* Messages and posteriors fit it already (frames_per_pass). */
    cl_ulong max_alloc = d->stats.max_alloc_bytes;
    if (max_alloc > 0 && arena_bytes > max_alloc)
        return ldpc_fail(err, LDPC_ERR_LIMITS,
                         "OpenCL: the %zu-byte table arena exceeds the device's largest "
                         "allocation (%llu bytes)",
                         arena_bytes, (unsigned long long)max_alloc);

    const size_t slotted_values = slotted_bytes(d, lim->max_n);
    const size_t slotted_stats = slotted_bytes(d, sizeof(ldpc_frame_stats));
    const cl_mem_flags pinned = CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR;
    const cl_mem_flags device_only = CL_MEM_READ_WRITE;
    const size_t stats_bytes = frames * sizeof(ldpc_frame_stats);
    const size_t per_frame_word = frames * sizeof(cl_uint);
    const size_t spread_plane = (size_t)d->spread_frames * lim->max_n;
    cl_uchar rule[128];
    magnitude_rule_table(&d->config, rule);
    cl_mem arena = NULL;
    const struct {
        cl_mem *out;
        cl_mem_flags flags;
        size_t bytes;
        void *host;
        const char *what;
        int wanted;
    } buffers[] = {
        {&d->input_pinned, pinned, values, NULL, "input staging", 1},
        {&d->bits_pinned, pinned, values, NULL, "bits staging", 1},
        {&d->stats_pinned, pinned, stats_bytes, NULL, "stats staging", 1},
        {&d->input, CL_MEM_READ_ONLY, slotted_values, NULL, "input", 1},
        {&d->channel, device_only, channel_bytes, NULL, "channel", 1},
        {&d->posterior, device_only, post_bytes, NULL, "posterior", 1},
        {&d->messages, device_only, messages, NULL, "messages", 1},
        {&d->next_messages, device_only, messages, NULL, "next_messages",
         d->config.schedule == LDPC_SCHEDULE_LAYERED && !cl_decoder_saturated(d)},
        {&d->spread_totals, device_only, 2 * spread_plane * sizeof(cl_int), NULL,
         "spread totals", d->spread_frames > 0},
        {&d->spread_unsatisfied, device_only, 3 * (size_t)d->spread_frames * sizeof(cl_uint),
         NULL, "spread syndrome counts", d->spread_frames > 0},
        {&d->frame_iterations, device_only, per_frame_word, NULL, "frame_iterations", 1},
        {&d->frame_active, device_only, per_frame_word, NULL, "frame_active", 1},
        {&d->active_count, device_only, sizeof(cl_uint), NULL, "active_count", 1},
        {&d->frame_stats, CL_MEM_WRITE_ONLY, slotted_stats, NULL, "stats", 1},
        {&d->bits, CL_MEM_WRITE_ONLY, slotted_values, NULL, "bits", 1},
        {&d->rule_table, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof rule, rule, "rule_table",
         1},
        {&arena, CL_MEM_READ_ONLY, arena_bytes, NULL, "tables", 1},
    };
    ldpc_status s = LDPC_OK;
    for (size_t i = 0; i < sizeof buffers / sizeof buffers[0] && s == LDPC_OK; i++)
        if (buffers[i].wanted)
            s = cl_session_create_buffer(&d->session, buffers[i].flags, buffers[i].bytes,
                                         buffers[i].host, buffers[i].out, buffers[i].what,
                                         &d->stats, err);
    if (s == LDPC_OK)
        s = map_staging(d, d->input_pinned, values, &d->input_host, "input staging", err);
    if (s == LDPC_OK)
        s = map_staging(d, d->bits_pinned, values, &d->bits_host, "bits staging", err);
    if (s == LDPC_OK)
        s = map_staging(d, d->stats_pinned, stats_bytes, &d->stats_host, "stats staging", err);
    if (s == LDPC_OK)
        s = create_slots(d, d->input, lim->max_n, d->input_slots, "input", err);
    if (s == LDPC_OK)
        s = create_slots(d, d->bits, lim->max_n, d->bits_slots, "bits", err);
    if (s == LDPC_OK)
        s = create_slots(d, d->frame_stats, sizeof(ldpc_frame_stats), d->stats_slots, "stats",
                         err);
    if (s == LDPC_OK)
        s = cl_table_cache_init(&d->tables, arena, arena_bytes / sizeof(cl_uint), lim->max_n,
                                lim->max_m, lim->max_edges, lim->max_check_degree, err);
    return s;
}

/* ---- host copies ---------------------------------------------------------- */

/* Below this many bytes per thread a copy stays on the calling thread. */
#define COPY_SLICE_MIN ((size_t)64 << 10)
#define DEFAULT_COPY_THREADS 4u

static uint32_t copy_thread_count(const ldpc_opencl_config *opencl)
{
    if (opencl->copy_threads != 0)
        return opencl->copy_threads;
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    return online > 0 && (unsigned long)online < DEFAULT_COPY_THREADS ? (uint32_t)online
                                                                    : DEFAULT_COPY_THREADS;
}

typedef struct {
    void *destination;
    const void *source;
    size_t bytes;
    uint32_t slices;
} copy_job;

static void copy_slice(void *context, uint32_t worker)
{
    const copy_job *job = context;
    if (worker >= job->slices)
        return;
    size_t begin = job->bytes * worker / job->slices;
    size_t end = job->bytes * (worker + 1) / job->slices;
    memcpy((char *)job->destination + begin, (const char *)job->source + begin, end - begin);
}

/* memcpy into or out of a mapped staging buffer, split among the copy
 * threads: one thread does not reach the memory bandwidth (H200: 530 MB of
 * staging copies per 16384 dvbs2-short frames took 100 ms on one thread). */
static void host_copy(cl_decoder *d, void *destination, const void *source, size_t bytes)
{
    uint32_t threads = d->copy_pool != NULL ? worker_pool_size(d->copy_pool) : 1;
    size_t slices = bytes / COPY_SLICE_MIN < threads ? bytes / COPY_SLICE_MIN : threads;
    if (slices <= 1) {
        memcpy(destination, source, bytes);
        return;
    }
    copy_job job = {destination, source, bytes, (uint32_t)slices};
    worker_pool_run(d->copy_pool, copy_slice, &job);
}

static ldpc_status create_transfer_queues(cl_decoder *d, cl_command_queue_properties properties,
                                          ldpc_error *err)
{
    cl_command_queue *queues[] = {&d->upload_queue, &d->download_queue};
    for (size_t i = 0; i < sizeof queues / sizeof queues[0]; i++) {
        cl_int rc = CL_SUCCESS;
        *queues[i] = clCreateCommandQueue(d->session.context, d->session.choice.device,
                                          properties, &rc);
        if (rc != CL_SUCCESS) {
            *queues[i] = NULL;
            return ldpc_fail(err, LDPC_ERR_IO, "OpenCL transfer queue: %s", cl_error_name(rc));
        }
    }
    return LDPC_OK;
}

ldpc_status cl_decoder_init(cl_decoder *d, const ldpc_decoder_limits *limits,
                            const ldpc_decoder_config *config, const ldpc_opencl_config *opencl,
                            ldpc_error *err)
{
    memset(d, 0, sizeof *d);
    d->limits = *limits;
    d->config = *config;
    d->opencl = *opencl;
    if (config->arithmetic != LDPC_ARITH_FIXED8 || (config->rule != LDPC_RULE_MIN_SUM_NORMALIZED &&
                                                    config->rule != LDPC_RULE_MIN_SUM_OFFSET))
        return ldpc_fail(err, LDPC_ERR_UNSUPPORTED, "OpenCL decodes 8-bit min-sum only");
    ldpc_status status = cl_session_open(&d->session, opencl,
                                         opencl->profile ? CL_QUEUE_PROFILING_ENABLE : 0,
                                         &d->stats, err);
    if (status != LDPC_OK)
        return status;
    status = create_transfer_queues(d, opencl->profile ? CL_QUEUE_PROFILING_ENABLE : 0, err);
    if (status == LDPC_OK)
        status = create_kernels(d, err);
    if (status == LDPC_OK) {
        choose_sizes(d);
        status = d->limits.max_frames > 0
                     ? create_buffers(d, err)
                     : ldpc_fail(err, LDPC_ERR_LIMITS,
                                 "OpenCL: one frame's messages or posteriors (%zu, %zu bytes) "
                                 "exceed the largest buffer allowed (%llu bytes)",
                                 message_frame_bytes(d), posterior_frame_bytes(d),
                                 (unsigned long long)cl_max_buffer_bytes(&d->opencl));
    }
    uint32_t copy_threads = copy_thread_count(opencl);
    if (status == LDPC_OK && copy_threads > 1)
        status = worker_pool_create(copy_threads, &d->copy_pool, err);
    d->stats.copy_threads = d->copy_pool != NULL ? worker_pool_size(d->copy_pool) : 1;
    if (status != LDPC_OK) {
        cl_decoder_release(d);
        return status;
    }
    d->stats.on_device = 1;
    return LDPC_OK;
}

int cl_decoder_accepts(const cl_decoder *d, const ldpc_code *code)
{
    return cl_decoder_saturated(d) || code->max_var_degree <= MAX_VAR_DEGREE;
}

/* ---- profiling ------------------------------------------------------------- */

static void profile_flush(cl_decoder *d)
{
    for (size_t i = 0; i < d->profile_count; i++) {
        cl_event event = d->profile_events[i];
        cl_ulong start = 0, end = 0;
        if (clWaitForEvents(1, &event) == CL_SUCCESS &&
            clGetEventProfilingInfo(event, CL_PROFILING_COMMAND_START, sizeof start, &start,
                                    NULL) == CL_SUCCESS &&
            clGetEventProfilingInfo(event, CL_PROFILING_COMMAND_END, sizeof end, &end, NULL) ==
                CL_SUCCESS &&
            end > start) {
            if (d->profile_kinds[i] == PROFILE_KERNEL)
                d->stats.kernel_ns += end - start;
            else
                d->stats.transfer_ns += end - start;
        }
        clReleaseEvent(event);
    }
    d->profile_count = 0;
}

/* Where an enqueue should put its event: NULL unless profiling. */
static cl_event *profile_slot(cl_decoder *d, cl_profile_kind kind)
{
    if (!d->opencl.profile)
        return NULL;
    if (d->profile_count == CL_PROFILE_EVENTS)
        profile_flush(d);
    d->profile_kinds[d->profile_count] = kind;
    d->profile_events[d->profile_count] = NULL;
    return &d->profile_events[d->profile_count++];
}

/* An enqueue that failed leaves its slot NULL; forget it. */
static void profile_drop_failed(cl_decoder *d)
{
    if (d->opencl.profile && d->profile_count > 0 &&
        d->profile_events[d->profile_count - 1] == NULL)
        d->profile_count--;
}

/* ---- one batch ------------------------------------------------------------- */

/* Transfers between the pinned staging and the device go in chunks so that
 * the host's copy of one chunk overlaps the DMA of another. */
#define TRANSFER_CHUNK_MIN ((size_t)1 << 20)

static size_t transfer_chunks(size_t bytes)
{
    size_t chunks = (bytes + TRANSFER_CHUNK_MIN - 1) / TRANSFER_CHUNK_MIN;
    return chunks < 1 ? 1 : chunks > CL_TRANSFER_CHUNKS ? CL_TRANSFER_CHUNKS : chunks;
}

/* Keeps an event for profiling (the caller keeps its own reference). */
static void profile_keep(cl_decoder *d, cl_event event, cl_profile_kind kind)
{
    cl_event *slot = profile_slot(d, kind);
    if (slot != NULL && clRetainEvent(event) == CL_SUCCESS)
        *slot = event;
    else
        profile_drop_failed(d);
}

/* Where a pass's frames start in a staging buffer of `frame_bytes` per frame:
 * its slot's first frame. */
static size_t staging_offset(const cl_decoder *d, const cl_batch_plan *p, size_t frame_bytes)
{
    return p->slot * d->slot_frames * frame_bytes;
}

/* The caller's frames into the pinned staging, chunk by chunk, each chunk's
 * write to the device enqueued (and flushed) as soon as it is copied. */
static ldpc_status stage_input(cl_decoder *d, const cl_batch_plan *p, const int8_t *q,
                               cl_event *uploaded, ldpc_error *err)
{
    size_t bytes = (size_t)p->frames * p->code->n, chunks = transfer_chunks(bytes);
    char *staging = (char *)d->input_host + staging_offset(d, p, p->code->n);
    for (size_t c = 0; c < chunks; c++) {
        size_t begin = bytes * c / chunks, end = bytes * (c + 1) / chunks;
        char *staged = staging + begin;
        host_copy(d, staged, q + begin, end - begin);
        /* The upload queue is in order: its last write's event stands for all. */
        cl_event *event = c + 1 == chunks ? uploaded : profile_slot(d, PROFILE_TRANSFER);
        CL_TRY(clEnqueueWriteBuffer(p->upload_queue, d->input_slots[p->slot], CL_FALSE, begin,
                                    end - begin, staged, 0, NULL, event),
               "write input");
        CL_TRY(clFlush(p->upload_queue), "flush input");
    }
    profile_keep(d, *uploaded, PROFILE_TRANSFER);
    return LDPC_OK;
}

static ldpc_status run_setup(cl_decoder *d, const cl_batch_plan *p, cl_event uploaded,
                             ldpc_error *err)
{
    const cl_char zero = 0;
    /* whole pairs of frames: the pair kernel reads both rows */
    size_t message_bytes = p->design != LDPC_OPENCL_DESIGN_ITEM_PER_FRAME
                               ? cl_round_up(p->frames, 2) * p->message_frame_stride
                               : (size_t)p->code->edges * p->index_stride;
    CL_TRY(clEnqueueFillBuffer(d->session.queue, d->messages, &zero, sizeof zero, 0, message_bytes,
                               0, NULL, profile_slot(d, PROFILE_KERNEL)),
           "clear messages");
    cl_uint n = p->code->n, frames = p->frames, order = cl_plan_latency_order(p);
    cl_arg_list a = {d->setup, 0, CL_SUCCESS};
    cl_arg(&a, sizeof(cl_mem), &d->tables.arena);
    cl_arg(&a, sizeof p->tables, &p->tables);
    cl_arg(&a, sizeof order, &order);
    cl_arg(&a, sizeof(cl_mem), &d->input_slots[p->slot]);
    cl_arg(&a, sizeof n, &n);
    cl_arg(&a, sizeof frames, &frames);
    cl_arg(&a, sizeof(cl_mem), &d->channel);
    cl_arg(&a, sizeof(cl_mem), &d->posterior);
    cl_arg(&a, sizeof(cl_uint), &p->posterior_format);
    cl_arg(&a, sizeof(cl_uint), &p->index_stride);
    cl_arg(&a, sizeof(cl_uint), &p->post_frame_stride);
    cl_arg(&a, sizeof(cl_mem), &d->frame_iterations);
    cl_arg(&a, sizeof(cl_mem), &d->frame_active);
    cl_arg(&a, sizeof(cl_mem), &d->active_count);
    CL_TRY(a.rc, "setup arguments");
    size_t global[2] = {n, frames};
    CL_TRY(clEnqueueNDRangeKernel(d->session.queue, d->setup, 2, NULL, global, NULL, 1,
                                  &uploaded, profile_slot(d, PROFILE_KERNEL)),
           "setup_frames");
    d->stats.launches++;
    /* The spread design's first iteration adds to plane 1, which must hold
     * the channel values as plane 0 does. */
    if (p->design == LDPC_OPENCL_DESIGN_SPREAD)
        CL_TRY(clEnqueueCopyBuffer(d->session.queue, d->posterior, d->spread_totals, 0, 0,
                                   (size_t)frames * p->post_frame_stride * sizeof(cl_int), 0,
                                   NULL, profile_slot(d, PROFILE_KERNEL)),
               "spread totals");
    return LDPC_OK;
}

/* The arguments every iteration kernel has in this order: the check rule's
 * table and each frame's iteration count, active flag and the active count. */
static void arg_rule_and_frames(cl_arg_list *a, const cl_decoder *d)
{
    cl_arg(a, sizeof(cl_mem), &d->rule_table);
    cl_arg(a, sizeof(cl_mem), &d->frame_iterations);
    cl_arg(a, sizeof(cl_mem), &d->frame_active);
    cl_arg(a, sizeof(cl_mem), &d->active_count);
}

/* Arguments of a saturated kernel (LAYERED_SATURATED_PARAMS in
 * kernels/26_layered_saturated.cl) that do not change between launches. */
static ldpc_status set_saturated_args(cl_decoder *d, cl_kernel kernel, const cl_batch_plan *p,
                                      cl_uint *first_index, ldpc_error *err)
{
    cl_uint frames = p->frames, max_iterations = d->config.max_iterations;
    cl_uint period = d->config.syndrome_period, cap = d->config.message_cap;
    cl_arg_list a = {kernel, 0, CL_SUCCESS};
    cl_arg(&a, sizeof(cl_mem), &d->tables.arena);
    cl_arg(&a, sizeof p->tables, &p->tables);
    cl_arg(&a, sizeof(cl_mem), &d->posterior);
    cl_arg(&a, sizeof(cl_mem), &d->messages);
    cl_arg(&a, sizeof(cl_uint), &p->index_stride);
    cl_arg(&a, sizeof frames, &frames);
    *first_index = a.next; /* first_iteration, last_iteration: set per launch */
    a.next += 2;
    cl_arg(&a, sizeof max_iterations, &max_iterations);
    cl_arg(&a, sizeof period, &period);
    cl_arg(&a, sizeof cap, &cap);
    arg_rule_and_frames(&a, d);
    CL_TRY(a.rc, "iteration arguments");
    return LDPC_OK;
}

/* Arguments of flooding_spread (kernels/32_flooding_spread.cl) but its
 * iteration, whose index goes to *iteration_index. */
static ldpc_status set_spread_args(cl_decoder *d, const cl_batch_plan *p, cl_uint *iteration_index,
                                   ldpc_error *err)
{
    cl_uint frames = p->frames, max_iterations = d->config.max_iterations;
    cl_uint period = d->config.syndrome_period;
    cl_uint plane = d->spread_frames * d->limits.max_n;
    cl_arg_list a = {d->iterate_spread, 0, CL_SUCCESS};
    cl_arg(&a, sizeof(cl_mem), &d->tables.arena);
    cl_arg(&a, sizeof p->tables, &p->tables);
    cl_arg(&a, sizeof(cl_mem), &d->channel);
    cl_arg(&a, sizeof(cl_mem), &d->posterior);
    cl_arg(&a, sizeof(cl_mem), &d->spread_totals);
    cl_arg(&a, sizeof plane, &plane);
    cl_arg(&a, sizeof(cl_mem), &d->messages);
    cl_arg(&a, sizeof(cl_uint), &p->post_frame_stride);
    cl_arg(&a, sizeof(cl_uint), &p->message_frame_stride);
    cl_arg(&a, sizeof frames, &frames);
    *iteration_index = a.next++;
    cl_arg(&a, sizeof max_iterations, &max_iterations);
    cl_arg(&a, sizeof period, &period);
    arg_rule_and_frames(&a, d);
    cl_arg(&a, sizeof(cl_mem), &d->spread_unsatisfied);
    CL_TRY(a.rc, "spread arguments");
    return LDPC_OK;
}

/* Arguments of the iteration kernel that do not change between launches. */
static ldpc_status set_iteration_args(cl_decoder *d, cl_kernel kernel, const cl_batch_plan *p,
                                      cl_uint *first_index, ldpc_error *err)
{
    if (cl_decoder_saturated(d))
        return set_saturated_args(d, kernel, p, first_index, err);
    if (p->design == LDPC_OPENCL_DESIGN_SPREAD)
        return set_spread_args(d, p, first_index, err);
    int flooding = d->config.schedule == LDPC_SCHEDULE_FLOODING;
    /* The latency kernels take neither next_messages nor index_stride. */
    int latency = p->design == LDPC_OPENCL_DESIGN_LATENCY;
    cl_uint frames = p->frames, max_iterations = d->config.max_iterations;
    cl_uint period = d->config.syndrome_period;
    cl_arg_list a = {kernel, 0, CL_SUCCESS};
    cl_arg(&a, sizeof(cl_mem), &d->tables.arena);
    cl_arg(&a, sizeof p->tables, &p->tables);
    if (flooding)
        cl_arg(&a, sizeof(cl_mem), &d->channel);
    cl_arg(&a, sizeof(cl_mem), &d->posterior);
    cl_arg(&a, sizeof(cl_mem), &d->messages);
    if (!flooding && !latency)
        cl_arg(&a, sizeof(cl_mem), &d->next_messages);
    if (!latency)
        cl_arg(&a, sizeof(cl_uint), &p->index_stride);
    cl_arg(&a, sizeof(cl_uint), &p->post_frame_stride);
    cl_arg(&a, sizeof(cl_uint), &p->message_frame_stride);
    cl_arg(&a, sizeof frames, &frames);
    *first_index = a.next; /* first_iteration, last_iteration: set per launch */
    a.next += 2;
    cl_arg(&a, sizeof max_iterations, &max_iterations);
    cl_arg(&a, sizeof period, &period);
    arg_rule_and_frames(&a, d);
    if (latency)
        cl_arg(&a, p->record_bytes, NULL);
    if (p->local_posteriors)
        cl_arg(&a, p->local_posterior_bytes, NULL);
    CL_TRY(a.rc, "iteration arguments");
    return LDPC_OK;
}

/* The spread design: one launch per iteration, first + 1 to last. */
static ldpc_status launch_spread(cl_decoder *d, const cl_batch_plan *p, cl_uint iteration_index,
                                 cl_uint first, cl_uint last, ldpc_error *err)
{
    size_t global[2] = {p->global, p->frames}, local[2] = {p->local, 1};
    for (cl_uint it = first + 1; it <= last; it++) {
        CL_TRY(clSetKernelArg(p->iterate, iteration_index, sizeof it, &it), "iteration");
        CL_TRY(clEnqueueNDRangeKernel(d->session.queue, p->iterate, 2, NULL, global, local, 0,
                                      NULL, profile_slot(d, PROFILE_KERNEL)),
               "flooding_spread");
        d->stats.launches++;
    }
    return LDPC_OK;
}

static ldpc_status launch_iterations(cl_decoder *d, cl_kernel kernel, const cl_batch_plan *p,
                                     cl_uint first_index, cl_uint first, cl_uint last,
                                     ldpc_error *err)
{
    if (p->design == LDPC_OPENCL_DESIGN_SPREAD)
        return launch_spread(d, p, first_index, first, last, err);
    CL_TRY(clSetKernelArg(kernel, first_index, sizeof first, &first), "first_iteration");
    CL_TRY(clSetKernelArg(kernel, first_index + 1, sizeof last, &last), "last_iteration");
    CL_TRY(clEnqueueNDRangeKernel(d->session.queue, kernel, 1, NULL, &p->global, &p->local, 0, NULL,
                                  profile_slot(d, PROFILE_KERNEL)),
           "iterations");
    d->stats.launches++;
    return LDPC_OK;
}

static ldpc_status read_status(cl_decoder *d, int slot, cl_event *done, ldpc_error *err)
{
    CL_TRY(clEnqueueReadBuffer(d->session.queue, d->active_count, CL_FALSE, 0, sizeof(cl_uint),
                               &d->status_words[slot], 0, NULL, done),
           "read status");
    CL_TRY(clFlush(d->session.queue), "flush");
    d->stats.status_reads++;
    return LDPC_OK;
}

/* Launches of iterations_per_launch iterations until the status word (frames
 * still active) reads 0. One launch is always queued ahead of the status read
 * being waited for, so the device does not idle during the round trip; once
 * every frame has retired such a launch does nothing. */
static ldpc_status run_iterations(cl_decoder *d, const cl_batch_plan *p, ldpc_error *err)
{
    cl_kernel kernel = p->iterate;
    cl_uint first_index = 0;
    ldpc_status status = set_iteration_args(d, kernel, p, &first_index, err);
    cl_uint max_iterations = d->config.max_iterations, chunk = d->iterations_per_launch;
    /* Latency: every iteration in one launch, and no status read: the host
     * waits once, for the results. */
    if (p->design == LDPC_OPENCL_DESIGN_LATENCY)
        return status == LDPC_OK ? launch_iterations(d, kernel, p, first_index, 0,
                                                     max_iterations, err)
                                 : status;
    cl_uint done = 0;
    cl_event pending = NULL;
    int slot = 0;
    if (status == LDPC_OK) {
        cl_uint last = done + chunk < max_iterations ? done + chunk : max_iterations;
        status = launch_iterations(d, kernel, p, first_index, done, last, err);
        done = last;
    }
    if (status == LDPC_OK)
        status = read_status(d, slot, &pending, err);
    while (status == LDPC_OK) {
        int more = done < max_iterations;
        if (more) {
            cl_uint last = done + chunk < max_iterations ? done + chunk : max_iterations;
            status = launch_iterations(d, kernel, p, first_index, done, last, err);
            done = last;
        }
        cl_int rc = clWaitForEvents(1, &pending);
        clReleaseEvent(pending);
        pending = NULL;
        if (status != LDPC_OK)
            break;
        if (rc != CL_SUCCESS)
            return ldpc_fail(err, LDPC_ERR_IO, "OpenCL status read: %s", cl_error_name(rc));
        if (d->status_words[slot] == 0 || !more)
            break;
        slot ^= 1;
        status = read_status(d, slot, &pending, err);
    }
    if (pending != NULL) {
        clWaitForEvents(1, &pending);
        clReleaseEvent(pending);
    }
    return status;
}

/* The spread design: every frame's final totals into plane 0 (`posterior`),
 * its iteration count settled (flooding_spread_result). */
static ldpc_status run_spread_result(cl_decoder *d, const cl_batch_plan *p, ldpc_error *err)
{
    cl_uint n = p->code->n, frames = p->frames, max_iterations = d->config.max_iterations;
    cl_uint period = d->config.syndrome_period, plane = d->spread_frames * d->limits.max_n;
    cl_arg_list a = {d->spread_result, 0, CL_SUCCESS};
    cl_arg(&a, sizeof(cl_mem), &d->posterior);
    cl_arg(&a, sizeof(cl_mem), &d->spread_totals);
    cl_arg(&a, sizeof plane, &plane);
    cl_arg(&a, sizeof n, &n);
    cl_arg(&a, sizeof(cl_uint), &p->post_frame_stride);
    cl_arg(&a, sizeof frames, &frames);
    cl_arg(&a, sizeof max_iterations, &max_iterations);
    cl_arg(&a, sizeof period, &period);
    cl_arg(&a, sizeof(cl_mem), &d->frame_iterations);
    cl_arg(&a, sizeof(cl_mem), &d->frame_active);
    cl_arg(&a, sizeof(cl_mem), &d->spread_unsatisfied);
    CL_TRY(a.rc, "spread result arguments");
    size_t global[2] = {n, frames};
    CL_TRY(clEnqueueNDRangeKernel(d->session.queue, d->spread_result, 2, NULL, global, NULL, 0,
                                  NULL, profile_slot(d, PROFILE_KERNEL)),
           "flooding_spread_result");
    d->stats.launches++;
    return LDPC_OK;
}

/* Work-groups of frame_statistics per frame: about four per compute unit
 * over the batch, at most one per statistics_group checks or variables. A
 * single group walking 32400 checks took about 0.15 ms of one dvbs2-normal
 * frame's 0.44 ms of spread-design kernels on the H100 (docs/OPENCL.md,
 * round 6). */
static size_t statistics_groups(const cl_decoder *d, const cl_batch_plan *p)
{
    size_t rows = p->code->n > p->code->m ? p->code->n : p->code->m;
    size_t most = (rows + d->statistics_group - 1) / d->statistics_group;
    size_t wanted = (4 * (size_t)d->stats.compute_units + p->frames - 1) / p->frames;
    return wanted < 1 ? 1 : wanted < most ? wanted : most;
}

static ldpc_status run_finish(cl_decoder *d, const cl_batch_plan *p, cl_event *finished,
                              ldpc_error *err)
{
    cl_uint frames = p->frames, n = p->code->n, order = cl_plan_latency_order(p);
    cl_arg_list a = {d->statistics, 0, CL_SUCCESS};
    cl_arg(&a, sizeof(cl_mem), &d->tables.arena);
    cl_arg(&a, sizeof p->tables, &p->tables);
    cl_arg(&a, sizeof order, &order);
    cl_arg(&a, sizeof(cl_mem), &d->channel);
    cl_arg(&a, sizeof(cl_mem), &d->posterior);
    cl_arg(&a, sizeof(cl_uint), &p->posterior_format);
    cl_arg(&a, sizeof(cl_uint), &p->index_stride);
    cl_arg(&a, sizeof(cl_uint), &p->post_frame_stride);
    cl_arg(&a, sizeof frames, &frames);
    cl_arg(&a, sizeof(cl_mem), &d->frame_iterations);
    cl_arg(&a, sizeof(cl_mem), &d->stats_slots[p->slot]);
    CL_TRY(a.rc, "statistics arguments");
    const cl_uint zero = 0;
    CL_TRY(clEnqueueFillBuffer(d->session.queue, d->stats_slots[p->slot], &zero, sizeof zero, 0,
                               (size_t)frames * sizeof(ldpc_frame_stats), 0, NULL,
                               profile_slot(d, PROFILE_KERNEL)),
           "clear statistics");
    size_t local[2] = {d->statistics_group, 1};
    size_t global[2] = {statistics_groups(d, p) * local[0], frames};
    CL_TRY(clEnqueueNDRangeKernel(d->session.queue, d->statistics, 2, NULL, global, local, 0,
                                  NULL, profile_slot(d, PROFILE_KERNEL)),
           "frame_statistics");
    a = (cl_arg_list){d->decisions, 0, CL_SUCCESS};
    cl_arg(&a, sizeof(cl_mem), &d->tables.arena);
    cl_arg(&a, sizeof p->tables, &p->tables);
    cl_arg(&a, sizeof order, &order);
    cl_arg(&a, sizeof(cl_mem), &d->posterior);
    cl_arg(&a, sizeof(cl_uint), &p->posterior_format);
    cl_arg(&a, sizeof n, &n);
    cl_arg(&a, sizeof frames, &frames);
    cl_arg(&a, sizeof(cl_uint), &p->index_stride);
    cl_arg(&a, sizeof(cl_uint), &p->post_frame_stride);
    cl_arg(&a, sizeof(cl_mem), &d->bits_slots[p->slot]);
    CL_TRY(a.rc, "decision arguments");
    size_t global2[2] = {n, frames};
    CL_TRY(clEnqueueNDRangeKernel(d->session.queue, d->decisions, 2, NULL, global2, NULL, 0, NULL,
                                  finished),
           "write_decisions");
    profile_keep(d, *finished, PROFILE_KERNEL);
    d->stats.launches += 2;
    CL_TRY(clFlush(d->session.queue), "flush kernels");
    return LDPC_OK;
}

/* A pass whose results are on their way back: the read events of its
 * decisions' chunks and statistics, and where the results go. */
typedef struct {
    cl_batch_plan plan;
    size_t chunks;     /* read events of the decisions; one more for the statistics */
    size_t events;     /* read events enqueued */
    uint8_t *bits;
    ldpc_frame_stats *stats; /* NULL: not wanted */
} pending_pass;

/* Enqueues the read of `bytes` of `buffer` into its pinned staging in chunks,
 * an event per chunk in d->read_events[slot] from pass->events on, each after
 * the pass's last kernel (`finished`). */
static ldpc_status enqueue_read(cl_decoder *d, pending_pass *pass, cl_mem buffer, void *staged,
                                size_t bytes, size_t chunks, cl_event finished, const char *what,
                                ldpc_error *err)
{
    for (size_t c = 0; c < chunks; c++) {
        size_t begin = bytes * c / chunks, end = bytes * (c + 1) / chunks;
        cl_event *event = &d->read_events[pass->plan.slot][pass->events];
        CL_TRY(clEnqueueReadBuffer(pass->plan.download_queue, buffer, CL_FALSE, begin, end - begin,
                                   (char *)staged + begin, 1, &finished, event),
               what);
        pass->events++;
        profile_keep(d, *event, PROFILE_TRANSFER);
    }
    return LDPC_OK;
}

/* The decisions (and statistics) of a pass, read back into its staging slot. */
static ldpc_status enqueue_results(cl_decoder *d, pending_pass *pass, cl_event finished,
                                   ldpc_error *err)
{
    const cl_batch_plan *p = &pass->plan;
    size_t bit_bytes = (size_t)p->frames * p->code->n;
    void *bits_staged = (char *)d->bits_host + staging_offset(d, p, p->code->n);
    void *stats_staged =
        (char *)d->stats_host + staging_offset(d, p, sizeof(ldpc_frame_stats));
    pass->chunks = transfer_chunks(bit_bytes);
    ldpc_status status = enqueue_read(d, pass, d->bits_slots[p->slot], bits_staged, bit_bytes,
                                      pass->chunks, finished, "read decisions", err);
    if (status == LDPC_OK && pass->stats != NULL)
        status = enqueue_read(d, pass, d->stats_slots[p->slot], stats_staged,
                              (size_t)p->frames * sizeof(ldpc_frame_stats), 1, finished,
                              "read statistics", err);
    if (status == LDPC_OK && clFlush(p->download_queue) != CL_SUCCESS)
        status = ldpc_fail(err, LDPC_ERR_IO, "OpenCL flush reads");
    return status;
}

/* Enqueues everything of one pass (at most limits.max_frames frames, through
 * every buffer), up to the read-back of its results into staging `slot`;
 * returns without waiting for the device. */
static ldpc_status begin_pass(cl_decoder *d, const ldpc_code *code, const cl_code_tables *tables,
                              const int8_t *q, uint32_t frames, pending_pass *pass,
                              ldpc_error *err)
{
    cl_batch_plan *plan = &pass->plan;
    plan->tables = *tables;
    cl_plan_batch(d, code, frames, plan);
    cl_event uploaded = NULL, finished = NULL;
    ldpc_status status = stage_input(d, plan, q, &uploaded, err);
    if (status == LDPC_OK)
        status = run_setup(d, plan, uploaded, err);
    if (status == LDPC_OK)
        status = run_iterations(d, plan, err);
    if (status == LDPC_OK && plan->design == LDPC_OPENCL_DESIGN_SPREAD)
        status = run_spread_result(d, plan, err);
    if (status == LDPC_OK)
        status = run_finish(d, plan, &finished, err);
    if (status == LDPC_OK)
        status = enqueue_results(d, pass, finished, err);
    if (uploaded != NULL)
        clReleaseEvent(uploaded);
    if (finished != NULL)
        clReleaseEvent(finished);
    return status;
}

static void count_pass(cl_decoder *d, const cl_batch_plan *plan)
{
    d->stats.batches++;
    d->stats.frames += plan->frames;
    if (plan->local_posteriors)
        d->stats.batches_latency_local++;
    if (plan->circulants)
        d->stats.batches_circulant++;
    if (plan->pairs)
        d->stats.batches_pairs++;
    if (plan->design == LDPC_OPENCL_DESIGN_LATENCY)
        d->stats.batches_latency++;
    else if (plan->design == LDPC_OPENCL_DESIGN_GROUP_PER_FRAME)
        d->stats.batches_group_per_frame++;
    else if (plan->design == LDPC_OPENCL_DESIGN_SPREAD)
        d->stats.batches_spread++;
    else
        d->stats.batches_item_per_frame++;
}

/* Waits for a begun pass's reads and copies each chunk to the caller as soon
 * as it has arrived, while the next is in flight; after an earlier failure
 * (`status`) it only waits and releases. Returns the first failure. */
static ldpc_status end_pass(cl_decoder *d, pending_pass *pass, ldpc_status status,
                            ldpc_error *err)
{
    const cl_batch_plan *p = &pass->plan;
    size_t bit_bytes = (size_t)p->frames * p->code->n;
    const char *bits_staged = (const char *)d->bits_host + staging_offset(d, p, p->code->n);
    const char *stats_staged =
        (const char *)d->stats_host + staging_offset(d, p, sizeof(ldpc_frame_stats));
    for (size_t c = 0; c < pass->events; c++) {
        cl_int rc = clWaitForEvents(1, &d->read_events[p->slot][c]);
        clReleaseEvent(d->read_events[p->slot][c]);
        if (status != LDPC_OK)
            continue;
        if (rc != CL_SUCCESS)
            status = ldpc_fail(err, LDPC_ERR_IO, "OpenCL read: %s", cl_error_name(rc));
        else if (c < pass->chunks) {
            size_t begin = bit_bytes * c / pass->chunks, end = bit_bytes * (c + 1) / pass->chunks;
            host_copy(d, pass->bits + begin, bits_staged + begin, end - begin);
        } else {
            memcpy(pass->stats, stats_staged, (size_t)p->frames * sizeof *pass->stats);
            for (uint32_t f = 0; f < p->frames; f++)
                pass->stats[f].converged = pass->stats[f].unsatisfied_checks == 0;
        }
    }
    pass->events = 0;
    if (status == LDPC_OK)
        count_pass(d, p);
    return status;
}

/* Passes of a call of `frames` frames: as few as the buffers allow, or, for
 * a call of at least twice pipeline_frames, one per pipeline_frames (at most
 * CL_PIPELINE_MAX_PASSES, each at most a staging slot): then the host copies
 * of one pass (the input into staging, the results out of it) overlap the
 * device's work on the next (docs/OPENCL.md, round 8). By default not in the
 * item design: with one work-item per frame, passes of a few thousand frames
 * leave the device nearly idle (H100, saturated short frames: 0.40 Gbit/s
 * pipelined against 1.63 in one pass). */
static size_t pass_count(const cl_decoder *d, const cl_code_tables *tables, uint32_t frames,
                         int *pipelined)
{
    size_t per_pass = d->limits.max_frames, half = per_pass / 2;
    size_t passes = (frames + per_pass - 1) / per_pass;
    size_t min = d->pipeline_frames;
    int design_allows = d->opencl.pipeline_frames != 0 ||
                        cl_choose_design(d, tables, frames) != LDPC_OPENCL_DESIGN_ITEM_PER_FRAME;
    *pipelined = design_allows && min > 0 && half > 0 && frames >= 2 * min;
    if (!*pipelined)
        return passes;
    size_t wanted = frames / min < CL_PIPELINE_MAX_PASSES ? frames / min : CL_PIPELINE_MAX_PASSES;
    size_t needed = (frames + half - 1) / half;
    return wanted > needed ? wanted : needed;
}

/* Whether a call's passes are graded: pipelined calls of three passes or
 * more make the first and the last pass half the size of the others, where
 * those still fit a staging slot and every pass keeps a frame, because the
 * first pass's upload and the last pass's read-back are the parts of a call
 * that overlap nothing (docs/OPENCL.md, round 17). Otherwise passes of equal
 * size: a full pass and a small remainder decoded slower than two halves on
 * the H100 (a small pass does not fill the device). */
static int graded_passes(const cl_decoder *d, size_t frames, size_t passes, int pipelined)
{
    return pipelined && passes >= 3 && frames >= 2 * (passes - 1) &&
           (frames + passes - 2) / (passes - 1) <= d->slot_frames;
}

/* Frames [*first, *end) of pass i of `passes`. */
static void pass_bounds(size_t frames, size_t passes, int graded, size_t i, size_t *first,
                        size_t *end)
{
    if (!graded) {
        *first = frames * i / passes;
        *end = frames * (i + 1) / passes;
        return;
    }
    /* weights 1, 2, ..., 2, 1: pass i starts at weight 2i - 1 of 2(passes - 1) */
    size_t total = 2 * (passes - 1);
    *first = i == 0 ? 0 : frames * (2 * i - 1) / total;
    *end = i + 1 == passes ? frames : frames * (2 * i + 1) / total;
}

ldpc_status cl_decoder_decode(cl_decoder *d, const ldpc_code *code, const int8_t *q,
                              uint32_t frames, uint8_t *bits, ldpc_frame_stats *stats,
                              ldpc_error *err)
{
    d->calls++;
    if (d->opencl.simulate_device_loss_at_call != 0 &&
        d->calls >= d->opencl.simulate_device_loss_at_call)
        return ldpc_fail(err, LDPC_ERR_IO, "OpenCL: %s (simulated device loss at call %u)",
                         cl_error_name(CL_DEVICE_NOT_AVAILABLE), d->calls);
    if (frames == 0)
        return LDPC_OK;
    cl_code_tables tables;
    ldpc_status status = cl_table_cache_lookup(&d->tables, d->session.queue, code, &tables, err);
    int pipelined = 0;
    size_t n = code->n, begun = 0, ended = 0;
    size_t passes = status == LDPC_OK ? pass_count(d, &tables, frames, &pipelined) : 0;
    int graded = graded_passes(d, frames, passes, pipelined);
    pending_pass pending[CL_STAGING_SLOTS];
    for (size_t i = 0; i < passes && status == LDPC_OK; i++) {
        size_t first, end;
        pass_bounds(frames, passes, graded, i, &first, &end);
        pending_pass *pass = &pending[i % CL_STAGING_SLOTS];
        *pass = (pending_pass){.plan = {.slot = pipelined ? i % CL_STAGING_SLOTS : 0,
                                        .upload_queue =
                                            pipelined ? d->upload_queue : d->session.queue,
                                        .download_queue =
                                            pipelined ? d->download_queue : d->session.queue},
                               .bits = bits + first * n,
                               .stats = stats != NULL ? stats + first : NULL};
        status = begin_pass(d, code, &tables, q + first * n, (uint32_t)(end - first), pass, err);
        begun++;
        /* Pipelined, the previous pass's results are copied out while the
         * device works on this one; otherwise this pass's, now. */
        size_t in_flight = pipelined && status == LDPC_OK ? 1 : 0;
        for (; ended + in_flight < begun; ended++)
            status = end_pass(d, &pending[ended % CL_STAGING_SLOTS], status, err);
    }
    for (; ended < begun; ended++)
        status = end_pass(d, &pending[ended % CL_STAGING_SLOTS], status, err);
    cl_command_queue queues[] = {d->upload_queue, d->session.queue, d->download_queue};
    for (size_t i = 0; i < sizeof queues / sizeof queues[0] && status == LDPC_OK; i++) {
        cl_int rc = clFinish(queues[i]);
        if (rc != CL_SUCCESS)
            status = ldpc_fail(err, LDPC_ERR_IO, "OpenCL finish: %s", cl_error_name(rc));
    }
    profile_flush(d);
    d->stats.split_calls += status == LDPC_OK && frames > d->limits.max_frames;
    d->stats.pipelined_calls += status == LDPC_OK && pipelined;
    return status;
}

void cl_decoder_fill_stats(const cl_decoder *d, ldpc_opencl_stats *out)
{
    *out = d->stats;
    const cl_table_cache *t = &d->tables;
    out->table_lookups = t->lookups;
    out->table_cache_hits = t->hits;
    out->table_cache_misses = t->misses;
    out->table_uploads = t->uploads;
    out->table_evictions = t->evictions;
    out->table_upload_bytes = t->upload_bytes;
    out->tables_resident = cl_table_cache_resident(t);
    out->last_upload_ns = t->last_upload_ns;
}

void cl_decoder_release(cl_decoder *d)
{
    cl_command_queue transfer_queues[] = {d->upload_queue, d->download_queue};
    for (size_t i = 0; i < sizeof transfer_queues / sizeof transfer_queues[0]; i++)
        if (transfer_queues[i] != NULL) {
            clFinish(transfer_queues[i]);
            clReleaseCommandQueue(transfer_queues[i]);
        }
    d->upload_queue = d->download_queue = NULL;
    if (d->session.queue != NULL)
        clFinish(d->session.queue);
    profile_flush(d);
    cl_table_cache_release(&d->tables);
    worker_pool_destroy(d->copy_pool);
    d->copy_pool = NULL;
    const struct {
        cl_mem buffer;
        void *host;
    } staging[] = {{d->input_pinned, d->input_host},
                   {d->bits_pinned, d->bits_host},
                   {d->stats_pinned, d->stats_host}};
    for (size_t i = 0; i < sizeof staging / sizeof staging[0]; i++)
        if (staging[i].host != NULL)
            clEnqueueUnmapMemObject(d->session.queue, staging[i].buffer, staging[i].host, 0, NULL,
                                    NULL);
    if (d->session.queue != NULL)
        clFinish(d->session.queue);
    /* The slots (sub-buffers, and the extra references) before their parents. */
    for (size_t i = 0; i < CL_STAGING_SLOTS; i++) {
        cl_mem slots[] = {d->input_slots[i], d->bits_slots[i], d->stats_slots[i]};
        for (size_t j = 0; j < sizeof slots / sizeof slots[0]; j++)
            if (slots[j] != NULL)
                clReleaseMemObject(slots[j]);
        d->input_slots[i] = d->bits_slots[i] = d->stats_slots[i] = NULL;
    }
    cl_mem buffers[] = {d->input_pinned, d->bits_pinned, d->stats_pinned,
                        d->input,        d->channel,     d->posterior,
                        d->messages,     d->frame_iterations, d->frame_active,
                        d->active_count, d->frame_stats, d->bits, d->rule_table, d->next_messages,
                        d->spread_totals, d->spread_unsatisfied};
    for (size_t i = 0; i < sizeof buffers / sizeof buffers[0]; i++)
        if (buffers[i] != NULL)
            clReleaseMemObject(buffers[i]);
    cl_kernel kernels[] = {d->setup,          d->iterate_group,  d->statistics, d->decisions,
                           d->iterate_spread, d->spread_result, d->iterate_pairs};
    for (size_t i = 0; i < sizeof kernels / sizeof kernels[0]; i++)
        if (kernels[i] != NULL)
            clReleaseKernel(kernels[i]);
    for (size_t i = 0; i < CL_ITEM_KERNELS; i++) {
        if (d->iterate_item[i] != NULL)
            clReleaseKernel(d->iterate_item[i]);
        d->iterate_item[i] = NULL;
    }
    for (size_t i = 0; i < CL_LATENCY_KERNELS; i++) {
        if (d->iterate_latency[i] != NULL)
            clReleaseKernel(d->iterate_latency[i]);
        if (d->iterate_latency_local[i] != NULL)
            clReleaseKernel(d->iterate_latency_local[i]);
        if (d->iterate_circulant[i] != NULL)
            clReleaseKernel(d->iterate_circulant[i]);
        d->iterate_latency[i] = d->iterate_latency_local[i] = d->iterate_circulant[i] = NULL;
    }
    cl_session_release(&d->session);
    d->stats.on_device = 0;
    d->input_pinned = d->bits_pinned = d->stats_pinned = NULL;
    d->input_host = d->bits_host = d->stats_host = NULL;
    d->input = d->channel = d->posterior = d->messages = NULL;
    d->frame_iterations = d->frame_active = d->active_count = d->frame_stats = d->bits = NULL;
    d->rule_table = d->next_messages = d->spread_totals = d->spread_unsatisfied = NULL;
    d->setup = d->iterate_group = d->statistics = d->decisions = NULL;
    d->iterate_spread = d->spread_result = d->iterate_pairs = NULL;
}
