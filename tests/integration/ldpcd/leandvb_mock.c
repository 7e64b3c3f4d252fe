/* Behaves like leandvb's s2_fecdec_helper (leansdr `work` branch, dvbs2.h) to
 * test `ldpcd --modcod N` as a drop-in LDPC helper: execve() without
 * environment; stdin/stdout pipes left at their default 64 KiB (as when
 * F_SETPIPE_SZ to 2 MB is refused) and not close-on-exec (the helper holds
 * the write end of its own stdin, so stdin never reaches end of file); one
 * non-blocking write() per frame of 64800 int8 LLRs, positive = bit 0, from
 * the moment of exec, one every 2 ms (24 frames within 50 ms), giving up on a
 * frame (dropping it, which fails the test) when the pipe stays full for
 * 20 ms; LLRs of a noisy channel rounded to integers, half the scale of
 * what the decoders take (2 per LLR unit; leandvb's are off by about 3x), so
 * that only a helper that calibrates each frame decodes them; nothing read before 32 frames are out; then one blocking read() per
 * result frame, a short read being fatal. Finally the reader goes away and
 * the helper must exit on its own. Both command lines leandvb versions use
 * are run. Usage: leandvb_mock LDPCD. */
#include <errno.h>
#include <math.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ldpc/ldpc.h"

#define FRAMES 64
#define BATCH 32

static int failures;

static void check(int ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "leandvb_mock: FAIL: %s\n", what);
        failures++;
    }
}

static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    return z ^ (z >> 31);
}

/* A true BPSK LLR over AWGN at Es/N0 -1.2 dB (Eb/N0 1.8 dB for rate 1/2):
 * 4 Es/N0 (1 + noise / sqrt(2 Es/N0)) for bit 0. */
/* esn0: linear, per channel bit */
static double channel_llr(uint64_t *state, int bit, double esn0)
{
    double u1 = ((double)(next_random(state) >> 11) + 0.5) / 9007199254740992.0;
    double u2 = ((double)(next_random(state) >> 11) + 0.5) / 9007199254740992.0;
    double gauss = sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
    double llr = 4.0 * esn0 * (1.0 + gauss / sqrt(2.0 * esn0));
    return bit ? -llr : llr;
}

static void sleep_ms(int ms)
{
    struct timespec pause = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&pause, NULL);
}

/* One helper run: FRAMES frames through `helper_argv`. */
static void exchange(const ldpc_code *code, double esn0, char *const helper_argv[])
{
    const uint32_t n = ldpc_code_n(code), k = ldpc_code_k(code);
    uint8_t *info = malloc((size_t)FRAMES * k), *codeword = malloc(n);
    int8_t *frame = malloc(n), *result = malloc(n);
    int tx[2], rx[2];
    if (info == NULL || codeword == NULL || frame == NULL || result == NULL || pipe(tx) != 0 ||
        pipe(rx) != 0) {
        check(0, "out of memory or pipes");
        return;
    }
    pid_t child = fork();
    if (child == 0) {
        dup2(tx[0], 0);
        dup2(rx[1], 1);
        close(rx[0]);
        /* tx[1] stays open in the helper, as leandvb's inherited pipes do */
        char *const no_environment[] = {NULL};
        execve(helper_argv[0], helper_argv, no_environment);
        _exit(127);
    }
    close(tx[0]);
    close(rx[1]);
    fcntl(tx[1], F_SETFL, fcntl(tx[1], F_GETFL) | O_NONBLOCK);

    uint64_t state = 42;
    int sent = 0, received = 0, busy = 0;
    while (received < FRAMES) {
        if (sent < FRAMES) {
            uint8_t *bits = info + (size_t)sent * k;
            for (uint32_t i = 0; i < k; i++)
                bits[i] = (uint8_t)(next_random(&state) & 1u);
            ldpc_encode(code, bits, codeword, NULL);
            for (uint32_t i = 0; i < n; i++) {
                double value = round(channel_llr(&state, codeword[i], esn0));
                frame[i] = (int8_t)(value > 127 ? 127 : value < -127 ? -127 : value);
            }
            ssize_t written = -1;
            for (int waited = 0; waited <= 20; waited++) { /* then leandvb drops it */
                written = write(tx[1], frame, n);
                if (!(written < 0 && errno == EAGAIN))
                    break;
                busy++;
                sleep_ms(1);
            }
            check(!(written < 0 && errno == EAGAIN), "a frame dropped: the pipe stayed full");
            check(written == (ssize_t)n, "partial write (fatal for leandvb)");
            if (written != (ssize_t)n)
                break;
            sent++;
            if (sent < BATCH)
                sleep_ms(2);
        }
        if (sent >= BATCH || sent == FRAMES) {
            if (received >= sent)
                continue;
            ssize_t got = read(rx[0], result, n); /* one blocking read per frame */
            check(got == (ssize_t)n, "short read of a result frame (fatal for leandvb)");
            if (got != (ssize_t)n) {
                fprintf(stderr, "leandvb_mock: read %zd of %u bytes\n", got, n);
                break;
            }
            const uint8_t *bits = info + (size_t)received * k;
            uint32_t errors = 0;
            for (uint32_t i = 0; i < k; i++)
                errors += (uint32_t)(result[i] < 0) != bits[i];
            check(errors == 0, "decoded information bits differ from those sent");
            received++;
        }
    }
    fprintf(stderr, "leandvb_mock: %s: %d frames sent, %d results read, %d busy retries\n",
            helper_argv[1], sent, received, busy);
    check(received == FRAMES, "not every frame came back");

    /* leandvb goes away but its write end of the helper's stdin stays open:
     * the helper must notice that its stdout lost its reader and exit. */
    close(rx[0]);
    int status = -1, exited = 0;
    for (int waited = 0; waited < 5000 && !exited; waited += 10) {
        if (waitpid(child, &status, WNOHANG) == child)
            exited = 1;
        else
            sleep_ms(10);
    }
    check(exited, "helper still running after its reader went away");
    if (!exited) {
        kill(child, SIGKILL);
        waitpid(child, &status, 0);
    } else {
        check(WIFEXITED(status) && WEXITSTATUS(status) == 0, "helper exit status not 0");
    }
    close(tx[1]);
    free(info);
    free(codeword);
    free(frame);
    free(result);

}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: leandvb_mock LDPCD\n");
        return 2;
    }
    signal(SIGPIPE, SIG_IGN);
    ldpc_code *code;
    ldpc_error err;
    if (ldpc_code_create("dvbs2-normal-1/2", &code, &err) != LDPC_OK) { /* MODCOD 4: QPSK 1/2 */
        fprintf(stderr, "leandvb_mock: %s\n", err.message);
        return 1;
    }
    char *modcod_form[] = {argv[1], "--modcod", "4", NULL}; /* MODCOD 4: QPSK 1/2 */
    char *standard_form[] = {argv[1], "--standard", "DVB-S2", "--modcod", "4", NULL};
    exchange(code, 0.7586, modcod_form); /* Es/N0 -1.2 dB */
    exchange(code, 0.7586, standard_form);
    /* a DVB-S2X PLS code names its frame size: 225 is QPSK 8/15, short, pilots */
    ldpc_code *s2x;
    if (ldpc_code_create("dvbs2x-short-8/15", &s2x, &err) != LDPC_OK) {
        fprintf(stderr, "leandvb_mock: %s\n", err.message);
        return 1;
    }
    char *s2x_form[] = {argv[1], "--modcod", "225", NULL};
    exchange(s2x, 1.0, s2x_form); /* 0 dB: a short frame at rate 0.53 */
    ldpc_code_destroy(s2x);
    int status;
    /* an invalid MODCOD is refused with a message, not a crash */
    pid_t bad = fork();
    if (bad == 0) {
        char *const bad_argv[] = {argv[1], "--modcod", "11", "--shortframes", NULL};
        char *const no_environment[] = {NULL};
        execve(argv[1], bad_argv, no_environment);
        _exit(127);
    }
    waitpid(bad, &status, 0);
    check(WIFEXITED(status) && WEXITSTATUS(status) == 2, "9/10 short frames not refused");

    ldpc_code_destroy(code);
    if (failures == 0)
        printf("leandvb_mock: OK\n");
    return failures ? 1 : 0;
}
