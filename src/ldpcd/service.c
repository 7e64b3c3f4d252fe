/* Lifecycle: start, reload (SIGHUP) and stop (SIGTERM) without losing a
 * frame. Reload drains: intake stops at a message boundary (what is still
 * queued in the input socket stays there), the workers finish every queued
 * frame and the output sends every result; then the threads are joined, the
 * new pipeline takes over and each socket whose settings did not change stays
 * open, so no message in flight is lost. Stop reads the input until it is
 * drained and answers every frame; shutdown_timeout_ms bounds it all
 * (docs/SERVICE.md, "Lifecycle"). */
#include <errno.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zmq.h>

#include "alloc_count.h"
#include "cores.h"
#include "curve_security.h"
#include "log.h"
#include "notify.h"
#include "service.h"

#define STATS_LINGER_MS 200 /* the final report's time to reach its subscribers */

static size_t publish_stats(ldpcd_service *s, int final);

static int start_threads(ldpcd_service *s, char *error, size_t error_size)
{
    ldpcd_pipeline *p = s->pipeline;
    atomic_store(&s->intake_stop, 0);
    uint64_t now = ldpcd_now_ns();
    for (uint32_t i = 0; i < p->worker_count; i++) {
        ldpcd_worker *w = &p->workers[i];
        w->service = s;
        atomic_store(&w->heartbeat_ns, now);
        if (pthread_create(&w->thread, NULL, ldpcd_worker_main, w) != 0) {
            snprintf(error, error_size, "cannot start worker threads");
            return -1;
        }
        w->running = 1;
    }
    if (pthread_create(&s->output_thread, NULL, ldpcd_output_main, s) != 0 ||
        pthread_create(&s->intake_thread, NULL, ldpcd_intake_main, s) != 0) {
        snprintf(error, error_size, "cannot start threads");
        return -1;
    }
    s->threads_running = 1;
    return 0;
}

/* Lets every queued frame through and joins every thread: at once for a
 * reload, after the input has drained for a stop (intake ends by itself). */
static void drain_threads(ldpcd_service *s)
{
    if (!s->threads_running)
        return;
    ldpcd_pipeline *p = s->pipeline;
    if (!atomic_load(&s->shutting_down))
        atomic_store(&s->intake_stop, 1);
    pthread_join(s->intake_thread, NULL);
    ldpcd_ring_close(&p->ring);
    for (uint32_t i = 0; i < p->worker_count; i++) {
        if (p->workers[i].running)
            pthread_join(p->workers[i].thread, NULL);
        p->workers[i].running = 0;
    }
    pthread_join(s->output_thread, NULL);
    s->threads_running = 0;
}

static int same_input(const ldpcd_config *a, const ldpcd_config *b)
{
    return strcmp(a->input_endpoint, b->input_endpoint) == 0 && a->input_bind == b->input_bind &&
           a->input_socket == b->input_socket && a->input_hwm == b->input_hwm &&
           strcmp(a->curve_secret_key_file, b->curve_secret_key_file) == 0 &&
           a->trusted_network == b->trusted_network &&
           a->trusted_abstract_ipc == b->trusted_abstract_ipc;
}

static int same_output(const ldpcd_config *a, const ldpcd_config *b)
{
    return strcmp(a->output_endpoint, b->output_endpoint) == 0 &&
           a->output_bind == b->output_bind && a->output_socket == b->output_socket &&
           a->output_hwm == b->output_hwm &&
           strcmp(a->curve_secret_key_file, b->curve_secret_key_file) == 0 &&
           a->trusted_network == b->trusted_network &&
           a->trusted_abstract_ipc == b->trusted_abstract_ipc;
}

static int same_raw_stream(const ldpcd_config *a, const ldpcd_config *b)
{
    return a->input_framing == b->input_framing && strcmp(a->raw_code, b->raw_code) == 0 &&
           a->raw_format == b->raw_format;
}

/* The partial raw frame survives a reload that keeps the raw stream's code
 * and format; otherwise the stream restarts at a frame boundary. */
static int prepare_reframer(ldpcd_service *s, const ldpcd_pipeline *p, const ldpcd_config *config,
                            int keep, char *error, size_t error_size)
{
    size_t bytes = ldpcd_pipeline_raw_frame_bytes(p, config);
    ldpcd_reframer *r = &s->reframer;
    if (!keep)
        ldpcd_reframer_restart(r);
    if (bytes > r->capacity) {
        uint8_t *buffer = calloc(1, bytes), *hard = calloc(2, bytes);
        if (buffer == NULL || hard == NULL) {
            free(buffer);
            free(hard);
            snprintf(error, error_size, "out of memory");
            return -1;
        }
        if (r->filled > 0)
            memcpy(buffer, r->buffer, r->filled);
        free(r->buffer);
        free(r->hard);
        r->buffer = buffer;
        r->hard = hard;
        r->capacity = bytes;
    }
    r->frame_bytes = bytes;
    return 0;
}

/* io_threads = auto: ZeroMQ serves each connection on one I/O thread, which
 * reads 1-2 GB/s of soft values, while a GPU's service takes 5-8 GB/s from
 * several senders: one thread per 2 cores lets each sender have its own.
 * Idle ones cost nothing; against 4 on a 16-core host they measured level
 * on OpenCL and at most a few percent ahead with 12 CPU workers. */
#define CORES_PER_IO_THREAD 2
#define AUTO_IO_THREADS_MAX 8

static int io_threads(const ldpcd_config *config)
{
    if (config->io_threads != 0)
        return (int)config->io_threads;
    long cores = ldpcd_usable_cores();
    long threads = cores / CORES_PER_IO_THREAD;
    return threads < 1 ? 1 : threads > AUTO_IO_THREADS_MAX ? AUTO_IO_THREADS_MAX : (int)threads;
}

int ldpcd_service_start(ldpcd_service *s, const ldpcd_config *config, char *error,
                        size_t error_size)
{
    memset(s, 0, sizeof *s);
    s->config = *config;
    ldpcd_stats_init(&s->stats);
    s->pipeline = ldpcd_pipeline_create(config, &s->stats, error, error_size);
    if (s->pipeline == NULL)
        return -1;
    if (prepare_reframer(s, s->pipeline, config, 0, error, error_size) != 0)
        return -1;
    s->zmq = zmq_ctx_new();
    s->io_threads = io_threads(config);
    zmq_ctx_set(s->zmq, ZMQ_IO_THREADS, s->io_threads);
    if (config->curve_secret_key_file[0] != '\0') {
        s->zap_thread = ldpcd_zap_start(s->zmq, config, error, error_size);
        if (s->zap_thread == NULL)
            return -1;
    }
    if (ldpcd_sockets_open(s, config, 1, 1, 1, error, error_size) != 0)
        return -1;
    if (start_threads(s, error, error_size) != 0)
        return -1;
    s->next_stats_ns = ldpcd_now_ns() + (uint64_t)config->stats_interval_ms * 1000000u;
    ldpcd_log(LDPCD_LOG_NOTICE,
              "ready: %s %s %s -> %s %s %s (%s framing, %s output; %d ZeroMQ I/O threads)",
              config->input_socket == LDPCD_INPUT_SUB ? "sub" : "pull",
              config->input_bind ? "bind" : "connect", config->input_endpoint,
              config->output_socket == LDPCD_OUTPUT_PUB ? "pub" : "push",
              config->output_bind ? "bind" : "connect", config->output_endpoint,
              ldpcd_framing_name(config->input_framing),
              ldpcd_output_bits_name(config->output_bits), s->io_threads);
    return 0;
}

int ldpcd_service_reload(ldpcd_service *s, const ldpcd_config *config, ldpcd_pipeline *next,
                         char *error, size_t error_size)
{
    int keep_input = same_input(&s->config, config);
    int keep_output = same_output(&s->config, config);
    drain_threads(s);
    /* ZeroMQ sends results from the old queue's memory: it must be done */
    if (keep_output)
        ldpcd_ring_wait_released(&s->pipeline->ring, UINT64_MAX);
    else
        ldpcd_output_retire(s, ldpcd_now_ns() +
                                   (uint64_t)s->config.shutdown_timeout_ms * 1000000u);
    ldpcd_pipeline_destroy(s->pipeline);
    /* glibc keeps freed memory in its heap (it raises its mmap threshold
     * after each large free): without this, a dozen reloads of a 90 MB
     * pipeline left the daemon at 250-440 MB instead of 85 */
    malloc_trim(0);
    s->pipeline = next;
    int keep_raw = same_raw_stream(&s->config, config) && keep_input;
    if (!keep_input)
        ldpcd_socket_close(&s->input, 0);
    ldpcd_socket_close(&s->stats_socket, 0);
    int status = prepare_reframer(s, next, config, keep_raw, error, error_size);
    if (status == 0 && (strcmp(s->config.curve_clients_file, config->curve_clients_file) != 0 ||
                        strcmp(s->config.curve_secret_key_file, config->curve_secret_key_file) != 0)) {
        ldpcd_zap_stop(s->zap_thread);
        s->zap_thread = NULL;
        if (config->curve_secret_key_file[0] != '\0') {
            s->zap_thread = ldpcd_zap_start(s->zmq, config, error, error_size);
            status = s->zap_thread != NULL ? 0 : -1;
        }
    }
    if (status == 0)
        status = ldpcd_sockets_open(s, config, !keep_input, !keep_output, 1, error, error_size);
    if (keep_input) {
        /* connections made from now on take the new pipeline's largest message */
        int64_t max_bytes = (int64_t)ldpcd_pipeline_max_input_message(next, config);
        zmq_setsockopt(s->input, ZMQ_MAXMSGSIZE, &max_bytes, sizeof max_bytes);
    }
    if (status != 0) {
        /* The new pipeline stands, but a socket could not be opened: keep the
         * old settings for what is still open and report the failure. */
        ldpcd_log(LDPCD_LOG_ERROR, "reload: %s", error);
    } else {
        s->config = *config;
    }
    if (s->input == NULL || s->output == NULL) {
        snprintf(error, error_size, "reload left no %s socket", s->input == NULL ? "input" : "output");
        return -2; /* fatal: the daemon cannot carry on */
    }
    if (start_threads(s, error, error_size) != 0)
        return -2;
    atomic_fetch_add(&s->stats.reloads, 1);
    return status;
}

void ldpcd_service_stop(ldpcd_service *s)
{
    uint64_t now = ldpcd_now_ns(), timeout_ns = (uint64_t)s->config.shutdown_timeout_ms * 1000000u;
    /* the first half decodes what is still queued, the second answers the
     * rest as `shutdown` and gives the consumers time to take it */
    s->shutdown_decode_until_ns = now + timeout_ns / 2;
    s->shutdown_deadline_ns = now + timeout_ns;
    atomic_store(&s->shutting_down, 1);
    drain_threads(s);
    ldpcd_output_retire(s, s->shutdown_deadline_ns);
    ldpcd_socket_close(&s->input, 0);
    publish_stats(s, 1);
    ldpcd_socket_close(&s->stats_socket, STATS_LINGER_MS);
    ldpcd_zap_stop(s->zap_thread);
    s->zap_thread = NULL;
    zmq_ctx_term(s->zmq);
    s->zmq = NULL;
    ldpcd_pipeline_destroy(s->pipeline);
    s->pipeline = NULL;
    free(s->reframer.buffer);
    free(s->reframer.hard);
    s->reframer.buffer = NULL;
    s->reframer.hard = NULL;
}

int ldpcd_service_workers_alive(ldpcd_service *s, uint64_t max_age_ns)
{
    uint64_t now = ldpcd_now_ns();
    ldpcd_pipeline *p = s->pipeline;
    for (uint32_t i = 0; i < p->worker_count; i++)
        if (now - atomic_load(&p->workers[i].heartbeat_ns) > max_age_ns)
            return 0;
    return 1;
}

size_t ldpcd_service_stats_json(ldpcd_service *s, int final, char *out, size_t size)
{
    ldpcd_pipeline *p = s->pipeline;
    ldpcd_stats_context context = {
        .final = final,
        .queue_depth = ldpcd_ring_depth(&p->ring),
        .queue_capacity = p->ring.capacity,
        .batch_frames = p->batch_frames,
        .workers = p->worker_count,
        .backend = p->backend,
        .decoder = p->decoder_spec,
        .framing = ldpcd_framing_name(s->config.input_framing),
        .allocations = ldpcd_allocation_count(),
    };
    return ldpcd_stats_json(&s->stats, &context, &s->stats_mark, out, size);
}

/* One report on the statistics socket and in the log; 0 if none was made. */
static size_t publish_stats(ldpcd_service *s, int final)
{
    size_t length = ldpcd_service_stats_json(s, final, s->stats_json, sizeof s->stats_json);
    if (length == 0)
        return 0;
    if (s->stats_socket != NULL)
        zmq_send(s->stats_socket, s->stats_json, length, ZMQ_DONTWAIT);
    ldpcd_log(LDPCD_LOG_INFO, "stats %s", s->stats_json);
    return length;
}

void ldpcd_service_tick(ldpcd_service *s)
{
    uint64_t now = ldpcd_now_ns();
    if (now < s->next_stats_ns)
        return;
    s->next_stats_ns = now + (uint64_t)s->config.stats_interval_ms * 1000000u;
    if (publish_stats(s, 0) == 0)
        return;
    ldpcd_notify_status("%llu frames in, %llu out, %llu rejected, queue %u/%u",
                        (unsigned long long)atomic_load(&s->stats.frames_in),
                        (unsigned long long)atomic_load(&s->stats.frames_out),
                        (unsigned long long)atomic_load(&s->stats.rejected),
                        ldpcd_ring_depth(&s->pipeline->ring), s->pipeline->ring.capacity);
}
