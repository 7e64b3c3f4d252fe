/* Starting a real ldpcd for an integration test and talking to it: a config
 * file in a fresh runtime directory, NOTIFY_SOCKET pointing at a datagram
 * socket the test reads (READY=1 marks the start), and PUSH/PULL clients. */
#ifndef LDPCD_TEST_HARNESS_H
#define LDPCD_TEST_HARNESS_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "ldpc/ldpc.h"
#include "protocol.h"

typedef struct {
    pid_t pid;
    int exit_status; /* -1 while running (or never started) */
    char dir[128];
    char input[256], output[256], stats[256];
    int notify_fd;
    void *zmq, *push, *pull;
} test_daemon;

/* Writes `config` (extra lines; runtime_dir and stats are set here) and starts
 * `binary` on it, with `extra_env` ("NAME=value" entries, NULL-terminated, may
 * be NULL). Waits for READY=1; returns 0, or -1 if the daemon exited (its
 * status is then what test_daemon_stop returns) or never became ready. */
int test_daemon_start(test_daemon *d, const char *binary, const char *config,
                      const char *const *extra_env);
/* From now on, daemons started write their log (stderr) to <dir>/ldpcd.log,
 * which test_daemon_log reads (up to size - 1 bytes, NUL-terminated). */
void test_daemon_capture_log(int on);
void test_daemon_log(const test_daemon *d, char *out, size_t size);

/* Connects a PUSH to the input and a PULL to the output (ipc or the tcp
 * endpoints given in the config, read back from d->input/d->output). */
void test_daemon_connect(test_daemon *d);
/* A SUB socket on the daemon's statistics (1 s receive timeout); the caller
 * closes it before test_daemon_cleanup. */
void *test_daemon_subscribe_stats(test_daemon *d);
/* Sends SIGTERM and waits up to timeout_ms; returns the exit status, or -1
 * (after SIGKILL) if it did not exit. */
int test_daemon_stop(test_daemon *d, int timeout_ms);
/* 1 once the daemon has exited (its status is then what test_daemon_stop
 * returns), 0 while it runs. */
int test_daemon_exited(test_daemon *d);
/* Sends a signal to the daemon. */
void test_daemon_signal(test_daemon *d, int signal_number);
void test_daemon_cleanup(test_daemon *d);

/* Next notify datagram (NUL-terminated) within timeout_ms; 0 on success. */
int test_daemon_notify(test_daemon *d, char *out, size_t size, int timeout_ms);

/* Builds a protocol v1 message; returns its size. */
size_t test_message(uint8_t *out, const char *code, uint8_t format, uint8_t flags,
                    uint16_t frames, float scale, uint64_t sequence, const void *payload,
                    size_t payload_bytes);
/* 0 if ZeroMQ took the message. */
int test_send(test_daemon *d, const void *data, size_t size);
/* Receives one result (header + payload up to `capacity`); 0 on success, -1
 * on timeout. */
int test_receive(test_daemon *d, ldpcd_result_header *header, uint8_t *payload, size_t capacity,
                 int timeout_ms);

/* Sends frames [first, first+count) of `code` as one message of f32 LLRs
 * (test_frame_llr, each frame seeded by its sequence number); 0 if ZeroMQ
 * took it. */
int test_send_frames(test_daemon *d, const ldpc_code *code, uint64_t first, uint16_t count);

/* The number after "key": in a statistics report (0 if absent). */
uint64_t test_json_number(const char *json, const char *key);
/* The last statistics report that arrives within timeout_ms of the previous
 * one (the daemon publishes a final one as it stops, marked "final":true);
 * 0 if any arrived. */
int test_last_stats(void *stats_socket, char *json, size_t size, int timeout_ms);

/* CLOCK_MONOTONIC in ms; a sleep of ms. */
uint64_t test_now_ms(void);
void test_pause_ms(long ms);
/* A kB figure of /proc/PID/status ("VmRSS:", "VmHWM:"), or -1. */
long test_status_kb(pid_t pid, const char *field);

/* A codeword of `code` from info bits seeded by `seed`, as float LLRs
 * (positive = bit 0; BPSK over AWGN at Es/N0 4.8 dB, 1.3% of the hard
 * decisions wrong); info gets the k bits. */
void test_frame_llr(const ldpc_code *code, uint64_t seed, float *llr, uint8_t *info);

#endif
