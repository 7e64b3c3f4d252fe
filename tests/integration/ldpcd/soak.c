/* ldpcd-soak: the promise of docs/SERVICE.md ("Nothing lost") under a
 * running mix of what happens to a service: clients sending mixed codes,
 * reloads, a consumer that stalls and resumes, clients that restart, clients
 * killed in the middle of a message, bad and oversized messages, a restart
 * of the daemon under load and a final stop. Prints one table; exits 1 if a
 * frame is unaccounted for, answered twice, or the stop overran.
 *
 *   ldpcd-soak LDPCD_BINARY [--seconds N]     (600 for the full soak)
 */
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <zmq.h>

#include "harness.h"

#define CLIENTS 3
#define BAD_CLIENT 50       /* sends refused messages */
#define KILLED_CLIENT 100   /* ids of clients killed mid-message: 100, 101, ... */
#define MAX_IDS 256
#define MAX_FRAMES (1u << 23) /* per client */
#define FRAMES_PER_MESSAGE 4
#define STOP_TIMEOUT_MS 3000
#define SEQUENCE(id, n) (((uint64_t)(id) << 40) | (n))

static const char *const codes[] = {"dvbs2-short-1/2", "dvbs2-short-2/3", "dvbs2-normal-1/2"};
#define CODE_COUNT 3

typedef struct {
    uint8_t *message; /* FRAMES_PER_MESSAGE noisy codewords, f32 */
    size_t frame_bytes;
} code_payload;

static code_payload payloads[CODE_COUNT];
static test_daemon daemon_view;
static atomic_int clients_stop, clients_paused, consumer_stalled, consumer_stop, shutdown_seen;
static char endpoint_dir[64]; /* the endpoints every daemon instance binds */
static atomic_uint_fast64_t sent[MAX_IDS];

/* what the consumer saw, per client id */
static uint8_t *answered_bits[MAX_IDS];
static uint64_t answered[MAX_IDS], duplicates, decoded, not_converged;
static uint64_t rejected[LDPCD_REJECT_REASON_COUNT];

static void build_payloads(void)
{
    for (int c = 0; c < CODE_COUNT; c++) {
        ldpc_code *code;
        ldpc_error err;
        if (ldpc_code_create(codes[c], &code, &err) != LDPC_OK)
            abort();
        payloads[c].frame_bytes = (size_t)ldpc_code_n(code) * sizeof(float);
        payloads[c].message =
            malloc(LDPCD_INPUT_HEADER_SIZE + FRAMES_PER_MESSAGE * payloads[c].frame_bytes);
        float *llr = malloc(payloads[c].frame_bytes);
        uint8_t *info = malloc(ldpc_code_k(code));
        for (int f = 0; f < FRAMES_PER_MESSAGE; f++) {
            test_frame_llr(code, (uint64_t)f, llr, info);
            memcpy(payloads[c].message + LDPCD_INPUT_HEADER_SIZE + f * payloads[c].frame_bytes,
                   llr, payloads[c].frame_bytes);
        }
        free(llr);
        free(info);
        ldpc_code_destroy(code);
    }
}

/* One message of `frames` frames of code c, numbered from `sequence`, into
 * `out` (sized for FRAMES_PER_MESSAGE frames of the longest code). */
static size_t make_message(uint8_t *out, int c, uint16_t frames, uint64_t sequence)
{
    size_t payload = frames * payloads[c].frame_bytes;
    memcpy(out + LDPCD_INPUT_HEADER_SIZE, payloads[c].message + LDPCD_INPUT_HEADER_SIZE, payload);
    return test_message(out, codes[c], LDPC_SOFT_F32, 0, frames, 1.0f, sequence, NULL, 0) +
           payload;
}

static void *push_socket(void *zmq)
{
    void *push = zmq_socket(zmq, ZMQ_PUSH);
    /* A closed (restarted) client's socket delivers what it still holds, as a
     * client that exits cleanly does: long enough for a consumer stall on a
     * loaded machine. But a closed socket does not reconnect: what it holds
     * when the daemon restarts is the client's loss (docs/PROTOCOL.md,
     * "Across a restart"), so it holds little: 16 messages, not ZeroMQ's
     * 1000 (a few seconds of a daemon's intake on a loaded machine). */
    int timeout_ms = 100, linger_ms = 60000, hwm = 16;
    zmq_setsockopt(push, ZMQ_SNDTIMEO, &timeout_ms, sizeof timeout_ms);
    zmq_setsockopt(push, ZMQ_SNDHWM, &hwm, sizeof hwm);
    zmq_setsockopt(push, ZMQ_LINGER, &linger_ms, sizeof linger_ms);
    zmq_connect(push, daemon_view.input);
    return push;
}

typedef struct {
    int id;
    void *zmq;
    uint64_t restart_every_ms;
} client_args;

/* Sends messages of 1..4 frames of random codes until told to stop, pausing
 * while the daemon stops (the consumer saw a `shutdown` rejection: what
 * docs/PROTOCOL.md asks of a client); closes and reopens its socket now and
 * then (a restarted client: what the old socket still held goes out, it
 * lingers). */
static void *client_main(void *argument)
{
    client_args *a = argument;
    uint64_t state = (uint64_t)a->id * 977u + 3, next_restart = test_now_ms() + a->restart_every_ms;
    uint8_t *message = malloc(LDPCD_INPUT_HEADER_SIZE + FRAMES_PER_MESSAGE * 64800 * sizeof(float));
    void *push = push_socket(a->zmq);
    uint64_t n = 0;
    while (!atomic_load(&clients_stop)) {
        if (atomic_load(&clients_paused)) {
            test_pause_ms(5);
            continue;
        }
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        int c = (int)((state >> 33) % 10);
        c = c < 5 ? 0 : c < 9 ? 1 : 2; /* half short 1/2, 40% short 2/3, 10% normal */
        uint16_t frames = (uint16_t)(1 + (state >> 40) % FRAMES_PER_MESSAGE);
        size_t size = make_message(message, c, frames, SEQUENCE(a->id, n));
        while (!atomic_load(&clients_stop) && !atomic_load(&clients_paused)) {
            if (zmq_send(push, message, size, 0) >= 0) {
                n += frames;
                atomic_fetch_add(&sent[a->id], frames);
                break;
            }
        }
        if (test_now_ms() >= next_restart) {
            zmq_close(push); /* linger: what it holds still goes out */
            push = push_socket(a->zmq);
            next_restart = test_now_ms() + a->restart_every_ms;
        }
    }
    zmq_close(push);
    free(message);
    return NULL;
}

/* Reads every result; stalls while told to. */
static void *consumer_main(void *argument)
{
    (void)argument;
    while (!atomic_load(&consumer_stop)) {
        if (atomic_load(&consumer_stalled)) {
            test_pause_ms(10);
            continue;
        }
        ldpcd_result_header h;
        if (test_receive(&daemon_view, &h, NULL, 0, 100) != 0)
            continue;
        uint32_t id = (uint32_t)(h.sequence >> 40);
        uint64_t n = h.sequence & ((1ull << 40) - 1);
        if (id >= MAX_IDS || n >= MAX_FRAMES || answered_bits[id] == NULL) {
            fprintf(stderr, "soak: result of unknown frame %llx\n", (unsigned long long)h.sequence);
            duplicates++;
            continue;
        }
        if (answered_bits[id][n / 8] & (1u << (n % 8)))
            duplicates++;
        answered_bits[id][n / 8] |= (uint8_t)(1u << (n % 8));
        answered[id]++;
        if (h.status == LDPCD_STATUS_DECODED)
            decoded++;
        else if (h.status == LDPCD_STATUS_NOT_CONVERGED)
            not_converged++;
        else if (h.reason < LDPCD_REJECT_REASON_COUNT)
            rejected[h.reason]++;
        if (h.status == LDPCD_STATUS_REJECTED && h.reason == LDPCD_REJECT_SHUTDOWN)
            atomic_store(&shutdown_seen, 1);
    }
    return NULL;
}

/* Refused messages with sequence numbers: an unknown code (two records) and
 * a bad scale (one). */
static void send_bad(void *push, uint64_t *n)
{
    uint8_t message[LDPCD_INPUT_HEADER_SIZE + 16];
    size_t size = test_message(message, "no-such-code", LDPC_SOFT_F32, 0, 2, 1.0f,
                               SEQUENCE(BAD_CLIENT, *n), NULL, 0);
    if (zmq_send(push, message, size + 16, 0) >= 0) {
        *n += 2;
        atomic_fetch_add(&sent[BAD_CLIENT], 2);
    }
    size = test_message(message, codes[0], LDPC_SOFT_F32, 0, 1, -1.0f, SEQUENCE(BAD_CLIENT, *n),
                        NULL, 0);
    if (zmq_send(push, message, size + 16, 0) >= 0) {
        *n += 1;
        atomic_fetch_add(&sent[BAD_CLIENT], 1);
    }
}

/* A message larger than the largest valid one, on a socket of its own. */
static void send_oversized(void *zmq)
{
    size_t size = (size_t)32 << 20;
    uint8_t *huge = calloc(1, size);
    test_message(huge, codes[0], LDPC_SOFT_F32, 0, 1, 1.0f, SEQUENCE(BAD_CLIENT, MAX_FRAMES - 1),
                 NULL, 0);
    void *push = push_socket(zmq);
    int linger = 0;
    zmq_setsockopt(push, ZMQ_LINGER, &linger, sizeof linger);
    zmq_send(push, huge, size, 0);
    test_pause_ms(200);
    zmq_close(push);
    free(huge);
}

/* The killed client's process (ldpcd-soak --send-big ENDPOINT ID, a fresh
 * program: a forked copy would share this one's ZeroMQ state): sends one
 * message of 64 normal frames, 16 MB, and waits to be killed. */
static int send_big(const char *endpoint, int id)
{
    build_payloads();
    void *zmq = zmq_ctx_new();
    void *push = zmq_socket(zmq, ZMQ_PUSH);
    zmq_connect(push, endpoint);
    size_t size = LDPCD_INPUT_HEADER_SIZE + 64 * payloads[2].frame_bytes;
    uint8_t *message = calloc(1, size);
    for (int f = 0; f < 64; f++)
        memcpy(message + LDPCD_INPUT_HEADER_SIZE + f * payloads[2].frame_bytes,
               payloads[2].message + LDPCD_INPUT_HEADER_SIZE, payloads[2].frame_bytes);
    test_message(message, codes[2], LDPC_SOFT_F32, 0, 64, 1.0f, SEQUENCE(id, 0), NULL, 0);
    zmq_send(push, message, size, 0);
    pause(); /* until killed */
    return 0;
}

/* A client killed while its 16 MB message is on its way: what reached the
 * daemon whole is answered (counted apart: the client never learnt it was
 * sent), the rest never entered. */
static void kill_client_mid_message(int id)
{
    pid_t pid = fork();
    if (pid == 0) {
        char id_text[16];
        snprintf(id_text, sizeof id_text, "%d", id);
        execl("/proc/self/exe", "ldpcd-soak", "--send-big", daemon_view.input, id_text,
              (char *)NULL);
        _exit(127);
    }
    test_pause_ms(20 + (id % 4) * 20);
    kill(pid, SIGKILL);
    waitpid(pid, NULL, 0);
}

static const char *config_text(int variant)
{
    static char text[512];
    snprintf(text, sizeof text,
             "codes = dvbs2-short-1/2, dvbs2-short-2/3, dvbs2-normal-1/2\nworkers = %d\n"
             "batch_frames = 8\nqueue_frames = 128\nshutdown_timeout_ms = %d\n"
             "stats_interval_ms = 1000\ninput_endpoint = ipc://%s/input\n"
             "output_endpoint = ipc://%s/output\n",
             variant % 2 ? 3 : 2, STOP_TIMEOUT_MS, endpoint_dir, endpoint_dir);
    return text;
}

static void rewrite_config(const test_daemon *d, int variant)
{
    char path[256];
    snprintf(path, sizeof path, "%s/ldpcd.conf", d->dir);
    FILE *file = fopen(path, "w");
    fprintf(file, "runtime_dir = %s\n%s", d->dir, config_text(variant));
    fclose(file);
}

/* The latest statistics report of the running daemon. Read at every tick:
 * a ZeroMQ SUB reconnects (the socket is opened anew at each reload) only
 * while its application calls into it. */
static char last_report[16384];

static void read_reports(void *stats)
{
    char json[sizeof last_report];
    for (;;) {
        int got = zmq_recv(stats, json, sizeof json - 1, ZMQ_DONTWAIT);
        if (got < 0)
            return;
        json[(size_t)got < sizeof json - 1 ? (size_t)got : sizeof json - 1] = '\0';
        memcpy(last_report, json, sizeof json);
    }
}

/* The stopped daemon's final report, into the sums of every instance. */
static uint64_t lost_total[3]; /* shutdown_lost, shutdown_unanswered, pub_dropped */

static int collect_final(void *stats)
{
    for (int i = 0; i < 10 && strstr(last_report, "\"final\":true") == NULL; i++) {
        test_pause_ms(100);
        read_reports(stats);
    }
    if (strstr(last_report, "\"final\":true") == NULL) {
        fprintf(stderr, "soak: no final report; the last was %.200s\n", last_report);
        return -1;
    }
    lost_total[0] += test_json_number(last_report, "shutdown_lost");
    lost_total[1] += test_json_number(last_report, "shutdown_unanswered");
    lost_total[2] += test_json_number(last_report, "pub_dropped");
    last_report[0] = '\0';
    return 0;
}

/* SIGTERM under load: the clients pause once they see a `shutdown`
 * rejection; the reports are read meanwhile. Returns the stop time in ms
 * (-1 if it did not exit in time, then it is killed). */
static long stop_daemon(test_daemon *d, void *stats)
{
    atomic_store(&shutdown_seen, 0);
    uint64_t start = test_now_ms();
    test_daemon_signal(d, SIGTERM);
    while (!test_daemon_exited(d) && test_now_ms() < start + STOP_TIMEOUT_MS + 10000) {
        if (atomic_load(&shutdown_seen))
            atomic_store(&clients_paused, 1);
        read_reports(stats);
        test_pause_ms(2);
    }
    atomic_store(&clients_paused, 1);
    long stop_ms = (long)(test_now_ms() - start);
    return test_daemon_stop(d, 1000) == 0 ? stop_ms : -1;
}

int main(int argc, char **argv)
{
    if (argc == 4 && strcmp(argv[1], "--send-big") == 0)
        return send_big(argv[2], atoi(argv[3]));
    if (argc < 2) {
        fprintf(stderr, "usage: ldpcd-soak LDPCD_BINARY [--seconds N]\n");
        return 2;
    }
    long seconds = 30;
    if (argc >= 4 && strcmp(argv[2], "--seconds") == 0)
        seconds = strtol(argv[3], NULL, 10);
    signal(SIGPIPE, SIG_IGN);
    build_payloads();
    snprintf(endpoint_dir, sizeof endpoint_dir, "/tmp/ldpcd-soak-XXXXXX");
    if (mkdtemp(endpoint_dir) == NULL) {
        perror("soak: mkdtemp");
        return 1;
    }
    for (int id = 0; id < MAX_IDS; id++)
        answered_bits[id] = id <= CLIENTS || id == BAD_CLIENT || id >= KILLED_CLIENT
                                ? calloc(MAX_FRAMES / 8, 1)
                                : NULL;

    test_daemon d;
    if (test_daemon_start(&d, argv[1], config_text(0), NULL) != 0) {
        fprintf(stderr, "soak: the daemon did not start\n");
        return 1;
    }
    test_daemon_connect(&d);
    daemon_view = d;
    void *stats = test_daemon_subscribe_stats(&d);
    long rss_start = test_status_kb(d.pid, "VmRSS:"), rss_restarted = -1;
    pthread_t consumer, clients[CLIENTS];
    client_args args[CLIENTS];
    pthread_create(&consumer, NULL, consumer_main, NULL);
    for (int i = 0; i < CLIENTS; i++) {
        args[i] = (client_args){.id = i + 1, .zmq = d.zmq, .restart_every_ms = 4000u + 1500u * i};
        pthread_create(&clients[i], NULL, client_main, &args[i]);
    }
    void *bad = push_socket(d.zmq);
    uint64_t bad_n = 0, start = test_now_ms(), end = start + (uint64_t)seconds * 1000u;
    int reloads = 0, stalls = 0, killed = 0, oversized = 0, bad_messages = 0, restarts = 0;
    long restart_stop_ms = -1;
    int final_ok = 1;
    for (uint64_t tick = 0; test_now_ms() < end; tick++) {
        test_pause_ms(250);
        read_reports(stats);
        if (tick % 4 == 0) {
            send_bad(bad, &bad_n);
            bad_messages += 2;
        }
        if (tick % 12 == 5) {
            rewrite_config(&d, ++reloads);
            test_daemon_signal(&d, SIGHUP);
        }
        if (tick % 16 == 9) {
            atomic_store(&consumer_stalled, 1);
            test_pause_ms(1500);
            atomic_store(&consumer_stalled, 0);
            stalls++;
        }
        if (tick % 20 == 13 && killed < MAX_IDS - KILLED_CLIENT) {
            kill_client_mid_message(KILLED_CLIENT + killed);
            killed++;
        }
        if (tick % 40 == 27) {
            send_oversized(d.zmq);
            oversized++;
        }
        /* once, half way: the daemon restarts under load */
        if (restarts == 0 && test_now_ms() >= start + (end - start) / 2) {
            restart_stop_ms = stop_daemon(&d, stats);
            int first_final = collect_final(stats) == 0;
            final_ok = final_ok && first_final;
            zmq_close(stats);
            test_daemon next;
            if (test_daemon_start(&next, argv[1], config_text(reloads), NULL) != 0) {
                fprintf(stderr, "soak: the daemon did not restart\n");
                return 1;
            }
            /* the clients' context and sockets stay: they reconnect */
            next.zmq = d.zmq;
            next.push = d.push;
            next.pull = d.pull;
            char command[300];
            snprintf(command, sizeof command, "rm -rf '%s'", d.dir);
            if (system(command) != 0)
                fprintf(stderr, "soak: could not remove %s\n", d.dir);
            d = next;
            rss_restarted = test_status_kb(d.pid, "VmRSS:");
            stats = test_daemon_subscribe_stats(&d);
            test_pause_ms(200);
            atomic_store(&clients_paused, 0);
            restarts = 1;
        }
    }
    long rss_end = test_status_kb(d.pid, "VmRSS:");
    /* the final stop under load */
    long stop_ms = stop_daemon(&d, stats);
    atomic_store(&clients_stop, 1);
    for (int i = 0; i < CLIENTS; i++)
        pthread_join(clients[i], NULL);
    int last_final = collect_final(stats) == 0;
    final_ok = final_ok && last_final;
    test_pause_ms(1000); /* the last results */
    atomic_store(&consumer_stop, 1);
    pthread_join(consumer, NULL);

    uint64_t sent_total = 0, answered_sent = 0, answered_killed = 0;
    for (int id = 0; id < MAX_IDS; id++) {
        sent_total += atomic_load(&sent[id]);
        if (id >= KILLED_CLIENT)
            answered_killed += answered[id];
        else
            answered_sent += answered[id];
    }
    uint64_t lost = lost_total[0] + lost_total[1] + lost_total[2];
    long long unaccounted = (long long)sent_total - (long long)answered_sent - (long long)lost;
    printf("ldpcd soak: %ld s, %d clients (each restarted every 4-7 s), codes %s %s %s\n",
           seconds, CLIENTS, codes[0], codes[1], codes[2]);
    printf("  %d reloads, %d consumer stalls of 1.5 s, %d clients killed mid-message, "
           "%d bad and %d oversized messages, 1 daemon restart under load\n",
           reloads, stalls, killed, bad_messages, oversized);
    printf("  %-52s %12llu\n", "frames sent by clients (ZeroMQ took them)",
           (unsigned long long)sent_total);
    printf("  %-52s %12llu\n", "answered: decoded", (unsigned long long)decoded);
    printf("  %-52s %12llu\n", "answered: not converged", (unsigned long long)not_converged);
    for (int r = 1; r < LDPCD_REJECT_REASON_COUNT; r++)
        if (rejected[r] != 0) {
            char label[64];
            snprintf(label, sizeof label, "answered: rejected, %s",
                     ldpcd_reject_reason_name((ldpcd_reject_reason)r));
            printf("  %-52s %12llu\n", label, (unsigned long long)rejected[r]);
        }
    printf("  %-52s %12llu\n", "  of which from killed clients (not counted as sent)",
           (unsigned long long)answered_killed);
    printf("  %-52s %12llu\n", "counted lost: no consumer took them (shutdown_lost)",
           (unsigned long long)lost_total[0]);
    printf("  %-52s %12llu\n", "counted lost: no room at shutdown (unanswered)",
           (unsigned long long)lost_total[1]);
    printf("  %-52s %12llu\n", "counted lost: dropped by pub", (unsigned long long)lost_total[2]);
    printf("  %-52s %12lld\n", "unaccounted (must be 0)", unaccounted);
    printf("  %-52s %12llu\n", "answered twice (must be 0)", (unsigned long long)duplicates);
    printf("  daemon RSS %.1f MB at start; the restarted one %.1f MB at its start, %.1f MB at the "
           "end (under load, %d workers)\n",
           rss_start / 1024.0, rss_restarted / 1024.0, rss_end / 1024.0, reloads % 2 ? 3 : 2);
    printf("  stops under load took %ld ms (restart) and %ld ms (final), limit %d ms\n",
           restart_stop_ms, stop_ms, STOP_TIMEOUT_MS + 1000);
    int ok = unaccounted == 0 && duplicates == 0 && final_ok && restart_stop_ms >= 0 &&
             restart_stop_ms <= STOP_TIMEOUT_MS + 1000 && stop_ms >= 0 &&
             stop_ms <= STOP_TIMEOUT_MS + 1000;
    zmq_close(stats);
    zmq_close(bad);
    test_daemon_cleanup(&d);
    char command[128];
    snprintf(command, sizeof command, "rm -rf '%s'", endpoint_dir);
    if (system(command) != 0)
        fprintf(stderr, "soak: could not remove %s\n", endpoint_dir);
    if (ok)
        printf("soak: OK\n");
    else
        printf("soak: FAILED (%s%s%s%s)\n", unaccounted != 0 ? "unaccounted frames; " : "",
               duplicates != 0 ? "answered twice; " : "",
               final_ok ? "" : "a daemon's final report missing; ",
               restart_stop_ms < 0 || stop_ms < 0 || restart_stop_ms > STOP_TIMEOUT_MS + 1000 ||
                       stop_ms > STOP_TIMEOUT_MS + 1000
                   ? "a stop overran"
                   : "");
    return ok ? 0 : 1;
}
