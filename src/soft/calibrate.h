/* The scale of a frame of soft values, estimated from its statistics for
 * LDPC_SOFT_CALIBRATE (ldpc/soft.h): the model is a consistent Gaussian,
 * the true LLR L ~ N(mu, 2 mu) of BPSK or Gray-mapped QPSK over AWGN, seen
 * as y = a L (a unknown) and often clipped at |y| = C by the demodulator
 * (liquid-dsp's soft bits, int8 LLRs). */
#ifndef LDPC_SOFT_CALIBRATE_H
#define LDPC_SOFT_CALIBRATE_H

#include <stddef.h>

typedef struct {
    size_t count;
    double sum_abs, sum_square; /* of |y| and y^2 over the frame */
    double clip;                /* the largest |y| */
    size_t clipped;             /* values at the clip (|y| >= 0.99 clip) */
    double unclipped_sum_abs;   /* sum of |y| over the others */
} soft_moments;

/* The factor 1/a that brings the frame to true LLRs; 1 for a frame of
 * erasures. */
double soft_calibration_factor(const soft_moments *moments);

#endif
