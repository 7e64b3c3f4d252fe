#include "bench_frames.h"

#include <stdlib.h>
#include <unistd.h>

#include "sim_channel.h"
#include "tool_common.h"
#include "tool_rng.h"
#include "util/worker_pool.h"

#define BENCH_FRAMES_SEED 2026
#define BENCH_FRAMES_MAX_THREADS 64

typedef struct {
    const tool_code *code;
    bench_frames *out;
    float llr_scale;
    double esn0_db;
    int failed[BENCH_FRAMES_MAX_THREADS];
    char why[BENCH_FRAMES_MAX_THREADS][128];
} frame_job;

/* Worker w makes frames w, w + threads, ... */
static void make_some(void *context, uint32_t worker)
{
    frame_job *job = context;
    const tool_code *code = job->code;
    bench_frames *out = job->out;
    uint32_t n = code->n_bits, sent = code->sent_bits;
    uint8_t *info = malloc(code->k_bits), *frame = malloc(sent);
    uint8_t *scratch = malloc(tool_code_encode_scratch_bytes(code) + 1);
    sim_channel *channel = sim_channel_create(MODULATION_BPSK, DEMOD_EXACT, sent, job->why[worker],
                                              sizeof job->why[worker]);
    job->failed[worker] = info == NULL || frame == NULL || scratch == NULL || channel == NULL;
    for (uint32_t f = worker; f < out->frames && !job->failed[worker]; f += out->threads) {
        tool_rng rng;
        tool_rng_seed(&rng, BENCH_FRAMES_SEED, f, 0);
        uint8_t *codeword = out->codewords + (size_t)f * n;
        float *llr = out->llr + (size_t)f * sent;
        tool_rng_bits(&rng, info, code->k_bits);
        tool_code_encode(code, info, codeword, scratch, NULL);
        tool_code_transmit(code, codeword, frame);
        sim_channel_run(channel, &rng, frame, job->esn0_db, llr);
        ldpc_quantise(llr, sent, job->llr_scale, out->q + (size_t)f * sent);
    }
    free(info);
    free(frame);
    free(scratch);
    sim_channel_destroy(channel);
}

static uint32_t worker_count(uint32_t frames)
{
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    uint32_t count = cpus < 1 ? 1 : cpus > BENCH_FRAMES_MAX_THREADS ? BENCH_FRAMES_MAX_THREADS
                                                                  : (uint32_t)cpus;
    return count < frames ? count : (frames ? frames : 1);
}

/* The first worker's failure, or NULL. */
static const char *first_failure(const frame_job *job, uint32_t workers)
{
    for (uint32_t w = 0; w < workers; w++)
        if (job->failed[w])
            return job->why[w][0] ? job->why[w] : "out of memory";
    return NULL;
}

int bench_frames_make(const tool_code *code, float llr_scale, uint32_t frames, double ebn0_db,
                      bench_frames *out)
{
    double start = tool_now_seconds();
    size_t values = (size_t)frames * code->sent_bits;
    *out = (bench_frames){.frames = frames, .threads = worker_count(frames)};
    out->llr = malloc(values * sizeof *out->llr);
    out->q = malloc(values);
    out->codewords = malloc((size_t)frames * code->n_bits);
    worker_pool *pool = NULL;
    ldpc_error err = {{0}};
    if (out->llr == NULL || out->q == NULL || out->codewords == NULL ||
        worker_pool_create(out->threads, &pool, &err) != LDPC_OK) {
        tool_error("cannot prepare %u frames: %s", frames,
                   err.message[0] ? err.message : "out of memory");
        bench_frames_free(out);
        return -1;
    }
    frame_job job = {.code = code, .out = out, .llr_scale = llr_scale,
                     .esn0_db = sim_esn0_from_ebn0(ebn0_db, tool_code_rate(code), MODULATION_BPSK)};
    worker_pool_run(pool, make_some, &job);
    worker_pool_destroy(pool);
    const char *failure = first_failure(&job, out->threads);
    if (failure != NULL) {
        tool_error("cannot prepare %u frames: %s", frames, failure);
        bench_frames_free(out);
        return -1;
    }
    out->seconds = tool_now_seconds() - start;
    return 0;
}

void bench_frames_free(bench_frames *frames)
{
    free(frames->llr);
    free(frames->q);
    free(frames->codewords);
    *frames = (bench_frames){0};
}
