/* The output thread: sends results strictly in arrival order. PUSH waits for
 * a consumer (ZeroMQ's high-water mark pushes back through the ring to the
 * intake and to the sender); PUB never waits and counts what it drops. */
#include <errno.h>
#include <string.h>
#include <zmq.h>

#include "log.h"
#include "protocol.h"
#include "service.h"

size_t ldpcd_output_encode(const ldpcd_pipeline *p, const ldpcd_slot *slot)
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
    ldpcd_encode_result_header(&header, p->send_buffer);
    size_t payload = ldpcd_result_payload_bytes(header.payload_kind, header.payload_bits);
    memcpy(p->send_buffer + LDPCD_RESULT_HEADER_SIZE, slot->result, payload);
    return LDPCD_RESULT_HEADER_SIZE + payload;
}

/* 1 sent, 0 dropped */
static int send_result(ldpcd_service *s, const uint8_t *message, size_t size)
{
    if (s->config.output_socket == LDPCD_OUTPUT_PUB) {
        if (zmq_send(s->output, message, size, ZMQ_DONTWAIT) >= 0)
            return 1;
        atomic_fetch_add_explicit(&s->stats.pub_dropped, 1, memory_order_relaxed);
        return 0;
    }
    /* PUSH: the socket's send timeout (ZMQ_SNDTIMEO) bounds each try, so that a
     * shutdown without a consumer ends after shutdown_timeout_ms. */
    for (;;) {
        if (zmq_send(s->output, message, size, 0) >= 0)
            return 1;
        if (errno != EAGAIN && errno != EINTR) {
            ldpcd_log(LDPCD_LOG_ERROR, "output: %s", zmq_strerror(errno));
            return 0;
        }
        if (atomic_load(&s->shutting_down) && ldpcd_now_ns() >= s->shutdown_deadline_ns) {
            atomic_fetch_add_explicit(&s->stats.shutdown_lost, 1, memory_order_relaxed);
            return 0;
        }
    }
}

void *ldpcd_output_main(void *argument)
{
    ldpcd_service *s = argument;
    ldpcd_pipeline *p = s->pipeline;
    for (;;) {
        int finished;
        ldpcd_slot *slot = ldpcd_ring_next_result(&p->ring, 200000000u, &finished);
        if (slot == NULL) {
            if (finished)
                break;
            continue;
        }
        size_t size = ldpcd_output_encode(p, slot);
        int sent = send_result(s, p->send_buffer, size);
        if (sent && slot->status != LDPCD_STATUS_REJECTED)
            atomic_fetch_add_explicit(&s->stats.info_bits_out, slot->code->k_bits,
                                      memory_order_relaxed);
        atomic_fetch_add_explicit(&s->stats.latency_us_total, slot->latency_us,
                                  memory_order_relaxed);
        if (sent)
            atomic_fetch_add_explicit(&s->stats.frames_out, 1, memory_order_relaxed);
        ldpcd_ring_release(&p->ring);
    }
    return NULL;
}
