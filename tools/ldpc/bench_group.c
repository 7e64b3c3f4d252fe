/* Several instances of one backend under ldpc bench (bench_group.h). */
#include "bench_group.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "tool_common.h"

int bench_group_open(bench_group *group, uint32_t count, const tool_code *code,
                     const ldpc_decoder_config *config, const bench_frames *frames,
                     const char *backend)
{
    *group = (bench_group){.runs = calloc(count, sizeof *group->runs)};
    if (group->runs == NULL) {
        tool_error("out of memory");
        return -1;
    }
    while (group->count < count &&
           bench_run_open(&group->runs[group->count], code, config, frames, backend) == 0)
        group->count++;
    if (group->count < count) {
        bench_group_close(group);
        return -1;
    }
    return 0;
}

typedef struct {
    bench_run *run;
    const tool_code *code;
    const bench_frames *frames;
    bench_mode mode;
    double seconds;
    int status;
} window_job;

static void *window_thread(void *arg)
{
    window_job *job = arg;
    job->status = bench_run_window(job->run, job->code, job->frames, job->mode, job->seconds);
    return NULL;
}

/* 0 where no call was made (an instance past BENCH_MAX_CALLS). */
static double frames_per_second_of(uint64_t frames, double decode_seconds)
{
    return decode_seconds > 0 ? (double)frames / decode_seconds : 0;
}

int bench_group_window(bench_group *group, const tool_code *code, const bench_frames *frames,
                       bench_mode mode, double seconds)
{
    window_job jobs[BENCH_MAX_INSTANCES];
    pthread_t threads[BENCH_MAX_INSTANCES];
    uint64_t frames_before[BENCH_MAX_INSTANCES];
    double decode_seconds_before[BENCH_MAX_INSTANCES];
    for (uint32_t i = 0; i < group->count; i++) {
        frames_before[i] = group->runs[i].frames;
        decode_seconds_before[i] = group->runs[i].decode_seconds;
        jobs[i] = (window_job){&group->runs[i], code, frames, mode, seconds, 0};
    }
    double start = tool_now_seconds();
    /* Every instance but the last on a thread of its own, the last (or the
     * only one) on this thread. */
    uint32_t started = 0;
    while (started + 1 < group->count &&
           pthread_create(&threads[started], NULL, window_thread, &jobs[started]) == 0)
        started++;
    if (started + 1 < group->count) {
        tool_error("cannot start bench thread %u", started);
        jobs[started].status = -1;
    } else {
        window_thread(&jobs[started]);
    }
    for (uint32_t i = 0; i < started; i++)
        pthread_join(threads[i], NULL);
    double wall = tool_now_seconds() - start;
    int status = 0;
    double frames_per_second = 0;
    for (uint32_t i = 0; i < group->count; i++) {
        status |= jobs[i].status;
        frames_per_second += frames_per_second_of(group->runs[i].frames - frames_before[i],
                                                  group->runs[i].decode_seconds -
                                                      decode_seconds_before[i]);
    }
    if (status != 0)
        return -1;
    group->seconds += wall;
    if (group->rounds < BENCH_MAX_ROUNDS)
        group->round_mbps[group->rounds++] = frames_per_second * code->sent_bits / 1e6;
    return 0;
}

double bench_group_frames_per_second(const bench_group *group)
{
    double frames_per_second = 0;
    for (uint32_t i = 0; i < group->count; i++)
        frames_per_second +=
            frames_per_second_of(group->runs[i].frames, group->runs[i].decode_seconds);
    return frames_per_second;
}

double bench_group_decode_seconds(const bench_group *group)
{
    double seconds = 0;
    for (uint32_t i = 0; i < group->count; i++)
        seconds += group->runs[i].decode_seconds;
    return seconds;
}

void bench_group_totals(const bench_group *group, uint64_t *frames, uint64_t *calls,
                        uint64_t *iterations, uint64_t *frame_errors)
{
    *frames = *calls = *iterations = *frame_errors = 0;
    for (uint32_t i = 0; i < group->count; i++) {
        *frames += group->runs[i].frames;
        *calls += group->runs[i].calls;
        *iterations += group->runs[i].iterations;
        *frame_errors += group->runs[i].frame_errors;
    }
}

void bench_group_latency(bench_group *group, double *median_ms, double *p99_ms)
{
    uint64_t frames, calls, iterations, errors;
    bench_group_totals(group, &frames, &calls, &iterations, &errors);
    double *all = malloc(calls * sizeof *all);
    if (all == NULL) {
        *median_ms = *p99_ms = 0;
        return;
    }
    size_t at = 0;
    for (uint32_t i = 0; i < group->count; i++)
        for (uint64_t c = 0; c < group->runs[i].calls; c++)
            all[at++] = group->runs[i].latencies[c];
    bench_percentiles(all, calls, median_ms, p99_ms);
    free(all);
}

void bench_group_close(bench_group *group)
{
    for (uint32_t i = 0; i < group->count; i++)
        bench_run_close(&group->runs[i]);
    free(group->runs);
    *group = (bench_group){0};
}
