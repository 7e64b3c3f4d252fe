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

static void fractions_over_the_interval(void **state)
{
    (void)state;
    ldpcd_stats stats;
    ldpcd_stats_init(&stats);
    ldpcd_stats_context context = {.workers = 2, .batch_frames = 64, .backend = "b",
                                   .decoder = "d", .framing = "protocol",
                                   .allocations = UINT64_MAX};
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fractions_over_the_interval),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
