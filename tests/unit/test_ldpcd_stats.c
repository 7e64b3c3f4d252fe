/* ldpcd's statistics (src/ldpcd/stats.c): the decoders' own throughput and
 * where the time goes over each interval, as fractions per thread. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ring.h"
#include "stats.h"

static double number(const char *json, const char *key)
{
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\":", key);
    const char *at = strstr(json, pattern);
    assert_non_null(at);
    return atof(at + strlen(pattern));
}

/* Two workers, batches of 64, no allocation counter. */
static const ldpcd_stats_context context = {.workers = 2, .batch_frames = 64, .backend = "b",
                                            .decoder = "d", .framing = "protocol",
                                            .allocations = UINT64_MAX};

static void fractions_over_the_interval(void **state)
{
    (void)state;
    ldpcd_stats stats;
    ldpcd_stats_init(&stats);
    /* one second ago, the previous report; since then two workers decoded
     * 3000 frames in 1.5 s of decoder time between them */
    ldpcd_stats_mark mark = {.time_ns = ldpcd_now_ns() - 1000000000u};
    atomic_store(&stats.decoded, 3000);
    atomic_store(&stats.decode_busy_ns, 1500000000u);
    atomic_store(&stats.worker_wait_ns, 400000000u);
    atomic_store(&stats.intake_busy_ns, 200000000u);
    atomic_store(&stats.intake_blocked_ns, 700000000u);
    char json[4096];
    assert_true(ldpcd_stats_json(&stats, &context, &mark, json, sizeof json) > 0);
    assert_float_equal(number(json, "decoder_frames_per_s"), 4000.0, 0.01);
    /* the interval is a little over 1 s by now: fractions a little under */
    double busy = number(json, "decoder_busy");
    assert_true(busy > 0.70 && busy <= 0.75);
    double waiting = number(json, "workers_waiting");
    assert_true(waiting > 0.18 && waiting <= 0.20);
    double intake = number(json, "intake_busy");
    assert_true(intake > 0.18 && intake <= 0.20);
    double blocked = number(json, "intake_blocked");
    assert_true(blocked > 0.65 && blocked <= 0.70);
    /* the next report covers only what happened after this one: 0.1 s of
     * intake work over an interval set back to a second (not the real time
     * between the calls, which a loaded machine stretches past what three
     * decimals show of a small amount) */
    atomic_fetch_add(&stats.intake_busy_ns, 100000000u);
    mark.time_ns = ldpcd_now_ns() - 1000000000u;
    assert_true(ldpcd_stats_json(&stats, &context, &mark, json, sizeof json) > 0);
    assert_float_equal(number(json, "decoder_busy"), 0.0, 1e-9);
    assert_float_equal(number(json, "workers_waiting"), 0.0, 1e-9);
    assert_float_equal(number(json, "intake_blocked"), 0.0, 1e-9);
    intake = number(json, "intake_busy");
    assert_true(intake > 0.05 && intake <= 0.10);
}

/* The text of `key`'s value, up to the next comma or bracket. */
static void text_of(const char *json, const char *key, char *out, size_t size)
{
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\":", key);
    const char *at = strstr(json, pattern);
    assert_non_null(at);
    at += strlen(pattern);
    size_t n = strcspn(at, ",}");
    if (*at == '[')
        n = strcspn(at, "]") + 1;
    assert_true(n < size);
    memcpy(out, at, n);
    out[n] = '\0';
}

/* Frame counts, error rate, iterations and their histogram, rates over the
 * interval, latency and batch fill, from known counters. */
static void totals_and_rates(void **state)
{
    (void)state;
    ldpcd_stats stats;
    ldpcd_stats_init(&stats);
    /* three converged frames (1, 2 and 2 iterations) and one that was not
     * (50 iterations: bin 49) */
    ldpcd_stats_count_frame(&stats, 1, 1);
    ldpcd_stats_count_frame(&stats, 2, 1);
    ldpcd_stats_count_frame(&stats, 2, 1);
    ldpcd_stats_count_frame(&stats, 50, 0);
    atomic_store(&stats.frames_out, 4);
    atomic_store(&stats.info_bits_out, 4 * 7200);
    atomic_store(&stats.latency_us_total, 4000);
    atomic_store(&stats.batches, 2);
    atomic_store(&stats.decode_calls, 8);
    atomic_store(&stats.batch_frames_total, 4);
    atomic_store(&stats.table_uploads, 3);
    atomic_store(&stats.frames_on_cpu, 2);
    ldpcd_stats_mark mark = {.time_ns = ldpcd_now_ns() - 2000000000u};
    char json[4096];
    assert_true(ldpcd_stats_json(&stats, &context, &mark, json, sizeof json) > 0);
    assert_float_equal(number(json, "decoded"), 3.0, 0.0);
    assert_float_equal(number(json, "not_converged"), 1.0, 0.0);
    assert_float_equal(number(json, "fer"), 0.25, 1e-9);
    assert_float_equal(number(json, "iterations_avg"), 55.0 / 4.0, 1e-3);
    char histogram[256];
    text_of(json, "iterations_histogram", histogram, sizeof histogram);
    char expected[256] = "[1,2";
    for (int b = 2; b < 49; b++)
        strcat(expected, ",0");
    strcat(expected, ",1]");
    assert_string_equal(histogram, expected);
    /* over a little more than 2 s: rates a little under */
    double frames_per_s = number(json, "frames_per_s");
    assert_true(frames_per_s > 1.9 && frames_per_s <= 2.0);
    double info = number(json, "info_mbit_per_s");
    assert_true(info > 0.9 * 0.0144 && info <= 0.0144);
    assert_float_equal(number(json, "latency_avg_us"), 1000.0, 0.05);
    assert_float_equal(number(json, "batch_fill"), 4.0 / 128.0, 1e-3);
    assert_float_equal(number(json, "decode_calls"), 8.0, 0.0);
    assert_float_equal(number(json, "table_uploads"), 3.0, 0.0);
    assert_float_equal(number(json, "frames_on_cpu"), 2.0, 0.0);
}

/* The backend's description can quote a driver's build log: quotes,
 * backslashes and control characters leave the JSON string well formed. */
static void backend_text_escaped(void **state)
{
    (void)state;
    ldpcd_stats stats;
    ldpcd_stats_init(&stats);
    ldpcd_stats_context quoting = context;
    quoting.backend = "opencl on the CPU (avx2): build log: \"x\"\n\tat C:\\k.cl";
    ldpcd_stats_mark mark = {.time_ns = ldpcd_now_ns() - 1000000000u};
    char json[4096];
    assert_true(ldpcd_stats_json(&stats, &quoting, &mark, json, sizeof json) > 0);
    assert_non_null(strstr(json, "\"backend\":\"opencl on the CPU (avx2): build log: "
                                 "\\\"x\\\"\\u000a\\u0009at C:\\\\k.cl\","));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fractions_over_the_interval),
        cmocka_unit_test(totals_and_rates),
        cmocka_unit_test(backend_text_escaped),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
