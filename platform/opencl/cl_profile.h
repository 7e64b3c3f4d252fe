/* Kernel and transfer times of a decoder with profiling on
 * (cl_options.profile): the events of the commands enqueued, summed
 * into stats.kernel_ns and stats.transfer_ns when a call ends. Without
 * profiling none of this keeps anything. */
#ifndef LDPC_CL_PROFILE_H
#define LDPC_CL_PROFILE_H

#include "cl_decoder.h"

/* Where an enqueue should put its event: NULL unless profiling. An enqueue
 * that fails leaves its slot NULL. */
cl_event *cl_profile_slot(cl_decoder *d, cl_profile_kind kind);

/* Keeps an event for profiling (the caller keeps its own reference). */
void cl_profile_keep(cl_decoder *d, cl_event event, cl_profile_kind kind);

/* Waits for the kept events, adds their times to the statistics, releases them. */
void cl_profile_flush(cl_decoder *d);

#endif
