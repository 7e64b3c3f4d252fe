/* The kernels of one device pass, enqueued on the kernels' queue in this
 * order: setup (after the upload's event), the iterations, the spread
 * design's result, then statistics and decisions (their event ends the pass's
 * device work). Each returns the first OpenCL failure as an error. */
#ifndef LDPC_CL_LAUNCH_H
#define LDPC_CL_LAUNCH_H

#include "cl_batch_plan.h"
#include "cl_decoder.h"

/* Clears the messages and spreads the uploaded frames into the layout. */
ldpc_status cl_launch_setup(cl_decoder *d, const cl_batch_plan *p, cl_event uploaded,
                            ldpc_error *err);

/* Every iteration: one launch in the latency design, else launches of
 * iterations_per_launch until the status word says no frame is active. */
ldpc_status cl_launch_iterations(cl_decoder *d, const cl_batch_plan *p, ldpc_error *err);

/* The spread design only: each frame's final totals and iteration count. */
ldpc_status cl_launch_spread_result(cl_decoder *d, const cl_batch_plan *p, ldpc_error *err);

/* Statistics and decisions into the pass's device slots; *finished: the last
 * kernel's event (the caller releases it). */
ldpc_status cl_launch_finish(cl_decoder *d, const cl_batch_plan *p, cl_event *finished,
                             ldpc_error *err);

#endif
