/* The output thread: sends results strictly in arrival order. PUSH waits for
 * a consumer (ZeroMQ's high-water mark pushes back through the ring to the
 * intake and to the sender); PUB never waits and counts what it drops.
 *
 * ZeroMQ sends each message from its slot's memory and says when it is done
 * with it (message_released): a result counts as out only then, once ZeroMQ
 * has written it to the connection. What it still holds when the service
 * gives up on its consumers (ldpcd_output_retire) counts as shutdown_lost. */
#include <errno.h>
#include <string.h>
#include <zmq.h>

#include "log.h"
#include "protocol.h"
#include "service.h"
#include "thread_name.h"

size_t ldpcd_output_encode(const ldpcd_pipeline *p, ldpcd_slot *slot)
{
    ldpcd_result_header header = {
        .sequence = slot->sequence,
        .status = slot->status,
        .reason = slot->reason,
        .payload_kind = (uint8_t)p->output_bits,
        .flags = slot->whole_message ? LDPCD_RESULT_WHOLE_MESSAGE : 0,
        .iterations = (uint16_t)slot->stats.iterations,
        .unsatisfied_checks = slot->stats.unsatisfied_checks,
        .corrected_bits = slot->stats.corrected_bits,
        .latency_us = slot->latency_us,
        .payload_bits = slot->status == LDPCD_STATUS_REJECTED ? 0 : slot->result_bits,
    };
    memcpy(header.code, slot->wire_code, sizeof header.code);
    ldpcd_encode_result_header(&header, slot->message);
    return LDPCD_RESULT_HEADER_SIZE +
           ldpcd_result_payload_bytes(header.payload_kind, header.payload_bits);
}

/* Called by ZeroMQ (its I/O thread, or within zmq_msg_close) when it no
 * longer needs the slot's message: written, or dropped at close. */
static void message_released(void *data, void *hint)
{
    (void)data;
    ldpcd_slot *slot = hint;
    ldpcd_service *s = slot->owner;
    if (slot->accepted) {
        if (atomic_load(&s->output_dropping)) {
            atomic_fetch_add_explicit(&s->stats.shutdown_lost, 1, memory_order_relaxed);
        } else {
            atomic_fetch_add_explicit(&s->stats.frames_out, 1, memory_order_relaxed);
            if (slot->status != LDPCD_STATUS_REJECTED)
                atomic_fetch_add_explicit(&s->stats.info_bits_out, slot->code->k_bits,
                                          memory_order_relaxed);
        }
    }
    ldpcd_ring_release(&s->pipeline->ring, slot);
}

/* 1 if ZeroMQ took the message, 0 if not (counted here). */
static int send_result(ldpcd_service *s, zmq_msg_t *message)
{
    if (s->config.output_socket == LDPCD_OUTPUT_PUB) {
        if (zmq_msg_send(message, s->output, ZMQ_DONTWAIT) >= 0)
            return 1;
        atomic_fetch_add_explicit(&s->stats.pub_dropped, 1, memory_order_relaxed);
        return 0;
    }
    /* PUSH waits for a consumer; once the service is stopping, only until
     * its deadline. */
    for (;;) {
        if (zmq_msg_send(message, s->output, ZMQ_DONTWAIT) >= 0)
            return 1;
        if (errno != EAGAIN && errno != EINTR) {
            ldpcd_log(LDPCD_LOG_ERROR, "output: %s", zmq_strerror(errno));
            return 0;
        }
        long wait_ms = 100;
        if (atomic_load(&s->shutting_down)) {
            uint64_t now = ldpcd_now_ns();
            if (now >= s->shutdown_deadline_ns) {
                atomic_fetch_add_explicit(&s->stats.shutdown_lost, 1, memory_order_relaxed);
                return 0;
            }
            uint64_t left_ms = (s->shutdown_deadline_ns - now) / 1000000u + 1;
            if (left_ms < (uint64_t)wait_ms)
                wait_ms = (long)left_ms;
        }
        zmq_pollitem_t item = {.socket = s->output, .events = ZMQ_POLLOUT};
        zmq_poll(&item, 1, wait_ms);
    }
}

/* Hands one result to ZeroMQ. */
static void send_slot(ldpcd_service *s, ldpcd_slot *slot)
{
    size_t size = ldpcd_output_encode(s->pipeline, slot);
    atomic_fetch_add_explicit(&s->stats.latency_us_total, slot->latency_us, memory_order_relaxed);
    slot->owner = s;
    zmq_msg_t message;
    zmq_msg_init_data(&message, slot->message, size, message_released, slot);
    /* accepted before the send: ZeroMQ may release the message before
     * zmq_msg_send returns; a failed send leaves it to us */
    slot->accepted = 1;
    if (!send_result(s, &message)) {
        slot->accepted = 0;
        zmq_msg_close(&message);
    }
}

/* results taken from the ring at once: one lock for a run of them */
#define RESULTS_PER_TAKE 64

void *ldpcd_output_main(void *argument)
{
    ldpcd_service *s = argument;
    ldpcd_name_thread("ldpcd-output", UINT32_MAX);
    ldpcd_slot *slots[RESULTS_PER_TAKE];
    for (;;) {
        int finished;
        uint32_t count = ldpcd_ring_take_results(&s->pipeline->ring, slots, RESULTS_PER_TAKE,
                                                 200000000u, &finished);
        if (count == 0 && finished)
            break;
        for (uint32_t i = 0; i < count; i++)
            send_slot(s, slots[i]);
    }
    return NULL;
}

void ldpcd_output_retire(ldpcd_service *s, uint64_t deadline_ns)
{
    ldpcd_ring *ring = &s->pipeline->ring;
    uint32_t held = ldpcd_ring_wait_released(ring, deadline_ns);
    atomic_store(&s->output_dropping, 1);
    ldpcd_socket_close(&s->output, 0);
    if (held > 0)
        ldpcd_log(LDPCD_LOG_WARNING, "output: no consumer took %u result%s by the deadline",
                  held, held == 1 ? "" : "s");
    /* with no linger ZeroMQ drops what it holds at once */
    ldpcd_ring_wait_released(ring, UINT64_MAX);
    atomic_store(&s->output_dropping, 0);
}
