/* Helpers shared by the ldpc subcommands: error reporting, number parsing,
 * code lookup and whole-frame I/O on stdin/stdout. */
#ifndef LDPC_TOOL_COMMON_H
#define LDPC_TOOL_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ldpc/ldpc.h"

/* Exit statuses of every subcommand. */
#define TOOL_EXIT_OK 0
#define TOOL_EXIT_FAILURE 1 /* bad input data, I/O, library errors */
#define TOOL_EXIT_USAGE 2   /* bad command line */

#if defined(__GNUC__)
#define TOOL_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define TOOL_PRINTF(a, b)
#endif

/* The subcommand name used as the prefix of every message ("ldpc decode: ..."). */
void tool_set_command(const char *name);
/* Prints "ldpc <command>: <message>" on stderr. */
void tool_error(const char *format, ...) TOOL_PRINTF(1, 2);

/* Strict parsers for option values; on failure they print a message naming
 * the option and return -1. */
int tool_parse_double(const char *option, const char *text, double *out);
int tool_parse_uint(const char *option, const char *text, uint64_t min, uint64_t max,
                    uint64_t *out);

/* Seconds on the monotonic clock (for intervals). */
double tool_now_seconds(void);

/* ldpc_code_create with the library's message printed on failure. */
ldpc_code *tool_open_code(const char *name);

/* Reads whole frames of `frame_bytes` from fd into `buffer`: at least one
 * (blocking), then more while more are already waiting, up to `max_frames`.
 * So a fast source fills batches and a slow one is not held back. Sets
 * *frames, *partial_bytes (bytes of an incomplete frame at end of input, else
 * 0) and *end_of_input. Returns 0, or -1 after printing a message. */
int tool_read_frames(int fd, uint8_t *buffer, size_t frame_bytes, size_t max_frames,
                     size_t *frames, size_t *partial_bytes, int *end_of_input);
/* Prints the standard "trailing partial frame" message. */
void tool_report_partial_frame(size_t partial_bytes, size_t frame_bytes, size_t frames_done);

/* fwrite of everything, -1 with a message on failure. */
int tool_write(FILE *out, const void *data, size_t bytes);
/* Flushes stdout and reports a failure (e.g. a full disk) as an error. */
int tool_finish_output(FILE *out);

#endif
