#include "bench_frames.h"

#include <pthread.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "sim_channel.h"
#include "tool_common.h"
#include "tool_rng.h"

#define BENCH_FRAMES_SEED 2026
#define BENCH_FRAMES_MAX_THREADS 64

typedef struct {
    const tool_code *code;
    bench_frames *out;
    float llr_scale;
    double esn0_db;
    uint32_t first, step; /* this worker's frames: first, first + step, ... */
    int failed;
    char why[128];
} frame_worker;

static void *make_some(void *arg)
{
    frame_worker *w = arg;
    const tool_code *code = w->code;
    uint32_t n = code->n_bits;
    uint8_t *info = malloc(code->k_bits);
    uint8_t *scratch = malloc(tool_code_encode_scratch_bytes(code) + 1);
    sim_channel *channel = sim_channel_create(MODULATION_BPSK, DEMOD_EXACT, n, w->why, sizeof w->why);
    w->failed = info == NULL || scratch == NULL || channel == NULL;
    for (uint32_t f = w->first; f < w->out->frames && !w->failed; f += w->step) {
        tool_rng rng;
        tool_rng_seed(&rng, BENCH_FRAMES_SEED, f, 0);
        uint8_t *codeword = w->out->codewords + (size_t)f * n;
        float *llr = w->out->llr + (size_t)f * n;
        tool_rng_bits(&rng, info, code->k_bits);
        tool_code_encode(code, info, codeword, scratch, NULL);
        sim_channel_run(channel, &rng, codeword, w->esn0_db, llr);
        ldpc_quantise(llr, n, w->llr_scale, w->out->q + (size_t)f * n);
    }
    free(info);
    free(scratch);
    sim_channel_destroy(channel);
    return NULL;
}

static uint32_t worker_count(uint32_t frames)
{
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    uint32_t count = cpus < 1 ? 1 : cpus > BENCH_FRAMES_MAX_THREADS ? BENCH_FRAMES_MAX_THREADS
                                                                  : (uint32_t)cpus;
    return count < frames ? count : (frames ? frames : 1);
}

int bench_frames_make(const tool_code *code, float llr_scale, uint32_t frames, double ebn0_db,
                      bench_frames *out)
{
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    size_t values = (size_t)frames * code->n_bits;
    *out = (bench_frames){.frames = frames, .threads = worker_count(frames)};
    out->llr = malloc(values * sizeof *out->llr);
    out->q = malloc(values);
    out->codewords = malloc(values);
    if (out->llr == NULL || out->q == NULL || out->codewords == NULL) {
        tool_error("cannot prepare %u frames: out of memory", frames);
        bench_frames_free(out);
        return -1;
    }
    frame_worker workers[BENCH_FRAMES_MAX_THREADS];
    pthread_t threads[BENCH_FRAMES_MAX_THREADS];
    int running[BENCH_FRAMES_MAX_THREADS] = {0};
    double esn0 = sim_esn0_from_ebn0(ebn0_db, tool_code_rate(code), MODULATION_BPSK);
    for (uint32_t t = 0; t < out->threads; t++) {
        workers[t] = (frame_worker){.code = code, .out = out, .llr_scale = llr_scale,
                                    .esn0_db = esn0, .first = t, .step = out->threads};
        if (t > 0)
            running[t] = pthread_create(&threads[t], NULL, make_some, &workers[t]) == 0;
    }
    /* Worker 0, and any worker whose thread could not start, on this thread. */
    int failed = 0;
    const char *why = "";
    for (uint32_t t = 0; t < out->threads; t++) {
        if (running[t])
            pthread_join(threads[t], NULL);
        else
            make_some(&workers[t]);
        if (workers[t].failed && !failed) {
            failed = 1;
            why = workers[t].why;
        }
    }
    if (failed) {
        tool_error("cannot prepare %u frames: %s", frames, why[0] ? why : "out of memory");
        bench_frames_free(out);
        return -1;
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    out->seconds = (double)(end.tv_sec - start.tv_sec) + 1e-9 * (double)(end.tv_nsec - start.tv_nsec);
    return 0;
}

void bench_frames_free(bench_frames *frames)
{
    free(frames->llr);
    free(frames->q);
    free(frames->codewords);
    *frames = (bench_frames){0};
}
