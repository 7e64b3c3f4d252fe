#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sim_run.h"
#include "tool_decoder.h"
#include "tool_rng.h"

typedef struct {
    tool_decoder decoder;
    sim_channel *channel;
    uint8_t *info;     /* k bits per frame */
    uint8_t *codeword; /* n bits per frame */
    uint8_t *sent;     /* one frame's transmitted bits */
    float *llr;        /* n per frame */
    uint8_t *decided;  /* n per frame */
    uint8_t *decided_info;
    uint8_t *encode_scratch;
    ldpc_frame_stats *stats;
    pthread_t thread;
    struct sim_runner *runner;
} sim_worker;

struct sim_runner {
    sim_setup setup;
    sim_worker *workers;

    /* State of the running point, guarded by lock. */
    pthread_mutex_t lock;
    pthread_cond_t batch_done;
    uint64_t point_index;
    double esn0_db;
    uint64_t next_batch;
    sim_tally *batch_tallies; /* indexed by batch */
    uint64_t batch_capacity;
    sim_tally completed; /* over completed batches, any order */
    unsigned running;
    int failed;
    char failure[LDPC_ERROR_MESSAGE_SIZE + 64];
};

static void worker_free(sim_worker *w)
{
    tool_decoder_destroy(&w->decoder);
    sim_channel_destroy(w->channel);
    free(w->info);
    free(w->codeword);
    free(w->sent);
    free(w->llr);
    free(w->decided);
    free(w->decided_info);
    free(w->encode_scratch);
    free(w->stats);
}

static int worker_init(sim_worker *w, const sim_setup *s, char *why, size_t why_size)
{
    const tool_code *code = s->code;
    ldpc_error err = {{0}};
    if (tool_decoder_create(&w->decoder, code, &s->config, s->backend, s->batch, &err) !=
        LDPC_OK) {
        snprintf(why, why_size, "creating decoder: %s", err.message);
        return -1;
    }
    w->channel = sim_channel_create(s->modulation, s->demod, code->sent_bits, why, why_size);
    if (w->channel == NULL)
        return -1;
    w->info = malloc((size_t)code->k_bits * s->batch);
    w->codeword = malloc((size_t)code->n_bits * s->batch);
    w->llr = malloc(sizeof *w->llr * code->sent_bits * s->batch);
    w->sent = malloc(code->sent_bits);
    w->decided = malloc((size_t)code->n_bits * s->batch);
    w->decided_info = malloc(code->k_bits);
    w->encode_scratch = malloc(tool_code_encode_scratch_bytes(code) + 1); /* never malloc(0) */
    w->stats = malloc(sizeof *w->stats * s->batch);
    if (!w->info || !w->codeword || !w->sent || !w->llr || !w->decided || !w->decided_info ||
        !w->encode_scratch || !w->stats) {
        snprintf(why, why_size, "out of memory");
        return -1;
    }
    return 0;
}

sim_runner *sim_runner_create(const sim_setup *setup, char *why, size_t why_size)
{
    sim_runner *r = calloc(1, sizeof *r);
    if (r == NULL) {
        snprintf(why, why_size, "out of memory");
        return NULL;
    }
    r->setup = *setup;
    pthread_mutex_init(&r->lock, NULL);
    pthread_cond_init(&r->batch_done, NULL);
    r->workers = calloc(setup->threads, sizeof *r->workers);
    if (r->workers == NULL) {
        snprintf(why, why_size, "out of memory");
        sim_runner_destroy(r);
        return NULL;
    }
    for (unsigned t = 0; t < setup->threads; t++) {
        r->workers[t].runner = r;
        if (worker_init(&r->workers[t], setup, why, why_size) != 0) {
            sim_runner_destroy(r);
            return NULL;
        }
    }
    return r;
}

void sim_runner_destroy(sim_runner *r)
{
    if (r == NULL)
        return;
    if (r->workers != NULL)
        for (unsigned t = 0; t < r->setup.threads; t++)
            worker_free(&r->workers[t]);
    free(r->workers);
    free(r->batch_tallies);
    pthread_mutex_destroy(&r->lock);
    pthread_cond_destroy(&r->batch_done);
    free(r);
}

const char *sim_runner_backend_name(const sim_runner *r)
{
    return tool_decoder_backend_name(&r->workers[0].decoder);
}

/* Simulates batch `batch` (frames frames) into *tally. */
static int run_batch(sim_worker *w, uint64_t batch, uint32_t frames, sim_tally *tally,
                     ldpc_error *err)
{
    const sim_runner *r = w->runner;
    const tool_code *code = r->setup.code;
    tool_rng rng;
    tool_rng_seed(&rng, r->setup.seed, r->point_index, batch);
    for (uint32_t f = 0; f < frames; f++) {
        uint8_t *info = w->info + (size_t)f * code->k_bits;
        uint8_t *codeword = w->codeword + (size_t)f * code->n_bits;
        tool_rng_bits(&rng, info, code->k_bits);
        ldpc_status status = tool_code_encode(code, info, codeword, w->encode_scratch, err);
        if (status != LDPC_OK)
            return -1;
        float *llr = w->llr + (size_t)f * code->sent_bits;
        tool_code_transmit(code, codeword, w->sent);
        sim_channel_run(w->channel, &rng, w->sent, r->esn0_db, llr);
        if (ldpc_soft_to_llr(&r->setup.receiver, llr, code->sent_bits, llr, err) != LDPC_OK)
            return -1;
    }
    if (tool_decoder_decode_f32(&w->decoder, code, w->llr, frames, w->decided, w->stats, err) !=
        LDPC_OK)
        return -1;
    memset(tally, 0, sizeof *tally);
    tally->frames = frames;
    uint32_t p = code->bits_per_symbol;
    for (uint32_t f = 0; f < frames; f++) {
        tool_code_extract_info(code, w->decided + (size_t)f * code->n_bits, w->decided_info);
        const uint8_t *info = w->info + (size_t)f * code->k_bits;
        uint32_t bit_errors = 0, symbol_errors = 0;
        for (uint32_t v = 0; v < code->k_symbols; v++) {
            uint32_t wrong = 0;
            for (uint32_t i = v * p; i < (v + 1) * p; i++)
                wrong += w->decided_info[i] != info[i];
            bit_errors += wrong;
            symbol_errors += wrong != 0;
        }
        tally->bit_errors += bit_errors;
        tally->symbol_errors += symbol_errors;
        tally->frame_errors += bit_errors != 0;
        tally->iterations += w->stats[f].iterations;
    }
    return 0;
}

static int grow_tallies(sim_runner *r, uint64_t needed)
{
    if (needed <= r->batch_capacity)
        return 0;
    uint64_t capacity = r->batch_capacity ? r->batch_capacity * 2 : 1024;
    while (capacity < needed)
        capacity *= 2;
    sim_tally *grown = realloc(r->batch_tallies, sizeof *grown * capacity);
    if (grown == NULL)
        return -1;
    r->batch_tallies = grown;
    r->batch_capacity = capacity;
    return 0;
}

static void *worker_main(void *argument)
{
    sim_worker *w = argument;
    sim_runner *r = w->runner;
    const sim_setup *s = &r->setup;
    pthread_mutex_lock(&r->lock);
    for (;;) {
        uint64_t first_frame = r->next_batch * s->batch;
        if (r->failed || r->completed.frame_errors >= s->max_frame_errors ||
            first_frame >= s->max_frames)
            break;
        uint64_t batch = r->next_batch++;
        if (grow_tallies(r, r->next_batch) != 0) {
            r->failed = 1;
            snprintf(r->failure, sizeof r->failure, "out of memory");
            break;
        }
        uint64_t remaining = s->max_frames - first_frame;
        uint32_t frames = remaining < s->batch ? (uint32_t)remaining : s->batch;
        pthread_mutex_unlock(&r->lock);

        sim_tally tally;
        ldpc_error err = {{0}};
        int status = run_batch(w, batch, frames, &tally, &err);

        pthread_mutex_lock(&r->lock);
        if (status != 0) {
            r->failed = 1;
            snprintf(r->failure, sizeof r->failure, "batch %llu: %s", (unsigned long long)batch,
                     err.message);
            break;
        }
        r->batch_tallies[batch] = tally;
        r->completed.frames += tally.frames;
        r->completed.frame_errors += tally.frame_errors;
        r->completed.bit_errors += tally.bit_errors;
        r->completed.symbol_errors += tally.symbol_errors;
        r->completed.iterations += tally.iterations;
    }
    r->running--;
    pthread_cond_broadcast(&r->batch_done);
    pthread_mutex_unlock(&r->lock);
    return NULL;
}

/* The shortest prefix of batches that reaches max_frame_errors, or all. */
static void ordered_result(const sim_runner *r, sim_tally *result)
{
    memset(result, 0, sizeof *result);
    for (uint64_t b = 0; b < r->next_batch; b++) {
        const sim_tally *t = &r->batch_tallies[b];
        result->frames += t->frames;
        result->frame_errors += t->frame_errors;
        result->bit_errors += t->bit_errors;
        result->symbol_errors += t->symbol_errors;
        result->iterations += t->iterations;
        if (result->frame_errors >= r->setup.max_frame_errors)
            break;
    }
}

int sim_runner_run_point(sim_runner *r, uint64_t point_index, double esn0_db,
                         sim_progress_fn progress, void *context, sim_tally *result, char *why,
                         size_t why_size)
{
    r->point_index = point_index;
    r->esn0_db = esn0_db;
    r->next_batch = 0;
    memset(&r->completed, 0, sizeof r->completed);
    r->failed = 0;
    r->running = 0;

    unsigned started = 0;
    pthread_mutex_lock(&r->lock);
    for (unsigned t = 0; t < r->setup.threads; t++) {
        if (pthread_create(&r->workers[t].thread, NULL, worker_main, &r->workers[t]) != 0) {
            r->failed = 1;
            snprintf(r->failure, sizeof r->failure, "cannot start thread %u", t);
            break;
        }
        started++;
        r->running++;
    }
    while (r->running > 0) {
        struct timespec deadline;
        clock_gettime(CLOCK_REALTIME, &deadline);
        deadline.tv_nsec += 500000000L;
        if (deadline.tv_nsec >= 1000000000L) {
            deadline.tv_sec++;
            deadline.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&r->batch_done, &r->lock, &deadline);
        if (progress != NULL && r->running > 0) {
            sim_tally so_far = r->completed;
            pthread_mutex_unlock(&r->lock);
            progress(&so_far, context);
            pthread_mutex_lock(&r->lock);
        }
    }
    pthread_mutex_unlock(&r->lock);
    for (unsigned t = 0; t < started; t++)
        pthread_join(r->workers[t].thread, NULL);
    if (r->failed) {
        snprintf(why, why_size, "%s", r->failure);
        return -1;
    }
    ordered_result(r, result);
    return 0;
}
