/* cl_decoder_decode: a call cut into device passes, pipelined where it is
 * large enough; and the statistics. */
#include "cl_batch_plan.h"
#include "code/code_struct.h"
#include "cl_decoder.h"
#include "cl_error.h"
#include "cl_pass.h"
#include "cl_profile.h"
#include "util/error_internal.h"

/* Passes of a call of `frames` frames: as few as the buffers allow, or, for
 * a call of at least twice pipeline_frames, one per pipeline_frames (at most
 * CL_PIPELINE_MAX_PASSES, each at most a staging slot): then the host copies
 * of one pass (the input into staging, the results out of it) overlap the
 * device's work on the next. By default not in the
 * item design: with one work-item per frame, passes of a few thousand frames
 * leave the device nearly idle (saturated short frames: a quarter of the
 * speed of one pass). */
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
 * that overlap nothing. Otherwise passes of equal
 * size: a full pass and a small remainder decode slower than two halves
 * (a small pass does not fill the device). */
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
    cl_pass pending[CL_STAGING_SLOTS];
    for (size_t i = 0; i < passes && status == LDPC_OK; i++) {
        size_t first, end;
        pass_bounds(frames, passes, graded, i, &first, &end);
        cl_pass *pass = &pending[i % CL_STAGING_SLOTS];
        *pass = (cl_pass){.plan = {.slot = pipelined ? i % CL_STAGING_SLOTS : 0,
                                        .upload_queue =
                                            pipelined ? d->upload_queue : d->session.queue,
                                        .download_queue =
                                            pipelined ? d->download_queue : d->session.queue},
                               .bits = bits + first * n,
                               .stats = stats != NULL ? stats + first : NULL};
        status = cl_pass_begin(d, code, &tables, q + first * n, (uint32_t)(end - first), pass, err);
        begun++;
        /* Pipelined, the previous pass's results are copied out while the
         * device works on this one; otherwise this pass's, now. */
        size_t in_flight = pipelined && status == LDPC_OK ? 1 : 0;
        for (; ended + in_flight < begun; ended++)
            status = cl_pass_end(d, &pending[ended % CL_STAGING_SLOTS], status, err);
    }
    for (; ended < begun; ended++)
        status = cl_pass_end(d, &pending[ended % CL_STAGING_SLOTS], status, err);
    cl_command_queue queues[] = {d->upload_queue, d->session.queue, d->download_queue};
    for (size_t i = 0; i < sizeof queues / sizeof queues[0] && status == LDPC_OK; i++) {
        cl_int rc = clFinish(queues[i]);
        if (rc != CL_SUCCESS)
            status = ldpc_fail(err, LDPC_ERR_IO, "OpenCL finish: %s", cl_error_name(rc));
    }
    cl_profile_flush(d);
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
