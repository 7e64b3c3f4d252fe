/* cl_decoder.h's creation and release: the kernels the configuration can
 * use, the work-group sizes and pass size from device queries, and every
 * buffer, sized once for the decoder's limits. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cl_decoder.h"
#include "code/code_struct.h"
#include "cl_error.h"
#include "cl_host_copy.h"
#include "cl_item_kernels.h"
#include "cl_profile.h"
#include "decode/check_rules.h"
#include "decode/fixed_point.h"
#include "opencl_circulant_tables.h"
#include "util/error_internal.h"

/* Posteriors are exact sums in a short: (1 + degree) * 127 must stay below
 * 32768, as in the reference. */
#define MAX_VAR_DEGREE 256u

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

/* Releases the kernels of an array (those not NULL) and clears it. */
static void release_kernels(cl_kernel *kernels, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        if (kernels[i] != NULL)
            clReleaseKernel(kernels[i]);
        kernels[i] = NULL;
    }
}

/* Bounds 14 and 24 rather than 16: DVB-S2's rates
 * 3/5 to 3/4 (check degrees 10 to 14) and 4/5, 5/6 (18 to 22) then run kernels
 * with fewer registers, so more of their groups share a compute unit. */
const uint32_t cl_pair_bounds[CL_PAIR_KERNELS] = {8, 14, 24, 32};

/* Only the iteration kernels the configuration can use: with posterior_bits 8
 * the saturated ones (the latency and group designs do not implement it). */
static ldpc_status create_kernels(cl_decoder *d, ldpc_error *err)
{
    int layered = d->config.schedule == LDPC_SCHEDULE_LAYERED;
    ldpc_status status = create_kernel(d, "setup_frames", &d->setup, err);
    if (status == LDPC_OK)
        status = create_kernel(d, "frame_statistics", &d->statistics, err);
    if (status == LDPC_OK)
        status = create_kernel(d, "write_decisions", &d->decisions, err);
    if (status == LDPC_OK && !layered)
        status = create_kernel(d, "flooding_item_per_frame", &d->iterate_item[0], err);
    if (status == LDPC_OK && !layered)
        status = create_kernel(d, "flooding_spread", &d->iterate_spread, err);
    if (status == LDPC_OK && !layered)
        status = create_kernel(d, "flooding_spread_result", &d->spread_result, err);
    static const char *const saturated_layer[CL_LATENCY_KERNELS] = {
        "layered_saturated_layer_d8", "layered_saturated_layer_d16",
        "layered_saturated_layer_d32"};
    for (size_t i = 0; i < CL_LATENCY_KERNELS && cl_decoder_saturated_by_layer(d) &&
                       status == LDPC_OK;
         i++)
        status = create_kernel(d, saturated_layer[i], &d->iterate_saturated_layer[i], err);
    if (cl_decoder_saturated_by_layer(d))
        return status;
    int saturated_lanes = d->saturated_lanes > 1;
    if (status == LDPC_OK && saturated_lanes)
        status = create_kernel(d, "layered_saturated_lanes", &d->iterate_saturated_lanes, err);
    for (size_t i = 0; i < CL_ITEM_KERNELS && layered && !saturated_lanes && status == LDPC_OK;
         i++)
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
    for (size_t i = 0; i < CL_PAIR_KERNELS && layered_16 && status == LDPC_OK; i++) {
        char name[64];
        snprintf(name, sizeof name, "layered_latency_pairs_d%u", (unsigned)cl_pair_bounds[i]);
        status = create_kernel(d, name, &d->iterate_pairs[i], err);
    }
    const struct {
        const char *name;
        cl_kernel *kernel;
        uint32_t twin; /* its bit of stats.layer_group_twins */
    } layer_kernels[] = {
        {"layered_circulant_d8_layer", &d->iterate_circulant_layer[0],
         LDPC_OPENCL_TWIN_CIRCULANT_D8},
        {"layered_circulant_d16_layer", &d->iterate_circulant_layer[1],
         LDPC_OPENCL_TWIN_CIRCULANT_D16},
        {"layered_latency_local_d8_layer", &d->iterate_latency_local_layer[0],
         LDPC_OPENCL_TWIN_LOCAL_D8},
        {"layered_latency_pairs_d8_layer", &d->iterate_pairs_layer[0], LDPC_OPENCL_TWIN_PAIRS_D8}};
    /* They run exactly FRAME_GROUP work-items: not where a smaller group is
     * configured. */
    size_t requested = d->opencl.work_group_size;
    int layer_groups = layered_16 && d->session.layer_groups &&
                       (requested == 0 || requested >= FRAME_GROUP);
    for (size_t i = 0; i < sizeof layer_kernels / sizeof layer_kernels[0] && layer_groups &&
                       status == LDPC_OK;
         i++) {
        status = create_kernel(d, layer_kernels[i].name, layer_kernels[i].kernel, err);
        /* Where the device says it cannot run this one in a whole layer, its
         * launch would fail and send every frame to the CPU: left out. */
        if (status == LDPC_OK &&
            !cl_vendor_runs_required_group(d->session.vendor,
                                           kernel_max_group(d, *layer_kernels[i].kernel),
                                           FRAME_GROUP))
            release_kernels(layer_kernels[i].kernel, 1);
        if (*layer_kernels[i].kernel != NULL)
            d->stats.layer_group_twins |= layer_kernels[i].twin;
    }
    return status;
}

/* Layered 16-bit: the latency design numbers a frame's messages in slots;
 * saturated by layer: its records take the same room (a check's record is
 * at most its degree in bytes). Saturated posteriors take one byte each. */
static size_t message_frame_bytes(const cl_decoder *d)
{
    const ldpc_decoder_limits *lim = &d->limits;
    size_t slots = cl_latency_slot_capacity(lim->max_m, lim->max_check_degree);
    int slotted = d->config.schedule == LDPC_SCHEDULE_LAYERED &&
                  (!cl_decoder_saturated(d) || cl_decoder_saturated_by_layer(d));
    if (slotted && slots > lim->max_edges)
        return slots;
    return lim->max_edges;
}

static size_t posterior_frame_bytes(const cl_decoder *d)
{
    return (size_t)d->limits.max_n * (cl_decoder_saturated(d) ? 1 : sizeof(cl_int));
}

static cl_ulong device_max_alloc(const cl_decoder *d)
{
    cl_ulong max_alloc;
    if (clGetDeviceInfo(d->session.choice.device, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof max_alloc,
                        &max_alloc, NULL) != CL_SUCCESS)
        max_alloc = 0;
    return max_alloc;
}

/* Rows of per-frame data (messages, posteriors) that stay within
 * max_buffer_bytes and the device's largest allocation (stats.max_alloc_bytes).
 * Why 2^31 - 1 bytes by default: through NVIDIA's driver every
 * batch with a buffer beyond it that the kernels used in full failed
 * (CL_OUT_OF_RESOURCES at the iterations' launch, after some 90 s), with
 * 64-bit offsets in every kernel, while small tests whose rows lay beyond
 * 4 GiB passed. */
static size_t rows_within_limit(const cl_decoder *d)
{
    size_t limit = cl_max_buffer_bytes(&d->opencl);
    cl_ulong max_alloc = d->stats.max_alloc_bytes;
    if (max_alloc > 0 && max_alloc < limit)
        limit = (size_t)max_alloc;
    size_t per_frame = message_frame_bytes(d);
    if (posterior_frame_bytes(d) > per_frame)
        per_frame = posterior_frame_bytes(d);
    return limit / per_frame;
}

/* Frames per work-item of the saturated decoder: the program's char vector
 * width where the buffers hold a whole vector of rows, else one (the scalar
 * kernels, which every program has). */
static uint32_t saturated_lanes_for(const cl_decoder *d)
{
    uint32_t lanes = d->session.saturated_lanes;
    return lanes > 1 && rows_within_limit(d) >= lanes ? lanes : 1;
}

/* Frames per device pass: as many as the caller's limits allow, unless the
 * per-frame buffers would then pass their limit (rows_within_limit); a
 * larger call is decoded in several passes. Whole rows of cl_frame_rows, so
 * that a pair of frames (two frames per group,
 * kernels/28_layered_latency_pairs.cl) always has both, and a vector of the
 * saturated lanes kernel all its frames. 0 when not even that fits. */
static uint32_t frames_per_pass(const cl_decoder *d)
{
    size_t row_multiple = cl_frame_rows(d, 1);
    size_t fit = rows_within_limit(d) / row_multiple * row_multiple;
    return fit < d->limits.max_frames ? (uint32_t)fit : d->limits.max_frames;
}

/* The largest group of a latency kernel (0: the program has none): the
 * device's largest for it, or less where the configuration asks. */
static size_t latency_group_cap(const cl_decoder *d, cl_kernel kernel)
{
    size_t requested = d->opencl.work_group_size;
    return kernel == NULL ? 0
                          : cl_min_size(requested ? requested : SIZE_MAX, kernel_max_group(d, kernel));
}

static void choose_sizes(cl_decoder *d)
{
    size_t requested = d->opencl.work_group_size;
    d->item_group = requested ? requested : d->session.vendor->item_group;
    for (size_t i = 0; i < CL_ITEM_KERNELS; i++)
        if (d->iterate_item[i] != NULL)
            d->item_group = cl_min_size(d->item_group, kernel_max_group(d, d->iterate_item[i]));
    if (d->iterate_saturated_lanes != NULL)
        d->item_group =
            cl_min_size(d->item_group, kernel_max_group(d, d->iterate_saturated_lanes));
    d->frame_group_cap = d->iterate_group == NULL
                             ? 0
                             : cl_min_size(requested ? requested : d->session.vendor->frame_group,
                                        kernel_max_group(d, d->iterate_group));
    for (size_t i = 0; i < CL_LATENCY_KERNELS; i++) {
        d->latency_group_cap[i] = latency_group_cap(d, d->iterate_latency[i]);
        d->stats.latency_group_sizes[i] = (uint32_t)d->latency_group_cap[i];
        d->latency_local_group_cap[i] = latency_group_cap(d, d->iterate_latency_local[i]);
        d->circulant_group_cap[i] = latency_group_cap(d, d->iterate_circulant[i]);
        d->stats.circulant_group_sizes[i] = (uint32_t)d->circulant_group_cap[i];
        d->saturated_layer_group_cap[i] = latency_group_cap(d, d->iterate_saturated_layer[i]);
    }
    for (size_t i = 0; i < CL_PAIR_KERNELS; i++) {
        d->pairs_group_cap[i] = latency_group_cap(d, d->iterate_pairs[i]);
        if (i == CL_PAIR_KERNELS - 1 && requested == 0)
            d->pairs_group_cap[i] = cl_min_size(d->pairs_group_cap[i],
                                                d->session.vendor->thresholds.widest_pair_group);
        d->stats.pair_kernel_bounds[i] = cl_pair_bounds[i];
        d->stats.pair_group_sizes[i] = (uint32_t)d->pairs_group_cap[i];
    }
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
    /* From here on the decoder's buffers are sized for one pass. */
    d->limits.max_frames = frames_per_pass(d);
    d->stats.frames_per_pass = d->limits.max_frames;
    d->slot_frames = d->limits.max_frames / CL_STAGING_SLOTS;
    const cl_auto_thresholds *t = &d->session.vendor->thresholds;
    d->pipeline_frames = d->opencl.pipeline_frames ? d->opencl.pipeline_frames
                         : d->stats.unified_memory ? 0
                                                   : t->pipeline_per_unit * compute_units;
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
 * uncapped start value). Configurations without a cap are unchanged. The
 * second half is the capped rule, rule(min(m, cap)), which the kernels of
 * saturated posteriors by layer take instead of capping each magnitude. */
static void magnitude_rule_table(const ldpc_decoder_config *config, cl_uchar table[256])
{
    ldpc_decoder_config uncapped = *config;
    uncapped.message_cap = LDPC_MESSAGE_CAP_NONE;
    for (int magnitude = 0; magnitude <= LDPC_Q_MAX; magnitude++) {
        const int8_t t[2] = {(int8_t)magnitude, LDPC_Q_MAX};
        int8_t out[2];
        check_update_fixed(t, 2, &uncapped, out);
        table[magnitude] = (cl_uchar)out[1];
        check_update_fixed(t, 2, config, out);
        table[LDPC_Q_MAX + 1 + magnitude] = (cl_uchar)out[1];
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

/* The table arena: the configured budget, or by default room for
 * CL_TABLE_CACHE_SLOTS codes of the limits' largest size, so that an ACM
 * stream cycling through the MODCODs of normal DVB frames (5-6 MB of tables
 * each) uploads each once, within a quarter of the device's largest
 * allocation. Never less than one code. */
static size_t table_arena_bytes(const cl_decoder *d, size_t one_code_bytes)
{
    size_t bytes = d->opencl.table_cache_bytes;
    if (bytes == 0) {
        bytes = CL_TABLE_CACHE_SLOTS * one_code_bytes;
        cl_ulong max_alloc = d->stats.max_alloc_bytes;
        if (max_alloc > 0 && bytes > max_alloc / 4)
            bytes = (size_t)(max_alloc / 4);
    }
    return bytes < one_code_bytes ? one_code_bytes : bytes;
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
    /* Rows of the per-frame device buffers (cl_frame_rows); the pair
     * kernel's channel values follow its posteriors' rows (round_up(max_n,
     * 2)). */
    size_t rows = cl_frame_rows(d, frames);
    size_t channel_bytes = rows * cl_round_up(lim->max_n, 2);
    size_t messages = rows * message_stride;
    size_t post_bytes = rows * posterior_frame_bytes(d);
    size_t table_words =
        cl_table_words(lim->max_n, lim->max_m, lim->max_edges, lim->max_m, lim->max_edges / 2,
                       cl_latency_slot_capacity(lim->max_m, lim->max_check_degree),
                       opencl_circulant_capacity(lim->max_m, lim->max_edges));
    size_t arena_bytes = table_arena_bytes(d, table_words * sizeof(cl_uint));
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
    cl_uchar rule[256];
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
    d->staging_values = values;
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
                            const ldpc_decoder_config *config, const cl_options *opencl,
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
                                         cl_decoder_saturated_by_check(d), &d->stats, err);
    if (status != LDPC_OK)
        return status;
    d->stats.max_alloc_bytes = device_max_alloc(d);
    d->saturated_lanes = saturated_lanes_for(d);
    d->stats.char_lanes = d->saturated_lanes;
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
    uint32_t copy_threads = cl_copy_thread_count(opencl);
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

/* The records of 29_layered_saturated_layer.cl, a word per check up to check
 * degree 16 and two above, fit the check's slots (a byte per edge of the
 * largest check) from degree 4 on. */
#define SATURATED_LAYER_MIN_DEGREE 4u

int cl_decoder_accepts(const cl_decoder *d, const ldpc_code *code)
{
    if (cl_decoder_saturated_by_layer(d))
        return opencl_circulant_words(code) > 0 &&
               code->max_check_degree >= SATURATED_LAYER_MIN_DEGREE;
    return cl_decoder_saturated(d) || code->max_var_degree <= MAX_VAR_DEGREE;
}

/* Everything but the input and bits staging (the callers' staging areas) and
 * the session whose queue unmaps them. */
static void release_device(cl_decoder *d)
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
    cl_profile_flush(d);
    cl_table_cache_release(&d->tables);
    worker_pool_destroy(d->copy_pool);
    d->copy_pool = NULL;
    if (d->stats_host != NULL)
        clEnqueueUnmapMemObject(d->session.queue, d->stats_pinned, d->stats_host, 0, NULL, NULL);
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
    cl_mem buffers[] = {d->stats_pinned,  d->input,         d->channel,
                        d->posterior,     d->messages,      d->frame_iterations,
                        d->frame_active,  d->active_count,  d->frame_stats,
                        d->bits,          d->rule_table,    d->next_messages,
                        d->spread_totals, d->spread_unsatisfied};
    for (size_t i = 0; i < sizeof buffers / sizeof buffers[0]; i++)
        if (buffers[i] != NULL)
            clReleaseMemObject(buffers[i]);
    cl_kernel kernels[] = {d->setup,          d->iterate_group, d->statistics, d->decisions,
                           d->iterate_spread, d->spread_result, d->iterate_saturated_lanes};
    for (size_t i = 0; i < sizeof kernels / sizeof kernels[0]; i++)
        if (kernels[i] != NULL)
            clReleaseKernel(kernels[i]);
    release_kernels(d->iterate_pairs, CL_PAIR_KERNELS);
    release_kernels(d->iterate_pairs_layer, CL_PAIR_KERNELS);
    release_kernels(d->iterate_item, CL_ITEM_KERNELS);
    release_kernels(d->iterate_latency, CL_LATENCY_KERNELS);
    release_kernels(d->iterate_latency_local, CL_LATENCY_KERNELS);
    release_kernels(d->iterate_circulant, CL_LATENCY_KERNELS);
    release_kernels(d->iterate_saturated_layer, CL_LATENCY_KERNELS);
    release_kernels(d->iterate_circulant_layer, CL_LATENCY_KERNELS);
    release_kernels(d->iterate_latency_local_layer, CL_LATENCY_KERNELS);
    d->stats.on_device = 0;
    d->stats_pinned = NULL;
    d->stats_host = NULL;
    d->input = d->channel = d->posterior = d->messages = NULL;
    d->frame_iterations = d->frame_active = d->active_count = d->frame_stats = d->bits = NULL;
    d->rule_table = d->next_messages = d->spread_totals = d->spread_unsatisfied = NULL;
    d->setup = d->iterate_group = d->statistics = d->decisions = NULL;
    d->iterate_spread = d->spread_result = d->iterate_saturated_lanes = NULL;
}


void cl_decoder_release_device(cl_decoder *d)
{
    release_device(d);
}

void cl_decoder_release(cl_decoder *d)
{
    release_device(d);
    const struct {
        cl_mem buffer;
        void *host;
    } staging[] = {{d->input_pinned, d->input_host}, {d->bits_pinned, d->bits_host}};
    for (size_t i = 0; i < sizeof staging / sizeof staging[0]; i++)
        if (staging[i].host != NULL)
            clEnqueueUnmapMemObject(d->session.queue, staging[i].buffer, staging[i].host, 0, NULL,
                                    NULL);
    if (d->session.queue != NULL)
        clFinish(d->session.queue);
    for (size_t i = 0; i < sizeof staging / sizeof staging[0]; i++)
        if (staging[i].buffer != NULL)
            clReleaseMemObject(staging[i].buffer);
    cl_session_release(&d->session);
    d->input_pinned = d->bits_pinned = NULL;
    d->input_host = d->bits_host = NULL;
}
