/* Layered (horizontal) min-sum with 8-bit messages.
 *
 * Posteriors accumulate in 16 bits, exactly (|q| + degree * 127 < 32767):
 * with saturated 8-bit posteriors, post = q + sum(c2v) stops holding once a
 * posterior clips, the extrinsic post - c2v drifts towards zero and a
 * converged frame left running (fixed iteration count) diverges after a few
 * iterations (seen on dvbs2-short-3/4 with offset min-sum at 2.6 dB).
 * With posterior_bits 8 (saturated posteriors and a message cap, which keeps
 * that drift harmless) an iteration is ref_fixed_saturated_iteration (by
 * check) or, by layer, the iteration below with one saturation per layer. */
#include <string.h>

#include "decode/check_rules.h"
#include "code/code_struct.h"
#include "decode/early_termination.h"
#include "decode/fixed_point.h"
#include "decode/ref_fixed.h"

/* Layer by layer: every check of the layer reads the posteriors of the layer's
 * start, so the checks of a layer could run in parallel (the 360 rows of a DVB
 * layer on a GPU or in SIMD lanes); then the changes of all the layer's
 * messages are added to the posteriors. Where no two checks of a layer share
 * a variable this is plain check-by-check layered decoding. Saturated by
 * layer (LDPC_SATURATED_BY_LAYER), each posterior the layer touched is then
 * clamped to [-127, 127] once: after the exact sum of all its changes. */
static void decide(const int16_t *post, uint32_t n, uint8_t *bits)
{
    for (uint32_t v = 0; v < n; v++)
        bits[v] = (uint8_t)(post[v] < 0);
}

static void layered_iteration(const ldpc_code *code, const ldpc_decoder_config *config,
                              ref_fixed_workspace *ws)
{
    const int saturate = config->posterior_bits == 8;
    int16_t *post = ws->post;
    int8_t *c2v = ws->c2v, *next = ws->c2v_next, *t = ws->v2c;
    for (uint32_t l = 0; l < code->layer_count; l++) {
        const uint32_t *checks = code->layer_checks + code->layer_offsets[l];
        const uint32_t count = code->layer_offsets[l + 1] - code->layer_offsets[l];
        for (uint32_t i = 0; i < count; i++) {
            uint32_t first = code->check_offsets[checks[i]];
            uint32_t degree = code->check_offsets[checks[i] + 1] - first;
            for (uint32_t j = 0; j < degree; j++)
                t[j] = q_sat((int32_t)post[code->check_var[first + j]] - c2v[first + j]);
            check_update_fixed(t, degree, config, next + first);
        }
        for (uint32_t i = 0; i < count; i++) {
            for (uint32_t e = code->check_offsets[checks[i]]; e < code->check_offsets[checks[i] + 1];
                 e++) {
                post[code->check_var[e]] = (int16_t)(post[code->check_var[e]] - c2v[e] + next[e]);
                c2v[e] = next[e];
            }
        }
        for (uint32_t i = 0; i < count && saturate; i++)
            for (uint32_t e = code->check_offsets[checks[i]]; e < code->check_offsets[checks[i] + 1];
                 e++)
                post[code->check_var[e]] = (int16_t)q_sat(post[code->check_var[e]]);
    }
}

void ref_fixed_layered_decode_frame(const ldpc_code *code, const ldpc_decoder_config *config,
                                    ref_fixed_workspace *ws, const int8_t *q, uint8_t *bits,
                                    ldpc_frame_stats *stats)
{
    for (uint32_t v = 0; v < code->n; v++)
        ws->post[v] = q[v];
    memset(ws->c2v, 0, code->edges);
    void (*run_iteration)(const ldpc_code *, const ldpc_decoder_config *, ref_fixed_workspace *) =
        config->posterior_bits == 8 && config->saturated_order == LDPC_SATURATED_BY_CHECK
            ? ref_fixed_saturated_iteration
            : layered_iteration;
    uint32_t iteration = 0;
    int converged = 0;
    while (iteration < config->max_iterations && !converged) {
        iteration++;
        run_iteration(code, config, ws);
        if (syndrome_due(config, iteration)) {
            decide(ws->post, code->n, bits);
            converged = syndrome_all_satisfied(code, bits);
        }
    }
    if (!syndrome_due(config, iteration))
        decide(ws->post, code->n, bits);
    ref_fixed_finish_frame(code, q, bits, iteration, stats);
}
