/* When a decoder checks its hard decision, and the statistics it reports at
 * exit. Shared by every schedule and arithmetic so that all of them stop after
 * the same iteration for the same decisions. */
#ifndef LDPC_DECODE_EARLY_TERMINATION_H
#define LDPC_DECODE_EARLY_TERMINATION_H

#include <stdint.h>

#include "ldpc/decoder.h"

/* 1 if the syndrome is checked after `iteration` (1-based): every
 * syndrome_period-th iteration and the last one; never when the period is 0. */
static inline int syndrome_due(const ldpc_decoder_config *config, uint32_t iteration)
{
    return config->syndrome_period > 0 &&
           (iteration % config->syndrome_period == 0 || iteration == config->max_iterations);
}

/* 1 if `bits` satisfies every check (stops at the first failing one). */
int syndrome_all_satisfied(const ldpc_code *code, const uint8_t *bits);

/* Fills stats (if not NULL) for a frame that ran `iterations` iterations and
 * decided `bits`. corrected_bits (decided bits that differ from the channel's
 * hard decision) is counted by the caller, which knows the channel's type. */
void frame_stats_finish(const ldpc_code *code, const uint8_t *bits, uint32_t iterations,
                        uint32_t corrected_bits, ldpc_frame_stats *stats);

#endif
