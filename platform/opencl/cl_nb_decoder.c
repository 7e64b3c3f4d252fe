#include <stdint.h>
#include <string.h>

#include "cl_error.h"
#include "code/code_struct.h"
#include "nb/nb_code_struct.h"
#include "cl_nb_decoder.h"
#include "decode/fixed_point.h"
#include "ldpc/soft.h"
#include "util/error_internal.h"

/* Local memory the kernel declares itself (a counter), with room to spare. */
#define STATIC_LOCAL_BYTES 64u

static size_t min_size(size_t a, size_t b)
{
    return a < b ? a : b;
}

static uint32_t log2_of(uint32_t q)
{
    uint32_t p = 0;
    while ((1u << p) < q)
        p++;
    return p;
}

/* ---- creation -------------------------------------------------------------- */

static ldpc_status create_kernel(cl_nb_decoder *d, ldpc_error *err)
{
    cl_int rc = CL_SUCCESS;
    d->iterate = clCreateKernel(d->session.program, "nb_minmax_group_per_frame", &rc);
    if (rc != CL_SUCCESS)
        return ldpc_fail(err, LDPC_ERR_UNSUPPORTED, "OpenCL kernel nb_minmax_group_per_frame: %s",
                         cl_error_name(rc));
    return LDPC_OK;
}

static void choose_sizes(cl_nb_decoder *d)
{
    size_t kernel_max = 1;
    if (clGetKernelWorkGroupInfo(d->iterate, d->session.choice.device, CL_KERNEL_WORK_GROUP_SIZE,
                                 sizeof kernel_max, &kernel_max, NULL) != CL_SUCCESS ||
        kernel_max == 0)
        kernel_max = 1;
    size_t requested = d->opencl.work_group_size;
    d->group_cap = min_size(requested ? requested : d->session.vendor->frame_group, kernel_max);
    cl_ulong local = 0, kernel_local = 0;
    clGetDeviceInfo(d->session.choice.device, CL_DEVICE_LOCAL_MEM_SIZE, sizeof local, &local, NULL);
    clGetKernelWorkGroupInfo(d->iterate, d->session.choice.device, CL_KERNEL_LOCAL_MEM_SIZE,
                             sizeof kernel_local, &kernel_local, NULL);
    cl_ulong reserved = kernel_local > STATIC_LOCAL_BYTES ? kernel_local : STATIC_LOCAL_BYTES;
    d->local_bytes = local > reserved ? (size_t)(local - reserved) : 0;
    d->iterations_per_launch = d->opencl.iterations_per_launch
                                   ? d->opencl.iterations_per_launch
                                   : d->session.vendor->iterations_per_launch;
    d->stats.frame_group_size = (uint32_t)d->group_cap;
    d->stats.iterations_per_launch = d->iterations_per_launch;
}

/* Frames of one device pass: the limits' max_frames, or fewer where the
 * posteriors or messages of that many would pass max_buffer_bytes (default
 * 2^31 - 1: beyond it NVIDIA's driver failed the binary decoder's kernels)
 * or the device's largest allocation; a larger call
 * is decoded in several passes through the same buffers. 0 when not even one
 * frame fits. */
static uint32_t frames_per_pass(const cl_nb_decoder *d, cl_ulong max_alloc)
{
    const ldpc_decoder_limits *g = &d->limits.graph;
    uint64_t q = d->limits.max_q;
    uint64_t limit = cl_max_buffer_bytes(&d->opencl);
    if (max_alloc > 0 && max_alloc < limit)
        limit = max_alloc;
    /* 64-bit: a frame's posteriors can pass 4 GiB where size_t is 32 bits */
    uint64_t per_frame = g->max_n * q * sizeof(cl_short);
    if (g->max_edges * q > per_frame)
        per_frame = g->max_edges * q;
    uint64_t fit = limit / per_frame;
    return fit < g->max_frames ? (uint32_t)fit : g->max_frames;
}

static ldpc_status create_buffers(cl_nb_decoder *d, ldpc_error *err)
{
    const ldpc_decoder_limits *g = &d->limits.graph;
    size_t q = d->limits.max_q;
    /* The kernel forms a frame's base in 64 bits and indexes within the frame
     * in 32 (kernels/50_nb_minmax.cl): a frame's messages are at most 2^30
     * (max_edges x max_q, nb_decoder.c), its posteriors must be below 2^32. */
    if ((uint64_t)g->max_n * q > UINT32_MAX)
        return ldpc_fail(err, LDPC_ERR_LIMITS,
                         "OpenCL: %u symbols over GF(%zu) exceed 32-bit indexing within a frame",
                         g->max_n, q);
    size_t table_words = cl_nb_table_words(g->max_n, g->max_m, g->max_edges, d->limits.max_q);
    cl_ulong max_alloc = 0;
    clGetDeviceInfo(d->session.choice.device, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof max_alloc,
                    &max_alloc, NULL);
    d->stats.max_alloc_bytes = max_alloc;
    d->frames_per_pass = frames_per_pass(d, max_alloc);
    d->stats.frames_per_pass = d->frames_per_pass;
    if (d->frames_per_pass == 0)
        return ldpc_fail(err, LDPC_ERR_LIMITS,
                         "OpenCL: one frame's posteriors or messages (%u symbols, %u edges over "
                         "GF(%zu)) exceed the largest buffer",
                         g->max_n, g->max_edges, q);
    /* From here on the buffers are sized for one pass. */
    size_t frames = d->frames_per_pass;
    size_t entries = frames * g->max_n * q;
    size_t messages = frames * g->max_edges * q;
    const cl_mem_flags staged_in = CL_MEM_READ_ONLY | CL_MEM_ALLOC_HOST_PTR;
    cl_mem arena = NULL;
    const struct {
        cl_mem *out;
        size_t bytes;
        cl_mem_flags flags;
        const char *what;
    } buffers[] = {
        {&d->input, frames * g->max_n * log2_of(d->limits.max_q), staged_in, "input"},
        {&d->channel, entries, CL_MEM_READ_WRITE, "channel"},
        {&d->posterior, entries * sizeof(cl_short), CL_MEM_READ_WRITE, "posterior"},
        {&d->messages, messages, CL_MEM_READ_WRITE, "messages"},
        {&d->frame_active, frames * sizeof(cl_uint), CL_MEM_READ_WRITE, "frame_active"},
        {&d->active_count, sizeof(cl_uint), CL_MEM_READ_WRITE, "active_count"},
        {&d->decisions, frames * g->max_n, CL_MEM_READ_WRITE, "decisions"},
        {&d->frame_stats, frames * sizeof(ldpc_frame_stats), CL_MEM_READ_WRITE, "stats"},
        {&arena, table_words * sizeof(cl_uint), CL_MEM_READ_ONLY, "tables"},
    };
    ldpc_status status = LDPC_OK;
    for (size_t i = 0; i < sizeof buffers / sizeof buffers[0] && status == LDPC_OK; i++)
        status = cl_session_create_buffer(&d->session, buffers[i].flags,
                                          buffers[i].bytes > 0 ? buffers[i].bytes : 1, NULL,
                                          buffers[i].out, buffers[i].what, &d->stats, err);
    if (status == LDPC_OK)
        cl_nb_table_cache_init(&d->tables, arena, table_words);
    else if (arena != NULL)
        clReleaseMemObject(arena);
    return status;
}

ldpc_status cl_nb_decoder_init(cl_nb_decoder *d, const ldpc_nb_decoder_limits *limits,
                               const ldpc_decoder_config *config,
                               const cl_options *opencl, ldpc_error *err)
{
    memset(d, 0, sizeof *d);
    d->limits = *limits;
    d->config = *config;
    d->opencl = *opencl;
    if (config->arithmetic != LDPC_ARITH_FIXED8)
        return ldpc_fail(err, LDPC_ERR_UNSUPPORTED, "OpenCL decodes nonbinary codes in 8-bit "
                                                    "fixed point only");
    ldpc_status status = cl_session_open(&d->session, opencl, 0, 0, &d->stats, err);
    if (status != LDPC_OK)
        return status;
    status = create_kernel(d, err);
    if (status == LDPC_OK) {
        choose_sizes(d);
        status = create_buffers(d, err);
    }
    if (status != LDPC_OK) {
        cl_nb_decoder_release(d);
        return status;
    }
    d->stats.on_device = 1;
    return LDPC_OK;
}

/* ---- one batch ------------------------------------------------------------- */

/* Local memory of one check slot: u and low (shorts), in, fwd, bwd (bytes). */
static size_t slot_bytes(uint32_t degree, uint32_t q)
{
    return (size_t)degree * q * sizeof(cl_short) + (size_t)degree * sizeof(cl_short) +
           3 * (size_t)degree * q;
}

/* Check slots per work-group: as many as the checks that may run at once
 * (a layer's, when its checks share no symbol; all, in flooding), the group
 * size and the local memory allow, then evened out over the rounds. */
static uint32_t slots_for(const cl_nb_decoder *d, const ldpc_nb_code *code, uint32_t largest_layer)
{
    const ldpc_code *g = code->graph;
    size_t per_slot = slot_bytes(g->max_check_degree, code->q);
    size_t slots = min_size(d->group_cap / code->q, d->local_bytes / per_slot);
    size_t wanted = g->m;
    if (d->config.schedule == LDPC_SCHEDULE_LAYERED)
        wanted = g->layers_disjoint ? largest_layer : 1;
    slots = min_size(slots, wanted);
    if (slots == 0)
        return 0;
    size_t rounds = (wanted + slots - 1) / slots;
    return (uint32_t)((wanted + rounds - 1) / rounds);
}

int cl_nb_decoder_accepts(const cl_nb_decoder *d, const ldpc_nb_code *code)
{
    return code->q <= d->group_cap &&
           slot_bytes(code->graph->max_check_degree, code->q) <= d->local_bytes;
}

/* Quantised bit LLRs, as the reference reads them, straight into the
 * host-visible input buffer. */
static ldpc_status stage_input(cl_nb_decoder *d, const float *llr_f32, const int8_t *llr_i8,
                               size_t count, ldpc_error *err)
{
    cl_int rc = CL_SUCCESS;
    int8_t *mapped = clEnqueueMapBuffer(d->session.queue, d->input, CL_TRUE,
                                        CL_MAP_WRITE_INVALIDATE_REGION, 0, count, 0, NULL, NULL,
                                        &rc);
    if (rc != CL_SUCCESS)
        return ldpc_fail(err, LDPC_ERR_IO, "OpenCL map input: %s", cl_error_name(rc));
    if (llr_f32 != NULL)
        ldpc_quantise(llr_f32, count, d->config.llr_scale, mapped);
    else
        for (size_t i = 0; i < count; i++)
            mapped[i] = q_from_input(llr_i8[i]);
    CL_TRY(clEnqueueUnmapMemObject(d->session.queue, d->input, mapped, 0, NULL, NULL),
           "unmap input");
    return LDPC_OK;
}

/* Arguments that do not change between the launches of a batch; returns the
 * index of first_iteration (last_iteration follows it). */
static ldpc_status set_arguments(cl_nb_decoder *d, const ldpc_nb_code *code, uint32_t frames,
                                 cl_uint slots, cl_uint *first_index, ldpc_error *err)
{
    const ldpc_code *g = code->graph;
    size_t D = g->max_check_degree, q = code->q;
    cl_uint layered = d->config.schedule == LDPC_SCHEDULE_LAYERED;
    cl_uint count = frames, max_iterations = d->config.max_iterations;
    cl_uint period = d->config.syndrome_period, truncation = d->config.truncation;
    cl_arg_list a = {d->iterate, 0, CL_SUCCESS};
    cl_arg(&a, sizeof(cl_mem), &d->tables.arena);
    cl_arg(&a, sizeof d->tables.tables, &d->tables.tables);
    cl_arg(&a, sizeof layered, &layered);
    cl_arg(&a, sizeof slots, &slots);
    cl_arg(&a, sizeof(cl_mem), &d->input);
    cl_arg(&a, sizeof(cl_mem), &d->channel);
    cl_arg(&a, sizeof(cl_mem), &d->posterior);
    cl_arg(&a, sizeof(cl_mem), &d->messages);
    cl_arg(&a, sizeof count, &count);
    *first_index = a.next;
    a.next += 2;
    cl_arg(&a, sizeof max_iterations, &max_iterations);
    cl_arg(&a, sizeof period, &period);
    cl_arg(&a, sizeof truncation, &truncation);
    cl_arg(&a, sizeof(cl_mem), &d->frame_active);
    cl_arg(&a, sizeof(cl_mem), &d->active_count);
    cl_arg(&a, sizeof(cl_mem), &d->decisions);
    cl_arg(&a, sizeof(cl_mem), &d->frame_stats);
    cl_arg(&a, slots * D * q * sizeof(cl_short), NULL); /* u */
    cl_arg(&a, slots * D * sizeof(cl_short), NULL);     /* low */
    cl_arg(&a, slots * D * q, NULL);                    /* in */
    cl_arg(&a, slots * D * q, NULL);                    /* fwd */
    cl_arg(&a, slots * D * q, NULL);                    /* bwd */
    CL_TRY(a.rc, "nonbinary kernel arguments");
    return LDPC_OK;
}

/* Launches of iterations_per_launch iterations until the status word (frames
 * still active) reads 0; every frame retires at max_iterations at the latest. */
static ldpc_status run_iterations(cl_nb_decoder *d, const ldpc_nb_code *code, uint32_t frames,
                                  ldpc_error *err)
{
    cl_uint slots = slots_for(d, code, d->tables.largest_layer), first_index = 0;
    ldpc_status status = set_arguments(d, code, frames, slots, &first_index, err);
    if (status != LDPC_OK)
        return status;
    cl_uint active = frames;
    CL_TRY(clEnqueueFillBuffer(d->session.queue, d->active_count, &active, sizeof active, 0,
                               sizeof active, 0, NULL, NULL),
           "status word");
    size_t local = (size_t)slots * code->q, global = (size_t)frames * local;
    cl_uint max_iterations = d->config.max_iterations, chunk = d->iterations_per_launch;
    for (cl_uint first = 0; first < max_iterations;) {
        cl_uint last = max_iterations - first > chunk ? first + chunk : max_iterations;
        CL_TRY(clSetKernelArg(d->iterate, first_index, sizeof first, &first), "first_iteration");
        CL_TRY(clSetKernelArg(d->iterate, first_index + 1, sizeof last, &last), "last_iteration");
        CL_TRY(clEnqueueNDRangeKernel(d->session.queue, d->iterate, 1, NULL, &global, &local, 0,
                                      NULL, NULL),
               "nb_minmax_group_per_frame");
        d->stats.launches++;
        CL_TRY(clEnqueueReadBuffer(d->session.queue, d->active_count, CL_TRUE, 0,
                                   sizeof d->status_word, &d->status_word, 0, NULL, NULL),
               "read status");
        d->stats.status_reads++;
        if (d->status_word == 0)
            break;
        first = last;
    }
    if (d->status_word != 0)
        return ldpc_fail(err, LDPC_ERR_IO,
                         "OpenCL: %u frames still active after %u iterations", d->status_word,
                         max_iterations);
    return LDPC_OK;
}

/* One device pass: frames (at most frames_per_pass) through the buffers. */
static ldpc_status decode_pass(cl_nb_decoder *d, const ldpc_nb_code *code, const float *llr_f32,
                               const int8_t *llr_i8, uint32_t frames, uint8_t *symbols,
                               ldpc_frame_stats *stats, ldpc_error *err)
{
    const ldpc_code *g = code->graph;
    ldpc_status status =
        stage_input(d, llr_f32, llr_i8, (size_t)frames * g->n * code->bits_per_symbol, err);
    if (status == LDPC_OK)
        status = run_iterations(d, code, frames, err);
    if (status != LDPC_OK)
        return status;
    CL_TRY(clEnqueueReadBuffer(d->session.queue, d->decisions, CL_TRUE, 0, (size_t)frames * g->n,
                               symbols, 0, NULL, NULL),
           "read decisions");
    if (stats != NULL)
        CL_TRY(clEnqueueReadBuffer(d->session.queue, d->frame_stats, CL_TRUE, 0,
                                   (size_t)frames * sizeof *stats, stats, 0, NULL, NULL),
               "read statistics");
    d->stats.batches++;
    d->stats.batches_group_per_frame++;
    d->stats.frames += frames;
    return LDPC_OK;
}

ldpc_status cl_nb_decoder_decode(cl_nb_decoder *d, const ldpc_nb_code *code,
                                 const float *llr_f32, const int8_t *llr_i8, uint32_t frames,
                                 uint8_t *symbols, ldpc_frame_stats *stats, ldpc_error *err)
{
    d->calls++;
    if (d->opencl.simulate_device_loss_at_call != 0 &&
        d->calls >= d->opencl.simulate_device_loss_at_call)
        return ldpc_fail(err, LDPC_ERR_IO, "OpenCL: %s (simulated device loss at call %u)",
                         cl_error_name(CL_DEVICE_NOT_AVAILABLE), d->calls);
    if (frames == 0)
        return LDPC_OK;
    ldpc_status status = cl_nb_table_cache_lookup(&d->tables, d->session.queue, code, err);
    /* A call larger than the buffers goes through them in passes of equal
     * size, each a whole decode (the frames are independent). */
    size_t n = code->graph->n, bits = n * code->bits_per_symbol;
    size_t passes = ((size_t)frames + d->frames_per_pass - 1) / d->frames_per_pass;
    for (size_t i = 0; i < passes && status == LDPC_OK; i++) {
        size_t first = (size_t)frames * i / passes, end = (size_t)frames * (i + 1) / passes;
        status = decode_pass(d, code, llr_f32 != NULL ? llr_f32 + first * bits : NULL,
                             llr_i8 != NULL ? llr_i8 + first * bits : NULL,
                             (uint32_t)(end - first), symbols + first * n,
                             stats != NULL ? stats + first : NULL, err);
    }
    d->stats.split_calls += status == LDPC_OK && passes > 1;
    return status;
}

void cl_nb_decoder_fill_stats(const cl_nb_decoder *d, ldpc_opencl_stats *out)
{
    *out = d->stats;
    out->table_lookups = d->tables.lookups;
    out->table_uploads = d->tables.uploads;
    out->table_cache_misses = d->tables.uploads;
    out->table_cache_hits = d->tables.lookups - d->tables.uploads;
    out->table_upload_bytes = d->tables.upload_bytes;
    out->last_upload_ns = d->tables.last_upload_ns;
    out->tables_resident = (uint32_t)d->tables.resident;
}

void cl_nb_decoder_release(cl_nb_decoder *d)
{
    if (d->session.queue != NULL)
        clFinish(d->session.queue);
    cl_nb_table_cache_release(&d->tables);
    cl_mem buffers[] = {d->input,        d->channel,      d->posterior, d->messages,
                        d->frame_active, d->active_count, d->decisions, d->frame_stats};
    for (size_t i = 0; i < sizeof buffers / sizeof buffers[0]; i++)
        if (buffers[i] != NULL)
            clReleaseMemObject(buffers[i]);
    if (d->iterate != NULL)
        clReleaseKernel(d->iterate);
    cl_session_release(&d->session);
    d->stats.on_device = 0;
    d->input = d->channel = d->posterior = d->messages = NULL;
    d->frame_active = d->active_count = d->decisions = d->frame_stats = NULL;
    d->iterate = NULL;
}
