/* One backend under ldpc bench (bench_run.h). */
#include "bench_run.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ldpc/soft.h"
#include "tool_common.h"

const char *bench_mode_name(bench_mode mode)
{
    switch (mode) {
    case BENCH_DECODE: return "decode";
    case BENCH_QUANTISE: return "quantise+decode";
    case BENCH_CALIBRATE: return "calibrate+quantise+decode";
    }
    return "?";
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int bench_run_open(bench_run *run, const tool_code *code, const ldpc_decoder_config *config,
                   const bench_frames *frames, const char *backend)
{
    memset(run, 0, sizeof *run);
    ldpc_error err;
    double created = tool_now_seconds();
    if (tool_decoder_create(&run->decoder, code, config, backend, frames->frames, &err) !=
        LDPC_OK) {
        tool_error("backend %s: %s", backend, err.message);
        return -1;
    }
    run->backend = tool_decoder_backend_name(&run->decoder);
    run->create_ms = (tool_now_seconds() - created) * 1e3;
    fprintf(stderr, "ldpc bench: %s created in %.1f ms\n", run->backend, run->create_ms);
    run->bits = malloc((size_t)frames->frames * code->n_bits);
    run->stats = malloc(frames->frames * sizeof *run->stats);
    run->latencies = malloc(BENCH_MAX_CALLS * sizeof *run->latencies);
    run->calibrated = malloc((size_t)frames->frames * code->sent_bits * sizeof(float));
    if (run->bits == NULL || run->stats == NULL || run->latencies == NULL ||
        run->calibrated == NULL) {
        tool_error("out of memory");
        bench_run_close(run);
        return -1;
    }
    /* One untimed call warms caches and (OpenCL) compiles nothing later. */
    double start = tool_now_seconds();
    tool_decoder_decode_i8(&run->decoder, code, frames->q, frames->frames, run->bits, run->stats,
                           NULL);
    run->first_call_ms = (tool_now_seconds() - start) * 1e3;
    fprintf(stderr, "ldpc bench: %s first (untimed) call %.1f ms\n", run->backend,
            run->first_call_ms);
    return 0;
}

/* One timed call's work. */
static ldpc_status decode_call(bench_run *run, const tool_code *code, const bench_frames *frames,
                               bench_mode mode, ldpc_error *err)
{
    if (mode == BENCH_DECODE)
        return tool_decoder_decode_i8(&run->decoder, code, frames->q, frames->frames, run->bits,
                                      run->stats, err);
    const float *llr = frames->llr;
    if (mode == BENCH_CALIBRATE) {
        ldpc_soft_input soft = ldpc_soft_input_default(LDPC_SOFT_F32);
        size_t n = code->sent_bits;
        for (uint32_t f = 0; f < frames->frames; f++) {
            ldpc_status status = ldpc_soft_to_llr(&soft, frames->llr + f * n, n,
                                                  run->calibrated + f * n, err);
            if (status != LDPC_OK)
                return status;
        }
        llr = run->calibrated;
    }
    return tool_decoder_decode_f32(&run->decoder, code, llr, frames->frames, run->bits,
                                   run->stats, err);
}

int bench_run_window(bench_run *run, const tool_code *code, const bench_frames *frames,
                     bench_mode mode, double seconds)
{
    uint32_t n = code->n_bits;
    double start = tool_now_seconds();
    while (run->calls < BENCH_MAX_CALLS) {
        ldpc_error err;
        double t0 = tool_now_seconds();
        ldpc_status status = decode_call(run, code, frames, mode, &err);
        double t1 = tool_now_seconds();
        if (status != LDPC_OK) {
            tool_error("backend %s: %s", run->backend, err.message);
            return -1;
        }
        run->latencies[run->calls++] = (t1 - t0) * 1e3;
        run->decode_seconds += t1 - t0;
        run->frames += frames->frames;
        for (uint32_t f = 0; f < frames->frames; f++) {
            run->iterations += run->stats[f].iterations;
            run->frame_errors += memcmp(run->bits + (size_t)f * n,
                                        frames->codewords + (size_t)f * n, n) != 0;
        }
        if (tool_now_seconds() - start >= seconds)
            break;
    }
    return 0;
}

void bench_sort(double *values, size_t count)
{
    qsort(values, count, sizeof *values, compare_doubles);
}

void bench_percentiles(double *values, size_t count, double *median, double *p99)
{
    bench_sort(values, count);
    *median = values[count / 2];
    *p99 = values[(size_t)floor(0.99 * (double)(count - 1))];
}

void bench_run_close(bench_run *run)
{
    if (run->backend != NULL)
        tool_decoder_destroy(&run->decoder);
    free(run->bits);
    free(run->stats);
    free(run->latencies);
    free(run->calibrated);
    memset(run, 0, sizeof *run);
}
