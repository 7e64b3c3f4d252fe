/* Layered (horizontal) float decoding, layer by layer. */
#include <string.h>

#include "decode/check_rules.h"
#include "code/code_struct.h"
#include "decode/early_termination.h"
#include "decode/ref_float.h"

/* Layer by layer, as the fixed-point reference (ref_fixed_layered.c): every
 * check of a layer reads the posteriors of the layer's start, then the changes
 * of all the layer's messages are added. */
static void layered_iteration(const ldpc_code *code, const ldpc_decoder_config *config,
                              ref_float_workspace *ws)
{
    float *post = ws->post, *c2v = ws->c2v, *next = ws->c2v_next, *t = ws->v2c;
    for (uint32_t l = 0; l < code->layer_count; l++) {
        const uint32_t *checks = code->layer_checks + code->layer_offsets[l];
        const uint32_t count = code->layer_offsets[l + 1] - code->layer_offsets[l];
        for (uint32_t i = 0; i < count; i++) {
            uint32_t first = code->check_offsets[checks[i]];
            uint32_t degree = code->check_offsets[checks[i] + 1] - first;
            for (uint32_t j = 0; j < degree; j++)
                t[j] = float_message_clamp(post[code->check_var[first + j]] - c2v[first + j]);
            check_update_float(t, degree, config, ws->scratch, next + first);
        }
        for (uint32_t i = 0; i < count; i++) {
            for (uint32_t e = code->check_offsets[checks[i]]; e < code->check_offsets[checks[i] + 1];
                 e++) {
                uint32_t v = code->check_var[e];
                post[v] = post[v] - c2v[e] + next[e]; /* exact: bounded by the messages */
                c2v[e] = next[e];
            }
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
