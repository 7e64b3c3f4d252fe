/* Counters of the running daemon, updated lock-free by every thread, and
 * their JSON rendering for the statistics socket and the log. */
#ifndef LDPCD_STATS_H
#define LDPCD_STATS_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "protocol.h"

#define LDPCD_ITERATION_BINS 64 /* iterations 1..63, then ">= 64" */

typedef struct {
    atomic_uint_fast64_t messages_in, bytes_in;
    atomic_uint_fast64_t frames_in, frames_out;
    atomic_uint_fast64_t decoded, not_converged, rejected;
    atomic_uint_fast64_t rejects[LDPCD_REJECT_REASON_COUNT];
    atomic_uint_fast64_t iterations_total;
    atomic_uint_fast64_t iteration_histogram[LDPCD_ITERATION_BINS];
    atomic_uint_fast64_t info_bits_out;
    /* batches the workers claimed and their frames; the decoder calls that
     * decoded them (one per batch, or per frame on the CPU frame path) */
    atomic_uint_fast64_t batches, batch_frames_total, decode_calls;
    atomic_uint_fast64_t decode_busy_ns; /* summed over workers */
    /* Where the rest of the time goes (summed over threads of a kind): workers
     * converting their frames' soft values, writing their results and
     * waiting for a batch, the
     * intake reading messages, and the intake waiting for a free slot (the
     * decoders or the output are the bottleneck). */
    atomic_uint_fast64_t convert_busy_ns, results_busy_ns, worker_wait_ns;
    atomic_uint_fast64_t intake_busy_ns, intake_blocked_ns;
    atomic_uint_fast64_t latency_us_total;
    atomic_uint_fast64_t code_switches; /* a worker's decoder changed code (tables touched) */
    atomic_uint_fast64_t fallbacks;     /* backend could not be created (reference used) or
                                           runs elsewhere than configured (opencl on the CPU) */
    /* OpenCL decoders: code tables sent to the device, frames decoded by
     * their CPU fallback (0 with other backends) */
    atomic_uint_fast64_t table_uploads, frames_on_cpu;
    atomic_uint_fast64_t pub_dropped;   /* results a PUB output could not send */
    /* At shutdown: results no consumer took before the shutdown deadline
     * (never handed to ZeroMQ, or still held by it then), and frames read
     * from the input that got no slot (the queue stayed full to the end). */
    atomic_uint_fast64_t shutdown_lost, shutdown_unanswered;
    atomic_uint_fast64_t reloads, reload_failures;
    /* raw framings: bytes skipped (tag headers, and values dropped to find
     * the frame alignment again), and those resynchronisations */
    atomic_uint_fast64_t raw_bytes_discarded, raw_resyncs;
    uint64_t start_ns;
} ldpcd_stats;

/* What the stats report besides the counters. */
typedef struct {
    uint32_t queue_depth, queue_capacity;
    uint32_t batch_frames, workers;
    const char *backend;
    const char *decoder;
    const char *framing;
    uint64_t allocations; /* in a counting build, else UINT64_MAX */
    int final;            /* the report of a stopped service: "final":true */
} ldpcd_stats_context;

/* The counters of the previous report, for rates over the interval. */
typedef struct {
    uint64_t time_ns;
    uint64_t frames_out, info_bits_out, decoded_total, decode_busy_ns;
    uint64_t convert_busy_ns, results_busy_ns, worker_wait_ns, intake_busy_ns, intake_blocked_ns;
} ldpcd_stats_mark;

void ldpcd_stats_init(ldpcd_stats *stats);
void ldpcd_stats_count_reject(ldpcd_stats *stats, ldpcd_reject_reason reason);
void ldpcd_stats_count_frame(ldpcd_stats *stats, uint32_t iterations, int converged);

/* Writes one JSON object (no newline); returns its length, or 0 if `size` is
 * too small. Never allocates. */
size_t ldpcd_stats_json(const ldpcd_stats *stats, const ldpcd_stats_context *context,
                        ldpcd_stats_mark *mark, char *out, size_t size);

#endif
