/* Layered min-sum with 8-bit saturated posteriors (config->posterior_bits 8),
 * the arithmetic of Le Gal et al.'s x86 decoders: posteriors and messages
 * are both int8, so a SIMD lane needs no 16-bit widening and a frame's
 * posteriors take half the memory.
 *
 * Saturated posteriors stop being the sum q + sum(c2v) once one clips, and the
 * extrinsic post - c2v then drifts towards zero; without a cap on the
 * messages a converged frame left running diverges (docs/DECODERS.md:
 * 3136 of 3200 frames lost at 0.95 dB with no cap, 64 with a cap of 31, the
 * same as exact 16-bit posteriors). So the magnitudes entering a check are capped at
 * config->message_cap (check_update_fixed).
 *
 * By check (LDPC_SATURATED_BY_CHECK, this file): checks run one after another
 * in layer order, each reading the posteriors as the previous check left
 * them: with saturation the order of two updates of one variable changes the
 * result, and this is the order in which an inter-frame SIMD decoder (one
 * frame per lane) meets them. By layer, the layered iteration of
 * ref_fixed_layered.c saturates once per layer instead. */
#include "decode/check_rules.h"
#include "code/code_struct.h"
#include "decode/fixed_point.h"
#include "decode/ref_fixed.h"

void ref_fixed_saturated_iteration(const ldpc_code *code, const ldpc_decoder_config *config,
                                  ref_fixed_workspace *ws)
{
    int16_t *post = ws->post; /* each value within [-127, 127] */
    int8_t *c2v = ws->c2v, *t = ws->v2c;
    for (uint32_t i = 0; i < code->m; i++) {
        const uint32_t check = code->layer_checks[i];
        const uint32_t first = code->check_offsets[check];
        const uint32_t degree = code->check_offsets[check + 1] - first;
        const uint32_t *vars = code->check_var + first;
        for (uint32_t j = 0; j < degree; j++)
            t[j] = q_sat((int32_t)post[vars[j]] - c2v[first + j]);
        check_update_fixed(t, degree, config, c2v + first);
        for (uint32_t j = 0; j < degree; j++)
            post[vars[j]] = q_sat((int32_t)t[j] + c2v[first + j]);
    }
}
