/* The plan of one device pass: which kernel design, iteration kernel,
 * layout, posterior format and work sizes a batch of one code uses, chosen
 * per call from the code's resident tables, the decoder's kernels and its
 * configuration (docs/OPENCL.md, "Four kernel designs and two layouts"). */
#ifndef LDPC_CL_BATCH_PLAN_H
#define LDPC_CL_BATCH_PLAN_H

#include "cl_decoder.h"

typedef struct {
    const ldpc_code *code;
    cl_code_tables tables;
    uint32_t frames;
    size_t slot; /* staging and device slot of input and results (CL_STAGING_SLOTS) */
    /* where the uploads and read-backs go: the transfer queues for a
     * pipelined pass, else the kernels' queue (a wait across queues cost
     * one flooding dvbs2-short frame a fifth more time) */
    cl_command_queue upload_queue, download_queue;
    ldpc_opencl_design design; /* ITEM_PER_FRAME, GROUP_PER_FRAME, LATENCY or SPREAD */
    int local_posteriors;      /* LATENCY with the posteriors in local memory */
    int circulants;            /* LATENCY through the circulant tables */
    int pairs;                 /* LATENCY, two frames per group (POSTERIOR_PAIRED) */
    size_t pair_kernel;        /* with pairs: the kernel's index in cl_pair_bounds */
    int layer_group;           /* LATENCY, a *_layer kernel: one DVB layer per group */
    /* LATENCY: the local memory of a group's records (with circulants: of the
     * code's circulant tables) and, with local posteriors, of its posteriors
     * (kernel arguments) */
    size_t record_bytes, local_posterior_bytes;
    cl_kernel iterate;
    /* posterior_at's format (posterior_format) */
    cl_uint posterior_format;
    cl_uint index_stride, post_frame_stride, message_frame_stride;
    /* the iteration kernel's work-group and global size (SPREAD: of its
     * first dimension; the second is the frames) */
    size_t local, global;
} cl_batch_plan;

/* The design a batch of `frames` frames of this code runs (auto or as
 * configured, where the design takes the code). */
ldpc_opencl_design cl_choose_design(const cl_decoder *d, const cl_code_tables *tables,
                                    uint32_t frames);

/* Fills the plan after the table lookup (p->tables filled); the slot and
 * queues are the caller's. */
void cl_plan_batch(const cl_decoder *d, const ldpc_code *code, uint32_t frames,
                   cl_batch_plan *p);

/* 1 where the posteriors are in the latency order (setup and finish kernels). */
cl_uint cl_plan_latency_order(const cl_batch_plan *p);

#endif
