/* One device pass (cl_pass.h): its input through the pinned staging, its
 * kernels, its results read back and copied out chunk by chunk. */
#include <stdint.h>
#include <string.h>

#include "cl_error.h"
#include "code/code_struct.h"
#include "cl_host_copy.h"
#include "cl_launch.h"
#include "cl_pass.h"
#include "cl_profile.h"
#include "util/error_internal.h"

/* Transfers between the pinned staging and the device go in chunks so that
 * the host's copy of one chunk overlaps the DMA of another. */
#define TRANSFER_CHUNK_MIN ((size_t)1 << 20)

static size_t transfer_chunks(size_t bytes)
{
    size_t chunks = (bytes + TRANSFER_CHUNK_MIN - 1) / TRANSFER_CHUNK_MIN;
    return chunks < 1 ? 1 : chunks > CL_TRANSFER_CHUNKS ? CL_TRANSFER_CHUNKS : chunks;
}

/* Where a pass's frames start in a staging buffer of `frame_bytes` per frame:
 * its slot's first frame. */
static size_t staging_offset(const cl_decoder *d, const cl_batch_plan *p, size_t frame_bytes)
{
    return p->slot * d->slot_frames * frame_bytes;
}

/* 1 if `at` lies in a staging buffer (the caller's staging area: the
 * device reads or writes it there, with no copy). */
static int in_staging(const void *at, const void *staging, size_t bytes)
{
    uintptr_t a = (uintptr_t)at, s = (uintptr_t)staging;
    return staging != NULL && a >= s && a - s < bytes;
}

/* The caller's frames into the pinned staging, chunk by chunk, each chunk's
 * write to the device enqueued (and flushed) as soon as it is copied; frames
 * already in the staging (its input area) go from where they are. */
static ldpc_status stage_input(cl_decoder *d, const cl_batch_plan *p, const int8_t *q,
                               cl_event *uploaded, ldpc_error *err)
{
    size_t bytes = (size_t)p->frames * p->code->n, chunks = transfer_chunks(bytes);
    int in_place = in_staging(q, d->input_host, d->staging_values);
    char *staging = in_place ? (char *)q : (char *)d->input_host + staging_offset(d, p, p->code->n);
    for (size_t c = 0; c < chunks; c++) {
        size_t begin = bytes * c / chunks, end = bytes * (c + 1) / chunks;
        char *staged = staging + begin;
        if (!in_place)
            cl_host_copy(d->copy_pool, staged, q + begin, end - begin);
        /* The upload queue is in order: its last write's event stands for all. */
        cl_event *event = c + 1 == chunks ? uploaded : cl_profile_slot(d, PROFILE_TRANSFER);
        CL_TRY(clEnqueueWriteBuffer(p->upload_queue, d->input_slots[p->slot], CL_FALSE, begin,
                                    end - begin, staged, 0, NULL, event),
               "write input");
        CL_TRY(clFlush(p->upload_queue), "flush input");
    }
    cl_profile_keep(d, *uploaded, PROFILE_TRANSFER);
    return LDPC_OK;
}

/* Enqueues the read of `bytes` of `buffer` into its pinned staging in chunks,
 * an event per chunk in d->read_events[slot] from pass->events on, each after
 * the pass's last kernel (`finished`). */
static ldpc_status enqueue_read(cl_decoder *d, cl_pass *pass, cl_mem buffer, void *staged,
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
        cl_profile_keep(d, *event, PROFILE_TRANSFER);
    }
    return LDPC_OK;
}

/* The decisions (and statistics) of a pass, read back into its staging slot,
 * or straight to the caller's bits where they lie in the staging (its output
 * area). */
static ldpc_status enqueue_results(cl_decoder *d, cl_pass *pass, cl_event finished,
                                   ldpc_error *err)
{
    const cl_batch_plan *p = &pass->plan;
    size_t bit_bytes = (size_t)p->frames * p->code->n;
    pass->bits_in_place = in_staging(pass->bits, d->bits_host, d->staging_values);
    void *bits_staged = pass->bits_in_place
                            ? (void *)pass->bits
                            : (char *)d->bits_host + staging_offset(d, p, p->code->n);
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

ldpc_status cl_pass_begin(cl_decoder *d, const ldpc_code *code, const cl_code_tables *tables,
                          const int8_t *q, uint32_t frames, cl_pass *pass, ldpc_error *err)
{
    cl_batch_plan *plan = &pass->plan;
    plan->tables = *tables;
    cl_plan_batch(d, code, frames, plan);
    cl_event uploaded = NULL, finished = NULL;
    ldpc_status status = stage_input(d, plan, q, &uploaded, err);
    if (status == LDPC_OK)
        status = cl_launch_setup(d, plan, uploaded, err);
    if (status == LDPC_OK)
        status = cl_launch_iterations(d, plan, err);
    if (status == LDPC_OK && plan->design == LDPC_OPENCL_DESIGN_SPREAD)
        status = cl_launch_spread_result(d, plan, err);
    if (status == LDPC_OK)
        status = cl_launch_finish(d, plan, &finished, err);
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
    if (plan->pairs) {
        d->stats.batches_pairs++;
        d->stats.batches_pairs_bound[plan->pair_kernel]++;
    }
    if (plan->layer_group)
        d->stats.batches_layer_group++;
    if (plan->design == LDPC_OPENCL_DESIGN_LATENCY)
        d->stats.batches_latency++;
    else if (plan->design == LDPC_OPENCL_DESIGN_GROUP_PER_FRAME)
        d->stats.batches_group_per_frame++;
    else if (plan->design == LDPC_OPENCL_DESIGN_SPREAD)
        d->stats.batches_spread++;
    else
        d->stats.batches_item_per_frame++;
}

ldpc_status cl_pass_end(cl_decoder *d, cl_pass *pass, ldpc_status status, ldpc_error *err)
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
            if (pass->bits_in_place)
                continue;
            size_t begin = bit_bytes * c / pass->chunks, end = bit_bytes * (c + 1) / pass->chunks;
            cl_host_copy(d->copy_pool, pass->bits + begin, bits_staged + begin, end - begin);
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
