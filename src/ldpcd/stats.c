#include "stats.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ring.h"

void ldpcd_stats_init(ldpcd_stats *stats)
{
    memset(stats, 0, sizeof *stats);
    stats->start_ns = ldpcd_now_ns();
}

void ldpcd_stats_count_reject(ldpcd_stats *stats, ldpcd_reject_reason reason)
{
    atomic_fetch_add_explicit(&stats->rejected, 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&stats->rejects[reason], 1, memory_order_relaxed);
}

void ldpcd_stats_count_frame(ldpcd_stats *stats, uint32_t iterations, int converged)
{
    atomic_fetch_add_explicit(converged ? &stats->decoded : &stats->not_converged, 1,
                              memory_order_relaxed);
    atomic_fetch_add_explicit(&stats->iterations_total, iterations, memory_order_relaxed);
    uint32_t bin = iterations == 0 ? 0 : iterations - 1;
    if (bin >= LDPCD_ITERATION_BINS)
        bin = LDPCD_ITERATION_BINS - 1;
    atomic_fetch_add_explicit(&stats->iteration_histogram[bin], 1, memory_order_relaxed);
}

typedef struct {
    char *out;
    size_t size, length;
    int overflow;
} json_writer;

static void put(json_writer *w, const char *format, ...) __attribute__((format(printf, 2, 3)));

static void put(json_writer *w, const char *format, ...)
{
    if (w->overflow)
        return;
    va_list args;
    va_start(args, format);
    int written = vsnprintf(w->out + w->length, w->size - w->length, format, args);
    va_end(args);
    if (written < 0 || (size_t)written >= w->size - w->length)
        w->overflow = 1;
    else
        w->length += (size_t)written;
}

/* `text` as a JSON string: quotes, backslashes and control characters
 * escaped (the backend's description can quote a driver's build log). */
static void put_string(json_writer *w, const char *text)
{
    put(w, "\"");
    for (const unsigned char *c = (const unsigned char *)text; *c != '\0'; c++) {
        if (*c == '"' || *c == '\\')
            put(w, "\\%c", *c);
        else if (*c < 0x20)
            put(w, "\\u%04x", *c);
        else
            put(w, "%c", *c);
    }
    put(w, "\"");
}

#define LOAD(field) atomic_load_explicit(&stats->field, memory_order_relaxed)

size_t ldpcd_stats_json(const ldpcd_stats *stats, const ldpcd_stats_context *context,
                        ldpcd_stats_mark *mark, char *out, size_t size)
{
    json_writer w = {out, size, 0, 0};
    uint64_t now = ldpcd_now_ns();
    uint64_t frames_out = LOAD(frames_out), info_bits = LOAD(info_bits_out);
    uint64_t decoded = LOAD(decoded), not_converged = LOAD(not_converged);
    uint64_t busy_ns = LOAD(decode_busy_ns), wait_ns = LOAD(worker_wait_ns);
    uint64_t convert_ns = LOAD(convert_busy_ns), results_ns = LOAD(results_busy_ns);
    uint64_t intake_busy_ns = LOAD(intake_busy_ns), intake_blocked_ns = LOAD(intake_blocked_ns);
    double interval_s = mark->time_ns != 0 ? (double)(now - mark->time_ns) / 1e9
                                           : (double)(now - stats->start_ns) / 1e9;
    if (interval_s <= 0)
        interval_s = 1e-9;
    double frames_per_s = (double)(frames_out - mark->frames_out) / interval_s;
    double info_mbps = (double)(info_bits - mark->info_bits_out) / interval_s / 1e6;
    uint64_t decoded_total = decoded + not_converged;
    uint64_t interval_frames = decoded_total - mark->decoded_total;
    uint64_t interval_busy = busy_ns - mark->decode_busy_ns;
    /* What the decoders alone would sustain with every worker busy: the
     * yardstick of the end-to-end throughput. */
    double decoder_fps = interval_busy > 0 ? (double)interval_frames * context->workers * 1e9 /
                                                  (double)interval_busy
                                            : 0.0;
    /* Fractions of the interval, per thread of the kind. */
    double worker_s = interval_s * 1e9 * context->workers;
    double decoder_busy = (double)interval_busy / worker_s;
    double workers_waiting = (double)(wait_ns - mark->worker_wait_ns) / worker_s;
    double converting = (double)(convert_ns - mark->convert_busy_ns) / worker_s;
    double writing = (double)(results_ns - mark->results_busy_ns) / worker_s;
    double intake_busy = (double)(intake_busy_ns - mark->intake_busy_ns) / (interval_s * 1e9);
    double intake_blocked =
        (double)(intake_blocked_ns - mark->intake_blocked_ns) / (interval_s * 1e9);
    uint64_t batches = LOAD(batches);
    put(&w, "{\"uptime_s\":%.3f,\"interval_s\":%.3f", (double)(now - stats->start_ns) / 1e9,
        interval_s);
    put(&w, ",\"messages_in\":%llu,\"bytes_in\":%llu,\"frames_in\":%llu,\"frames_out\":%llu",
        (unsigned long long)LOAD(messages_in), (unsigned long long)LOAD(bytes_in),
        (unsigned long long)LOAD(frames_in), (unsigned long long)frames_out);
    put(&w, ",\"decoded\":%llu,\"not_converged\":%llu,\"rejected\":%llu",
        (unsigned long long)decoded, (unsigned long long)not_converged,
        (unsigned long long)LOAD(rejected));
    put(&w, ",\"rejects\":{");
    int first = 1;
    for (int r = 1; r < LDPCD_REJECT_REASON_COUNT; r++) {
        put(&w, "%s\"%s\":%llu", first ? "" : ",", ldpcd_reject_reason_name((ldpcd_reject_reason)r),
            (unsigned long long)LOAD(rejects[r]));
        first = 0;
    }
    put(&w, "}");
    put(&w, ",\"fer\":%.6g,\"iterations_avg\":%.3f",
        decoded_total ? (double)not_converged / (double)decoded_total : 0.0,
        decoded_total ? (double)LOAD(iterations_total) / (double)decoded_total : 0.0);
    put(&w, ",\"iterations_histogram\":[");
    int last = -1;
    for (int b = 0; b < LDPCD_ITERATION_BINS; b++)
        if (LOAD(iteration_histogram[b]) != 0)
            last = b;
    for (int b = 0; b <= last; b++)
        put(&w, "%s%llu", b ? "," : "", (unsigned long long)LOAD(iteration_histogram[b]));
    put(&w, "]");
    put(&w, ",\"frames_per_s\":%.2f,\"info_mbit_per_s\":%.3f,\"decoder_frames_per_s\":%.2f",
        frames_per_s, info_mbps, decoder_fps);
    put(&w, ",\"decoder_busy\":%.3f,\"workers_converting\":%.3f,\"workers_writing\":%.3f,"
            "\"workers_waiting\":%.3f,\"intake_busy\":%.3f,\"intake_blocked\":%.3f",
        decoder_busy, converting, writing, workers_waiting, intake_busy, intake_blocked);
    put(&w, ",\"latency_avg_us\":%.1f",
        frames_out ? (double)LOAD(latency_us_total) / (double)frames_out : 0.0);
    put(&w, ",\"queue_depth\":%u,\"queue_capacity\":%u", context->queue_depth,
        context->queue_capacity);
    put(&w, ",\"batches\":%llu,\"decode_calls\":%llu,\"batch_fill\":%.3f",
        (unsigned long long)batches, (unsigned long long)LOAD(decode_calls),
        batches ? (double)LOAD(batch_frames_total) / ((double)batches * context->batch_frames)
                : 0.0);
    put(&w, ",\"code_switches\":%llu,\"fallbacks\":%llu,\"pub_dropped\":%llu,"
            "\"shutdown_lost\":%llu,\"shutdown_unanswered\":%llu,\"reloads\":%llu,"
            "\"reload_failures\":%llu",
        (unsigned long long)LOAD(code_switches), (unsigned long long)LOAD(fallbacks),
        (unsigned long long)LOAD(pub_dropped), (unsigned long long)LOAD(shutdown_lost),
        (unsigned long long)LOAD(shutdown_unanswered),
        (unsigned long long)LOAD(reloads), (unsigned long long)LOAD(reload_failures));
    put(&w, ",\"table_uploads\":%llu,\"frames_on_cpu\":%llu",
        (unsigned long long)LOAD(table_uploads), (unsigned long long)LOAD(frames_on_cpu));
    put(&w, ",\"raw_bytes_discarded\":%llu,\"raw_resyncs\":%llu",
        (unsigned long long)LOAD(raw_bytes_discarded), (unsigned long long)LOAD(raw_resyncs));
    put(&w, ",\"workers\":%u,\"backend\":", context->workers);
    put_string(&w, context->backend);
    put(&w, ",\"decoder\":\"%s\",\"framing\":\"%s\"", context->decoder, context->framing);
    if (context->allocations != UINT64_MAX)
        put(&w, ",\"allocations\":%llu", (unsigned long long)context->allocations);
    if (context->final)
        put(&w, ",\"final\":true");
    put(&w, "}");
    if (w.overflow)
        return 0;
    mark->time_ns = now;
    mark->frames_out = frames_out;
    mark->info_bits_out = info_bits;
    mark->decoded_total = decoded_total;
    mark->decode_busy_ns = busy_ns;
    mark->worker_wait_ns = wait_ns;
    mark->convert_busy_ns = convert_ns;
    mark->results_busy_ns = results_ns;
    mark->intake_busy_ns = intake_busy_ns;
    mark->intake_blocked_ns = intake_blocked_ns;
    return w.length;
}
