#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <poll.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "tool_common.h"

static const char *current_command = NULL;

void tool_set_command(const char *name)
{
    current_command = name;
}

void tool_error(const char *format, ...)
{
    if (current_command != NULL)
        fprintf(stderr, "ldpc %s: ", current_command);
    else
        fputs("ldpc: ", stderr);
    va_list args;
    va_start(args, format);
    vfprintf(stderr, format, args);
    va_end(args);
    fputc('\n', stderr);
}

double tool_now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int tool_parse_double(const char *option, const char *text, double *out)
{
    char *end;
    errno = 0;
    double value = strtod(text, &end);
    if (end == text || *end != '\0' || errno != 0 || !isfinite(value)) {
        tool_error("%s: '%s' is not a finite number", option, text);
        return -1;
    }
    *out = value;
    return 0;
}

int tool_parse_uint(const char *option, const char *text, uint64_t min, uint64_t max,
                    uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long value = strtoull(text, &end, 10);
    if (end == text || *end != '\0' || errno != 0 || text[0] == '-' || value < min ||
        value > max) {
        tool_error("%s: '%s' is not an integer in [%" PRIu64 ", %" PRIu64 "]", option, text,
                   min, max);
        return -1;
    }
    *out = value;
    return 0;
}

ldpc_code *tool_open_code(const char *name)
{
    if (name == NULL) {
        tool_error("--code NAME is required (see 'ldpc codes')");
        return NULL;
    }
    ldpc_code *code = NULL;
    ldpc_error err = {{0}};
    ldpc_status status = ldpc_code_create(name, &code, &err);
    if (status != LDPC_OK) {
        /* The library's message names the code (and for alist files, the line). */
        tool_error("%s", err.message[0] ? err.message : ldpc_status_name(status));
        return NULL;
    }
    return code;
}

/* True if a read on fd would not block (data, end of file or an error). */
static int input_ready(int fd)
{
    struct pollfd p = {.fd = fd, .events = POLLIN};
    return poll(&p, 1, 0) > 0;
}

int tool_read_frames(int fd, uint8_t *buffer, size_t frame_bytes, size_t max_frames,
                     size_t *frames, size_t *partial_bytes, int *end_of_input)
{
    size_t wanted = frame_bytes * max_frames, total = 0;
    *end_of_input = 0;
    while (total < wanted) {
        /* Whole frames in hand and nothing more waiting: hand them over now
         * rather than wait for a full batch from a slow source. */
        if (total > 0 && total % frame_bytes == 0 && !input_ready(fd))
            break;
        ssize_t got = read(fd, buffer + total, wanted - total);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            tool_error("reading standard input: %s", strerror(errno));
            return -1;
        }
        if (got == 0) {
            *end_of_input = 1;
            break;
        }
        total += (size_t)got;
    }
    *frames = total / frame_bytes;
    *partial_bytes = total % frame_bytes; /* non-zero only at end of input */
    return 0;
}

void tool_report_partial_frame(size_t partial_bytes, size_t frame_bytes, size_t frames_done)
{
    tool_error("input ends with a partial frame: %zu bytes after %zu whole frames "
               "(a frame is %zu bytes)",
               partial_bytes, frames_done, frame_bytes);
}

int tool_write(FILE *out, const void *data, size_t bytes)
{
    if (bytes > 0 && fwrite(data, 1, bytes, out) != bytes) {
        tool_error("writing output: %s", strerror(errno));
        return -1;
    }
    return 0;
}

int tool_finish_output(FILE *out)
{
    if (fflush(out) != 0 || ferror(out)) {
        tool_error("writing output: %s", strerror(errno));
        return -1;
    }
    return 0;
}
