/* The intake thread: receives messages, refuses bad ones with a reason, and
 * turns every frame into a ring slot in arrival order. Frames of a message
 * keep their order; a rejection takes a slot too, so that it leaves in order
 * with the frames around it. A slot points into the message it came from
 * (held until every frame in it is converted); the workers convert frames,
 * so the one intake thread only parses headers and fills slots. */
#include <stdio.h>
#include <string.h>
#include <zmq.h>

#include "log.h"
#include "protocol.h"
#include "raw_sync.h"
#include "service.h"
#include "thread_name.h"

#define SYNC_MAX_WAIT 64 /* frames between searches of a stream that stays misaligned */
/* Stopping: the input counts as drained once no message came for this long;
 * reading goes on after the deadline (the frames counted as unanswered) for
 * at most DRAIN_GRACE_NS more. */
#define DRAIN_QUIET_MS 50
#define DRAIN_GRACE_NS 500000000u
#define RESERVE_RECHECK_NS 100000000u /* a full queue's wait notices a stop this soon */

/* A free slot; the time spent waiting for one (the decoders or the output
 * cannot keep up) is counted apart from the intake's own work. While the
 * service stops, the wait ends at its deadline: the frame is then counted as
 * in and unanswered (NULL). */
static ldpcd_slot *reserve_slot(ldpcd_service *s)
{
    ldpcd_slot *slot = NULL;
    /* a free slot costs no clock reading (a GPU's service takes 10^5-10^6 a second) */
    if (!atomic_load(&s->shutting_down) && (slot = ldpcd_ring_try_reserve(&s->pipeline->ring)))
        return slot;
    uint64_t start = ldpcd_now_ns();
    /* the wait looks at the clock now and then: a stop may begin meanwhile */
    while (slot == NULL) {
        uint64_t now = ldpcd_now_ns();
        if (atomic_load(&s->shutting_down)) {
            slot = ldpcd_ring_reserve_until(&s->pipeline->ring, s->shutdown_deadline_ns);
            break;
        }
        slot = ldpcd_ring_reserve_until(&s->pipeline->ring, now + RESERVE_RECHECK_NS);
    }
    atomic_fetch_add_explicit(&s->stats.intake_blocked_ns, ldpcd_now_ns() - start,
                              memory_order_relaxed);
    if (slot == NULL) {
        atomic_fetch_add_explicit(&s->stats.frames_in, 1, memory_order_relaxed);
        atomic_fetch_add_explicit(&s->stats.shutdown_unanswered, 1, memory_order_relaxed);
    }
    return slot;
}

static void fill_rejection(ldpcd_slot *slot, uint64_t sequence, const char *code_name,
                           const ldpcd_code_entry *code, ldpcd_reject_reason reason,
                           int whole_message)
{
    slot->sequence = sequence;
    slot->arrival_ns = ldpcd_now_ns();
    slot->code = code;
    snprintf(slot->wire_code, sizeof slot->wire_code, "%s", code_name);
    slot->status = LDPCD_STATUS_REJECTED;
    slot->reason = (uint8_t)reason;
    slot->whole_message = (uint8_t)whole_message;
    memset(&slot->stats, 0, sizeof slot->stats);
    slot->result_bits = 0;
    slot->raw = NULL;
    slot->held = NULL;
    slot->state = LDPCD_SLOT_DONE;
}

static void commit_rejection(ldpcd_service *s, uint64_t sequence, const char *code_name,
                             const ldpcd_code_entry *code, ldpcd_reject_reason reason,
                             int whole_message)
{
    ldpcd_pipeline *p = s->pipeline;
    ldpcd_slot *slot = reserve_slot(s);
    if (slot == NULL)
        return;
    fill_rejection(slot, sequence, code_name, code, reason, whole_message);
    ldpcd_stats_count_reject(&s->stats, reason);
    atomic_fetch_add_explicit(&s->stats.frames_in, 1, memory_order_relaxed);
    ldpcd_ring_fill(&p->ring);
}

/* One frame for the workers: its values stay where they are, in the held
 * message (held != NULL), or are copied into the slot's staging (a raw frame
 * assembled from several messages). A frame read late in a shutdown takes
 * its slot as a rejection. */
static void commit_frame(ldpcd_service *s, uint64_t sequence, const ldpcd_code_entry *code,
                         const ldpc_soft_input *input, const uint8_t *raw,
                         ldpcd_held_message *held)
{
    ldpcd_pipeline *p = s->pipeline;
    ldpcd_slot *slot = reserve_slot(s);
    if (slot == NULL)
        return;
    if (atomic_load(&s->shutting_down) && ldpcd_now_ns() >= s->shutdown_decode_until_ns) {
        fill_rejection(slot, sequence, code->name, code, LDPCD_REJECT_SHUTDOWN, 0);
        ldpcd_stats_count_reject(&s->stats, LDPCD_REJECT_SHUTDOWN);
    } else {
        if (held != NULL) {
            ldpcd_message_hold(held);
            slot->raw = raw;
        } else {
            memcpy(slot->staging, raw, (size_t)code->n_bits * ldpc_soft_value_size(input->format));
            slot->raw = slot->staging;
        }
        slot->held = held;
        slot->input = *input;
        slot->sequence = sequence;
        slot->code = code;
        memcpy(slot->wire_code, code->name, sizeof slot->wire_code);
        slot->status = LDPCD_STATUS_DECODED;
        slot->reason = LDPCD_REJECT_NONE;
        slot->whole_message = 0;
        slot->state = LDPCD_SLOT_PENDING;
        slot->arrival_ns = ldpcd_now_ns();
    }
    atomic_fetch_add_explicit(&s->stats.frames_in, 1, memory_order_relaxed);
    ldpcd_ring_fill(&p->ring);
}

static void protocol_message(ldpcd_service *s, ldpcd_held_message *held)
{
    ldpcd_pipeline *p = s->pipeline;
    const uint8_t *data = zmq_msg_data(&held->message);
    size_t size = zmq_msg_size(&held->message);
    ldpcd_parsed_message parsed;
    ldpcd_parse_input(data, size, ldpcd_code_set_lookup, &p->codes, p->max_frames_per_message,
                      p->max_message_size, &parsed);
    if (parsed.reason != LDPCD_REJECT_NONE) {
        ldpcd_log(LDPCD_LOG_DEBUG, "message of %zu bytes, sequence %llu, code \"%s\": rejected (%s)",
                  size, (unsigned long long)parsed.header.sequence, parsed.header.code,
                  ldpcd_reject_reason_name(parsed.reason));
        for (uint32_t i = 0; i < parsed.records; i++)
            commit_rejection(s, parsed.header.sequence + i,
                             parsed.frames_counted ? parsed.header.code : "",
                             parsed.code, parsed.reason, !parsed.frames_counted);
        return;
    }
    ldpc_soft_input input = ldpc_soft_input_default((ldpc_soft_format)parsed.header.format);
    input.scale = parsed.header.scale;
    input.negate = (parsed.header.flags & LDPCD_FLAG_NEGATE) != 0;
    if (parsed.header.flags & LDPCD_FLAG_NORMALIZE)
        input.normalization = LDPC_SOFT_MEAN_TARGET;
    else if (parsed.header.flags & LDPCD_FLAG_CALIBRATED)
        input.normalization = LDPC_SOFT_AS_IS;
    for (uint32_t i = 0; i < parsed.header.frame_count; i++)
        commit_frame(s, parsed.header.sequence + i, parsed.code, &input,
                     parsed.payload + (size_t)i * parsed.frame_size, held);
}

void ldpcd_reframer_trust_alignment(ldpcd_reframer *r)
{
    r->suspect = 0;
    r->search_wait = 0;
    r->search_backoff = 0;
}

void ldpcd_reframer_restart(ldpcd_reframer *r)
{
    r->filled = 0;
    r->tags_seen = 0;
    r->skip_values = 0;
    r->offset_known = 0;
    r->offset_trusted = 0;
    ldpcd_reframer_trust_alignment(r);
}

/* Checks the alignment of one full raw frame (raw_sync.h). Returns 0 when
 * the frame is to be decoded, or the start (in values, 1..n-1) of the next
 * frame within it when the stream was misaligned: the values before it are
 * dropped, those from it on begin the next frame. */
static uint32_t check_alignment(ldpcd_service *s, const uint8_t *frame)
{
    const ldpcd_code_entry *code = s->pipeline->raw_code;
    ldpcd_reframer *r = &s->reframer;
    if (code->code == NULL)
        return 0; /* nonbinary: no binary parity checks to read */
    uint32_t n = code->n_bits;
    uint8_t *current = r->hard + n;
    ldpcd_raw_hard_decisions(s->pipeline->raw_input.format, s->pipeline->raw_input.negate, frame,
                             n, current);
    if (ldpcd_raw_looks_aligned(code->code, current)) {
        ldpcd_reframer_trust_alignment(r);
        return 0;
    }
    uint32_t start = 0;
    if (r->suspect && r->search_wait == 0) {
        start = ldpcd_raw_search(code->code, r->hard);
        if (start == 0) {
            r->search_backoff = r->search_backoff ? r->search_backoff * 2 : 1;
            if (r->search_backoff > SYNC_MAX_WAIT)
                r->search_backoff = SYNC_MAX_WAIT;
            r->search_wait = r->search_backoff;
        }
    } else if (r->search_wait > 0) {
        r->search_wait--;
    }
    if (start != 0) {
        size_t dropped = (size_t)start * ldpc_soft_value_size(s->pipeline->raw_input.format);
        atomic_fetch_add_explicit(&s->stats.raw_bytes_discarded, dropped, memory_order_relaxed);
        atomic_fetch_add_explicit(&s->stats.raw_resyncs, 1, memory_order_relaxed);
        ldpcd_log(LDPCD_LOG_WARNING,
                  "raw stream of %s: frames were misaligned; found the alignment again %u values "
                  "into frame %llu (those values dropped)",
                  code->name, start, (unsigned long long)r->next_sequence);
        ldpcd_reframer_trust_alignment(r);
        return start;
    }
    memcpy(r->hard, current, n); /* the previous frame of the next search */
    r->suspect = 1;
    return 0;
}

/* One full raw frame (within the held message, or in the reframer's buffer
 * when held is NULL): decoded, or (check_alignment) cut where the stream's
 * next frame begins, its tail kept as the partial frame. */
static void complete_raw_frame(ldpcd_service *s, const uint8_t *frame, ldpcd_held_message *held)
{
    ldpcd_pipeline *p = s->pipeline;
    ldpcd_reframer *r = &s->reframer;
    uint32_t start = check_alignment(s, frame);
    if (start == 0) {
        commit_frame(s, r->next_sequence++, p->raw_code, &p->raw_input, frame, held);
        r->filled = 0;
        return;
    }
    size_t from = (size_t)start * ldpc_soft_value_size(p->raw_input.format);
    memmove(r->buffer, frame + from, r->frame_bytes - from);
    r->filled = r->frame_bytes - from;
}

/* A tag header's item offset against the one the stream should be at:
 * items lost in between (a message dropped by PUB) move the frame position;
 * the partial frame is dropped and the stream waits for the next frame
 * boundary (skip_values). */
static void follow_offset(ldpcd_service *s, uint64_t offset, size_t payload)
{
    ldpcd_reframer *r = &s->reframer;
    size_t value_size = ldpc_soft_value_size(s->pipeline->raw_input.format);
    uint64_t n = s->pipeline->raw_code->n_bits;
    r->tags_seen = 1;
    if (r->offset_known && offset == r->next_offset) {
        r->offset_trusted = 1;
    } else if (r->offset_known && r->offset_trusted && offset > r->next_offset) {
        uint64_t position = (r->filled / value_size + (offset - r->next_offset)) % n;
        atomic_fetch_add_explicit(&s->stats.raw_bytes_discarded, r->filled,
                                  memory_order_relaxed);
        atomic_fetch_add_explicit(&s->stats.raw_resyncs, 1, memory_order_relaxed);
        ldpcd_log(LDPCD_LOG_WARNING,
                  "raw stream of %s: %llu items missing before offset %llu; the frame in "
                  "progress is dropped",
                  s->pipeline->raw_code->name, (unsigned long long)(offset - r->next_offset),
                  (unsigned long long)offset);
        r->filled = 0;
        r->skip_values = position == 0 ? 0 : n - position;
    }
    r->offset_known = payload % value_size == 0;
    r->next_offset = offset + payload / value_size;
}

/* Headerless streams: values are appended to the partial frame; every full
 * frame is decoded. gr-zeromq messages need not hold whole frames, nor even
 * whole items. */
static void raw_message(ldpcd_service *s, ldpcd_held_message *held)
{
    ldpcd_pipeline *p = s->pipeline;
    const uint8_t *data = zmq_msg_data(&held->message);
    size_t size = zmq_msg_size(&held->message);
    ldpcd_reframer *r = &s->reframer;
    if (s->config.input_framing == LDPCD_FRAMING_GNURADIO &&
        s->config.raw_tag_header == LDPCD_TAGS_AUTO) {
        long header = ldpcd_gr_tag_header_length(data, size);
        if (header < 0 && r->tags_seen) {
            /* The stream's frame alignment is lost with the message: restart it. */
            commit_rejection(s, r->next_sequence++, p->raw_code->name, p->raw_code,
                             LDPCD_REJECT_BAD_TAG_HEADER, 1);
            r->filled = 0;
            r->skip_values = 0;
            r->offset_known = 0;
            return;
        }
        if (header > 0) {
            atomic_fetch_add_explicit(&s->stats.raw_bytes_discarded, (uint64_t)header,
                                      memory_order_relaxed);
            follow_offset(s, ldpcd_gr_tag_header_offset(data), size - (size_t)header);
            data += header;
            size -= (size_t)header;
        }
        /* else the values of a stream without tag headers (or of one whose
         * first bytes merely look like the magic): data */
    }
    if (r->skip_values > 0) {
        size_t value_size = ldpc_soft_value_size(p->raw_input.format);
        size_t skip = r->skip_values * value_size < size ? r->skip_values * value_size : size;
        atomic_fetch_add_explicit(&s->stats.raw_bytes_discarded, skip, memory_order_relaxed);
        r->skip_values -= skip / value_size;
        data += skip;
        size -= skip;
    }
    while (size > 0) {
        size_t take = r->frame_bytes - r->filled;
        if (take > size)
            take = size;
        if (r->filled == 0 && size >= r->frame_bytes) {
            /* a whole frame in place: no copy */
            complete_raw_frame(s, data, held);
            data += r->frame_bytes;
            size -= r->frame_bytes;
            continue;
        }
        memcpy(r->buffer + r->filled, data, take);
        r->filled += take;
        data += take;
        size -= take;
        if (r->filled == r->frame_bytes)
            complete_raw_frame(s, r->buffer, NULL);
    }
}

void ldpcd_intake_message(ldpcd_service *s, ldpcd_held_message *held)
{
    size_t size = zmq_msg_size(&held->message);
    uint64_t start = ldpcd_now_ns();
    /* one intake thread: nobody else adds to intake_blocked_ns meanwhile */
    uint64_t blocked = atomic_load_explicit(&s->stats.intake_blocked_ns, memory_order_relaxed);
    atomic_fetch_add_explicit(&s->stats.messages_in, 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&s->stats.bytes_in, size, memory_order_relaxed);
    if (s->config.input_framing == LDPCD_FRAMING_PROTOCOL)
        protocol_message(s, held);
    else
        raw_message(s, held);
    ldpcd_ring_publish(&s->pipeline->ring);
    blocked = atomic_load_explicit(&s->stats.intake_blocked_ns, memory_order_relaxed) - blocked;
    atomic_fetch_add_explicit(&s->stats.intake_busy_ns, ldpcd_now_ns() - start - blocked,
                              memory_order_relaxed);
}

/* 1 while the intake should read on: until intake_stop (a reload: what is
 * still queued stays in the socket for the next pipeline), or, when the
 * service stops, until the input has drained or the grace time is over. */
static int keep_reading(ldpcd_service *s)
{
    if (atomic_load(&s->intake_stop))
        return 0;
    return !atomic_load(&s->shutting_down) ||
           ldpcd_now_ns() < s->shutdown_deadline_ns + DRAIN_GRACE_NS;
}

/* Receives and handles every message waiting. */
static void read_waiting(ldpcd_service *s)
{
    ldpcd_message_pool *pool = &s->pipeline->messages;
    while (keep_reading(s)) {
        ldpcd_held_message *held = ldpcd_message_take(pool);
        if (held == NULL) {
            /* cannot happen while the pool has a holder per slot, plus one */
            ldpcd_log(LDPCD_LOG_ERROR, "intake: no holder for a message");
            return;
        }
        int received = zmq_msg_recv(&held->message, s->input, ZMQ_DONTWAIT) >= 0;
        if (received)
            ldpcd_intake_message(s, held);
        ldpcd_message_drop(pool, held);
        if (!received)
            return;
    }
}

void *ldpcd_intake_main(void *argument)
{
    ldpcd_service *s = argument;
    ldpcd_name_thread("ldpcd-intake", UINT32_MAX);
    while (keep_reading(s)) {
        int stopping = atomic_load(&s->shutting_down);
        zmq_pollitem_t item = {.socket = s->input, .events = ZMQ_POLLIN};
        if (zmq_poll(&item, 1, stopping ? DRAIN_QUIET_MS : 100) <= 0) {
            if (stopping)
                break; /* drained */
            continue;
        }
        /* messages are taken whole: a reload stops at a message boundary */
        read_waiting(s);
    }
    return NULL;
}
