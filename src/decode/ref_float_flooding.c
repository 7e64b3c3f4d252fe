/* Flooding float decoding: all variables send, then all checks answer. */
#include <string.h>

#include "decode/check_rules.h"
#include "code/code_struct.h"
#include "decode/early_termination.h"
#include "decode/ref_float.h"

static void compute_totals(const ldpc_code *code, const float *llr, const float *c2v,
                           float *total)
{
    for (uint32_t v = 0; v < code->n; v++) {
        float sum = float_message_clamp(llr[v]);
        for (uint32_t i = code->var_offsets[v]; i < code->var_offsets[v + 1]; i++)
            sum += c2v[code->var_edges[i]];
        total[v] = sum;
    }
}

static void flooding_iteration(const ldpc_code *code, const ldpc_decoder_config *config,
                               const float *llr, ref_float_workspace *ws)
{
    float *total = ws->post;
    for (uint32_t v = 0; v < code->n; v++) {
        for (uint32_t i = code->var_offsets[v]; i < code->var_offsets[v + 1]; i++) {
            uint32_t e = code->var_edges[i];
            ws->v2c[e] = float_message_clamp(total[v] - ws->c2v[e]);
        }
    }
    for (uint32_t chk = 0; chk < code->m; chk++) {
        uint32_t first = code->check_offsets[chk];
        check_update_float(ws->v2c + first, code->check_offsets[chk + 1] - first, config,
                           ws->scratch, ws->c2v + first);
    }
    compute_totals(code, llr, ws->c2v, total);
}

static void decide(const float *total, uint32_t n, uint8_t *bits)
{
    for (uint32_t v = 0; v < n; v++)
        bits[v] = (uint8_t)(total[v] < 0.0f);
}

void ref_float_flooding_decode_frame(const ldpc_code *code, const ldpc_decoder_config *config,
                                     ref_float_workspace *ws, const float *llr, uint8_t *bits,
                                     ldpc_frame_stats *stats)
{
    memset(ws->c2v, 0, (size_t)code->edges * sizeof(float));
    compute_totals(code, llr, ws->c2v, ws->post);
    uint32_t iteration = 0;
    int converged = 0;
    while (iteration < config->max_iterations && !converged) {
        iteration++;
        flooding_iteration(code, config, llr, ws);
        if (syndrome_due(config, iteration)) {
            decide(ws->post, code->n, bits);
            converged = syndrome_all_satisfied(code, bits);
        }
    }
    if (!syndrome_due(config, iteration))
        decide(ws->post, code->n, bits);
    ref_float_finish_frame(code, llr, bits, iteration, stats);
}
