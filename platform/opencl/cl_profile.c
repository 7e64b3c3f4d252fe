/* Kernel and transfer times from OpenCL's profiling events (cl_profile.h). */
#include "cl_profile.h"

void cl_profile_flush(cl_decoder *d)
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

cl_event *cl_profile_slot(cl_decoder *d, cl_profile_kind kind)
{
    if (!d->opencl.profile)
        return NULL;
    if (d->profile_count == CL_PROFILE_EVENTS)
        cl_profile_flush(d);
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

void cl_profile_keep(cl_decoder *d, cl_event event, cl_profile_kind kind)
{
    cl_event *slot = cl_profile_slot(d, kind);
    if (slot != NULL && clRetainEvent(event) == CL_SUCCESS)
        *slot = event;
    else
        profile_drop_failed(d);
}

