/* The 8-bit Min-Max frame decoder of nonbinary codes, written once over
 * message-sized vectors and instantiated per instruction set and field size
 * (platform/x86/nb_minmax_*.c). It follows nb_fixed_decode_frame
 * (src/nb/nb_minmax_fixed.c) step by step, so that decisions, iterations and
 * statistics are the reference's bit for bit: the arithmetic is the same
 * (exact 16-bit totals, inputs normalised and saturated at 255, Min-Max
 * combinations, which are exact in any order), only q entries at a time.
 *
 * The including file defines, for its field size NB_Q (bytes per message):
 *   nb_msg    q uint8 values; nb_wide the same q values as int16
 *   nb_msg  nb_msg_load(const uint8_t *p)          p aligned to the message size
 *   void    nb_msg_store(uint8_t *p, nb_msg m)
 *   nb_msg  nb_msg_permute(nb_msg m, const uint8_t *index)  out[y] = m[index[y]]
 *   nb_msg  nb_msg_combine(nb_msg a, nb_msg b)     out[x] = min over a ^ b = x of max
 *   nb_wide nb_wide_load(const int16_t *p), nb_wide_store(int16_t *p, nb_wide w)
 *   nb_wide nb_wide_from_msg(nb_msg m)
 *   nb_wide nb_wide_add_msg(nb_wide w, nb_msg m), nb_wide_sub_msg(nb_wide w, nb_msg m)
 *   nb_msg  nb_wide_normalise(nb_wide w)  w - min(w), saturated at 255 (w >= 0)
 *   uint32_t nb_wide_argmin(nb_wide w)    index of the smallest value, lowest on ties
 * and NB_SIMD_FUNCTION(name), the instance's prefix. For the truncation
 * (config->truncation = nm != 0) it may define NB_MSG_HAS_MASKS and
 *   uint64_t nb_msg_le_mask(nb_msg m, uint8_t t)   bit i set where m[i] <= t
 *   nb_msg   nb_msg_keep(nb_msg m, uint64_t keep)  m[i] where bit i is set, else 255
 * otherwise the truncation runs in scalar code on the stored message. */
#include <string.h>

#include "decode/early_termination.h"
#include "code/code_struct.h"
#include "nb/nb_code_struct.h"
#include "nb/gf.h"
#include "nb/nb_minmax.h"

#ifdef NB_MSG_HAS_MASKS
/* The reference's truncation (truncate_message in nb_minmax_fixed.c): keep
 * the nm entries of smallest (value, index), raise the others to 255. The
 * nm-th smallest value t by a branchless bisection over counts of entries
 * <= t (data-dependent branches here cost more than the combinations that
 * the truncation saves); entries <= t are kept, less the highest-index
 * entries equal to t while there are more than nm (rare: equal values). */
static inline nb_msg NB_SIMD_FUNCTION(truncate)(nb_msg m, uint32_t nm)
{
    if ((uint32_t)__builtin_popcountll(nb_msg_le_mask(m, NB_FIXED_MESSAGE_MAX - 1)) <= nm)
        return m;
    uint32_t below = 0; /* count(entries <= below - 1) < nm */
    for (uint32_t step = 128; step > 0; step >>= 1) {
        uint32_t fewer =
            (uint32_t)__builtin_popcountll(nb_msg_le_mask(m, (uint8_t)(below + step - 1))) < nm;
        below += step & (0u - fewer);
    }
    uint64_t kept = nb_msg_le_mask(m, (uint8_t)below);
    uint64_t ties = kept & ~(below > 0 ? nb_msg_le_mask(m, (uint8_t)(below - 1)) : 0);
    for (uint32_t count = (uint32_t)__builtin_popcountll(kept); count > nm; count--) {
        uint64_t highest = (uint64_t)1 << (63 - __builtin_clzll(ties));
        kept &= ~highest;
        ties &= ~highest;
    }
    return nb_msg_keep(m, kept);
}
#else
static inline nb_msg NB_SIMD_FUNCTION(truncate)(nb_msg m, uint32_t nm)
{
    uint8_t entries[NB_Q] __attribute__((aligned(64)));
    uint16_t sorted[NB_Q]; /* live entries as value << 8 | index, ascending */
    uint32_t count = 0;
    nb_msg_store(entries, m);
    for (uint32_t i = 0; i < NB_Q; i++) {
        if (entries[i] == NB_FIXED_MESSAGE_MAX)
            continue;
        uint16_t key = (uint16_t)(entries[i] << 8 | i);
        uint32_t at = count++;
        for (; at > 0 && sorted[at - 1] > key; at--)
            sorted[at] = sorted[at - 1];
        sorted[at] = key;
    }
    if (count <= nm)
        return m;
    for (uint32_t i = 0; i < NB_Q; i++)
        if ((uint16_t)(entries[i] << 8 | i) > sorted[nm - 1])
            entries[i] = NB_FIXED_MESSAGE_MAX;
    return nb_msg_load(entries);
}
#endif

/* Message of check `first + i` leaves the check domain (entry h*a holds
 * symbol a's value); layered: the posterior becomes input + new message. */
static inline void NB_SIMD_FUNCTION(emit)(const ldpc_nb_code *code, const gf_field *f,
                                          uint32_t first, uint32_t i, nb_msg out,
                                          nb_fixed_workspace *ws, int layered)
{
    nb_msg message = nb_msg_permute(out, f->mul + (size_t)code->edge_coef[first + i] * NB_Q);
    nb_msg_store(ws->c2v + (size_t)(first + i) * NB_Q, message);
    if (layered) {
        int16_t *post = ws->post + (size_t)code->graph->check_var[first + i] * NB_Q;
        nb_wide_store(post, nb_wide_add_msg(nb_wide_load(ws->u + (size_t)i * NB_Q), message));
    }
}

/* nm: the truncation, 0 = off. */
static void NB_SIMD_FUNCTION(update_check)(const ldpc_nb_code *code, const gf_field *f,
                                           uint32_t chk, uint32_t nm, nb_fixed_workspace *ws,
                                           int layered)
{
    const ldpc_code *g = code->graph;
    uint32_t first = g->check_offsets[chk], d = g->check_offsets[chk + 1] - first;
    for (uint32_t i = 0; i < d; i++) {
        const int16_t *post = ws->post + (size_t)g->check_var[first + i] * NB_Q;
        nb_wide u = nb_wide_sub_msg(nb_wide_load(post),
                                    nb_msg_load(ws->c2v + (size_t)(first + i) * NB_Q));
        nb_wide_store(ws->u + (size_t)i * NB_Q, u);
        /* Entry h*a of the check-domain input holds symbol a: read entry
         * h^-1 * y for y. */
        const uint8_t *divide = f->mul + (size_t)f->inv[code->edge_coef[first + i]] * NB_Q;
        nb_msg in = nb_msg_permute(nb_wide_normalise(u), divide);
        if (nm != 0)
            in = NB_SIMD_FUNCTION(truncate)(in, nm);
        nb_msg_store(ws->in + (size_t)i * NB_Q, in);
    }
    if (d == 1) { /* the symbol must be 0 */
        uint8_t *only_zero = ws->backward;
        memset(only_zero, NB_FIXED_MESSAGE_MAX, NB_Q);
        only_zero[0] = 0;
        NB_SIMD_FUNCTION(emit)(code, f, first, 0, nb_msg_load(only_zero), ws, layered);
        return;
    }
    /* Forward-backward: out_i = F_{i-1} (x) B_{i+1}. */
    nb_msg forward = nb_msg_load(ws->in);
    nb_msg_store(ws->forward, forward);
    for (uint32_t i = 1; i + 1 < d; i++) {
        forward = nb_msg_combine(forward, nb_msg_load(ws->in + (size_t)i * NB_Q));
        nb_msg_store(ws->forward + (size_t)i * NB_Q, forward);
    }
    nb_msg backward = nb_msg_load(ws->in + (size_t)(d - 1) * NB_Q);
    NB_SIMD_FUNCTION(emit)(code, f, first, d - 1, forward, ws, layered);
    for (uint32_t i = d - 2; i >= 1; i--) {
        nb_msg before = nb_msg_load(ws->forward + (size_t)(i - 1) * NB_Q);
        NB_SIMD_FUNCTION(emit)(code, f, first, i, nb_msg_combine(before, backward), ws, layered);
        backward = nb_msg_combine(backward, nb_msg_load(ws->in + (size_t)i * NB_Q));
    }
    NB_SIMD_FUNCTION(emit)(code, f, first, 0, backward, ws, layered);
}

static void NB_SIMD_FUNCTION(flooding_iteration)(const ldpc_nb_code *code, const gf_field *f,
                                                 uint32_t nm, nb_fixed_workspace *ws)
{
    const ldpc_code *g = code->graph;
    for (uint32_t chk = 0; chk < g->m; chk++)
        NB_SIMD_FUNCTION(update_check)(code, f, chk, nm, ws, 0);
    for (uint32_t v = 0; v < g->n; v++) {
        nb_wide total = nb_wide_from_msg(nb_msg_load(ws->channel + (size_t)v * NB_Q));
        for (uint32_t i = g->var_offsets[v]; i < g->var_offsets[v + 1]; i++)
            total = nb_wide_add_msg(total, nb_msg_load(ws->c2v + (size_t)g->var_edges[i] * NB_Q));
        nb_wide_store(ws->post + (size_t)v * NB_Q, total);
    }
}

static void NB_SIMD_FUNCTION(layered_iteration)(const ldpc_nb_code *code, const gf_field *f,
                                                uint32_t nm, nb_fixed_workspace *ws)
{
    const ldpc_code *g = code->graph;
    for (uint32_t l = 0; l < g->layer_count; l++)
        for (uint32_t pos = g->layer_offsets[l]; pos < g->layer_offsets[l + 1]; pos++)
            NB_SIMD_FUNCTION(update_check)(code, f, g->layer_checks[pos], nm, ws, 1);
}

static void NB_SIMD_FUNCTION(decide)(const nb_fixed_workspace *ws, uint32_t n, uint8_t *symbols)
{
    for (uint32_t v = 0; v < n; v++)
        symbols[v] = (uint8_t)nb_wide_argmin(nb_wide_load(ws->post + (size_t)v * NB_Q));
}

uint32_t NB_SIMD_FUNCTION(decode_frame)(const ldpc_nb_code *code, const ldpc_decoder_config *config,
                                        nb_fixed_workspace *ws, uint8_t *symbols, int *converged)
{
    const ldpc_code *g = code->graph;
    const gf_field *f = gf_field_get(code->bits_per_symbol);
    memset(ws->c2v, 0, (size_t)g->edges * NB_Q);
    for (uint32_t v = 0; v < g->n; v++)
        nb_wide_store(ws->post + (size_t)v * NB_Q,
                      nb_wide_from_msg(nb_msg_load(ws->channel + (size_t)v * NB_Q)));
    uint32_t iteration = 0;
    *converged = 0;
    while (iteration < config->max_iterations && !*converged) {
        iteration++;
        if (config->schedule == LDPC_SCHEDULE_FLOODING)
            NB_SIMD_FUNCTION(flooding_iteration)(code, f, config->truncation, ws);
        else
            NB_SIMD_FUNCTION(layered_iteration)(code, f, config->truncation, ws);
        if (syndrome_due(config, iteration)) {
            NB_SIMD_FUNCTION(decide)(ws, g->n, symbols);
            *converged = nb_syndrome_ok(code, symbols);
        }
    }
    if (!syndrome_due(config, iteration))
        NB_SIMD_FUNCTION(decide)(ws, g->n, symbols);
    return iteration;
}
