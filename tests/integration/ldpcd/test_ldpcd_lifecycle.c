/* Integration tests of ldpcd at the edges of its lifecycle: stops with a
 * stalled consumer and under load, oversized messages, loopback names,
 * abstract and file ipc sockets, the watchdog during a reload. Real daemons,
 * real ZeroMQ sockets. Run as `test_ldpcd_lifecycle GROUP`. */
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <zmq.h>

#include <cmocka.h>

#include "harness.h"

#define SHORT_CODE "dvbs2-short-1/2"
#define FRAMES_PER_MESSAGE 4

static const char *ldpcd_binary = LDPCD_BINARY;

static ldpc_code *make_code(const char *name)
{
    ldpc_code *code;
    ldpc_error err;
    assert_int_equal(ldpc_code_create(name, &code, &err), LDPC_OK);
    return code;
}

/* The final report adds up: every frame in is out, dropped by pub, lost
 * or unanswered, and was decoded, not converged, rejected or unanswered. */
static void assert_final_counts_add_up(const char *json)
{
    assert_non_null(strstr(json, "\"final\":true"));
    uint64_t in = test_json_number(json, "frames_in");
    uint64_t unanswered = test_json_number(json, "shutdown_unanswered");
    assert_int_equal(in, test_json_number(json, "frames_out") +
                             test_json_number(json, "pub_dropped") +
                             test_json_number(json, "shutdown_lost") + unanswered);
    assert_int_equal(in, test_json_number(json, "decoded") +
                             test_json_number(json, "not_converged") +
                             test_json_number(json, "rejected") + unanswered);
}

static void replace_pull(test_daemon *d, int receive_hwm)
{
    zmq_close(d->pull);
    d->pull = zmq_socket(d->zmq, ZMQ_PULL);
    zmq_setsockopt(d->pull, ZMQ_RCVHWM, &receive_hwm, sizeof receive_hwm);
    assert_int_equal(zmq_connect(d->pull, d->output), 0);
}

/* ---- SIGTERM while the consumer has stopped reading ------------------------- */

/* 1600 frames sent, 20 results read, then the consumer stalls and the daemon
 * gets SIGTERM: it stops within shutdown_timeout_ms + 1 s, the results the
 * consumer can still read afterwards follow the first 20 without a gap, and
 * the final counts say so: every frame in, out what reached the consumer,
 * the rest lost or unanswered. Over tcp, with results of 16 kB (longer than
 * ZeroMQ's 8 kB write batch, so that ZeroMQ releases each once written): out
 * is exact but for the one result ZeroMQ was writing when the daemon gave up,
 * which may have reached the consumer (docs/SERVICE.md, "Nothing lost"). */
static void stop_with_stalled_consumer(void **state)
{
    (void)state;
    test_daemon d;
    char config[512];
    snprintf(config, sizeof config,
             "codes = " SHORT_CODE "\nworkers = 2\nbatch_frames = 8\nqueue_frames = 64\n"
             "input_hwm = 1000\nshutdown_timeout_ms = 3000\nstats_interval_ms = 600000\n"
             "output_bits = codeword-unpacked\noutput_endpoint = tcp://127.0.0.1:%d\n", 20000 + (int)(getpid() % 20000));
    test_daemon_capture_log(1);
    assert_int_equal(test_daemon_start(&d, ldpcd_binary, config, NULL), 0);
    test_daemon_capture_log(0);
    test_daemon_connect(&d);
    replace_pull(&d, 10);
    void *stats = test_daemon_subscribe_stats(&d);
    ldpc_code *code = make_code(SHORT_CODE);
    const uint64_t total = 1600;
    for (uint64_t s = 0; s < total; s += FRAMES_PER_MESSAGE)
        assert_int_equal(test_send_frames(&d, code, s, FRAMES_PER_MESSAGE), 0);
    ldpcd_result_header h;
    uint64_t received = 0;
    for (; received < 20; received++) {
        assert_int_equal(test_receive(&d, &h, NULL, 0, 30000), 0);
        assert_int_equal(h.sequence, received);
    }
    test_pause_ms(300); /* the daemon fills its queue and ZeroMQ's */
    uint64_t start = test_now_ms();
    assert_int_equal(test_daemon_stop(&d, 20000), 0);
    uint64_t stop_ms = test_now_ms() - start;
    print_message("stop took %llu ms\n", (unsigned long long)stop_ms);
    assert_true(stop_ms <= 3000 + 1000);
    while (test_receive(&d, &h, NULL, 0, 1000) == 0) {
        assert_int_equal(h.sequence, received);
        received++;
    }
    char json[16384];
    assert_int_equal(test_last_stats(stats, json, sizeof json, 1000), 0);
    assert_final_counts_add_up(json);
    uint64_t out = test_json_number(json, "frames_out");
    print_message("in %llu, consumer read %llu, out %llu, lost %llu, unanswered %llu\n",
                  (unsigned long long)test_json_number(json, "frames_in"),
                  (unsigned long long)received, (unsigned long long)out,
                  (unsigned long long)test_json_number(json, "shutdown_lost"),
                  (unsigned long long)test_json_number(json, "shutdown_unanswered"));
    assert_int_equal(test_json_number(json, "frames_in"), total);
    assert_true(out <= received && out + 1 >= received);
    char log[65536];
    test_daemon_log(&d, log, sizeof log);
    char expected[64];
    snprintf(expected, sizeof expected, "%llu frames in", (unsigned long long)total);
    assert_non_null(strstr(log, expected));
    zmq_close(stats);
    ldpc_code_destroy(code);
    test_daemon_cleanup(&d);
}

/* ---- SIGTERM under load ------------------------------------------------------ */

typedef struct {
    const uint8_t *message; /* FRAMES_PER_MESSAGE frames; the sequence is rewritten */
    size_t size;
    atomic_int stop; /* the consumer saw a `shutdown` rejection */
    uint64_t sent;   /* frames ZeroMQ took */
    void *push;
} load_sender;

static void *send_until_told(void *argument)
{
    load_sender *l = argument;
    uint8_t *message = malloc(l->size);
    memcpy(message, l->message, l->size);
    while (!atomic_load(&l->stop)) {
        /* the header's sequence field: bytes 48..55 (docs/PROTOCOL.md) */
        ldpcd_write_u64(message + 48, l->sent);
        if (zmq_send(l->push, message, l->size, 0) >= 0)
            l->sent += FRAMES_PER_MESSAGE;
    }
    free(message);
    return NULL;
}

/* A client that sends as fast as the daemon takes, and stops once it reads
 * a `shutdown` rejection (what docs/PROTOCOL.md asks of a client): after
 * SIGTERM every frame it sent is answered exactly once (decoded, or rejected
 * as shutdown to be sent again), and nothing is lost. */
static void stop_under_load(void **state)
{
    (void)state;
    test_daemon d;
    assert_int_equal(test_daemon_start(&d, ldpcd_binary,
                                       "codes = " SHORT_CODE "\nworkers = 2\nbatch_frames = 8\n"
                                       "queue_frames = 64\nshutdown_timeout_ms = 2000\n"
                                       "stats_interval_ms = 600000\n",
                                       NULL),
                     0);
    test_daemon_connect(&d);
    void *stats = test_daemon_subscribe_stats(&d);
    ldpc_code *code = make_code(SHORT_CODE);
    size_t frame_bytes = (size_t)ldpc_code_n(code) * sizeof(float);
    size_t size = LDPCD_INPUT_HEADER_SIZE + FRAMES_PER_MESSAGE * frame_bytes;
    uint8_t *message = malloc(size);
    float *llr = malloc(frame_bytes);
    uint8_t *info = malloc(ldpc_code_k(code));
    for (int f = 0; f < FRAMES_PER_MESSAGE; f++) {
        test_frame_llr(code, (uint64_t)f, llr, info);
        memcpy(message + LDPCD_INPUT_HEADER_SIZE + f * frame_bytes, llr, frame_bytes);
    }
    test_message(message, ldpc_code_name(code), LDPC_SOFT_F32, 0, FRAMES_PER_MESSAGE, 1.0f, 0, NULL, 0);
    load_sender sender = {.message = message, .size = size};
    atomic_init(&sender.stop, 0);
    sender.push = zmq_socket(d.zmq, ZMQ_PUSH);
    int timeout_ms = 100;
    zmq_setsockopt(sender.push, ZMQ_SNDTIMEO, &timeout_ms, sizeof timeout_ms);
    assert_int_equal(zmq_connect(sender.push, d.input), 0);
    pthread_t thread;
    pthread_create(&thread, NULL, send_until_told, &sender);

    enum { MAX_FRAMES = 1 << 20 };
    uint8_t *seen = calloc(MAX_FRAMES, 1);
    uint64_t received = 0, decoded = 0, shutdown = 0;
    uint64_t start = test_now_ms();
    int signalled = 0;
    ldpcd_result_header h;
    while (test_receive(&d, &h, NULL, 0, 2000) == 0) {
        assert_true(h.sequence < MAX_FRAMES);
        assert_int_equal(seen[h.sequence], 0);
        seen[h.sequence] = 1;
        received++;
        if (h.status == LDPCD_STATUS_REJECTED) {
            assert_int_equal(h.reason, LDPCD_REJECT_SHUTDOWN);
            shutdown++;
            atomic_store(&sender.stop, 1);
        } else {
            assert_int_equal(h.status, LDPCD_STATUS_DECODED);
            decoded++;
        }
        if (!signalled && test_now_ms() - start > 1500) {
            test_daemon_signal(&d, SIGTERM);
            signalled = 1;
        }
    }
    atomic_store(&sender.stop, 1);
    pthread_join(thread, NULL);
    assert_true(signalled);
    assert_int_equal(test_daemon_stop(&d, 10000), 0);
    char json[16384];
    assert_int_equal(test_last_stats(stats, json, sizeof json, 1000), 0);
    assert_final_counts_add_up(json);
    print_message("sent %llu, received %llu (%llu decoded, %llu shutdown)\n",
                  (unsigned long long)sender.sent, (unsigned long long)received,
                  (unsigned long long)decoded, (unsigned long long)shutdown);
    assert_true(shutdown > 0 && decoded > 0);
    assert_int_equal(received, sender.sent);
    assert_int_equal(test_json_number(json, "frames_in"), sender.sent);
    assert_int_equal(test_json_number(json, "frames_out"), received);
    assert_int_equal(test_json_number(json, "shutdown_lost"), 0);
    assert_int_equal(test_json_number(json, "shutdown_unanswered"), 0);
    zmq_close(sender.push);
    zmq_close(stats);
    free(seen);
    free(message);
    free(llr);
    free(info);
    ldpc_code_destroy(code);
    test_daemon_cleanup(&d);
}

/* ---- messages larger than any valid one -------------------------------------- */

/* A 64 MB message to a daemon whose largest valid message is 4 MB (64
 * frames of 16200 f32 values): ZeroMQ drops the connection as soon as the
 * size is read, the daemon's peak memory stays, other clients go on. */
static void oversized_message_never_read(void **state)
{
    (void)state;
    test_daemon d;
    assert_int_equal(test_daemon_start(&d, ldpcd_binary, "codes = dvbs2-short-*\n", NULL), 0);
    test_daemon_connect(&d);
    ldpc_code *code = make_code(SHORT_CODE);
    assert_int_equal(test_send_frames(&d, code, 0, 1), 0);
    ldpcd_result_header h;
    assert_int_equal(test_receive(&d, &h, NULL, 0, 30000), 0);
    long before = test_status_kb(d.pid, "VmHWM:");
    size_t size = (size_t)64 << 20;
    uint8_t *huge = calloc(1, size);
    test_message(huge, ldpc_code_name(code), LDPC_SOFT_F32, 0, 1, 1.0f, 1, NULL, 0);
    void *stranger = zmq_socket(d.zmq, ZMQ_PUSH);
    int linger = 0;
    zmq_setsockopt(stranger, ZMQ_LINGER, &linger, sizeof linger);
    assert_int_equal(zmq_connect(stranger, d.input), 0);
    assert_true(zmq_send(stranger, huge, size, 0) >= 0);
    test_pause_ms(1500);
    long after = test_status_kb(d.pid, "VmHWM:");
    print_message("daemon peak RSS %ld kB before, %ld kB after the 64 MB message\n", before,
                  after);
    assert_true(before > 0 && after - before < 16 * 1024);
    assert_int_equal(test_send_frames(&d, code, 2, 1), 0);
    assert_int_equal(test_receive(&d, &h, NULL, 0, 30000), 0);
    assert_int_equal(h.sequence, 2);
    assert_int_equal(h.status, LDPCD_STATUS_DECODED);
    zmq_close(stranger);
    free(huge);
    assert_int_equal(test_daemon_stop(&d, 20000), 0);
    ldpc_code_destroy(code);
    test_daemon_cleanup(&d);
}

/* Reloads that build and free pipelines of 40-85 MB hand the memory back:
 * after 12 of them, alternating 2 and 3 workers, the daemon is within 20% of
 * its size after start-up (glibc alone kept 250-440 MB of freed heap). */
static void reloads_return_memory(void **state)
{
    (void)state;
    const char *config = "codes = dvbs2-short-1/2, dvbs2-short-2/3, dvbs2-normal-1/2\n"
                         "batch_frames = 8\nqueue_frames = 128\nworkers = ";
    char text[256];
    snprintf(text, sizeof text, "%s2\n", config);
    test_daemon d;
    assert_int_equal(test_daemon_start(&d, ldpcd_binary, text, NULL), 0);
    long start = test_status_kb(d.pid, "VmRSS:");
    char path[256];
    snprintf(path, sizeof path, "%s/ldpcd.conf", d.dir);
    char note[512];
    for (int r = 1; r <= 12; r++) {
        FILE *file = fopen(path, "w");
        assert_non_null(file);
        fprintf(file, "runtime_dir = %s\n%s%d\n", d.dir, config, r % 2 ? 3 : 2);
        fclose(file);
        test_daemon_signal(&d, SIGHUP);
        int ready = 0; /* RELOADING=1, then READY=1 */
        while (!ready && test_daemon_notify(&d, note, sizeof note, 20000) == 0)
            ready = strcmp(note, "READY=1") == 0;
        assert_true(ready);
    }
    long end = test_status_kb(d.pid, "VmRSS:");
    print_message("RSS %ld kB after start-up, %ld kB after 12 reloads\n", start, end);
    assert_true(start > 0 && end < start + start / 5);
    assert_int_equal(test_daemon_stop(&d, 20000), 0);
    test_daemon_cleanup(&d);
}

/* ---- endpoints ----------------------------------------------------------------- */

static int have_ipv6_loopback(void)
{
    FILE *file = fopen("/proc/net/if_inet6", "r");
    char line[256];
    int found = 0;
    while (file != NULL && fgets(line, sizeof line, file) != NULL)
        found |= strncmp(line, "00000000000000000000000000000001", 32) == 0;
    if (file != NULL)
        fclose(file);
    return found;
}

/* One frame through a daemon already started, on fresh client sockets at
 * the given endpoints. */
static void decode_one_frame_at(test_daemon *d, const char *input, const char *output)
{
    d->zmq = zmq_ctx_new();
    d->push = zmq_socket(d->zmq, ZMQ_PUSH);
    d->pull = zmq_socket(d->zmq, ZMQ_PULL);
    int ipv6 = 1;
    zmq_setsockopt(d->push, ZMQ_IPV6, &ipv6, sizeof ipv6);
    zmq_setsockopt(d->pull, ZMQ_IPV6, &ipv6, sizeof ipv6);
    assert_int_equal(zmq_connect(d->push, input), 0);
    assert_int_equal(zmq_connect(d->pull, output), 0);
    ldpc_code *code = make_code(SHORT_CODE);
    assert_int_equal(test_send_frames(d, code, 7, 1), 0);
    ldpcd_result_header h;
    assert_int_equal(test_receive(d, &h, NULL, 0, 30000), 0);
    assert_int_equal(h.sequence, 7);
    assert_int_equal(h.status, LDPCD_STATUS_DECODED);
    ldpc_code_destroy(code);
}

/* tcp://localhost:P and tcp://[::1]:P are loopback (docs/SERVICE.md) and bind. */
static void loopback_names_bind(void **state)
{
    (void)state;
    int port = 20000 + (int)(getpid() % 20000);
    int v6 = have_ipv6_loopback();
    char config[512], input[64], output[64];
    snprintf(input, sizeof input, "tcp://localhost:%d", port);
    snprintf(output, sizeof output, v6 ? "tcp://[::1]:%d" : "tcp://localhost:%d", port + 1);
    if (!v6)
        print_message("no IPv6 loopback here: [::1] not tried\n");
    snprintf(config, sizeof config, "codes = " SHORT_CODE "\ninput_endpoint = %s\n"
             "output_endpoint = %s\n", input, output);
    test_daemon d;
    assert_int_equal(test_daemon_start(&d, ldpcd_binary, config, NULL), 0);
    char client_input[64];
    snprintf(client_input, sizeof client_input, "tcp://127.0.0.1:%d", port);
    decode_one_frame_at(&d, client_input, output);
    assert_int_equal(test_daemon_stop(&d, 20000), 0);
    test_daemon_cleanup(&d);
}

/* An abstract ipc socket (no file, no permissions) is refused with a reason
 * unless trusted_abstract_ipc says otherwise. */
static void abstract_ipc_needs_trust(void **state)
{
    (void)state;
    char input[64], config[256];
    snprintf(input, sizeof input, "ipc://@ldpcd-test-%d", (int)getpid());
    snprintf(config, sizeof config, "codes = " SHORT_CODE "\ninput_endpoint = %s\n", input);
    test_daemon d;
    test_daemon_capture_log(1);
    assert_int_equal(test_daemon_start(&d, ldpcd_binary, config, NULL), -1);
    test_daemon_capture_log(0);
    assert_int_equal(test_daemon_stop(&d, 1000), 1);
    char log[4096];
    test_daemon_log(&d, log, sizeof log);
    assert_non_null(strstr(log, "trusted_abstract_ipc"));
    test_daemon_cleanup(&d);

    snprintf(config, sizeof config,
             "codes = " SHORT_CODE "\ninput_endpoint = %s\ntrusted_abstract_ipc = yes\n", input);
    assert_int_equal(test_daemon_start(&d, ldpcd_binary, config, NULL), 0);
    decode_one_frame_at(&d, input, d.output);
    assert_int_equal(test_daemon_stop(&d, 20000), 0);
    test_daemon_cleanup(&d);
}

/* Socket files get socket_mode, whatever umask the daemon was started with. */
static void socket_files_have_their_mode(void **state)
{
    (void)state;
    mode_t before = umask(0);
    test_daemon d;
    int started = test_daemon_start(&d, ldpcd_binary,
                                    "codes = " SHORT_CODE "\nsocket_mode = 0600\n", NULL);
    umask(before);
    assert_int_equal(started, 0);
    const char *names[] = {"input", "output", "stats"};
    for (int i = 0; i < 3; i++) {
        char path[256];
        snprintf(path, sizeof path, "%s/%s", d.dir, names[i]);
        struct stat info;
        assert_int_equal(stat(path, &info), 0);
        assert_true(S_ISSOCK(info.st_mode));
        assert_int_equal(info.st_mode & 0777, 0600);
    }
    assert_int_equal(test_daemon_stop(&d, 20000), 0);
    test_daemon_cleanup(&d);
}

/* ---- the watchdog while a reload builds ---------------------------------------- */

/* WATCHDOG_USEC = 400 ms: a ping is due every 100 ms. A reload to every
 * built-in code takes most of a second to build; no gap between pings, from
 * RELOADING=1 to READY=1, reaches the watchdog period. */
static void watchdog_pings_through_reload(void **state)
{
    (void)state;
    /* without WATCHDOG_PID the period is the daemon's, whatever its pid */
    const char *env[] = {"WATCHDOG_USEC=400000", NULL};
    test_daemon d;
    assert_int_equal(test_daemon_start(&d, ldpcd_binary, "codes = " SHORT_CODE "\n", env), 0);
    char path[256];
    snprintf(path, sizeof path, "%s/ldpcd.conf", d.dir);
    FILE *file = fopen(path, "w");
    assert_non_null(file);
    fprintf(file, "runtime_dir = %s\ncodes = all\n", d.dir);
    fclose(file);
    /* Start-up's notes need no draining: only what follows RELOADING=1
     * counts. (Waiting for silence never ends: the pings keep coming.) */
    char note[512];
    test_daemon_signal(&d, SIGHUP);
    uint64_t reload_start = 0, last_ping = 0, longest_gap = 0, reload_ms = 0;
    for (int i = 0; i < 1000 && reload_ms == 0; i++) {
        assert_int_equal(test_daemon_notify(&d, note, sizeof note, 5000), 0);
        uint64_t now = test_now_ms();
        if (strstr(note, "RELOADING=1") != NULL) {
            reload_start = last_ping = now;
        } else if (reload_start != 0 && strstr(note, "WATCHDOG=1") != NULL) {
            if (now - last_ping > longest_gap)
                longest_gap = now - last_ping;
            last_ping = now;
        } else if (reload_start != 0 && strstr(note, "READY=1") != NULL) {
            reload_ms = now - reload_start;
            if (now - last_ping > longest_gap)
                longest_gap = now - last_ping;
        }
    }
    print_message("reload took %llu ms; longest gap between watchdog pings %llu ms\n",
                  (unsigned long long)reload_ms, (unsigned long long)longest_gap);
    assert_true(reload_ms > 0);
    assert_true(longest_gap < 400);
    assert_int_equal(test_daemon_stop(&d, 20000), 0);
    test_daemon_cleanup(&d);
}

/* A statistics subscriber keeps its feed across a reload (the socket is
 * opened anew) and gets the final report, while nobody reads the daemon's
 * notifications (their queue fills after 10: the daemon must not wait). */
static void stats_survive_reload(void **state)
{
    (void)state;
    test_daemon d;
    assert_int_equal(test_daemon_start(&d, ldpcd_binary,
                                       "codes = " SHORT_CODE "\nstats_interval_ms = 200\n", NULL),
                     0);
    test_daemon_connect(&d);
    void *stats = test_daemon_subscribe_stats(&d);
    char json[16384];
    assert_true(zmq_recv(stats, json, sizeof json - 1, 0) > 0);
    test_daemon_signal(&d, SIGHUP);
    test_pause_ms(1500);
    int got = 0;
    for (int i = 0; i < 5 && !got; i++) {
        int size = zmq_recv(stats, json, sizeof json - 1, 0);
        got = size > 0 && (json[size] = '\0', test_json_number(json, "reloads") == 1);
    }
    assert_true(got);
    assert_int_equal(test_daemon_stop(&d, 20000), 0);
    assert_int_equal(test_last_stats(stats, json, sizeof json, 1000), 0);
    assert_non_null(strstr(json, "\"final\":true"));
    zmq_close(stats);
    test_daemon_cleanup(&d);
}

/* ---- an OpenCL program cache that cannot be written ------------------------- */

/* A board whose cache directory cannot be created recompiles at every start:
 * the daemon says so in its log (PoCL is the OpenCL device in CI). */
static void opencl_program_cache_failure_logged(void **state)
{
    (void)state;
    const char *env[] = {"LDPC_CL_CACHE_DIR=/proc/ldpcd-no-cache", NULL};
    test_daemon d;
    test_daemon_capture_log(1);
    assert_int_equal(test_daemon_start(&d, ldpcd_binary,
                                       "codes = " SHORT_CODE "\nbackend = opencl\n"
                                       "backend_fallback = no\nworkers = 1\nbatch_frames = 8\n",
                                       env),
                     0);
    test_daemon_capture_log(0);
    char log[16384];
    test_daemon_log(&d, log, sizeof log);
    assert_non_null(
        strstr(log, "OpenCL program cache: cannot create cache directory /proc/ldpcd-no-cache"));
    assert_int_equal(test_daemon_stop(&d, 20000), 0);
    test_daemon_cleanup(&d);
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(stop_with_stalled_consumer),
        cmocka_unit_test(stop_under_load),
        cmocka_unit_test(oversized_message_never_read),
        cmocka_unit_test(reloads_return_memory),
        cmocka_unit_test(loopback_names_bind),
        cmocka_unit_test(abstract_ipc_needs_trust),
        cmocka_unit_test(socket_files_have_their_mode),
        cmocka_unit_test(watchdog_pings_through_reload),
        cmocka_unit_test(stats_survive_reload),
        cmocka_unit_test(opencl_program_cache_failure_logged),
    };
    if (argc > 1)
        cmocka_set_test_filter(argv[1]);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
