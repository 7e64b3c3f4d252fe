/* ldpc-rx: receives ldpcd's results, checks every decoded frame
 * against the bits the source sent (same --seed and --pool), and prints live
 * and final BER, FER, throughput and latency, and what the channel did: the
 * share of codeword bits whose hard decision was wrong (ldpcd's corrected
 * bits of the frames it decoded). It fails when no frame decoded. With
 * --reorder it restores the
 * sequence order of results coming from several ldpcd instances (scale-out)
 * and checks that every sequence number arrived exactly once. With --sources
 * S, the --frames N sequence numbers are S senders' ranges of N / S (ldpc-tx
 * --first-sequence s N / S), interleaved at the service's input: order is
 * checked within each range. With --input-frames it takes ldpc-tx's frame
 * messages straight from the senders instead (no ldpcd between) and only
 * counts them: the rate the feeder and the transport reach on their own. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zmq.h>

#include "demo_frames.h"
#include "ldpc/ldpc.h"
#include "protocol.h"

/* The rate from the first to the last tenth of the frames expected, which
 * leaves out senders starting and finishing one after another (each first
 * makes its pool): the arrival that passes the first tenth opens the window,
 * and the frames of every later one up to the last tenth count. */
typedef struct {
    uint64_t first_ns, last_ns, frames, bytes;
} steady_window;

/* An arrival of `frames` frames and `bytes` bytes at `now` that brings the
 * count to `received` of `expected` (0: none expected, every arrival counts). */
static void steady_arrival(steady_window *w, uint64_t expected, uint64_t received,
                           uint64_t frames, uint64_t bytes, uint64_t now)
{
    if (expected != 0 && (received <= expected / 10 || received > expected - expected / 10))
        return;
    if (w->first_ns == 0) {
        w->first_ns = now;
        return;
    }
    w->frames += frames;
    w->bytes += bytes;
    w->last_ns = now;
}

/* Frames (or bytes) per second over the window; 0 before it has two arrivals. */
static double steady_rate(const steady_window *w, uint64_t count)
{
    return w->last_ns > w->first_ns ? (double)count / ((double)(w->last_ns - w->first_ns) / 1e9)
                                    : 0.0;
}

typedef struct {
    uint64_t results, decoded, not_converged, rejected;
    uint64_t frame_errors, bit_errors, bits;
    uint64_t corrected_bits, codeword_bits; /* over the decoded frames */
    uint64_t latency_us_total;
    uint64_t order_violations, duplicates;
    uint64_t first_ns, last_ns;
    steady_window steady; /* with --frames */
    uint64_t *last_sequence; /* per source, + 1 (0: none yet) */
    uint64_t per_source;     /* sequence numbers of one source */
    uint32_t sources;
    /* --reorder: results held until every earlier sequence number arrived */
    uint8_t *seen;
    uint64_t expected;
    uint64_t released_in_order, max_held;
    uint64_t *latency; /* LATENCY_BUCKETS */
} sink_totals;

/* Rejected frames named on stderr one by one; the summary counts them all
 * (a daemon stopped mid-stream rejects every queued frame). */
#define REJECTIONS_SHOWN 10

/* Latencies as ldpcd reports them, in buckets of LATENCY_BUCKET_US up to
 * LATENCY_BUCKETS of them (the last one holds everything longer). */
#define LATENCY_BUCKET_US 10
#define LATENCY_BUCKETS 1000000

static uint32_t latency_percentile(const uint64_t *histogram, uint64_t count, double share)
{
    uint64_t wanted = (uint64_t)(share * (double)count), seen = 0;
    for (uint32_t b = 0; b < LATENCY_BUCKETS; b++) {
        seen += histogram[b];
        if (seen > wanted)
            return b * LATENCY_BUCKET_US;
    }
    return LATENCY_BUCKETS * LATENCY_BUCKET_US;
}

/* The information bits of a frame, packed as ldpcd sends them; with a pool
 * each distinct frame is made once and kept (a sink that makes every
 * frame's bits again cannot keep up with a GPU). */
typedef struct {
    uint64_t seed;
    uint32_t pool, k;
    uint8_t *bits, *packed; /* one frame unpacked; pool frames packed */
    uint8_t *made;          /* pool flags */
} expected_frames;

static const uint8_t *expected_packed(expected_frames *e, uint64_t sequence, uint32_t k,
                                      uint8_t *scratch)
{
    size_t bytes = (k + 7u) / 8u;
    if (e->k == 0)
        e->k = k; /* the pool is of the first frame's code */
    if (e->pool == 0 || k != e->k) {
        demo_info_bits(e->seed, sequence, e->pool, e->bits, k);
        ldpc_bits_pack(e->bits, k, scratch);
        return scratch;
    }
    uint32_t index = (uint32_t)(sequence % e->pool);
    uint8_t *packed = e->packed + (size_t)index * bytes;
    if (!e->made[index]) {
        demo_info_bits(e->seed, sequence, e->pool, e->bits, k);
        ldpc_bits_pack(e->bits, k, packed);
        e->made[index] = 1;
    }
    return packed;
}

static void print_line(const sink_totals *t, FILE *out, const char *prefix)
{
    double seconds = t->last_ns > t->first_ns ? (double)(t->last_ns - t->first_ns) / 1e9 : 0.0;
    uint64_t checked = t->decoded + t->not_converged;
    fprintf(out,
            "%sframes %llu (decoded %llu, not converged %llu, rejected %llu) FER %.3g BER %.3g "
            "%.1f frames/s",
            prefix, (unsigned long long)t->results, (unsigned long long)t->decoded,
            (unsigned long long)t->not_converged, (unsigned long long)t->rejected,
            checked ? (double)t->frame_errors / (double)checked : 0.0,
            t->bits ? (double)t->bit_errors / (double)t->bits : 0.0,
            seconds > 0 ? (double)(t->results - 1) / seconds : 0.0);
    if (t->steady.last_ns > t->steady.first_ns)
        fprintf(out, " (steady %.1f frames/s, from the first to the last tenth)",
                steady_rate(&t->steady, t->steady.frames));
    fprintf(out, " %.2f Mbit/s latency %.0f us", seconds > 0 ? (double)t->bits / seconds / 1e6 : 0.0,
            t->results ? (double)t->latency_us_total / (double)t->results : 0.0);
    if (t->latency != NULL && t->results > 0)
        fprintf(out, " (p50 %u us, p99 %u us)", latency_percentile(t->latency, t->results, 0.5),
                latency_percentile(t->latency, t->results, 0.99));
    if (t->seen != NULL)
        fprintf(out, " released in order %llu (max held %llu)",
                (unsigned long long)t->released_in_order, (unsigned long long)t->max_held);
    fprintf(out, " order violations %llu duplicates %llu\n",
            (unsigned long long)t->order_violations, (unsigned long long)t->duplicates);
}

/* Bits per codeword of the code named `name` (0 if unknown), remembered
 * for the last name asked. */
static uint32_t codeword_bits(const char *name)
{
    static char last[LDPCD_WIRE_CODE_SIZE + 1];
    static uint32_t n;
    if (strcmp(name, last) != 0) {
        ldpc_code *code;
        ldpc_error err;
        n = ldpc_code_create(name, &code, &err) == LDPC_OK ? ldpc_code_n(code) : 0;
        if (n > 0)
            ldpc_code_destroy(code);
        snprintf(last, sizeof last, "%s", name);
    }
    return n;
}

/* Copies the string value of "key" in a stats JSON document into out. */
static void json_text(const char *json, const char *key, char *out, size_t size)
{
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\":\"", key);
    const char *at = strstr(json, pattern);
    size_t length = 0;
    if (at != NULL) {
        at += strlen(pattern);
        while (at[length] != '\0' && at[length] != '"' && length + 1 < size)
            length++;
        memcpy(out, at, length);
    }
    out[length] = '\0';
}

/* Pulls "key": number out of a stats JSON document. */
static double json_number(const char *json, const char *key)
{
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\":", key);
    const char *at = strstr(json, pattern);
    return at ? atof(at + strlen(pattern)) : -1.0;
}

/* The statistics socket read between results: the latest report kept. */
#define STATS_READ_NS 100000000u

static void read_stats(void *stats, char *last, size_t size)
{
    for (;;) {
        int got = zmq_recv(stats, last, size - 1, ZMQ_DONTWAIT);
        if (got < 0)
            return;
        last[(size_t)got < size - 1 ? (size_t)got : size - 1] = 0;
    }
}

/* ldpcd's code lookup for ldpcd_parse_input, over every built-in code. */
static const void *any_code(const void *context, const char *name, uint32_t *n)
{
    (void)context;
    *n = codeword_bits(name);
    return *n > 0 ? name : NULL;
}

/* --input-frames: frame messages received without a copy, checked as ldpcd
 * checks them, counted and dropped; their steady rate. */
static int count_input_frames(void *socket, uint64_t frames, long timeout_ms)
{
    uint64_t received = 0, messages = 0, bytes = 0, malformed = 0;
    steady_window steady = {0};
    uint64_t last_activity = demo_now_ns();
    zmq_msg_t message;
    zmq_msg_init(&message);
    while (frames == 0 || received < frames) {
        if (zmq_msg_recv(&message, socket, ZMQ_DONTWAIT) < 0) {
            zmq_pollitem_t item = {.socket = socket, .events = ZMQ_POLLIN};
            zmq_poll(&item, 1, 200);
            if (demo_now_ns() - last_activity > (uint64_t)timeout_ms * 1000000u)
                break;
            continue;
        }
        last_activity = demo_now_ns();
        messages++;
        ldpcd_parsed_message parsed;
        ldpcd_parse_input(zmq_msg_data(&message), zmq_msg_size(&message), any_code, NULL,
                          UINT16_MAX, SIZE_MAX, &parsed);
        if (parsed.reason != LDPCD_REJECT_NONE) {
            malformed++;
            continue;
        }
        received += parsed.header.frame_count;
        bytes += zmq_msg_size(&message);
        steady_arrival(&steady, frames, received, parsed.header.frame_count,
                       zmq_msg_size(&message), last_activity);
    }
    zmq_msg_close(&message);
    printf("summary: input frames %llu in %llu messages (%llu malformed, %.2f GB): %.1f "
           "frames/s, %.2f GB/s (the feeder alone, from the first to the last tenth)\n",
           (unsigned long long)received, (unsigned long long)messages,
           (unsigned long long)malformed, (double)bytes / 1e9,
           steady_rate(&steady, steady.frames), steady_rate(&steady, steady.bytes) / 1e9);
    return received > 0 && malformed == 0 && (frames == 0 || received == frames) ? 0 : 1;
}

int main(int argc, char **argv)
{
    const char *endpoint = NULL, *stats_endpoint = NULL;
    int bind = 0, quiet = 0, reorder = 0, input_frames = 0;
    uint64_t seed = 1, frames = 0, sources = 1;
    uint32_t pool = 0;
    long timeout_ms = 10000;
    int io_threads = 1;
    for (int i = 1; i < argc; i++) {
        const char *v;
        if ((v = demo_arg(argc, argv, &i, "--endpoint")))
            endpoint = v;
        else if ((v = demo_arg(argc, argv, &i, "--stats")))
            stats_endpoint = v;
        else if (!strcmp(argv[i], "--bind"))
            bind = 1;
        else if (!strcmp(argv[i], "--quiet"))
            quiet = 1;
        else if (!strcmp(argv[i], "--reorder"))
            reorder = 1;
        else if (!strcmp(argv[i], "--input-frames"))
            input_frames = 1;
        else if ((v = demo_arg(argc, argv, &i, "--seed")))
            seed = strtoull(v, NULL, 10);
        else if ((v = demo_arg(argc, argv, &i, "--pool")))
            pool = (uint32_t)strtoul(v, NULL, 10);
        else if ((v = demo_arg(argc, argv, &i, "--frames")))
            frames = strtoull(v, NULL, 10);
        else if ((v = demo_arg(argc, argv, &i, "--sources")))
            sources = strtoull(v, NULL, 10);
        else if ((v = demo_arg(argc, argv, &i, "--timeout-ms")))
            timeout_ms = atol(v);
        else if ((v = demo_arg(argc, argv, &i, "--io-threads")))
            io_threads = atoi(v) > 0 ? atoi(v) : 1;
        else {
            fputs("usage: ldpc-rx --endpoint EP [--bind] [--frames N] [--seed S]\n"
                  "         [--pool P] [--timeout-ms T] [--stats EP] [--reorder]\n"
                  "         [--sources S] [--quiet] [--input-frames] [--io-threads N]\n",
                  stderr);
            return 2;
        }
    }
    if (endpoint == NULL || (reorder && frames == 0) || sources == 0 || sources > 4096 ||
        (sources > 1 && (frames == 0 || frames % sources != 0))) {
        fputs("ldpc-rx: --endpoint is required (--reorder needs --frames; --sources S, at "
              "most 4096, needs --frames, a multiple of S)\n",
              stderr);
        return 2;
    }
    void *context = zmq_ctx_new();
    zmq_ctx_set(context, ZMQ_IO_THREADS, io_threads);
    void *socket = zmq_socket(context, ZMQ_PULL);
    if ((bind ? zmq_bind(socket, endpoint) : zmq_connect(socket, endpoint)) != 0) {
        fprintf(stderr, "ldpc-rx: %s: %s\n", endpoint, zmq_strerror(errno));
        return 1;
    }
    if (input_frames) {
        int status = count_input_frames(socket, frames, timeout_ms);
        zmq_close(socket);
        zmq_ctx_term(context);
        return status;
    }
    void *stats = NULL;
    if (stats_endpoint != NULL) {
        stats = zmq_socket(context, ZMQ_SUB);
        zmq_setsockopt(stats, ZMQ_SUBSCRIBE, "", 0);
        zmq_connect(stats, stats_endpoint);
    }
    static char last_stats[16384];
    static uint8_t message[LDPCD_RESULT_HEADER_SIZE + 64800 * 8];
    uint8_t *decided = malloc(64800 / 8);
    expected_frames expected = {.seed = seed, .pool = pool, .bits = malloc(64800),
                                .packed = malloc((size_t)pool * (64800 / 8) + 1),
                                .made = calloc(pool + 1u, 1)};
    sink_totals t = {0};
    t.latency = calloc(LATENCY_BUCKETS, sizeof *t.latency);
    if (reorder)
        t.seen = calloc(frames, 1);
    t.sources = (uint32_t)sources;
    t.per_source = sources > 1 ? frames / sources : UINT64_MAX;
    t.last_sequence = calloc(sources, sizeof *t.last_sequence);
    uint64_t next_print = demo_now_ns() + 1000000000u;
    uint64_t last_activity = demo_now_ns();
    uint64_t next_stats = 0;
    while (frames == 0 || t.results < frames) {
        /* Results are taken while there are any; poll(2) only when none is
         * waiting, so that the sink keeps up with a GPU's result rate. */
        int size = zmq_recv(socket, message, sizeof message, ZMQ_DONTWAIT);
        uint64_t now = demo_now_ns();
        if (stats && (size < 0 || now >= next_stats)) {
            read_stats(stats, last_stats, sizeof last_stats);
            next_stats = now + STATS_READ_NS;
        }
        if (size < 0) {
            zmq_pollitem_t items[2] = {{.socket = socket, .events = ZMQ_POLLIN},
                                       {.socket = stats, .events = ZMQ_POLLIN}};
            zmq_poll(items, stats ? 2 : 1, 200);
            if (demo_now_ns() - last_activity > (uint64_t)timeout_ms * 1000000u)
                break;
            continue;
        }
        last_activity = now;
        ldpcd_result_header h;
        if ((size_t)size > sizeof message ||
            ldpcd_decode_result_header(message, (size_t)size, &h) != 0) {
            fprintf(stderr, "ldpc-rx: malformed result of %d bytes\n", size);
            continue;
        }
        if (t.results == 0)
            t.first_ns = now;
        t.last_ns = now;
        t.results++;
        if (frames > 0)
            steady_arrival(&t.steady, frames, t.results, 1, 0, now);
        t.latency_us_total += h.latency_us;
        uint32_t bucket = h.latency_us / LATENCY_BUCKET_US;
        t.latency[bucket < LATENCY_BUCKETS ? bucket : LATENCY_BUCKETS - 1]++;
        uint64_t source = h.sequence / t.per_source;
        if (source >= t.sources)
            source = t.sources - 1; /* a number past the ranges: the last one's */
        if (t.last_sequence[source] != 0 && h.sequence < t.last_sequence[source] && !reorder)
            t.order_violations++;
        t.last_sequence[source] = h.sequence + 1;
        if (t.seen != NULL && h.sequence < frames) {
            if (t.seen[h.sequence])
                t.duplicates++;
            t.seen[h.sequence] = 1;
            while (t.expected < frames && t.seen[t.expected]) {
                t.expected++;
                t.released_in_order++;
            }
            uint64_t held = t.results - t.released_in_order;
            if (held > t.max_held)
                t.max_held = held;
        }
        if (h.status == LDPCD_STATUS_REJECTED) {
            t.rejected++;
            if (t.rejected <= REJECTIONS_SHOWN)
                fprintf(stderr, "ldpc-rx: frame %llu rejected: %s%s\n",
                        (unsigned long long)h.sequence,
                        ldpcd_reject_reason_name((ldpcd_reject_reason)h.reason),
                        t.rejected == REJECTIONS_SHOWN ? " (further rejections: the summary's count)"
                                                       : "");
            continue;
        }
        if (h.status == LDPCD_STATUS_DECODED) {
            t.decoded++;
            t.corrected_bits += h.corrected_bits;
            t.codeword_bits += codeword_bits(h.code);
        } else {
            t.not_converged++;
        }
        uint32_t k = h.payload_bits;
        if (h.payload_kind != 0 || k > 64800) {
            fprintf(stderr, "ldpc-rx: needs output_bits = packed\n");
            return 1;
        }
        const uint8_t *got = message + LDPCD_RESULT_HEADER_SIZE;
        const uint8_t *want = expected_packed(&expected, h.sequence, k, decided);
        uint64_t errors = 0;
        if (memcmp(got, want, (k + 7u) / 8u) != 0)
            for (uint32_t b = 0; b < (k + 7u) / 8u; b++)
                errors += (uint64_t)__builtin_popcount((unsigned)(got[b] ^ want[b]));
        t.bit_errors += errors;
        t.frame_errors += errors != 0;
        t.bits += k;
        if (!quiet && now >= next_print) {
            print_line(&t, stderr, "ldpc-rx: ");
            next_print = now + 1000000000u;
        }
    }
    print_line(&t, stdout, "summary: ");
    double decoder_fps = last_stats[0] != '\0' ? json_number(last_stats, "decoder_frames_per_s") : 0;
    if (stats != NULL && decoder_fps > 0) {
        double seconds = (double)(t.last_ns - t.first_ns) / 1e9;
        double e2e = t.steady.last_ns > t.steady.first_ns ? steady_rate(&t.steady, t.steady.frames)
                     : seconds > 0                         ? (double)(t.results - 1) / seconds
                                                           : 0;
        char backend[128], decoder[128];
        json_text(last_stats, "backend", backend, sizeof backend);
        json_text(last_stats, "decoder", decoder, sizeof decoder);
        printf("ldpcd: decoder %s on %s; decoder alone %.1f frames/s (busy-time based, all "
               "workers), end to end %.1f frames/s = %.0f%% of it\n",
               decoder, backend, decoder_fps, e2e,
               decoder_fps > 0 ? 100.0 * e2e / decoder_fps : 0.0);
    }
    if (t.codeword_bits > 0)
        printf("channel: %.2f%% of the codeword bits arrived with the wrong sign (%.0f per frame, "
               "over the %llu decoded frames); after decoding: FER %.3g, BER %.3g\n",
               100.0 * (double)t.corrected_bits / (double)t.codeword_bits,
               (double)t.corrected_bits / (double)t.decoded, (unsigned long long)t.decoded,
               t.decoded + t.not_converged
                   ? (double)t.frame_errors / (double)(t.decoded + t.not_converged)
                   : 0.0,
               t.bits ? (double)t.bit_errors / (double)t.bits : 0.0);
    if (t.results > 0 && t.decoded == 0)
        printf("ldpc-rx: no frame decoded (too much noise for the code, or a broken chain)\n");
    int complete = frames == 0 || t.results == frames;
    if (t.seen != NULL)
        complete = complete && t.released_in_order == frames && t.duplicates == 0;
    zmq_close(socket);
    if (stats)
        zmq_close(stats);
    zmq_ctx_term(context);
    free(decided);
    free(expected.bits);
    free(expected.packed);
    free(expected.made);
    free(t.latency);
    free(t.seen);
    free(t.last_sequence);
    return complete && (t.results == 0 || t.decoded > 0) ? 0 : 1;
}
