#include "harness.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <zmq.h>

/* Daemons still running when a failed assertion ends the test program are
 * killed, so that they do not hold ctest's output pipe open. */
#define MAX_DAEMONS 8
static pid_t running[MAX_DAEMONS];

static void kill_running(void)
{
    for (int i = 0; i < MAX_DAEMONS; i++)
        if (running[i] > 0)
            kill(running[i], SIGKILL);
}

static void remember(pid_t pid, pid_t replace)
{
    static int registered;
    if (!registered) {
        atexit(kill_running);
        registered = 1;
    }
    for (int i = 0; i < MAX_DAEMONS; i++) {
        if (running[i] == replace) {
            running[i] = pid;
            return;
        }
    }
}

static void fatal(const char *what)
{
    fprintf(stderr, "test harness: %s: %s\n", what, strerror(errno));
    abort();
}

/* Pulls "key = value" for `key` out of the config text (for endpoints). */
static void config_value(const char *config, const char *key, char *out, size_t size)
{
    const char *at = config;
    size_t length = strlen(key);
    while ((at = strstr(at, key)) != NULL) {
        if ((at == config || at[-1] == '\n') && (at[length] == ' ' || at[length] == '=')) {
            const char *value = strchr(at, '=') + 1;
            while (*value == ' ')
                value++;
            size_t value_length = strcspn(value, "\n");
            snprintf(out, size, "%.*s", (int)value_length, value);
            return;
        }
        at += length;
    }
}

static int capture_log;

void test_daemon_capture_log(int on)
{
    capture_log = on;
}

void test_daemon_log(const test_daemon *d, char *out, size_t size)
{
    char path[256];
    snprintf(path, sizeof path, "%s/ldpcd.log", d->dir);
    FILE *file = fopen(path, "r");
    size_t got = file != NULL ? fread(out, 1, size - 1, file) : 0;
    out[got] = '\0';
    if (file != NULL)
        fclose(file);
}

int test_daemon_start(test_daemon *d, const char *binary, const char *config,
                      const char *const *extra_env)
{
    memset(d, 0, sizeof *d);
    snprintf(d->dir, sizeof d->dir, "/tmp/ldpcd-test-XXXXXX");
    if (mkdtemp(d->dir) == NULL)
        fatal("mkdtemp");
    snprintf(d->input, sizeof d->input, "ipc://%s/input", d->dir);
    snprintf(d->output, sizeof d->output, "ipc://%s/output", d->dir);
    snprintf(d->stats, sizeof d->stats, "ipc://%s/stats", d->dir);
    config_value(config, "input_endpoint", d->input, sizeof d->input);
    config_value(config, "output_endpoint", d->output, sizeof d->output);

    char path[256];
    snprintf(path, sizeof path, "%s/ldpcd.conf", d->dir);
    FILE *file = fopen(path, "w");
    if (file == NULL)
        fatal("config");
    fprintf(file, "runtime_dir = %s\n%s\n", d->dir, config);
    fclose(file);

    char notify_path[256];
    snprintf(notify_path, sizeof notify_path, "%s/notify", d->dir);
    d->notify_fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    if (strlen(notify_path) >= sizeof address.sun_path)
        fatal("notify socket path too long");
    memcpy(address.sun_path, notify_path, strlen(notify_path) + 1);
    if (bind(d->notify_fd, (struct sockaddr *)&address, sizeof address) != 0)
        fatal("bind notify socket");

    d->pid = fork();
    if (d->pid < 0)
        fatal("fork");
    if (d->pid == 0) {
        setenv("NOTIFY_SOCKET", notify_path, 1);
        if (capture_log) {
            char log_path[256];
            snprintf(log_path, sizeof log_path, "%s/ldpcd.log", d->dir);
            int fd = open(log_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
            if (fd >= 0)
                dup2(fd, 2);
        }
        for (size_t i = 0; extra_env != NULL && extra_env[i] != NULL; i++) {
            char name[64];
            const char *equals = strchr(extra_env[i], '=');
            snprintf(name, sizeof name, "%.*s", (int)(equals - extra_env[i]), extra_env[i]);
            setenv(name, equals + 1, 1);
        }
        execl(binary, binary, "-c", path, (char *)NULL);
        _exit(127);
    }
    remember(d->pid, 0);
    d->exit_status = -1;
    char message[512];
    for (int waited_ms = 0; waited_ms < 30000; waited_ms += 100) {
        if (test_daemon_notify(d, message, sizeof message, 100) == 0) {
            if (strstr(message, "READY=1") != NULL)
                return 0;
            continue;
        }
        int status;
        if (waitpid(d->pid, &status, WNOHANG) == d->pid) {
            remember(0, d->pid);
            d->pid = 0;
            d->exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
            return -1;
        }
    }
    return -1;
}

int test_daemon_notify(test_daemon *d, char *out, size_t size, int timeout_ms)
{
    struct pollfd fd = {.fd = d->notify_fd, .events = POLLIN};
    if (poll(&fd, 1, timeout_ms) <= 0)
        return -1;
    ssize_t got = recv(d->notify_fd, out, size - 1, 0);
    if (got < 0)
        return -1;
    out[got] = '\0';
    return 0;
}

void test_daemon_connect(test_daemon *d)
{
    d->zmq = zmq_ctx_new();
    d->push = zmq_socket(d->zmq, ZMQ_PUSH);
    d->pull = zmq_socket(d->zmq, ZMQ_PULL);
    int linger = 2000;
    zmq_setsockopt(d->push, ZMQ_LINGER, &linger, sizeof linger);
    if (zmq_connect(d->push, d->input) != 0 || zmq_connect(d->pull, d->output) != 0)
        fatal("zmq_connect");
}

void *test_daemon_subscribe_stats(test_daemon *d)
{
    void *stats = zmq_socket(d->zmq, ZMQ_SUB);
    zmq_setsockopt(stats, ZMQ_SUBSCRIBE, "", 0);
    int timeout_ms = 1000;
    zmq_setsockopt(stats, ZMQ_RCVTIMEO, &timeout_ms, sizeof timeout_ms);
    zmq_connect(stats, d->stats);
    return stats;
}

void test_daemon_signal(test_daemon *d, int signal_number)
{
    kill(d->pid, signal_number);
}

int test_daemon_exited(test_daemon *d)
{
    if (d->pid <= 0)
        return 1;
    int status;
    if (waitpid(d->pid, &status, WNOHANG) != d->pid)
        return 0;
    remember(0, d->pid);
    d->pid = 0;
    d->exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    return 1;
}

int test_daemon_stop(test_daemon *d, int timeout_ms)
{
    if (d->pid <= 0)
        return d->exit_status;
    kill(d->pid, SIGTERM);
    for (int waited = 0; waited < timeout_ms; waited += 10) {
        if (test_daemon_exited(d))
            return d->exit_status;
        struct timespec pause = {0, 10000000};
        nanosleep(&pause, NULL);
    }
    kill(d->pid, SIGKILL);
    waitpid(d->pid, NULL, 0);
    remember(0, d->pid);
    d->pid = 0;
    return -1;
}

void test_daemon_cleanup(test_daemon *d)
{
    if (d->pid > 0)
        test_daemon_stop(d, 10000);
    if (d->push != NULL)
        zmq_close(d->push);
    if (d->pull != NULL)
        zmq_close(d->pull);
    if (d->zmq != NULL)
        zmq_ctx_term(d->zmq);
    if (d->notify_fd > 0)
        close(d->notify_fd);
    char command[300];
    snprintf(command, sizeof command, "rm -rf '%s'", d->dir);
    if (system(command) != 0)
        fprintf(stderr, "test harness: could not remove %s\n", d->dir);
    memset(d, 0, sizeof *d);
}

size_t test_message(uint8_t *out, const char *code, uint8_t format, uint8_t flags,
                    uint16_t frames, float scale, uint64_t sequence, const void *payload,
                    size_t payload_bytes)
{
    ldpcd_input_header header = {.version = LDPCD_PROTOCOL_VERSION,
                                 .header_size = LDPCD_INPUT_HEADER_SIZE,
                                 .format = format,
                                 .flags = flags,
                                 .frame_count = frames,
                                 .scale = scale,
                                 .sequence = sequence};
    snprintf(header.code, sizeof header.code, "%.*s", (int)sizeof header.code - 1, code);
    ldpcd_encode_input_header(&header, out);
    if (payload_bytes > 0)
        memcpy(out + LDPCD_INPUT_HEADER_SIZE, payload, payload_bytes);
    return LDPCD_INPUT_HEADER_SIZE + payload_bytes;
}

int test_send(test_daemon *d, const void *data, size_t size)
{
    return zmq_send(d->push, data, size, 0) < 0 ? -1 : 0;
}

int test_receive(test_daemon *d, ldpcd_result_header *header, uint8_t *payload, size_t capacity,
                 int timeout_ms)
{
    zmq_pollitem_t item = {.socket = d->pull, .events = ZMQ_POLLIN};
    if (zmq_poll(&item, 1, timeout_ms) <= 0)
        return -1;
    zmq_msg_t message;
    zmq_msg_init(&message);
    if (zmq_msg_recv(&message, d->pull, 0) < 0)
        fatal("zmq_msg_recv");
    const uint8_t *data = zmq_msg_data(&message);
    size_t size = zmq_msg_size(&message);
    int status = ldpcd_decode_result_header(data, size, header);
    if (status == 0 && payload != NULL) {
        size_t bytes = size - LDPCD_RESULT_HEADER_SIZE;
        memcpy(payload, data + LDPCD_RESULT_HEADER_SIZE, bytes < capacity ? bytes : capacity);
    }
    zmq_msg_close(&message);
    if (status != 0) {
        fprintf(stderr, "test harness: malformed result of %zu bytes\n", size);
        abort();
    }
    return 0;
}

int test_send_frames(test_daemon *d, const ldpc_code *code, uint64_t first, uint16_t count)
{
    size_t frame_bytes = (size_t)ldpc_code_n(code) * sizeof(float);
    uint8_t *message = malloc(LDPCD_INPUT_HEADER_SIZE + (size_t)count * frame_bytes);
    float *llr = malloc(frame_bytes);
    uint8_t *info = malloc(ldpc_code_k(code));
    if (message == NULL || llr == NULL || info == NULL)
        fatal("malloc");
    for (uint16_t f = 0; f < count; f++) {
        test_frame_llr(code, first + f, llr, info);
        memcpy(message + LDPCD_INPUT_HEADER_SIZE + (size_t)f * frame_bytes, llr, frame_bytes);
    }
    test_message(message, ldpc_code_name(code), LDPC_SOFT_F32, 0, count, 1.0f, first, NULL, 0);
    int status = test_send(d, message, LDPCD_INPUT_HEADER_SIZE + (size_t)count * frame_bytes);
    free(message);
    free(llr);
    free(info);
    return status;
}

uint64_t test_json_number(const char *json, const char *key)
{
    char pattern[80];
    snprintf(pattern, sizeof pattern, "\"%s\":", key);
    const char *at = strstr(json, pattern);
    return at == NULL ? 0 : strtoull(at + strlen(pattern), NULL, 10);
}

int test_last_stats(void *stats_socket, char *json, size_t size, int timeout_ms)
{
    int found = -1;
    for (;;) {
        zmq_pollitem_t item = {.socket = stats_socket, .events = ZMQ_POLLIN};
        if (zmq_poll(&item, 1, timeout_ms) <= 0)
            return found;
        int got = zmq_recv(stats_socket, json, size - 1, 0);
        if (got < 0)
            return found;
        json[(size_t)got < size - 1 ? (size_t)got : size - 1] = '\0';
        found = 0;
    }
}

uint64_t test_now_ms(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000u + (uint64_t)now.tv_nsec / 1000000u;
}

void test_pause_ms(long ms)
{
    struct timespec pause = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&pause, NULL);
}

long test_status_kb(pid_t pid, const char *field)
{
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    FILE *file = fopen(path, "r");
    long kb = -1;
    while (file != NULL && fgets(line, sizeof line, file) != NULL)
        if (strncmp(line, field, strlen(field)) == 0)
            kb = strtol(line + strlen(field), NULL, 10);
    if (file != NULL)
        fclose(file);
    return kb;
}

static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void test_frame_llr(const ldpc_code *code, uint64_t seed, float *llr, uint8_t *info)
{
    uint64_t state = seed * 7919u + 1;
    uint8_t *codeword = malloc(ldpc_code_n(code));
    for (uint32_t i = 0; i < ldpc_code_k(code); i++)
        info[i] = (uint8_t)(next_random(&state) & 1u);
    if (codeword == NULL || ldpc_encode(code, info, codeword, NULL) != LDPC_OK)
        abort();
    /* BPSK over AWGN at Es/N0 4.8 dB: LLR ~ N(12, 24), 1.3% of the bits wrong */
    const double mu = 12.0;
    for (uint32_t i = 0; i < ldpc_code_n(code); i++) {
        double u1 = ((double)(next_random(&state) >> 11) + 0.5) / 9007199254740992.0;
        double u2 = ((double)(next_random(&state) >> 11) + 0.5) / 9007199254740992.0;
        double gauss = sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
        float value = (float)(mu + sqrt(2.0 * mu) * gauss);
        llr[i] = codeword[i] ? -value : value;
    }
    free(codeword);
}
