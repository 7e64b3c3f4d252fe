/* One device pass of a decode call: at most limits.max_frames frames through
 * one staging slot. cl_pass_begin enqueues everything and returns; cl_pass_end
 * waits for the read-back, so that a pipelined call begins the next pass
 * before it ends this one (cl_decoder.c). */
#ifndef LDPC_CL_PASS_H
#define LDPC_CL_PASS_H

#include "cl_batch_plan.h"
#include "cl_decoder.h"

/* A pass whose results are on their way back: the read events of its
 * decisions' chunks and statistics, and where the results go. */
typedef struct {
    cl_batch_plan plan;
    size_t chunks;     /* read events of the decisions; one more for the statistics */
    size_t events;     /* read events enqueued */
    uint8_t *bits;
    int bits_in_place;       /* bits lie in the staging: read back there */
    ldpc_frame_stats *stats; /* NULL: not wanted */
} cl_pass;

/* Enqueues one pass of `frames` frames from q (plan slot and queues set by
 * the caller in pass->plan), up to the read-back of its results into its
 * staging slot; returns without waiting for the device. */
ldpc_status cl_pass_begin(cl_decoder *d, const ldpc_code *code, const cl_code_tables *tables,
                          const int8_t *q, uint32_t frames, cl_pass *pass, ldpc_error *err);

/* Waits for a begun pass's reads and copies its results to the caller chunk
 * by chunk; after an earlier failure (`status`) it only waits and releases.
 * Returns the first failure. */
ldpc_status cl_pass_end(cl_decoder *d, cl_pass *pass, ldpc_status status, ldpc_error *err);

#endif
