/* ldpc bench's test frames: random codewords, BPSK over AWGN, float LLRs and
 * their 8-bit quantisation, generated before any clock starts.
 *
 * Frame f comes from its own random stream (seed, f), so the frames do not
 * depend on how many threads made them; the host's CPUs share the work,
 * because a batch of tens of thousands of frames (what fills a large GPU)
 * took minutes on one thread (the library's worker pool runs them). */
#ifndef LDPC_TOOL_BENCH_FRAMES_H
#define LDPC_TOOL_BENCH_FRAMES_H

#include <stdint.h>

#include "tool_code.h"

typedef struct {
    uint32_t frames;
    float *llr;          /* frames x sent_bits */
    int8_t *q;           /* the same, quantised with the decoder's llr_scale */
    uint8_t *codewords;  /* frames x n_bits, the bits sent */
    uint32_t threads;    /* how many made them */
    double seconds;      /* and how long it took */
} bench_frames;

/* 0, or -1 with the reason printed. */
int bench_frames_make(const tool_code *code, float llr_scale, uint32_t frames, double ebn0_db,
                      bench_frames *out);
void bench_frames_free(bench_frames *frames);

#endif
