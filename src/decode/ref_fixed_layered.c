/* Layered (horizontal) min-sum with 8-bit messages: checks are processed one
 * at a time in layer order, each reading and immediately updating the
 * posteriors of its variables.
 *
 * Posteriors accumulate in 16 bits, exactly (|q| + degree * 127 < 32767):
 * with saturated 8-bit posteriors, post = q + sum(c2v) stops holding once a
 * posterior clips, the extrinsic post - c2v drifts towards zero and a
 * converged frame left running (fixed iteration count) diverges after a few
 * iterations (seen on dvbs2-short-3/4 with offset min-sum at 2.6 dB). */
#include <string.h>

#include "decode/check_rules.h"
#include "decode/early_termination.h"
#include "decode/fixed_point.h"
#include "decode/ref_fixed.h"

static void layered_iteration(const ldpc_code *code, const ldpc_decoder_config *config,
                              ref_fixed_workspace *ws)
{
    int16_t *post = ws->post;
    int8_t *c2v = ws->c2v, *t = ws->v2c;
    for (uint32_t l = 0; l < code->layer_count; l++) {
        for (uint32_t i = code->layer_offsets[l]; i < code->layer_offsets[l + 1]; i++) {
            uint32_t chk = code->layer_checks[i];
            uint32_t first = code->check_offsets[chk];
            uint32_t degree = code->check_offsets[chk + 1] - first;
            const uint32_t *vars = code->check_var + first;
            int8_t *messages = c2v + first;
            for (uint32_t j = 0; j < degree; j++)
                t[j] = q_sat((int32_t)post[vars[j]] - messages[j]);
            for (uint32_t j = 0; j < degree; j++)
                post[vars[j]] = (int16_t)(post[vars[j]] - messages[j]);
            check_update_fixed(t, degree, config, messages);
            for (uint32_t j = 0; j < degree; j++)
                post[vars[j]] = (int16_t)(post[vars[j]] + messages[j]);
        }
    }
}

static void decide(const int16_t *post, uint32_t n, uint8_t *bits)
{
    for (uint32_t v = 0; v < n; v++)
        bits[v] = (uint8_t)(post[v] < 0);
}

void ref_fixed_layered_decode_frame(const ldpc_code *code, const ldpc_decoder_config *config,
                                    ref_fixed_workspace *ws, const int8_t *q, uint8_t *bits,
                                    ldpc_frame_stats *stats)
{
    for (uint32_t v = 0; v < code->n; v++)
        ws->post[v] = q[v];
    memset(ws->c2v, 0, code->edges);
    uint32_t iteration = 0;
    int converged = 0;
    while (iteration < config->max_iterations && !converged) {
        iteration++;
        layered_iteration(code, config, ws);
        if (syndrome_due(config, iteration)) {
            decide(ws->post, code->n, bits);
            converged = syndrome_all_satisfied(code, bits);
        }
    }
    if (!syndrome_due(config, iteration))
        decide(ws->post, code->n, bits);
    ref_fixed_finish_frame(code, q, bits, iteration, stats);
}
