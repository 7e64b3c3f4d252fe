/* Layered (horizontal) float decoding: checks in layer order, each updating
 * the posteriors of its variables at once. */
#include <string.h>

#include "decode/check_rules.h"
#include "decode/early_termination.h"
#include "decode/ref_float.h"

static void layered_iteration(const ldpc_code *code, const ldpc_decoder_config *config,
                              ref_float_workspace *ws)
{
    float *post = ws->post, *c2v = ws->c2v, *t = ws->v2c;
    for (uint32_t l = 0; l < code->layer_count; l++) {
        for (uint32_t i = code->layer_offsets[l]; i < code->layer_offsets[l + 1]; i++) {
            uint32_t chk = code->layer_checks[i];
            uint32_t first = code->check_offsets[chk];
            uint32_t degree = code->check_offsets[chk + 1] - first;
            const uint32_t *vars = code->check_var + first;
            float *messages = c2v + first;
            for (uint32_t j = 0; j < degree; j++)
                t[j] = float_message_clamp(post[vars[j]] - messages[j]);
            check_update_float(t, degree, config, ws->scratch, messages);
            for (uint32_t j = 0; j < degree; j++)
                post[vars[j]] = float_message_clamp(t[j] + messages[j]);
        }
    }
}

static void decide(const float *post, uint32_t n, uint8_t *bits)
{
    for (uint32_t v = 0; v < n; v++)
        bits[v] = (uint8_t)(post[v] < 0.0f);
}

void ref_float_layered_decode_frame(const ldpc_code *code, const ldpc_decoder_config *config,
                                    ref_float_workspace *ws, const float *llr, uint8_t *bits,
                                    ldpc_frame_stats *stats)
{
    for (uint32_t v = 0; v < code->n; v++)
        ws->post[v] = float_message_clamp(llr[v]);
    memset(ws->c2v, 0, (size_t)code->edges * sizeof(float));
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
    ref_float_finish_frame(code, llr, bits, iteration, stats);
}
