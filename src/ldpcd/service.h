/* The running daemon: sockets, the pipeline (codes, decoders, frame ring)
 * and the threads that move frames through it:
 *
 *   input socket -> intake thread -> ring -> worker threads (decode)
 *                                        -> output thread -> output socket
 *
 * The main thread owns the lifecycle (start, SIGHUP reload, SIGTERM drain),
 * the statistics socket and the systemd notifications. Everything a frame
 * touches is allocated when the pipeline is built. */
#ifndef LDPCD_SERVICE_H
#define LDPCD_SERVICE_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "ldpc/decoder.h"
#include "ldpc/soft.h"
#include "code_set.h"
#include "config.h"
#include "helper_pool.h"
#include "frame_input.h"
#include "held_message.h"
#include "nb_codes.h"
#include "ring.h"
#include "stats.h"
#include "worker_decoders.h"

struct ldpcd_service;

typedef struct {
    struct ldpcd_service *service;
    ldpcd_decoders decoders; /* its binary and nonbinary decoders */
    void *batch_soft;      /* frames_per_call * max_n values */
    uint8_t *bits;         /* frames_per_call * max_word decided bits */
    int staged;            /* batch_soft and bits are its decoder's staging areas */
    ldpc_frame_stats *frame_stats;
    ldpcd_slot **claimed;  /* the batch as claimed */
    ldpcd_slot **call;     /* the frames of the decoder call in progress, in claimed */
    ldpcd_slot **decoding; /* those whose values converted: batch_soft's frames */
    ldpcd_frame_input frame_input; /* a frame's raw values -> batch_soft */
    float *llr_scratch;            /* max_n floats for frame_input */
    ldpcd_helper_job job;          /* the batch's conversion or results, shared with helpers */
    uint8_t *failed;               /* per frame of the call: not converted */
    size_t frame_bytes;            /* the batch's soft values per frame in batch_soft */
    ldpc_status decode_status;     /* the batch's decoding, for its results */
    uint64_t decoded_ns;           /* when it ended */
    const ldpc_code *last_code;
    atomic_uint_fast64_t heartbeat_ns;
    pthread_t thread;
    int running;
} ldpcd_worker;

/* Everything a configuration determines besides the sockets; rebuilt on reload. */
typedef struct {
    ldpcd_code_set codes;
    ldpc_decoder_config decoder_config;
    ldpcd_nb_setup nb;
    char decoder_spec[LDPCD_TEXT_SIZE]; /* both decoders' specs when both are in use */
    char backend[LDPCD_TEXT_SIZE];
    int soft_is_float;
    size_t soft_value_bytes;
    ldpcd_ring ring;
    ldpcd_worker *workers;
    uint32_t worker_count;
    uint32_t batch_frames, queue_frames; /* as configured, or chosen for "auto" */
    uint32_t frames_per_call;            /* a worker decodes its batch in calls of these */
    uint32_t convert_threads;
    uint64_t batch_wait_ns;
    ldpcd_output_bits output_bits;
    uint32_t max_frames_per_message;
    size_t max_message_size;
    ldpcd_message_pool messages;  /* input messages the ring's frames point into */
    ldpcd_helper_pool helpers;    /* helpers of the workers' conversions and results */
    const ldpcd_code_entry *raw_code;
    ldpc_soft_input raw_input;
} ldpcd_pipeline;

/* Raw framings: the partial frame carried from one message to the next. */
typedef struct {
    uint8_t *buffer; /* one frame of raw values, max over every raw config */
    size_t capacity;
    size_t filled;
    size_t frame_bytes;
    uint64_t next_sequence;
    char code[LDPCD_TEXT_SIZE]; /* what the partial frame belongs to */
    int format;
    /* Alignment (raw_sync.h): the hard decisions of the previous and the
     * current frame, whether the previous one looked misaligned, and how
     * many more such frames pass before the next search (a search that
     * found nothing doubles the wait, up to SYNC_MAX_WAIT frames). */
    uint8_t *hard; /* 2 x capacity */
    int suspect;
    uint32_t search_wait, search_backoff;
    /* gr-zeromq tag headers: whether this stream has shown one (then every
     * message carries one, as with pass_tags), and the item offset the next
     * message's header should give, trusted once two headers agreed with
     * the values between them (items of one value, not vectors). */
    int tags_seen, offset_known, offset_trusted;
    uint64_t next_offset;
    uint64_t skip_values; /* values to drop before the next frame starts */
} ldpcd_reframer;

typedef struct ldpcd_service {
    ldpcd_config config;
    ldpcd_pipeline *pipeline;
    ldpcd_stats stats;
    ldpcd_reframer reframer;

    void *zmq;
    int io_threads; /* of the ZeroMQ context, fixed at start */
    void *input, *output, *stats_socket;
    void *zap_thread; /* ldpcd_zap handler when CURVE is on */

    pthread_t intake_thread, output_thread;
    int threads_running;
    atomic_int intake_stop;
    /* Stopping: intake answers what is queued (decoding it until
     * shutdown_decode_until_ns, rejecting it as `shutdown` after), the
     * output waits for consumers until the deadline. */
    atomic_int shutting_down;
    uint64_t shutdown_decode_until_ns, shutdown_deadline_ns;
    atomic_int output_dropping; /* results ZeroMQ releases now were not delivered */

    ldpcd_stats_mark stats_mark;
    uint64_t next_stats_ns;
    char stats_json[8192];
} ldpcd_service;

/* service.c: lifecycle */
int ldpcd_service_start(ldpcd_service *service, const ldpcd_config *config, char *error,
                        size_t error_size);
/* Swaps in `next`, built from `config` beforehand (ldpcd_pipeline_create: a
 * configuration that does not build leaves the running one untouched); the
 * service owns it from here. 0, -1 (a socket failed: the old ones stay), or
 * -2 (fatal: no input or output socket left). */
int ldpcd_service_reload(ldpcd_service *service, const ldpcd_config *config,
                         ldpcd_pipeline *next, char *error, size_t error_size);
/* A stop takes at most shutdown_timeout_ms plus this. */
#define LDPCD_STOP_SLACK_MS 1000
void ldpcd_service_stop(ldpcd_service *service);
/* Periodic work of the main thread: statistics and the watchdog. */
void ldpcd_service_tick(ldpcd_service *service);
/* 1 if every worker showed life within max_age_ns. */
int ldpcd_service_workers_alive(ldpcd_service *service, uint64_t max_age_ns);
/* final: the report of a stopped service (every thread joined). */
size_t ldpcd_service_stats_json(ldpcd_service *service, int final, char *out, size_t size);

/* pipeline.c */
ldpcd_pipeline *ldpcd_pipeline_create(const ldpcd_config *config, ldpcd_stats *stats,
                                      char *error, size_t error_size);
void ldpcd_pipeline_destroy(ldpcd_pipeline *pipeline);
/* The largest input message the configuration can take: a protocol message
 * of max_frames_per_message frames of the longest code as f32, or in the raw
 * framings that many raw frames plus a tag header's room. The input socket
 * refuses larger ones (ZMQ_MAXMSGSIZE). */
size_t ldpcd_pipeline_max_input_message(const ldpcd_pipeline *pipeline,
                                        const ldpcd_config *config);
/* Bytes of one raw frame in the raw framings (0 for protocol framing). */
size_t ldpcd_pipeline_raw_frame_bytes(const ldpcd_pipeline *pipeline, const ldpcd_config *config);

/* intake.c: the thread and the message handling (also used by tests). */
void *ldpcd_intake_main(void *service);
void ldpcd_intake_message(ldpcd_service *service, ldpcd_held_message *message);
/* A raw stream that starts over at a frame boundary (no partial frame, no
 * tag headers seen, alignment trusted). */
void ldpcd_reframer_restart(ldpcd_reframer *reframer);
/* The frames look aligned again: no search pending. */
void ldpcd_reframer_trust_alignment(ldpcd_reframer *reframer);

/* worker.c */
void *ldpcd_worker_main(void *worker);

/* output.c */
void *ldpcd_output_main(void *service);
/* Writes the header of a slot's result message; returns the message's size. */
size_t ldpcd_output_encode(const ldpcd_pipeline *pipeline, ldpcd_slot *slot);
/* Closes the output socket once ZeroMQ has delivered every result it holds,
 * or at deadline_ns: what it still holds then is dropped and counted as
 * shutdown_lost. Returns when no slot is held any more. */
void ldpcd_output_retire(ldpcd_service *service, uint64_t deadline_ns);

/* sockets.c */
int ldpcd_sockets_open(ldpcd_service *service, const ldpcd_config *config, int input,
                       int output, int stats, char *error, size_t error_size);
void ldpcd_socket_close(void **socket, int linger_ms);
/* 1 if an endpoint may be used without CURVE (ipc, inproc, tcp on loopback). */
int ldpcd_endpoint_is_local(const char *endpoint);

/* gr_tags.c: length of gr-zeromq's tag header at the start of a message, 0 if
 * there is none, -1 if it starts like one but cannot be parsed. */
long ldpcd_gr_tag_header_length(const uint8_t *data, size_t size);
/* The item offset of a message whose tag header ldpcd_gr_tag_header_length
 * measured: the sender's count of items before the message's first. */
uint64_t ldpcd_gr_tag_header_offset(const uint8_t *data);

#endif
