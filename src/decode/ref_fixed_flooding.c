/* Flooding min-sum in 8-bit arithmetic: all variables send, then all checks
 * answer. Totals are exact integer sums; only the messages saturate. */
#include <string.h>

#include "decode/check_rules.h"
#include "code/code_struct.h"
#include "decode/early_termination.h"
#include "decode/fixed_point.h"
#include "decode/ref_fixed.h"

static void compute_totals(const ldpc_code *code, const int8_t *q, const int8_t *c2v,
                           int32_t *total)
{
    for (uint32_t v = 0; v < code->n; v++) {
        int32_t sum = q[v];
        for (uint32_t i = code->var_offsets[v]; i < code->var_offsets[v + 1]; i++)
            sum += c2v[code->var_edges[i]];
        total[v] = sum;
    }
}

static void flooding_iteration(const ldpc_code *code, const ldpc_decoder_config *config,
                               const int8_t *q, ref_fixed_workspace *ws)
{
    for (uint32_t v = 0; v < code->n; v++) {
        for (uint32_t i = code->var_offsets[v]; i < code->var_offsets[v + 1]; i++) {
            uint32_t e = code->var_edges[i];
            ws->v2c[e] = q_sat(ws->total[v] - ws->c2v[e]);
        }
    }
    for (uint32_t chk = 0; chk < code->m; chk++) {
        uint32_t first = code->check_offsets[chk];
        check_update_fixed(ws->v2c + first, code->check_offsets[chk + 1] - first, config,
                           ws->c2v + first);
    }
    compute_totals(code, q, ws->c2v, ws->total);
}

static void decide(const int32_t *total, uint32_t n, uint8_t *bits)
{
    for (uint32_t v = 0; v < n; v++)
        bits[v] = (uint8_t)(total[v] < 0);
}

void ref_fixed_flooding_decode_frame(const ldpc_code *code, const ldpc_decoder_config *config,
                                     ref_fixed_workspace *ws, const int8_t *q, uint8_t *bits,
                                     ldpc_frame_stats *stats)
{
    memset(ws->c2v, 0, code->edges);
    for (uint32_t v = 0; v < code->n; v++)
        ws->total[v] = q[v];
    uint32_t iteration = 0;
    int converged = 0;
    while (iteration < config->max_iterations && !converged) {
        iteration++;
        flooding_iteration(code, config, q, ws);
        if (syndrome_due(config, iteration)) {
            decide(ws->total, code->n, bits);
            converged = syndrome_all_satisfied(code, bits);
        }
    }
    if (!syndrome_due(config, iteration))
        decide(ws->total, code->n, bits);
    ref_fixed_finish_frame(code, q, bits, iteration, stats);
}
