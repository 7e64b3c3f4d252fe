/* Frame alignment of headerless raw streams (gr-zeromq, liquid soft bits).
 *
 * A raw stream carries frames back to back with nothing that marks where
 * one begins: a sender that stops mid-frame, or a PUB message lost before
 * the subscriber connected, shifts every later frame. The parity checks
 * tell: at the right alignment the channel's hard decisions satisfy most
 * checks (61% for DVB-S2 rate 1/2 at its threshold, more above it), at a
 * wrong one about half of them, like random bits. A frame that looks random
 * twice running sends the stream looking for the alignment whose checks are
 * best met across the two frames. */
#ifndef LDPCD_RAW_SYNC_H
#define LDPCD_RAW_SYNC_H

#include <stdint.h>

#include "ldpc/ldpc.h"

/* Hard decisions (1 = bit 1) of `count` raw values in `format`
 * (ldpc_soft_format) into `hard`; an erasure or a 0 is bit 0. */
void ldpcd_raw_hard_decisions(int format, int negate, const uint8_t *raw, uint32_t count,
                              uint8_t *hard);

/* 1 if the checks spread over the code are met clearly better than random
 * bits would meet them (3 standard deviations), by the n hard decisions. */
int ldpcd_raw_looks_aligned(const ldpc_code *code, const uint8_t *hard);

/* The frame start in 1..n-1 within the 2n hard decisions of two frames
 * received back to back whose checks, at that start, are met as by an
 * aligned frame; 0 if no start is. About n x 2000 parity look-ups. */
uint32_t ldpcd_raw_search(const ldpc_code *code, const uint8_t *hard);

#endif
