/* The kernels of one pass, enqueued in order on the kernels' queue (cl_launch.h). */
#include "cl_error.h"
#include "code/code_struct.h"
#include "cl_launch.h"
#include "cl_profile.h"
#include "util/error_internal.h"

ldpc_status cl_launch_setup(cl_decoder *d, const cl_batch_plan *p, cl_event uploaded,
                            ldpc_error *err)
{
    const cl_char zero = 0;
    /* whole pairs of frames: the pair kernel reads both rows */
    size_t message_bytes = p->design != LDPC_OPENCL_DESIGN_ITEM_PER_FRAME
                               ? cl_round_up(p->frames, 2) * p->message_frame_stride
                               : (size_t)p->code->edges * p->index_stride;
    CL_TRY(clEnqueueFillBuffer(d->session.queue, d->messages, &zero, sizeof zero, 0, message_bytes,
                               0, NULL, cl_profile_slot(d, PROFILE_KERNEL)),
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
                                  &uploaded, cl_profile_slot(d, PROFILE_KERNEL)),
           "setup_frames");
    d->stats.launches++;
    /* The spread design's first iteration adds to plane 1, which must hold
     * the channel values as plane 0 does. */
    if (p->design == LDPC_OPENCL_DESIGN_SPREAD)
        CL_TRY(clEnqueueCopyBuffer(d->session.queue, d->posterior, d->spread_totals, 0, 0,
                                   (size_t)frames * p->post_frame_stride * sizeof(cl_int), 0,
                                   NULL, cl_profile_slot(d, PROFILE_KERNEL)),
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
    if (cl_decoder_saturated_by_check(d))
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
                                      NULL, cl_profile_slot(d, PROFILE_KERNEL)),
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
                                  cl_profile_slot(d, PROFILE_KERNEL)),
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
ldpc_status cl_launch_iterations(cl_decoder *d, const cl_batch_plan *p, ldpc_error *err)
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
ldpc_status cl_launch_spread_result(cl_decoder *d, const cl_batch_plan *p, ldpc_error *err)
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
                                  NULL, cl_profile_slot(d, PROFILE_KERNEL)),
           "flooding_spread_result");
    d->stats.launches++;
    return LDPC_OK;
}

/* Work-groups of frame_statistics per frame: about four per compute unit
 * over the batch, at most one per statistics_group checks or variables. A
 * single group walking 32400 checks took a third of one dvbs2-normal frame's
 * spread-design kernel time. */
static size_t statistics_groups(const cl_decoder *d, const cl_batch_plan *p)
{
    size_t rows = p->code->n > p->code->m ? p->code->n : p->code->m;
    size_t most = (rows + d->statistics_group - 1) / d->statistics_group;
    size_t wanted = (4 * (size_t)d->stats.compute_units + p->frames - 1) / p->frames;
    return wanted < 1 ? 1 : wanted < most ? wanted : most;
}

ldpc_status cl_launch_finish(cl_decoder *d, const cl_batch_plan *p, cl_event *finished,
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
                               cl_profile_slot(d, PROFILE_KERNEL)),
           "clear statistics");
    size_t local[2] = {d->statistics_group, 1};
    size_t global[2] = {statistics_groups(d, p) * local[0], frames};
    CL_TRY(clEnqueueNDRangeKernel(d->session.queue, d->statistics, 2, NULL, global, local, 0,
                                  NULL, cl_profile_slot(d, PROFILE_KERNEL)),
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
    cl_profile_keep(d, *finished, PROFILE_KERNEL);
    d->stats.launches += 2;
    CL_TRY(clFlush(d->session.queue), "flush kernels");
    return LDPC_OK;
}
