/* What the binary and the nonbinary OpenCL decoders open the same way before
 * their own kernels and buffers: the chosen device and its vendor row, a
 * context, one in-order queue, and the program of every kernel file (one
 * program for both decoders, so that they share the binary cache entry). */
#ifndef LDPC_CL_SESSION_H
#define LDPC_CL_SESSION_H

#include <CL/cl.h>

#include "cl_device_select.h"
#include "cl_vendor_defaults.h"
#include "opencl/cl_options.h"

/* The largest per-frame buffer (messages, posteriors) a device pass of the
 * binary or nonbinary decoder may use unless cl_options.max_buffer_bytes
 * says otherwise (frames_per_pass in cl_decoder_create.c says why). */
#define CL_DEFAULT_MAX_BUFFER_BYTES (((size_t)1 << 31) - 1)

/* The configured largest per-frame buffer, or the default. */
static inline size_t cl_max_buffer_bytes(const cl_options *opencl)
{
    return opencl->max_buffer_bytes ? opencl->max_buffer_bytes : CL_DEFAULT_MAX_BUFFER_BYTES;
}

typedef struct {
    cl_device_choice choice;
    const cl_vendor_defaults *vendor;
    cl_context context;
    cl_command_queue queue;
    cl_program program;
    /* frames per work-item of the saturated lanes kernel
     * (kernels/27_layered_saturated_lanes.cl; 1: the scalar kernels, and in
     * every session not opened for the saturated decoder) */
    uint32_t saturated_lanes;
    /* The program has the kernels that require groups of one DVB layer
     * (LDPC_LAYER_GROUP, FRAME_GROUP work-items): the device runs groups
     * that large, the session is not the saturated decoder's, and the
     * program built with them. */
    int layer_groups;
} cl_session;

/* Selects the device as `opencl` asks, creates the context and a queue with
 * `queue_properties`, and builds the program (through the binary cache when
 * opencl->binary_cache), with the saturated decoder's char lanes where
 * `saturated` (posterior_bits 8; else the program has one frame per
 * work-item only, and its binary the key of every other decoder), and with
 * the kernels of one layer per group where the device allows it, the
 * session is not `saturated` and the program builds with them. Fills the
 * device's names, unified memory and the build's report in `stats`. On
 * failure nothing stays open. */
ldpc_status cl_session_open(cl_session *s, const cl_options *opencl,
                            cl_command_queue_properties queue_properties, int saturated,
                            ldpc_opencl_stats *stats, ldpc_error *err);

/* A buffer of the session's context; counted in stats (buffers_created,
 * device_bytes). */
ldpc_status cl_session_create_buffer(cl_session *s, cl_mem_flags flags, size_t bytes, void *host,
                                     cl_mem *out, const char *what, ldpc_opencl_stats *stats,
                                     ldpc_error *err);

/* Releases the program, queue and context (those created); the decoder
 * finishes its queue and releases its kernels and buffers first. */
void cl_session_release(cl_session *s);

#endif
