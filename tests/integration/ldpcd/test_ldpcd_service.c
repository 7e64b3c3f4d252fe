/* Integration tests of ldpcd: real daemons on ipc:// and tcp://127.0.0.1,
 * driven through the documented protocol (docs/PROTOCOL.md). Run as
 * `test_ldpcd_service GROUP`; each ctest test is one group. */
#include <math.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <zmq.h>

#include <cmocka.h>

#include "harness.h"

#define MAX_N 16200

static const char *ldpcd_binary = LDPCD_BINARY;

static ldpc_code *make_code(const char *name)
{
    ldpc_code *code;
    ldpc_error err;
    assert_int_equal(ldpc_code_create(name, &code, &err), LDPC_OK);
    return code;
}

/* Receives one result and checks that it is frame `sequence` of `code`,
 * decoded to the bits of test_frame_llr's frame `seed`. */
static void expect_decoded_frame(test_daemon *d, const ldpc_code *code, uint64_t sequence,
                                 uint64_t seed)
{
    ldpcd_result_header h;
    static uint8_t payload[MAX_N];
    assert_int_equal(test_receive(d, &h, payload, sizeof payload, 30000), 0);
    if (h.sequence != sequence || h.status != LDPCD_STATUS_DECODED)
        fail_msg("expected frame %llu decoded, got frame %llu status %s reason %s",
                 (unsigned long long)sequence, (unsigned long long)h.sequence,
                 ldpcd_frame_status_name((ldpcd_frame_status)h.status),
                 ldpcd_reject_reason_name((ldpcd_reject_reason)h.reason));
    assert_string_equal(h.code, ldpc_code_name(code));
    assert_int_equal(h.payload_bits, ldpc_code_k(code));
    assert_true(h.iterations >= 1);
    assert_int_equal(h.unsatisfied_checks, 0);
    /* receipt to the end of decoding: never 0 for a decoded frame, and
     * within the time this test waits for it */
    assert_true(h.latency_us > 0 && h.latency_us < 30000000u);
    float *llr = malloc((size_t)ldpc_code_n(code) * sizeof(float));
    uint8_t *info = malloc(ldpc_code_k(code)), *packed = malloc((ldpc_code_k(code) + 7) / 8);
    test_frame_llr(code, seed, llr, info);
    ldpc_bits_pack(info, ldpc_code_k(code), packed);
    assert_memory_equal(payload, packed, (ldpc_code_k(code) + 7) / 8);
    free(llr);
    free(info);
    free(packed);
}

/* Frame `sequence` of `code`, decoded to the bits of the frame seeded by it. */
static void expect_decoded(test_daemon *d, const ldpc_code *code, uint64_t sequence)
{
    expect_decoded_frame(d, code, sequence, sequence);
}

/* Receives one rejection record; `whole` says whether it must stand for a
 * whole message (WHOLE_MESSAGE, docs/PROTOCOL.md's table of reasons) or for
 * one frame. */
static void expect_rejection(test_daemon *d, uint64_t sequence, ldpcd_reject_reason reason,
                             int whole)
{
    ldpcd_result_header h;
    assert_int_equal(test_receive(d, &h, NULL, 0, 30000), 0);
    if (h.status != LDPCD_STATUS_REJECTED || h.reason != reason || h.sequence != sequence)
        fail_msg("expected frame %llu rejected (%s), got frame %llu status %s reason %s",
                 (unsigned long long)sequence, ldpcd_reject_reason_name(reason),
                 (unsigned long long)h.sequence,
                 ldpcd_frame_status_name((ldpcd_frame_status)h.status),
                 ldpcd_reject_reason_name((ldpcd_reject_reason)h.reason));
    assert_int_equal(h.payload_bits, 0);
    assert_int_equal((h.flags & LDPCD_RESULT_WHOLE_MESSAGE) != 0, whole);
}

/* A rejected frame of a message whose frames were counted. */
static void expect_rejected(test_daemon *d, uint64_t sequence, ldpcd_reject_reason reason)
{
    expect_rejection(d, sequence, reason, 0);
}

/* A rejected message whose frames could not be counted. */
static void expect_message_rejected(test_daemon *d, uint64_t sequence,
                                    ldpcd_reject_reason reason)
{
    expect_rejection(d, sequence, reason, 1);
}

/* ---- mixed codes, order with several workers (ipc) ------------------------ */

/* The megabytes of code tables the start-up log reports. */
static double logged_table_mb(const test_daemon *d)
{
    char log[65536];
    test_daemon_log(d, log, sizeof log);
    const char *line = strstr(log, "codes (");
    assert_non_null(line);
    return strtod(line + strlen("codes ("), NULL);
}

/* ACM-like traffic of three codes through a daemon with `decoder_line`
 * (a config line, or ""): every frame comes back decoded, in order. The
 * codes stay compact (0.1 MB instead of 3.2 MB) unless the decoder reads
 * their graph (`compact`: whether it does not). */
static void decode_mixed_codes(const char *decoder_line, int compact)
{
    char config[512];
    snprintf(config, sizeof config,
             "codes = dvbs2-short-1/2, dvbs2-short-3/4, dvbt2-short-2/3\n"
             "workers = 3\nbatch_frames = 4\nbatch_wait_us = 500\nqueue_frames = 32\n"
             "socket_mode = 0600\n%s",
             decoder_line);
    test_daemon d;
    test_daemon_capture_log(1);
    assert_int_equal(test_daemon_start(&d, ldpcd_binary, config, NULL), 0);
    test_daemon_capture_log(0);
    double tables_mb = logged_table_mb(&d);
    print_message("code tables: %.1f MB\n", tables_mb);
    assert_true(compact ? tables_mb < 0.5 : tables_mb > 3.0);
    /* the ipc socket files get socket_mode */
    struct stat socket_file;
    assert_int_equal(stat(d.input + strlen("ipc://"), &socket_file), 0);
    assert_int_equal(socket_file.st_mode & 0777, 0600);
    assert_int_equal(stat(d.output + strlen("ipc://"), &socket_file), 0);
    assert_int_equal(socket_file.st_mode & 0777, 0600);
    test_daemon_connect(&d);
    ldpc_code *codes[3] = {make_code("dvbs2-short-1/2"), make_code("dvbs2-short-3/4"),
                           make_code("dvbt2-short-2/3")};
    /* ACM-like: codes interleaved, 1 to 3 frames per message */
    const ldpc_code *sent_code[200];
    uint64_t sequence = 0;
    for (int m = 0; sequence < 150; m++) {
        const ldpc_code *code = codes[(m * 7) % 3];
        uint16_t count = (uint16_t)(1 + m % 3);
        test_send_frames(&d, code, sequence, count);
        for (uint16_t f = 0; f < count; f++)
            sent_code[sequence + f] = code;
        sequence += count;
    }
    for (uint64_t s = 0; s < sequence; s++)
        expect_decoded(&d, sent_code[s], s);
    assert_int_equal(test_daemon_stop(&d, 20000), 0);
    for (int c = 0; c < 3; c++)
        ldpc_code_destroy(codes[c]);
    test_daemon_cleanup(&d);
}

static void mixed_codes_in_order(void **state)
{
    (void)state;
    decode_mixed_codes("", 1);
}

/* Helper threads converting the frames and writing their results, as beside
 * an OpenCL backend's workers: the same frames, the same order. */
static void helpers_share_the_work(void **state)
{
    (void)state;
    decode_mixed_codes("convert_threads = 3\n", 1);
}

/* The throughput variant (saturated 8-bit posteriors) through the service. */
static void saturated_decoder_mixed_codes(void **state)
{
    (void)state;
    decode_mixed_codes("decoder = fixed-layered-oms,posterior=8\n", 0);
}

/* ---- the OpenCL backend (PoCL in CI) ---------------------------------------- */

/* 1 where this build has the OpenCL backend and this machine a device it
 * decodes on, as the daemon will find it. */
static int opencl_device_here(void)
{
    ldpc_code *code = make_code("dvbs2-short-1/2");
    ldpc_decoder_config config = ldpc_decoder_config_default();
    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(code, 1);
    ldpc_decoder *decoder = NULL;
    ldpc_error err;
    int here = 0;
    if (ldpc_decoder_create(&config, &limits, "opencl", &decoder, &err) == LDPC_OK) {
        char place[512];
        here = ldpc_decoder_describe(decoder, place, sizeof place) == 0;
        ldpc_decoder_destroy(decoder);
    }
    ldpc_code_destroy(code);
    return here;
}

/* With backend_fallback off the daemon starts only where its decoders run
 * on the device; ACM traffic then comes back decoded, in order, as on the
 * CPU. */
static void opencl_backend_mixed_codes(void **state)
{
    (void)state;
    if (!opencl_device_here())
        skip();
    decode_mixed_codes("backend = opencl\nbackend_fallback = no\n", 0);
}

/* The daemon with `config` and `env` exits with status 1 before it is ready. */
static void expect_start_refused(const char *config, const char *const *env)
{
    test_daemon d;
    assert_int_equal(test_daemon_start(&d, ldpcd_binary, config, env), -1);
    assert_int_equal(test_daemon_stop(&d, 20000), 1);
    test_daemon_cleanup(&d);
}

/* No OpenCL platform (the ICD loader pointed at an empty vendors directory):
 * with backend_fallback off the daemon refuses to start rather than decode
 * on the CPU unannounced, for the binary and for the nonbinary decoder; with
 * it on, it starts and every frame is decoded (on the CPU). */
static void opencl_without_device(void **state)
{
    (void)state;
    char empty[] = "/tmp/ldpcd-no-vendors-XXXXXX";
    assert_non_null(mkdtemp(empty));
    char vendors[64];
    snprintf(vendors, sizeof vendors, "OCL_ICD_VENDORS=%s", empty);
    const char *env[] = {vendors, NULL};
    expect_start_refused("codes = dvbs2-short-1/2\nbackend = opencl\nbackend_fallback = no\n",
                         env);
    expect_start_refused("codes = nbreg-gf32-620-310\nnonbinary_backend = opencl\n"
                         "backend_fallback = no\n",
                         env);

    test_daemon d;
    assert_int_equal(test_daemon_start(&d, ldpcd_binary,
                                       "codes = dvbs2-short-1/2\nbackend = opencl\n", env),
                     0);
    test_daemon_connect(&d);
    ldpc_code *code = make_code("dvbs2-short-1/2");
    test_send_frames(&d, code, 0, 3);
    for (uint64_t s = 0; s < 3; s++)
        expect_decoded(&d, code, s);
    assert_int_equal(test_daemon_stop(&d, 20000), 0);
    ldpc_code_destroy(code);
    test_daemon_cleanup(&d);
    rmdir(empty);
}

/* ---- every bad-input class, the daemon carries on (tcp loopback) ---------- */

static void bad_input_refused(void **state)
{
    (void)state;
    test_daemon d;
    assert_int_equal(test_daemon_start(&d, ldpcd_binary,
                                       "input_endpoint = tcp://127.0.0.1:47311\n"
                                       "output_endpoint = tcp://127.0.0.1:47312\n"
                                       "codes = dvbs2-short-1/2\nmax_frames_per_message = 4\n"
                                       "batch_wait_us = 100\n",
                                       NULL),
                     0);
    test_daemon_connect(&d);
    ldpc_code *code = make_code("dvbs2-short-1/2");
    size_t frame_bytes = (size_t)ldpc_code_n(code) * sizeof(float);
    uint8_t *message = calloc(1, LDPCD_INPUT_HEADER_SIZE + 6 * frame_bytes);
    float *llr = malloc(2 * frame_bytes);
    uint8_t *info = malloc(ldpc_code_k(code));
    uint64_t s = 0;

    test_send_frames(&d, code, s++, 1);
    /* truncated: shorter than a header */
    assert_int_equal(test_send(&d, "LDPC", 4), 0);
    /* bad magic */
    size_t size = test_message(message, ldpc_code_name(code), LDPC_SOFT_F32, 0, 1, 1.0f, 100, NULL, 0);
    message[0] = 'X';
    assert_int_equal(test_send(&d, message, size + frame_bytes), 0);
    /* bad version */
    size = test_message(message, ldpc_code_name(code), LDPC_SOFT_F32, 0, 1, 1.0f, 101, NULL, 0);
    message[4] = 9;
    assert_int_equal(test_send(&d, message, size + frame_bytes), 0);
    /* unknown flags */
    size = test_message(message, ldpc_code_name(code), LDPC_SOFT_F32, 0x80, 1, 1.0f, 102, NULL, 0);
    assert_int_equal(test_send(&d, message, size + frame_bytes), 0);
    /* unknown code (not configured), 2 frames: two records */
    size = test_message(message, "dvbs2-normal-1/2", LDPC_SOFT_F32, 0, 2, 1.0f, 103, NULL, 0);
    assert_int_equal(test_send(&d, message, size + 2 * frame_bytes), 0);
    /* bad soft-value format */
    size = test_message(message, ldpc_code_name(code), 7, 0, 1, 1.0f, 105, NULL, 0);
    assert_int_equal(test_send(&d, message, size + frame_bytes), 0);
    /* bad scale */
    size = test_message(message, ldpc_code_name(code), LDPC_SOFT_F32, 0, 1, NAN, 106, NULL, 0);
    assert_int_equal(test_send(&d, message, size + frame_bytes), 0);
    /* zero frames */
    size = test_message(message, ldpc_code_name(code), LDPC_SOFT_F32, 0, 0, 1.0f, 107, NULL, 0);
    assert_int_equal(test_send(&d, message, size), 0);
    /* too many frames (max 4) */
    size = test_message(message, ldpc_code_name(code), LDPC_SOFT_F32, 0, 5, 1.0f, 108, NULL, 0);
    assert_int_equal(test_send(&d, message, size + frame_bytes), 0);
    /* payload length mismatch: 2 frames announced, 1.5 sent */
    size = test_message(message, ldpc_code_name(code), LDPC_SOFT_F32, 0, 2, 1.0f, 110, NULL, 0);
    assert_int_equal(test_send(&d, message, size + frame_bytes + frame_bytes / 2), 0);
    /* (a message larger than the largest valid one never reaches the daemon:
     * ZeroMQ drops its connection, test ldpcd_oversized_message_never_read) */
    /* non-finite value in the second of two frames: only that one is refused */
    test_frame_llr(code, 113, llr, info);
    test_frame_llr(code, 114, llr + ldpc_code_n(code), info);
    llr[ldpc_code_n(code) + 5] = INFINITY;
    size = test_message(message, ldpc_code_name(code), LDPC_SOFT_F32, 0, 2, 1.0f, 113, llr, 2 * frame_bytes);
    assert_int_equal(test_send(&d, message, size), 0);
    test_send_frames(&d, code, 115, 1);

    expect_decoded(&d, code, 0);
    expect_message_rejected(&d, 0, LDPCD_REJECT_TRUNCATED);
    expect_message_rejected(&d, 0, LDPCD_REJECT_BAD_MAGIC);
    expect_message_rejected(&d, 101, LDPCD_REJECT_BAD_VERSION);
    expect_message_rejected(&d, 102, LDPCD_REJECT_BAD_HEADER);
    expect_rejected(&d, 103, LDPCD_REJECT_UNKNOWN_CODE);
    expect_rejected(&d, 104, LDPCD_REJECT_UNKNOWN_CODE);
    expect_rejected(&d, 105, LDPCD_REJECT_BAD_FORMAT);
    expect_rejected(&d, 106, LDPCD_REJECT_BAD_SCALE);
    expect_message_rejected(&d, 107, LDPCD_REJECT_ZERO_FRAMES);
    expect_message_rejected(&d, 108, LDPCD_REJECT_TOO_MANY_FRAMES);
    expect_rejected(&d, 110, LDPCD_REJECT_LENGTH_MISMATCH);
    expect_rejected(&d, 111, LDPCD_REJECT_LENGTH_MISMATCH);
    expect_decoded(&d, code, 113);
    expect_rejected(&d, 114, LDPCD_REJECT_NON_FINITE);
    expect_decoded(&d, code, 115);
    /* still alive and decoding */
    test_send_frames(&d, code, 116, 2);
    expect_decoded(&d, code, 116);
    expect_decoded(&d, code, 117);
    assert_int_equal(test_daemon_stop(&d, 20000), 0);
    free(message);
    free(llr);
    free(info);
    ldpc_code_destroy(code);
    test_daemon_cleanup(&d);
}

/* ---- SIGTERM under load: N in, N out, exit 0 ------------------------------ */

static void shutdown_finishes_queued_frames(void **state)
{
    (void)state;
    test_daemon d;
    assert_int_equal(test_daemon_start(&d, ldpcd_binary,
                                       "codes = dvbs2-short-1/2\nworkers = 2\nbatch_frames = 8\n"
                                       "queue_frames = 64\ninput_hwm = 1000\n",
                                       NULL),
                     0);
    test_daemon_connect(&d);
    ldpc_code *code = make_code("dvbs2-short-1/2");
    const uint64_t total = 300;
    for (uint64_t s = 0; s < total; s += 3)
        test_send_frames(&d, code, s, 3);
    /* let the messages reach the daemon's socket, then stop it mid-work */
    struct timespec pause = {0, 300000000};
    nanosleep(&pause, NULL);
    test_daemon_signal(&d, SIGTERM);
    for (uint64_t s = 0; s < total; s++)
        expect_decoded(&d, code, s);
    assert_int_equal(test_daemon_stop(&d, 30000), 0);
    ldpc_code_destroy(code);
    test_daemon_cleanup(&d);
}

/* ---- SIGHUP reload under load (config changes), nothing lost ------------- */

typedef struct {
    test_daemon *d;
    const ldpc_code *code;
    uint64_t total;
} sender_args;

static void *sender(void *argument)
{
    sender_args *a = argument;
    for (uint64_t s = 0; s < a->total; s += 2) {
        test_send_frames(a->d, a->code, s, 2);
        struct timespec pause = {0, 3000000};
        nanosleep(&pause, NULL);
    }
    return NULL;
}

static void rewrite_config(test_daemon *d, const char *config)
{
    char path[256];
    snprintf(path, sizeof path, "%s/ldpcd.conf", d->dir);
    FILE *file = fopen(path, "w");
    assert_non_null(file);
    fprintf(file, "runtime_dir = %s\n%s\n", d->dir, config);
    fclose(file);
}

static void reload_under_load(void **state)
{
    (void)state;
    test_daemon d;
    assert_int_equal(test_daemon_start(&d, ldpcd_binary,
                                       "codes = dvbs2-short-1/2\nworkers = 1\nbatch_frames = 4\n",
                                       NULL),
                     0);
    test_daemon_connect(&d);
    ldpc_code *code = make_code("dvbs2-short-1/2");
    sender_args args = {&d, code, 400};
    /* the sender gets its own PUSH socket: zmq sockets are single-threaded */
    test_daemon sender_view = d;
    sender_view.push = zmq_socket(d.zmq, ZMQ_PUSH);
    zmq_connect(sender_view.push, d.input);
    args.d = &sender_view;
    pthread_t thread;
    pthread_create(&thread, NULL, sender, &args);
    const char *configs[] = {
        "codes = dvbs2-short-1/2, dvbs2-short-2/3\nworkers = 3\nbatch_frames = 8\n",
        "codes = dvbs2-short-*\nworkers = 2\nbatch_frames = 2\nqueue_frames = 16\n",
        "codes = dvbs2-short-1/2\nworkers = 1\nbatch_frames = 16\n",
    };
    char note[512];
    uint64_t received = 0;
    for (int r = 0; r < 3; r++) {
        /* receive some, then reload while frames are queued */
        for (int i = 0; i < 60; i++, received++)
            expect_decoded(&d, code, received);
        rewrite_config(&d, configs[r]);
        test_daemon_signal(&d, SIGHUP);
        int reloading = 0, ready = 0;
        while (!ready && test_daemon_notify(&d, note, sizeof note, 20000) == 0) {
            reloading |= strstr(note, "RELOADING=1") != NULL;
            ready = reloading && strstr(note, "READY=1") != NULL;
        }
        assert_true(ready);
    }
    for (; received < args.total; received++)
        expect_decoded(&d, code, received);
    pthread_join(thread, NULL);
    /* a bad config is refused and the old one keeps running */
    rewrite_config(&d, "codes = no-such-code\n");
    test_daemon_signal(&d, SIGHUP);
    test_send_frames(&d, code, 1000, 1);
    expect_decoded(&d, code, 1000);
    zmq_close(sender_view.push);
    assert_int_equal(test_daemon_stop(&d, 20000), 0);
    ldpc_code_destroy(code);
    test_daemon_cleanup(&d);
}

/* ---- systemd notify and watchdog ------------------------------------------ */

static void notify_and_watchdog(void **state)
{
    (void)state;
    test_daemon d;
    const char *env[] = {"WATCHDOG_USEC=400000", NULL};
    assert_int_equal(test_daemon_start(&d, ldpcd_binary,
                                       "codes = dvbs2-short-1/2\nstats_interval_ms = 200\n", env),
                     0);
    char note[512];
    int watchdogs = 0, status_lines = 0;
    for (int i = 0; i < 40 && (watchdogs < 3 || status_lines < 1); i++) {
        assert_int_equal(test_daemon_notify(&d, note, sizeof note, 5000), 0);
        watchdogs += strcmp(note, "WATCHDOG=1") == 0;
        status_lines += strncmp(note, "STATUS=", 7) == 0;
    }
    assert_true(watchdogs >= 3);
    assert_true(status_lines >= 1);
    test_daemon_signal(&d, SIGHUP);
    int reloading = 0, ready = 0;
    while (!ready && test_daemon_notify(&d, note, sizeof note, 10000) == 0) {
        if (strncmp(note, "RELOADING=1", 11) == 0) {
            reloading = 1;
            assert_non_null(strstr(note, "MONOTONIC_USEC="));
        }
        ready = reloading && strcmp(note, "READY=1") == 0;
    }
    assert_true(ready);
    kill(d.pid, SIGTERM);
    int stopping = 0;
    while (!stopping && test_daemon_notify(&d, note, sizeof note, 10000) == 0)
        stopping = strncmp(note, "STOPPING=1\n", 11) == 0;
    assert_true(stopping);
    /* systemd is asked to wait for the whole stop: shutdown_timeout_ms (10 s
     * by default) + 2 s */
    assert_non_null(strstr(note, "EXTEND_TIMEOUT_USEC=12000000"));
    assert_int_equal(test_daemon_stop(&d, 20000), 0);
    test_daemon_cleanup(&d);
}

/* ---- CURVE: an unknown client is refused ----------------------------------- */

static void write_text(const char *path, const char *text)
{
    FILE *file = fopen(path, "w");
    assert_non_null(file);
    fputs(text, file);
    fclose(file);
}

static void curve_refuses_unknown_client(void **state)
{
    (void)state;
    char server_public[41], server_secret[41], client_public[41], client_secret[41];
    char other_public[41], other_secret[41];
    if (zmq_curve_keypair(server_public, server_secret) != 0)
        skip(); /* libzmq without CURVE */
    /* '#' is a Z85 character (and once cut keys short as a comment): make sure
     * the server key holds one. About 4 keys in 10 do. */
    for (int tries = 0; strchr(server_secret, '#') == NULL && tries < 1000; tries++)
        zmq_curve_keypair(server_public, server_secret);
    assert_non_null(strchr(server_secret, '#'));
    zmq_curve_keypair(client_public, client_secret);
    zmq_curve_keypair(other_public, other_secret);
    char keys_dir[] = "/tmp/ldpcd-curve-XXXXXX";
    assert_non_null(mkdtemp(keys_dir));
    char secret_path[128], clients_path[128], config[1024];
    snprintf(secret_path, sizeof secret_path, "%s/server.key", keys_dir);
    snprintf(clients_path, sizeof clients_path, "%s/clients", keys_dir);
    char line[64];
    snprintf(line, sizeof line, "%s\n", server_secret);
    write_text(secret_path, line);
    snprintf(line, sizeof line, "# the demodulator\n%s\n", client_public);
    write_text(clients_path, line);

    /* non-loopback tcp without CURVE is refused at start-up */
    test_daemon open;
    assert_int_not_equal(test_daemon_start(&open, ldpcd_binary,
                                           "input_endpoint = tcp://0.0.0.0:47321\n"
                                           "codes = dvbs2-short-1/2\n",
                                           NULL),
                         0);
    assert_int_equal(test_daemon_stop(&open, 10000), 1);
    test_daemon_cleanup(&open);

    snprintf(config, sizeof config,
             "input_endpoint = tcp://0.0.0.0:47322\ncodes = dvbs2-short-1/2\n"
             "curve_secret_key_file = %s\ncurve_clients_file = %s\n",
             secret_path, clients_path);
    test_daemon d;
    assert_int_equal(test_daemon_start(&d, ldpcd_binary, config, NULL), 0);
    test_daemon_connect(&d); /* opens the context and the result PULL (ipc) */
    zmq_close(d.push);
    ldpc_code *code = make_code("dvbs2-short-1/2");
    /* the unknown client first: nothing it sends may come out */
    d.push = zmq_socket(d.zmq, ZMQ_PUSH);
    zmq_setsockopt(d.push, ZMQ_CURVE_SERVERKEY, server_public, 40);
    zmq_setsockopt(d.push, ZMQ_CURVE_PUBLICKEY, other_public, 40);
    zmq_setsockopt(d.push, ZMQ_CURVE_SECRETKEY, other_secret, 40);
    int linger = 0;
    zmq_setsockopt(d.push, ZMQ_LINGER, &linger, sizeof linger);
    zmq_connect(d.push, "tcp://127.0.0.1:47322");
    int timeout_ms = 500;
    zmq_setsockopt(d.push, ZMQ_SNDTIMEO, &timeout_ms, sizeof timeout_ms);
    test_send_frames(&d, code, 666, 1); /* queued locally: the handshake never completes */
    ldpcd_result_header h;
    assert_int_equal(test_receive(&d, &h, NULL, 0, 1500), -1);
    zmq_close(d.push);
    /* the allowed client gets through */
    d.push = zmq_socket(d.zmq, ZMQ_PUSH);
    zmq_setsockopt(d.push, ZMQ_CURVE_SERVERKEY, server_public, 40);
    zmq_setsockopt(d.push, ZMQ_CURVE_PUBLICKEY, client_public, 40);
    zmq_setsockopt(d.push, ZMQ_CURVE_SECRETKEY, client_secret, 40);
    zmq_connect(d.push, "tcp://127.0.0.1:47322");
    test_send_frames(&d, code, 7, 1);
    expect_decoded(&d, code, 7);
    assert_int_equal(test_daemon_stop(&d, 20000), 0);
    ldpc_code_destroy(code);
    test_daemon_cleanup(&d);
    char command[128];
    snprintf(command, sizeof command, "rm -rf '%s'", keys_dir);
    assert_int_equal(system(command), 0);
}

/* ---- raw modes: gr-zeromq stream (with tag headers) and liquid soft bits --- */

/* gr-zeromq tag header of a message whose first item is item `offset` of
 * the stream, with one tag: key symbol "ldpc", value int32 7, source id
 * symbol "src" (PMTs are big-endian). */
static size_t gr_tag_header_at(uint8_t *out, uint64_t offset)
{
    size_t at = 0;
    out[at++] = 0xF0;
    out[at++] = 0x5F; /* magic 0x5FF0, little-endian */
    out[at++] = 0x01; /* version */
    ldpcd_write_u64(out + at, offset);
    at += 8;
    ldpcd_write_u64(out + at, 1);
    at += 8;
    ldpcd_write_u64(out + at, 12350);
    at += 8;
    const uint8_t pmts[] = {0x02, 0x00, 0x04, 'l', 'd', 'p', 'c', 0x03, 0x00, 0x00, 0x00, 0x07,
                            0x02, 0x00, 0x03, 's', 'r', 'c'};
    memcpy(out + at, pmts, sizeof pmts);
    return at + sizeof pmts;
}

static size_t gr_tag_header(uint8_t *out)
{
    return gr_tag_header_at(out, 12345);
}

/* A daemon reading gr-zeromq float items of dvbs2-short-1/2. */
#define RAW_GNURADIO_F32                                                                           \
    "input_framing = gnuradio\nraw_format = f32\nraw_code = dvbs2-short-1/2\n"                    \
    "codes = dvbs2-short-1/2\nbatch_wait_us = 100\n"

static void raw_gnuradio_stream(void **state)
{
    (void)state;
    test_daemon d;
    assert_int_equal(test_daemon_start(&d, ldpcd_binary, RAW_GNURADIO_F32, NULL), 0);
    test_daemon_connect(&d);
    ldpc_code *code = make_code("dvbs2-short-1/2");
    const int frames = 3;
    size_t frame_bytes = (size_t)ldpc_code_n(code) * sizeof(float);
    uint8_t *stream = malloc(frames * frame_bytes);
    uint8_t *info = malloc(ldpc_code_k(code));
    for (int f = 0; f < frames; f++)
        test_frame_llr(code, (uint64_t)f, (float *)(void *)(stream + f * frame_bytes), info);
    /* messages not aligned to frames nor to items, every other one tagged */
    uint8_t message[8192 + 128];
    size_t at = 0;
    for (int m = 0; at < frames * frame_bytes; m++) {
        size_t chunk = 7777;
        if (chunk > frames * frame_bytes - at)
            chunk = frames * frame_bytes - at;
        size_t header = m % 2 ? gr_tag_header(message) : 0;
        memcpy(message + header, stream + at, chunk);
        assert_int_equal(test_send(&d, message, header + chunk), 0);
        at += chunk;
    }
    for (int f = 0; f < frames; f++)
        expect_decoded(&d, code, (uint64_t)f);
    assert_int_equal(test_daemon_stop(&d, 20000), 0);
    free(stream);
    free(info);
    ldpc_code_destroy(code);
    test_daemon_cleanup(&d);
}

/* In a stream whose messages carry tag headers, a message whose header
 * cannot be parsed is one rejection, and the stream restarts its frame: the
 * half frame before it is dropped, so the next whole frame decodes as
 * itself. */
static void raw_gnuradio_bad_tag_header(void **state)
{
    (void)state;
    test_daemon d;
    assert_int_equal(test_daemon_start(&d, ldpcd_binary, RAW_GNURADIO_F32, NULL), 0);
    test_daemon_connect(&d);
    ldpc_code *code = make_code("dvbs2-short-1/2");
    size_t frame_bytes = (size_t)ldpc_code_n(code) * sizeof(float);
    float *llr = malloc(frame_bytes);
    uint8_t *info = malloc(ldpc_code_k(code));
    uint8_t header[128];
    uint8_t *message = malloc(sizeof header + frame_bytes);
    test_frame_llr(code, 0, llr, info);
    size_t header_bytes = gr_tag_header(message);
    memcpy(message + header_bytes, llr, frame_bytes / 2);
    assert_int_equal(test_send(&d, message, header_bytes + frame_bytes / 2), 0);
    /* a tag header announcing 1000 tags and holding one */
    header_bytes = gr_tag_header(header);
    ldpcd_write_u64(header + 11, 1000);
    assert_int_equal(test_send(&d, header, header_bytes), 0);
    test_frame_llr(code, 1, llr, info);
    header_bytes = gr_tag_header(message);
    memcpy(message + header_bytes, llr, frame_bytes);
    assert_int_equal(test_send(&d, message, header_bytes + frame_bytes), 0);
    expect_message_rejected(&d, 0, LDPCD_REJECT_BAD_TAG_HEADER);
    expect_decoded(&d, code, 1);
    assert_int_equal(test_daemon_stop(&d, 20000), 0);
    free(message);
    free(llr);
    free(info);
    ldpc_code_destroy(code);
    test_daemon_cleanup(&d);
}

/* A raw stream's raw_negate, raw_scale and raw_normalize reach the
 * conversion: one daemon gets negated values a thousand times too small with
 * raw_negate and raw_scale = 1000, another the small values with
 * raw_normalize; both decode every frame. */
static void raw_stream_settings(void **state)
{
    (void)state;
    const char *configs[] = {"raw_negate = yes\nraw_scale = 1000\nraw_normalize = no\n",
                             "raw_normalize = yes\n"};
    ldpc_code *code = make_code("dvbs2-short-1/2");
    size_t frame_bytes = (size_t)ldpc_code_n(code) * sizeof(float);
    float *llr = malloc(frame_bytes);
    uint8_t *info = malloc(ldpc_code_k(code));
    for (int c = 0; c < 2; c++) {
        char config[512];
        snprintf(config, sizeof config, "%s%s", RAW_GNURADIO_F32, configs[c]);
        test_daemon d;
        assert_int_equal(test_daemon_start(&d, ldpcd_binary, config, NULL), 0);
        test_daemon_connect(&d);
        for (uint64_t f = 0; f < 2; f++) {
            test_frame_llr(code, f, llr, info);
            for (uint32_t v = 0; v < ldpc_code_n(code); v++)
                llr[v] *= c == 0 ? -0.001f : 0.001f;
            assert_int_equal(test_send(&d, llr, frame_bytes), 0);
        }
        for (uint64_t f = 0; f < 2; f++)
            expect_decoded(&d, code, f);
        assert_int_equal(test_daemon_stop(&d, 20000), 0);
        test_daemon_cleanup(&d);
    }
    free(llr);
    free(info);
    ldpc_code_destroy(code);
}

/* The header's NEGATE and NORMALIZE flags reach the conversion: negated
 * values, values a thousand times too small, and both at once decode. */
static void header_flags_negate_and_normalize(void **state)
{
    (void)state;
    test_daemon d;
    assert_int_equal(
        test_daemon_start(&d, ldpcd_binary, "codes = dvbs2-short-1/2\nbatch_wait_us = 100\n", NULL),
        0);
    test_daemon_connect(&d);
    ldpc_code *code = make_code("dvbs2-short-1/2");
    size_t frame_bytes = (size_t)ldpc_code_n(code) * sizeof(float);
    float *llr = malloc(frame_bytes);
    uint8_t *info = malloc(ldpc_code_k(code));
    uint8_t *message = malloc(LDPCD_INPUT_HEADER_SIZE + frame_bytes);
    const uint8_t flags[] = {LDPCD_FLAG_NEGATE, LDPCD_FLAG_NORMALIZE,
                             LDPCD_FLAG_NEGATE | LDPCD_FLAG_NORMALIZE};
    for (uint64_t s = 0; s < 3; s++) {
        test_frame_llr(code, s, llr, info);
        for (uint32_t v = 0; v < ldpc_code_n(code); v++) {
            if (flags[s] & LDPCD_FLAG_NEGATE)
                llr[v] = -llr[v];
            if (flags[s] & LDPCD_FLAG_NORMALIZE)
                llr[v] *= 0.001f;
        }
        size_t size = test_message(message, ldpc_code_name(code), LDPC_SOFT_F32, flags[s], 1, 1.0f, s, llr,
                                   frame_bytes);
        assert_int_equal(test_send(&d, message, size), 0);
    }
    for (uint64_t s = 0; s < 3; s++)
        expect_decoded(&d, code, s);
    assert_int_equal(test_daemon_stop(&d, 20000), 0);
    free(llr);
    free(info);
    free(message);
    ldpc_code_destroy(code);
    test_daemon_cleanup(&d);
}

static void raw_liquid_stream(void **state)
{
    (void)state;
    test_daemon d;
    assert_int_equal(test_daemon_start(&d, ldpcd_binary,
                                       "input_framing = liquid\nraw_code = dvbs2-short-1/2\n"
                                       "codes = dvbs2-short-1/2\nbatch_wait_us = 100\n",
                                       NULL),
                     0);
    test_daemon_connect(&d);
    ldpc_code *code = make_code("dvbs2-short-1/2");
    const int frames = 4;
    uint8_t *stream = malloc((size_t)frames * ldpc_code_n(code));
    float *llr = malloc((size_t)ldpc_code_n(code) * sizeof(float));
    uint8_t *info = malloc(ldpc_code_k(code));
    for (int f = 0; f < frames; f++) {
        test_frame_llr(code, (uint64_t)f, llr, info);
        /* liquid soft bits: 0 certain 0, 255 certain 1 */
        for (uint32_t b = 0; b < ldpc_code_n(code); b++)
            stream[(size_t)f * ldpc_code_n(code) + b] = llr[b] > 0 ? (llr[b] > 2 ? 20 : 100)
                                                           : (llr[b] < -2 ? 235 : 155);
    }
    size_t total = (size_t)frames * ldpc_code_n(code);
    for (size_t at = 0; at < total; at += 5000)
        assert_int_equal(test_send(&d, stream + at, total - at < 5000 ? total - at : 5000), 0);
    for (int f = 0; f < frames; f++)
        expect_decoded(&d, code, (uint64_t)f);
    assert_int_equal(test_daemon_stop(&d, 20000), 0);
    free(stream);
    free(llr);
    free(info);
    ldpc_code_destroy(code);
    test_daemon_cleanup(&d);
}

/* ---- statistics, zero allocations in the steady state ----------------------- */

/* The number `key` of the first report with at least min_frames_out frames
 * out. */
static uint64_t stats_number(void *stats_socket, const char *key, uint64_t min_frames_out)
{
    char json[16384], pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\":", key);
    for (int tries = 0; tries < 100; tries++) {
        int got = zmq_recv(stats_socket, json, sizeof json - 1, 0);
        if (got < 0)
            continue;
        json[got < (int)sizeof json ? got : (int)sizeof json - 1] = '\0';
        const char *frames = strstr(json, "\"frames_out\":");
        const char *value = strstr(json, pattern);
        assert_non_null(value);
        if (frames != NULL && strtoull(frames + 13, NULL, 10) >= min_frames_out)
            return strtoull(value + strlen(pattern), NULL, 10);
    }
    fail_msg("no statistics with %llu frames out", (unsigned long long)min_frames_out);
    return 0;
}

static void run_traffic(test_daemon *d, ldpc_code **codes, uint64_t first, uint64_t count)
{
    uint8_t bad[LDPCD_INPUT_HEADER_SIZE + 16];
    for (uint64_t s = first; s < first + count; s += 2) {
        const ldpc_code *code = codes[(s / 2) % 2];
        test_send_frames(d, code, s, 2);
        expect_decoded(d, code, s);
        expect_decoded(d, code, s + 1);
        /* a rejection now and then must not allocate either */
        size_t size = test_message(bad, "no-such-code", LDPC_SOFT_F32, 0, 1, 1.0f, 9, NULL, 0);
        assert_int_equal(test_send(d, bad, size + 16), 0);
        expect_rejected(d, 9, LDPCD_REJECT_UNKNOWN_CODE);
    }
}

/* The allocations of the daemon's own code (ldpcd-alloc-count wraps malloc
 * and its kin in everything linked into it, the library included; shared
 * libraries such as libzmq or an OpenCL driver are not counted) stay the
 * same over 100 frames and 50 rejections after a warm-up. `backend_line`:
 * a config line, or "". */
static void expect_no_allocations_in_steady_state(const char *backend_line)
{
    char config[256];
    snprintf(config, sizeof config,
             "codes = dvbs2-short-1/2, dvbs2-short-3/5\nworkers = 2\n"
             "batch_frames = 4\nstats_interval_ms = 100\n%s",
             backend_line);
    test_daemon d;
    assert_int_equal(test_daemon_start(&d, LDPCD_ALLOC_COUNT_BINARY, config, NULL), 0);
    test_daemon_connect(&d);
    void *stats = test_daemon_subscribe_stats(&d);
    ldpc_code *codes[2] = {make_code("dvbs2-short-1/2"), make_code("dvbs2-short-3/5")};
    run_traffic(&d, codes, 0, 20); /* warm-up: every path taken once */
    uint64_t before = stats_number(stats, "allocations", 30);
    run_traffic(&d, codes, 100, 100);
    uint64_t after = stats_number(stats, "allocations", 180);
    printf("allocations after warm-up: %llu, after 100 more frames and 50 rejections: %llu\n",
           (unsigned long long)before, (unsigned long long)after);
    assert_true(before > 0); /* the counter works: start-up allocates */
    assert_int_equal(after, before);
    zmq_close(stats);
    assert_int_equal(test_daemon_stop(&d, 20000), 0);
    ldpc_code_destroy(codes[0]);
    ldpc_code_destroy(codes[1]);
    test_daemon_cleanup(&d);
}

static void zero_allocations_in_steady_state(void **state)
{
    (void)state;
    expect_no_allocations_in_steady_state("");
}

/* The OpenCL backend's host side (staging, passes, table cache, copies on
 * its threads) allocates nothing per call either. */
static void opencl_zero_allocations_in_steady_state(void **state)
{
    (void)state;
    if (!opencl_device_here())
        skip();
    expect_no_allocations_in_steady_state("backend = opencl\nbackend_fallback = no\n");
}

/* The device lost at the third decode call (fault injection through
 * the tuning key test_device_loss_at_call): every frame is still decoded, on
 * the CPU from then on, and the worker reports the move once, as a fallback
 * in the statistics (backend_fallback governs start-up only), beside the
 * decoder's one table upload and its frames decoded on the CPU. The worker's
 * batches live in the decoder's staging areas (converted into its pinned
 * input, results read from its pinned output), which outlast the device. */
static void opencl_device_lost_while_running(void **state)
{
    (void)state;
    if (!opencl_device_here())
        skip();
    const char *env[] = {"LDPC_CL_TUNING=test_device_loss_at_call=3", NULL};
    test_daemon d;
    test_daemon_capture_log(1);
    assert_int_equal(test_daemon_start(&d, ldpcd_binary,
                                       "codes = dvbs2-short-1/2\nbackend = opencl\n"
                                       "backend_fallback = no\nworkers = 1\n"
                                       "stats_interval_ms = 100\nbatch_wait_us = 50000\n",
                                       env),
                     0);
    test_daemon_capture_log(0);
    char log[8192];
    test_daemon_log(&d, log, sizeof log);
    if (strstr(log, "batches in the decoders' staging") == NULL)
        fail_msg("the worker's batches are not in the decoder's staging: %s", log);
    test_daemon_connect(&d);
    void *stats = test_daemon_subscribe_stats(&d);
    ldpc_code *code = make_code("dvbs2-short-1/2");
    /* one call per message (the batch waits 50 ms for the message's second
     * frame): the next is sent after the results */
    for (uint64_t s = 0; s < 10; s += 2) {
        test_send_frames(&d, code, s, 2);
        expect_decoded(&d, code, s);
        expect_decoded(&d, code, s + 1);
    }
    assert_int_equal(stats_number(stats, "fallbacks", 10), 1);
    assert_int_equal(stats_number(stats, "table_uploads", 10), 1);
    assert_int_equal(stats_number(stats, "frames_on_cpu", 10), 6); /* calls 3, 4 and 5 */
    zmq_close(stats);
    assert_int_equal(test_daemon_stop(&d, 20000), 0);
    ldpc_code_destroy(code);
    test_daemon_cleanup(&d);
}

/* ---- raw streams that lose their frame alignment ---------------------------- */

/* Receives one result: frame `sequence`, decoded but not converged. */
static void expect_not_converged(test_daemon *d, uint64_t sequence)
{
    ldpcd_result_header h;
    static uint8_t payload[MAX_N];
    assert_int_equal(test_receive(d, &h, payload, sizeof payload, 30000), 0);
    if (h.sequence != sequence || h.status != LDPCD_STATUS_NOT_CONVERGED)
        fail_msg("expected frame %llu not converged, got frame %llu status %s",
                 (unsigned long long)sequence, (unsigned long long)h.sequence,
                 ldpcd_frame_status_name((ldpcd_frame_status)h.status));
}

/* `size` bytes as messages of `chunk` bytes (the last one shorter). */
static void send_in_chunks(test_daemon *d, const uint8_t *bytes, size_t size, size_t chunk)
{
    for (size_t at = 0; at < size; at += chunk)
        assert_int_equal(test_send(d, bytes + at, size - at < chunk ? size - at : chunk), 0);
}

/* A tagless float stream with 1000 stray values between frames 2 and 3 (a
 * sender stopped mid-frame): the frame they shift comes back not converged,
 * the stream finds its alignment in the next one (whose first 1000 values,
 * frame 3's tail, are dropped) and every later frame decodes as sent. */
static void raw_stream_finds_its_frames_again(void **state)
{
    (void)state;
    test_daemon d;
    assert_int_equal(test_daemon_start(&d, ldpcd_binary,
                                       RAW_GNURADIO_F32 "stats_interval_ms = 100\n", NULL),
                     0);
    test_daemon_connect(&d);
    void *stats = test_daemon_subscribe_stats(&d);
    ldpc_code *code = make_code("dvbs2-short-1/2");
    const int frames = 33, stray = 1000;
    size_t frame_bytes = (size_t)ldpc_code_n(code) * sizeof(float);
    size_t size = frames * frame_bytes + stray * sizeof(float);
    uint8_t *stream = malloc(size), *info = malloc(ldpc_code_k(code));
    uint8_t *at = stream;
    for (int f = 0; f < frames; f++) {
        if (f == 3) {
            for (int i = 0; i < stray; i++) {
                float value = (float)((i * 7919 % 23) - 11); /* noise-like */
                memcpy(at, &value, sizeof value);
                at += sizeof value;
            }
        }
        test_frame_llr(code, (uint64_t)f, (float *)(void *)at, info);
        at += frame_bytes;
    }
    send_in_chunks(&d, stream, size, 40000);
    for (uint64_t s = 0; s < 3; s++)
        expect_decoded(&d, code, s);
    expect_not_converged(&d, 3);
    for (uint64_t s = 4; s < (uint64_t)frames; s++)
        expect_decoded(&d, code, s);
    assert_int_equal(stats_number(stats, "raw_resyncs", (uint64_t)frames), 1);
    assert_int_equal(stats_number(stats, "raw_bytes_discarded", (uint64_t)frames),
                     stray * sizeof(float));
    zmq_close(stats);
    assert_int_equal(test_daemon_stop(&d, 20000), 0);
    free(stream);
    free(info);
    ldpc_code_destroy(code);
    test_daemon_cleanup(&d);
}

/* A tagless int8 stream whose frame starts with F0 5F 01, the bytes of a tag
 * header's magic and version: the frame is data, not a bad tag header. */
static void raw_values_that_look_like_a_tag_header(void **state)
{
    (void)state;
    test_daemon d;
    assert_int_equal(test_daemon_start(&d, ldpcd_binary,
                                       "input_framing = gnuradio\nraw_format = i8\n"
                                       "raw_code = dvbs2-short-1/2\ncodes = dvbs2-short-1/2\n"
                                       "batch_wait_us = 100\n",
                                       NULL),
                     0);
    test_daemon_connect(&d);
    ldpc_code *code = make_code("dvbs2-short-1/2");
    float *llr = malloc((size_t)ldpc_code_n(code) * sizeof(float));
    int8_t *values = malloc(ldpc_code_n(code));
    uint8_t *info = malloc(ldpc_code_k(code));
    for (uint64_t f = 0; f < 2; f++) {
        test_frame_llr(code, f, llr, info);
        ldpc_quantise(llr, ldpc_code_n(code), 4.0f, values);
        values[0] = -16; /* 0xF0 */
        values[1] = 95;  /* 0x5F */
        values[2] = 1;
        assert_int_equal(test_send(&d, values, ldpc_code_n(code)), 0);
    }
    expect_decoded(&d, code, 0);
    expect_decoded(&d, code, 1);
    assert_int_equal(test_daemon_stop(&d, 20000), 0);
    free(llr);
    free(values);
    free(info);
    ldpc_code_destroy(code);
    test_daemon_cleanup(&d);
}

/* A tagged float stream (gr-zeromq with pass_tags: every message's header
 * gives the offset of its first item) loses one message inside frame 1:
 * the offsets show the gap, the rest of frame 1 is skipped, and frames 2 to
 * 5 decode as sent (sequences 1 to 4). */
static void raw_stream_follows_tag_offsets(void **state)
{
    (void)state;
    test_daemon d;
    assert_int_equal(test_daemon_start(&d, ldpcd_binary,
                                       RAW_GNURADIO_F32 "stats_interval_ms = 100\n", NULL),
                     0);
    test_daemon_connect(&d);
    void *stats = test_daemon_subscribe_stats(&d);
    ldpc_code *code = make_code("dvbs2-short-1/2");
    const uint32_t frames = 6, items = 3000; /* items per message */
    size_t frame_bytes = (size_t)ldpc_code_n(code) * sizeof(float);
    uint8_t *stream = malloc(frames * frame_bytes), *info = malloc(ldpc_code_k(code));
    uint8_t *message = malloc(128 + items * sizeof(float));
    for (uint32_t f = 0; f < frames; f++)
        test_frame_llr(code, f, (float *)(void *)(stream + f * frame_bytes), info);
    uint64_t total = (uint64_t)frames * ldpc_code_n(code);
    for (uint64_t first = 0; first < total; first += items) {
        uint64_t count = total - first < items ? total - first : items;
        if (first / ldpc_code_n(code) == 1 && (first + count) / ldpc_code_n(code) == 1 && first % ldpc_code_n(code) > 0)
            continue; /* lost: a message wholly inside frame 1 */
        size_t header = gr_tag_header_at(message, first);
        memcpy(message + header, stream + first * sizeof(float), count * sizeof(float));
        assert_int_equal(test_send(&d, message, header + count * sizeof(float)), 0);
    }
    expect_decoded(&d, code, 0);
    for (uint64_t s = 1; s < frames - 1; s++)
        expect_decoded_frame(&d, code, s, s + 1);
    assert_true(stats_number(stats, "raw_resyncs", frames - 1) >= 1);
    zmq_close(stats);
    assert_int_equal(test_daemon_stop(&d, 20000), 0);
    free(stream);
    free(info);
    free(message);
    ldpc_code_destroy(code);
    test_daemon_cleanup(&d);
}

int main(int argc, char **argv)
{
    signal(SIGPIPE, SIG_IGN);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(mixed_codes_in_order),
        cmocka_unit_test(saturated_decoder_mixed_codes),
        cmocka_unit_test(helpers_share_the_work),
        cmocka_unit_test(opencl_backend_mixed_codes),
        cmocka_unit_test(opencl_without_device),
        cmocka_unit_test(bad_input_refused),
        cmocka_unit_test(shutdown_finishes_queued_frames),
        cmocka_unit_test(reload_under_load),
        cmocka_unit_test(notify_and_watchdog),
        cmocka_unit_test(curve_refuses_unknown_client),
        cmocka_unit_test(raw_gnuradio_stream),
        cmocka_unit_test(raw_gnuradio_bad_tag_header),
        cmocka_unit_test(header_flags_negate_and_normalize),
        cmocka_unit_test(raw_stream_settings),
        cmocka_unit_test(raw_liquid_stream),
        cmocka_unit_test(zero_allocations_in_steady_state),
        cmocka_unit_test(opencl_zero_allocations_in_steady_state),
        cmocka_unit_test(opencl_device_lost_while_running),
        cmocka_unit_test(raw_stream_finds_its_frames_again),
        cmocka_unit_test(raw_values_that_look_like_a_tag_header),
        cmocka_unit_test(raw_stream_follows_tag_offsets),
    };
    if (argc > 1)
        cmocka_set_test_filter(argv[1]);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
