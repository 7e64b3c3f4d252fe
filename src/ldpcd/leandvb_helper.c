#define _GNU_SOURCE /* F_SETPIPE_SZ, F_GETPIPE_SZ */
#include "leandvb_helper.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "frame_input.h"
#include "ldpc/ldpc.h"

#define HELPER_PIPE_BYTES (1024 * 1024) /* the unprivileged maximum by default */
/* leandvb sends 32 frames before it reads; more arrive while the decoder is
 * built (24 normal frames within 50 ms of exec). */
#define HELPER_QUEUE_FRAMES 128
#define HELPER_BATCH_FRAMES 16
#define PIPE_PAGE 4096
#define DVB_NORMAL_N 64800
#define DVB_SHORT_N 16200

/* DVB-S2 MODCODs 1..28 (EN 302 307-1 table 12): the code rate of each. */
static const char *const modcod_rates[29] = {
    NULL,  "1/4", "1/3", "2/5", "1/2", "3/5", "2/3", "3/4", "4/5", "5/6", "8/9", "9/10",
    "3/5", "2/3", "3/4", "5/6", "8/9", "9/10",                             /* 8PSK */
    "2/3", "3/4", "4/5", "5/6", "8/9", "9/10",                             /* 16APSK */
    "3/4", "4/5", "5/6", "8/9", "9/10",                                    /* 32APSK */
};

/* DVB-S2X PLS codes 132..248 (EN 302 307-2 Table 17a, even: the odd one is
 * the same with pilots), as GNU Radio's DVB-S2X transmitter
 * (gr-dtv dvbs2_physical_cc) assigns them: the code of each. 216 and above
 * are short frames; a few reuse a DVB-S2 code. */
static const struct {
    uint8_t pls;
    const char *code;
} s2x_modcods[] = {
    {132, "dvbs2x-normal-13/45"},   {134, "dvbs2x-normal-9/20"},   {136, "dvbs2x-normal-11/20"},
    {138, "dvbs2x-normal-100/180"}, {140, "dvbs2x-normal-104/180"}, {142, "dvbs2x-normal-23/36"},
    {144, "dvbs2x-normal-25/36"},   {146, "dvbs2x-normal-13/18"},  {148, "dvbs2x-normal-90/180"},
    {150, "dvbs2x-normal-96/180"},  {152, "dvbs2x-normal-100/180"}, {154, "dvbs2x-normal-26/45"},
    {156, "dvbs2-normal-3/5"},      {158, "dvbs2x-normal-18/30"},  {160, "dvbs2x-normal-28/45"},
    {162, "dvbs2x-normal-23/36"},   {164, "dvbs2x-normal-20/30"},  {166, "dvbs2x-normal-25/36"},
    {168, "dvbs2x-normal-13/18"},   {170, "dvbs2x-normal-140/180"}, {172, "dvbs2x-normal-154/180"},
    {174, "dvbs2-normal-2/3"},      {178, "dvbs2x-normal-128/180"}, {180, "dvbs2x-normal-132/180"},
    {182, "dvbs2x-normal-140/180"}, {184, "dvbs2x-normal-128/180"}, {186, "dvbs2x-normal-132/180"},
    {190, "dvbs2x-normal-7/9"},     {194, "dvbs2-normal-4/5"},     {198, "dvbs2-normal-5/6"},
    {200, "dvbs2x-normal-135/180"}, {202, "dvbs2x-normal-140/180"}, {204, "dvbs2x-normal-116/180"},
    {206, "dvbs2x-normal-20/30"},   {208, "dvbs2x-normal-124/180"}, {210, "dvbs2x-normal-128/180"},
    {212, "dvbs2x-normal-22/30"},   {214, "dvbs2x-normal-135/180"}, {216, "dvbs2x-short-11/45"},
    {218, "dvbs2x-short-4/15"},     {220, "dvbs2x-short-14/45"},   {222, "dvbs2x-short-7/15"},
    {224, "dvbs2x-short-8/15"},     {226, "dvbs2x-short-32/45"},   {228, "dvbs2x-short-7/15"},
    {230, "dvbs2x-short-8/15"},     {232, "dvbs2x-short-26/45"},   {234, "dvbs2x-short-32/45"},
    {236, "dvbs2x-short-7/15"},     {238, "dvbs2x-short-8/15"},    {240, "dvbs2x-short-26/45"},
    {242, "dvbs2-short-3/5"},       {244, "dvbs2x-short-32/45"},   {246, "dvbs2-short-2/3"},
    {248, "dvbs2x-short-32/45"},
};

const char *ldpcd_helper_code_name(int modcod, int short_frames)
{
    static char name[32];
    if (modcod >= 128 && modcod <= 255) {
        for (size_t i = 0; i < sizeof s2x_modcods / sizeof s2x_modcods[0]; i++)
            if (s2x_modcods[i].pls == (modcod & ~1))
                return s2x_modcods[i].code;
        return NULL;
    }
    if (modcod < 1 || modcod > 28)
        return NULL;
    const char *rate = modcod_rates[modcod];
    if (short_frames && strcmp(rate, "9/10") == 0)
        return NULL; /* no short frame at rate 9/10 */
    snprintf(name, sizeof name, "dvbs2-%s-%s", short_frames ? "short" : "normal", rate);
    return name;
}

typedef struct {
    uint8_t *frames; /* capacity frames of n bytes */
    uint32_t capacity, head, count;
} frame_queue;

static uint8_t *queue_at(frame_queue *q, uint32_t index, uint32_t n)
{
    return q->frames + (size_t)((q->head + index) % q->capacity) * n;
}

/* Whether a write of `bytes` into the pipe on fd would complete at once: a
 * pipe is a ring of pages, and a partly read first page still takes a slot. */
static int pipe_has_room(int fd, int capacity, size_t bytes)
{
    if (capacity <= 0)
        return 1; /* not a pipe: a blocking write is fine */
    int queued = 0;
    if (ioctl(fd, FIONREAD, &queued) != 0)
        return 1;
    if (queued == 0)
        return (size_t)capacity >= bytes;
    size_t used_pages = (size_t)queued / PIPE_PAGE + 2;
    size_t pages = (size_t)capacity / PIPE_PAGE;
    return pages > used_pages && (pages - used_pages) * PIPE_PAGE >= bytes;
}

static int write_all(int fd, const uint8_t *data, size_t size)
{
    while (size > 0) {
        ssize_t written = write(fd, data, size);
        if (written < 0 && errno == EINTR)
            continue;
        if (written <= 0)
            return -1;
        data += written;
        size -= (size_t)written;
    }
    return 0;
}

/* The code and decoder, built on their own thread: leandvb writes frames
 * from the moment it starts the helper and drops those a full pipe refuses,
 * so the main thread reads from the start and queues frames until then. */
typedef struct {
    const char *name;
    ldpc_code *code;
    ldpc_decoder *decoder;
    ldpc_error err;
    ldpc_status status;
    atomic_int ready; /* 1 once status (and on success code, decoder) is set */
} decoder_build;

static void *build_decoder(void *argument)
{
    decoder_build *b = argument;
    b->status = ldpc_code_create(b->name, &b->code, &b->err);
    if (b->status == LDPC_OK) {
        ldpc_decoder_config config = ldpc_decoder_config_default();
        ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(b->code, HELPER_BATCH_FRAMES);
        b->status = ldpc_decoder_create(&config, &limits, NULL, &b->decoder, &b->err);
    }
    atomic_store(&b->ready, 1);
    return NULL;
}

/* Every command line leandvb versions pass: `--modcod N [--shortframes]`,
 * the documented `--standard DVB-S2 --modcod N [--shortframes]`, and newer
 * versions' --trials and --batch-size (our decoder has its own limits). */
static int parse_arguments(int argc, char **argv, int *modcod, int *short_frames)
{
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--modcod") && i + 1 < argc)
            *modcod = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--shortframes"))
            *short_frames = 1;
        else if (!strcmp(argv[i], "--standard") && i + 1 < argc) {
            if (strcmp(argv[++i], "DVB-S2") != 0) {
                fprintf(stderr, "ldpcd helper: standard %s is not supported (only DVB-S2)\n",
                        argv[i]);
                return 2;
            }
        } else if ((!strcmp(argv[i], "--trials") || !strcmp(argv[i], "--batch-size")) &&
                   i + 1 < argc)
            i++;
        else {
            fprintf(stderr, "ldpcd helper: unknown option %s\n", argv[i]);
            return 2;
        }
    }
    return 0;
}

int ldpcd_helper_main(int argc, char **argv)
{
    /* Pipes first, before anything slow: leandvb is already writing. */
    signal(SIGPIPE, SIG_IGN); /* a vanished reader shows as EPIPE */
    fcntl(STDIN_FILENO, F_SETPIPE_SZ, HELPER_PIPE_BYTES);
    fcntl(STDOUT_FILENO, F_SETPIPE_SZ, HELPER_PIPE_BYTES);
    int out_capacity = fcntl(STDOUT_FILENO, F_GETPIPE_SZ);
    fcntl(STDIN_FILENO, F_SETFL, fcntl(STDIN_FILENO, F_GETFL) | O_NONBLOCK);

    int modcod = 0, short_frames = 0;
    int usage = parse_arguments(argc, argv, &modcod, &short_frames);
    if (usage != 0)
        return usage;
    decoder_build build = {.name = ldpcd_helper_code_name(modcod, short_frames)};
    if (build.name == NULL) {
        fprintf(stderr, "ldpcd helper: no DVB-S2 or DVB-S2X code for MODCOD %d%s\n", modcod,
                short_frames ? " with short frames" : "");
        return 2;
    }
    uint32_t n = strstr(build.name, "-short-") != NULL ? DVB_SHORT_N : DVB_NORMAL_N;
    pthread_t builder;
    if (pthread_create(&builder, NULL, build_decoder, &build) != 0) {
        fprintf(stderr, "ldpcd helper: cannot start a thread\n");
        return 1;
    }
    int built = 0;
    ldpc_soft_input soft = ldpc_soft_input_default(LDPC_SOFT_I8);
    ldpc_decoder_config defaults = ldpc_decoder_config_default();
    ldpcd_frame_input convert = {.to_float = 0, .llr_scale = defaults.llr_scale};
    frame_queue in = {calloc(HELPER_QUEUE_FRAMES, n), HELPER_QUEUE_FRAMES, 0, 0};
    frame_queue out = {calloc(HELPER_QUEUE_FRAMES, n), HELPER_QUEUE_FRAMES, 0, 0};
    uint8_t *partial = calloc(1, n); /* the frame being read */
    int8_t *batch = calloc(HELPER_BATCH_FRAMES, n);
    uint8_t *bits = calloc(HELPER_BATCH_FRAMES, n);
    if (in.frames == NULL || out.frames == NULL || partial == NULL || batch == NULL ||
        bits == NULL) {
        fprintf(stderr, "ldpcd helper: out of memory\n");
        return 1;
    }
    size_t partial_filled = 0;
    int input_open = 1, status = 0;
    for (;;) {
        if (!built && atomic_load(&build.ready)) {
            pthread_join(builder, NULL);
            built = 1;
            if (build.status != LDPC_OK) {
                fprintf(stderr, "ldpcd helper: %s\n", build.err.message);
                status = 1;
                break;
            }
            if (ldpc_code_n(build.code) != n) {
                fprintf(stderr, "ldpcd helper: %s has %u bits, not %u\n", build.name,
                        ldpc_code_n(build.code), n);
                status = 1;
                break;
            }
        }
        int decodable = built && in.count > 0 && out.count < out.capacity;
        struct pollfd fds[2] = {
            {.fd = STDIN_FILENO, .events = input_open && in.count < in.capacity ? POLLIN : 0},
            {.fd = STDOUT_FILENO, .events = 0}, /* POLLERR/POLLHUP: the reader is gone */
        };
        int timeout_ms = decodable ? 0 : (out.count > 0 || !built ? 2 : 200);
        if (poll(fds, 2, timeout_ms) < 0 && errno != EINTR)
            break;
        if (fds[1].revents & (POLLERR | POLLHUP | POLLNVAL))
            break; /* leandvb went away */
        if (fds[0].revents & (POLLIN | POLLHUP)) {
            while (in.count < in.capacity) {
                ssize_t got = read(STDIN_FILENO, partial + partial_filled, n - partial_filled);
                if (got == 0) {
                    input_open = 0;
                    break;
                }
                if (got < 0)
                    break; /* EAGAIN: nothing more now */
                partial_filled += (size_t)got;
                if (partial_filled == n) {
                    memcpy(queue_at(&in, in.count, n), partial, n);
                    in.count++;
                    partial_filled = 0;
                }
            }
        }
        if (decodable) {
            uint32_t frames = in.count;
            if (frames > HELPER_BATCH_FRAMES)
                frames = HELPER_BATCH_FRAMES;
            if (frames > out.capacity - out.count)
                frames = out.capacity - out.count;
            /* leandvb's LLRs are about 3x under-confident: calibrated per frame */
            for (uint32_t f = 0; f < frames; f++)
                ldpcd_frame_input_convert(&convert, &soft, queue_at(&in, f, n), n,
                                          batch + (size_t)f * n);
            in.head = (in.head + frames) % in.capacity;
            in.count -= frames;
            if (ldpc_decoder_decode_i8(build.decoder, build.code, batch, frames, bits, NULL,
                                       &build.err) != LDPC_OK) {
                fprintf(stderr, "ldpcd helper: %s\n", build.err.message);
                status = 1;
                break;
            }
            for (uint32_t f = 0; f < frames; f++) {
                int8_t *result = (int8_t *)queue_at(&out, out.count, n);
                const uint8_t *decided = bits + (size_t)f * n;
                for (uint32_t b = 0; b < n; b++)
                    result[b] = decided[b] ? -127 : 127;
                out.count++;
            }
        }
        while (out.count > 0 && pipe_has_room(STDOUT_FILENO, out_capacity, n)) {
            if (write_all(STDOUT_FILENO, queue_at(&out, 0, n), n) != 0) {
                status = errno == EPIPE ? 0 : 1;
                goto done;
            }
            out.head = (out.head + 1) % out.capacity;
            out.count--;
        }
        if (!input_open && in.count == 0 && out.count == 0)
            break; /* end of input, everything delivered */
    }
done:
    if (!built)
        pthread_join(builder, NULL);
    ldpc_decoder_destroy(build.decoder);
    ldpc_code_destroy(build.code);
    free(in.frames);
    free(out.frames);
    free(partial);
    free(batch);
    free(bits);
    return status;
}
