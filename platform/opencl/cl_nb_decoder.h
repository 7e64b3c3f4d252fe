/* The nonbinary Min-Max decoder on an OpenCL device (kernels/50_nb_minmax.cl):
 * context, program, kernel and every device buffer, created once for the
 * decoder's limits; a decode call uploads the code's tables when the code
 * changed, stages the quantised bit LLRs, launches iterations until the
 * device's status word says every frame retired, and reads back decisions
 * and statistics. Any OpenCL failure is returned as an error: the caller
 * (nb_opencl_backend.c) then decodes on the CPU. */
#ifndef LDPC_CL_NB_DECODER_H
#define LDPC_CL_NB_DECODER_H

#include <CL/cl.h>

#include "cl_nb_tables.h"
#include "cl_session.h"
#include "ldpc/nonbinary.h"
#include "opencl/cl_options.h"

typedef struct {
    cl_session session; /* device, vendor row, context, queue, program */
    ldpc_nb_decoder_limits limits;
    ldpc_decoder_config config;
    cl_options opencl;

    cl_kernel iterate;
    /* input: host-visible staging of the quantised bit LLRs (mapped). */
    cl_mem input, channel, posterior, messages;
    cl_mem frame_active, active_count, decisions, frame_stats;
    cl_nb_table_cache tables;

    size_t group_cap;        /* most work-items of a group (vendor row, kernel, device) */
    size_t local_bytes;      /* local memory left for the check slots */
    uint32_t iterations_per_launch;
    uint32_t frames_per_pass; /* frames the buffers hold: a larger call runs in passes */
    uint32_t calls;
    cl_uint status_word;     /* active_count as read back */

    ldpc_opencl_stats stats; /* the device's part; table counters filled on query */
} cl_nb_decoder;

/* Everything, for these limits (fixed point only). On failure nothing stays
 * allocated. */
ldpc_status cl_nb_decoder_init(cl_nb_decoder *d, const ldpc_nb_decoder_limits *limits,
                               const ldpc_decoder_config *config,
                               const cl_options *opencl, ldpc_error *err);

/* 1 if the device can decode this code: q lanes fit a work-group and one
 * check slot fits the local memory. */
int cl_nb_decoder_accepts(const cl_nb_decoder *d, const ldpc_nb_code *code);

/* Exactly one of llr_f32 and llr_i8 is set: frames * n * p bit LLRs. */
ldpc_status cl_nb_decoder_decode(cl_nb_decoder *d, const ldpc_nb_code *code,
                                 const float *llr_f32, const int8_t *llr_i8, uint32_t frames,
                                 uint8_t *symbols, ldpc_frame_stats *stats, ldpc_error *err);

void cl_nb_decoder_fill_stats(const cl_nb_decoder *d, ldpc_opencl_stats *out);

void cl_nb_decoder_release(cl_nb_decoder *d);

#endif
