/* A decoding worker: claims a batch of frames of one code from the ring,
 * converts their soft values, decodes them with its own decoder, and writes
 * each frame's result payload, in decoder calls of the pipeline's
 * frames_per_call. */
#include <string.h>

#include "log.h"
#include "protocol.h"
#include "service.h"
#include "thread_name.h"

/* A worker that waits this long without work still reports that it is alive. */
#define IDLE_HEARTBEAT_NS 200000000u

/* The call's frame i's raw values into batch_soft (what the decoder takes);
 * its message is let go once read. */
static void convert_frame(void *context, uint32_t i, const ldpcd_frame_input *input)
{
    ldpcd_worker *w = context;
    ldpcd_slot *slot = w->call[i];
    w->failed[i] = ldpcd_frame_input_convert(input, &slot->input, slot->raw, slot->code->n_bits,
                                             (uint8_t *)w->batch_soft + i * w->frame_bytes) != 0;
    if (slot->held != NULL)
        ldpcd_message_drop(&w->service->pipeline->messages, slot->held);
    slot->held = NULL;
    slot->raw = NULL;
}

/* The call's frames converted, shared with the helpers; a frame with a
 * value that is not finite leaves the call as a rejection (the frames after
 * it move up). Returns the frames to decode (w->decoding). */
static uint32_t convert_call(ldpcd_worker *w, const ldpcd_code_entry *entry, uint32_t count)
{
    ldpcd_service *s = w->service;
    ldpcd_pipeline *p = s->pipeline;
    size_t frame_bytes = (size_t)entry->n_bits * p->soft_value_bytes;
    w->frame_bytes = frame_bytes;
    w->job = (ldpcd_helper_job){.task = convert_frame, .context = w, .count = count};
    ldpcd_helper_pool_run(&p->helpers, &w->job, &w->frame_input);
    uint8_t *soft = w->batch_soft;
    uint32_t kept = 0;
    for (uint32_t i = 0; i < count; i++) {
        ldpcd_slot *slot = w->call[i];
        if (!w->failed[i]) {
            if (kept != i)
                memmove(soft + kept * frame_bytes, soft + i * frame_bytes, frame_bytes);
            w->decoding[kept++] = slot;
            continue;
        }
        slot->status = LDPCD_STATUS_REJECTED;
        slot->reason = LDPCD_REJECT_NON_FINITE;
        slot->result_bits = 0;
        memset(&slot->stats, 0, sizeof slot->stats);
        slot->latency_us = (uint32_t)((ldpcd_now_ns() - slot->arrival_ns) / 1000u);
        ldpcd_stats_count_reject(&s->stats, LDPCD_REJECT_NON_FINITE);
    }
    return kept;
}

/* One decoded frame's status, statistics and result payload. */
static void finish_frame(void *context, uint32_t i, const ldpcd_frame_input *input)
{
    (void)input;
    ldpcd_worker *w = context;
    ldpcd_service *s = w->service;
    ldpcd_pipeline *p = s->pipeline;
    ldpcd_slot *slot = w->decoding[i];
    const ldpcd_code_entry *entry = slot->code;
    slot->latency_us = (uint32_t)((w->decoded_ns - slot->arrival_ns) / 1000u);
    if (w->decode_status != LDPC_OK) {
        slot->status = LDPCD_STATUS_REJECTED;
        slot->reason = LDPCD_REJECT_DECODER_ERROR;
        slot->result_bits = 0;
        ldpcd_stats_count_reject(&s->stats, LDPCD_REJECT_DECODER_ERROR);
        return;
    }
    slot->stats = w->frame_stats[i];
    slot->status = slot->stats.converged ? LDPCD_STATUS_DECODED : LDPCD_STATUS_NOT_CONVERGED;
    ldpcd_decoders_write_result(&w->decoders, p->output_bits, slot,
                                w->bits + (size_t)i * entry->word_bits);
    ldpcd_stats_count_frame(&s->stats, slot->stats.iterations, slot->stats.converged);
}

/* One decoder call: the `frames` claimed frames from w->call on. */
static void decode_call(ldpcd_worker *w, uint32_t frames)
{
    ldpcd_service *s = w->service;
    ldpcd_pipeline *p = s->pipeline;
    const ldpcd_code_entry *entry = w->call[0]->code;
    /* a nonbinary code's tables start with its graph */
    const ldpc_code *code = entry->nonbinary != NULL ? ldpc_nb_code_graph(entry->nonbinary) : entry->code;
    uint64_t start = ldpcd_now_ns();
    uint32_t count = convert_call(w, entry, frames);
    uint64_t converted = ldpcd_now_ns();
    atomic_fetch_add_explicit(&s->stats.convert_busy_ns, converted - start, memory_order_relaxed);
    if (count == 0)
        return;
    if (code != w->last_code) {
        atomic_fetch_add_explicit(&s->stats.code_switches, 1, memory_order_relaxed);
        w->last_code = code;
    }
    ldpc_error err;
    w->decode_status = ldpcd_decoders_decode(&w->decoders, entry, p->soft_is_float, w->batch_soft,
                                             count, w->bits, w->frame_stats, &err);
    w->decoded_ns = ldpcd_now_ns();
    /* what its device did, read on the thread that owns the decoder */
    ldpcd_decoders_follow_device(&w->decoders, ldpcd_entry_kind(entry), &s->stats);
    atomic_fetch_add_explicit(&s->stats.decode_busy_ns, w->decoded_ns - converted,
                              memory_order_relaxed);
    atomic_fetch_add_explicit(&s->stats.decode_calls, 1, memory_order_relaxed);
    if (w->decode_status != LDPC_OK)
        ldpcd_log(LDPCD_LOG_ERROR, "decoding %u frames of %s failed: %s", count, entry->name,
                  err.message);
    w->job = (ldpcd_helper_job){.task = finish_frame,
                                .context = w,
                                .count = count,
                                .alone = !ldpcd_decoders_result_shared(entry)};
    ldpcd_helper_pool_run(&p->helpers, &w->job, &w->frame_input);
    atomic_fetch_add_explicit(&s->stats.results_busy_ns, ldpcd_now_ns() - w->decoded_ns,
                              memory_order_relaxed);
}

static void decode_batch(ldpcd_worker *w, uint32_t claimed)
{
    ldpcd_stats *stats = &w->service->stats;
    uint32_t step = w->service->pipeline->frames_per_call;
    for (uint32_t first = 0; first < claimed; first += step) {
        w->call = w->claimed + first;
        decode_call(w, claimed - first < step ? claimed - first : step);
    }
    atomic_fetch_add_explicit(&stats->batches, 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&stats->batch_frames_total, claimed, memory_order_relaxed);
}

void *ldpcd_worker_main(void *argument)
{
    ldpcd_worker *w = argument;
    ldpcd_pipeline *p = w->service->pipeline;
    ldpcd_name_thread("ldpcd-work", (uint32_t)(w - p->workers));
    for (;;) {
        int finished;
        uint64_t wait_start = ldpcd_now_ns();
        uint32_t count = ldpcd_ring_claim(&p->ring, p->batch_frames, p->batch_wait_ns,
                                          IDLE_HEARTBEAT_NS, w->claimed, &finished);
        atomic_fetch_add_explicit(&w->service->stats.worker_wait_ns, ldpcd_now_ns() - wait_start,
                                  memory_order_relaxed);
        if (count > 0) {
            decode_batch(w, count);
            ldpcd_ring_complete(&p->ring, w->claimed, count);
        }
        atomic_store(&w->heartbeat_ns, ldpcd_now_ns());
        if (finished)
            break;
    }
    return NULL;
}
