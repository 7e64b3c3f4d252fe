/* Check-node updates: from the messages t_0..t_{d-1} entering one check,
 * the message leaving the check on each edge (extrinsic: edge j's own input
 * does not count towards its output). Shared by the layered and flooding
 * schedules of the reference backend; docs/DECODERS.md defines them. */
#ifndef LDPC_DECODE_CHECK_RULES_H
#define LDPC_DECODE_CHECK_RULES_H

#include <stdint.h>

#include "ldpc/decoder.h"

/* Float messages are kept within +-FLOAT_MESSAGE_LIMIT: without a bound,
 * posteriors of a converged frame grow geometrically with the iterations and
 * reach infinity (then inf - inf = NaN). 1e6 is far beyond any meaningful LLR
 * (a probability of e^-1e6). A check of degree 1 sends +FLOAT_MESSAGE_LIMIT. */
#define FLOAT_MESSAGE_LIMIT 1.0e6f

/* Min-sum in 8-bit arithmetic (normalized or offset, per config->rule), the
 * entering magnitudes capped at config->message_cap.
 * t: entering messages in [-127, 127]; out: leaving messages, same range. */
void check_update_fixed(const int8_t *t, uint32_t degree, const ldpc_decoder_config *config,
                        int8_t *out);

/* Float min-sum (normalized or offset) or sum-product, per config->rule.
 * scratch: degree floats (sum-product only). */
void check_update_float(const float *t, uint32_t degree, const ldpc_decoder_config *config,
                        float *scratch, float *out);

/* Exact box-plus: the LLR of the XOR of two bits with LLRs a and b. */
float boxplus(float a, float b);

/* clamp(x, -FLOAT_MESSAGE_LIMIT, FLOAT_MESSAGE_LIMIT). */
static inline float float_message_clamp(float x)
{
    return x > FLOAT_MESSAGE_LIMIT ? FLOAT_MESSAGE_LIMIT
                                   : (x < -FLOAT_MESSAGE_LIMIT ? -FLOAT_MESSAGE_LIMIT : x);
}

#endif
