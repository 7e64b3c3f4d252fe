/* 8-bit fixed-point Min-Max (nb/nb_minmax.h): the bit-exact reference for
 * every other nonbinary backend. */
#include <string.h>

#include "decode/early_termination.h"
#include "code/code_struct.h"
#include "nb/nb_code_struct.h"
#include "decode/workspace_layout.h"
#include "nb/gf.h"
#include "nb/nb_minmax.h"

size_t nb_fixed_workspace_bytes(const ldpc_nb_decoder_limits *lim)
{
    size_t q = lim->max_q, d = lim->graph.max_check_degree, n = lim->graph.max_n;
    return workspace_round_up(n * q) + workspace_round_up(n * q * sizeof(int16_t)) +
           workspace_round_up(lim->graph.max_edges * q) + workspace_round_up(d * q) * 3 +
           workspace_round_up(d * q * sizeof(int16_t)) + workspace_round_up(2 * q);
}

void nb_fixed_workspace_carve(nb_fixed_workspace *ws, unsigned char *memory,
                              const ldpc_nb_decoder_limits *lim)
{
    size_t q = lim->max_q, d = lim->graph.max_check_degree, n = lim->graph.max_n;
    ws->channel = workspace_take(&memory, n * q);
    ws->post = workspace_take(&memory, n * q * sizeof(int16_t));
    ws->c2v = workspace_take(&memory, lim->graph.max_edges * q);
    ws->in = workspace_take(&memory, d * q);
    ws->forward = workspace_take(&memory, d * q);
    ws->out = workspace_take(&memory, d * q);
    ws->u = workspace_take(&memory, d * q * sizeof(int16_t));
    ws->backward = workspace_take(&memory, 2 * q);
}

/* m's entries below 255 (value << 8 | index), in increasing order; entries
 * at 255 cannot lower an output below its initial 255. */
static uint32_t sorted_live_entries(const uint8_t *m, uint32_t q, uint16_t *sorted)
{
    uint32_t count = 0;
    for (uint32_t i = 0; i < q; i++) {
        if (m[i] == NB_FIXED_MESSAGE_MAX)
            continue;
        uint16_t key = (uint16_t)(m[i] << 8 | i);
        uint32_t at = count++;
        for (; at > 0 && sorted[at - 1] > key; at--)
            sorted[at] = sorted[at - 1];
        sorted[at] = key;
    }
    return count;
}

/* Truncation (EMS-style nm): entries whose (value, index) is not among the
 * nm smallest are raised to 255, so the combinations see at most nm. */
static void truncate_message(uint8_t *m, uint32_t q, uint32_t nm)
{
    uint16_t sorted[GF_MAX_Q];
    if (sorted_live_entries(m, q, sorted) <= nm)
        return;
    uint16_t last_kept = sorted[nm - 1];
    for (uint32_t i = 0; i < q; i++)
        if ((uint16_t)(m[i] << 8 | i) > last_kept)
            m[i] = NB_FIXED_MESSAGE_MAX;
}

/* out[x] = min over a ^ b = x of max(A(a), B(b)), by taking the entries of
 * both messages in increasing order of value: a pair is formed when its later
 * entry arrives, at that entry's value, which is the pair's maximum, so the
 * first pair to reach x gives out[x] and the work stops once every x has
 * one (typically after O(q log q) pairs instead of q^2). */
static void minmax_combine(const uint8_t *a, const uint8_t *b, uint32_t q, uint8_t *out)
{
    uint16_t sorted_a[GF_MAX_Q], sorted_b[GF_MAX_Q];
    uint8_t taken_a[GF_MAX_Q], taken_b[GF_MAX_Q];
    uint32_t count_a = sorted_live_entries(a, q, sorted_a);
    uint32_t count_b = sorted_live_entries(b, q, sorted_b);
    memset(out, NB_FIXED_MESSAGE_MAX, q);
    uint32_t next_a = 0, next_b = 0, unreached = q;
    while (next_a < count_a || next_b < count_b) {
        /* The entry to take: the smaller value (A on ties); its partners are
         * the entries of the other message taken so far. */
        int from_a = next_b == count_b || (next_a < count_a && sorted_a[next_a] >> 8 <= sorted_b[next_b] >> 8);
        uint16_t key = from_a ? sorted_a[next_a] : sorted_b[next_b];
        const uint8_t *partners = from_a ? taken_b : taken_a;
        uint32_t partner_count = from_a ? next_b : next_a;
        uint8_t index = (uint8_t)key, value = (uint8_t)(key >> 8);
        for (uint32_t t = 0; t < partner_count; t++) {
            uint32_t x = index ^ partners[t];
            if (out[x] == NB_FIXED_MESSAGE_MAX) {
                out[x] = value;
                if (--unreached == 0)
                    return;
            }
        }
        if (from_a)
            taken_a[next_a++] = index;
        else
            taken_b[next_b++] = index;
    }
}

static void check_node(const uint8_t *in, uint32_t d, uint32_t q, nb_fixed_workspace *ws)
{
    uint8_t *out = ws->out, *fwd = ws->forward;
    if (d == 1) { /* the symbol must be 0 */
        memset(out, NB_FIXED_MESSAGE_MAX, q);
        out[0] = 0;
        return;
    }
    memcpy(fwd, in, q);
    for (uint32_t i = 1; i + 1 < d; i++)
        minmax_combine(fwd + (i - 1) * q, in + i * q, q, fwd + i * q);
    uint8_t *bwd = ws->backward, *spare = ws->backward + q;
    memcpy(bwd, in + (d - 1) * q, q);
    memcpy(out + (d - 1) * q, fwd + (d - 2) * q, q);
    for (uint32_t i = d - 2; i >= 1; i--) {
        minmax_combine(fwd + (i - 1) * q, bwd, q, out + i * q);
        minmax_combine(bwd, in + i * q, q, spare);
        uint8_t *t = bwd;
        bwd = spare;
        spare = t;
    }
    memcpy(out, bwd, q);
}

/* nm: the truncation, 0 = off. */
static void update_check(const ldpc_nb_code *code, const gf_field *f, uint32_t chk,
                         uint32_t nm, nb_fixed_workspace *ws)
{
    const ldpc_code *g = code->graph;
    uint32_t q = code->q, first = g->check_offsets[chk], d = g->check_offsets[chk + 1] - first;
    for (uint32_t i = 0; i < d; i++) {
        const uint8_t *times = f->mul + (size_t)code->edge_coef[first + i] * q;
        const int16_t *u = ws->u + i * q;
        int16_t low = u[0];
        for (uint32_t a = 1; a < q; a++)
            low = u[a] < low ? u[a] : low;
        for (uint32_t a = 0; a < q; a++) {
            int v = u[a] - low; /* relative to the best symbol, saturated */
            ws->in[i * q + times[a]] = (uint8_t)(v < NB_FIXED_MESSAGE_MAX ? v : NB_FIXED_MESSAGE_MAX);
        }
        if (nm != 0)
            truncate_message(ws->in + i * q, q, nm);
    }
    check_node(ws->in, d, q, ws);
    for (uint32_t i = 0; i < d; i++) {
        const uint8_t *times = f->mul + (size_t)code->edge_coef[first + i] * q;
        uint8_t *c2v = ws->c2v + (size_t)(first + i) * q;
        for (uint32_t a = 0; a < q; a++)
            c2v[a] = ws->out[i * q + times[a]];
    }
}

/* Totals are exact in 16 bits: at most 255 * (1 + variable degree). */
static void flooding_totals(const ldpc_nb_code *code, nb_fixed_workspace *ws)
{
    const ldpc_code *g = code->graph;
    uint32_t q = code->q;
    for (uint32_t v = 0; v < g->n; v++) {
        int16_t *total = ws->post + (size_t)v * q;
        const uint8_t *channel = ws->channel + (size_t)v * q;
        for (uint32_t a = 0; a < q; a++)
            total[a] = channel[a];
        for (uint32_t i = g->var_offsets[v]; i < g->var_offsets[v + 1]; i++) {
            const uint8_t *c2v = ws->c2v + (size_t)g->var_edges[i] * q;
            for (uint32_t a = 0; a < q; a++)
                total[a] = (int16_t)(total[a] + c2v[a]);
        }
    }
}

static void gather_inputs(const ldpc_nb_code *code, uint32_t chk, nb_fixed_workspace *ws)
{
    const ldpc_code *g = code->graph;
    uint32_t q = code->q, first = g->check_offsets[chk], d = g->check_offsets[chk + 1] - first;
    for (uint32_t i = 0; i < d; i++) {
        const int16_t *post = ws->post + (size_t)g->check_var[first + i] * q;
        const uint8_t *c2v = ws->c2v + (size_t)(first + i) * q;
        for (uint32_t a = 0; a < q; a++)
            ws->u[i * q + a] = (int16_t)(post[a] - c2v[a]);
    }
}

static void flooding_iteration(const ldpc_nb_code *code, const gf_field *f, uint32_t nm,
                               nb_fixed_workspace *ws)
{
    for (uint32_t chk = 0; chk < code->graph->m; chk++) {
        gather_inputs(code, chk, ws);
        update_check(code, f, chk, nm, ws);
    }
    flooding_totals(code, ws);
}

/* Posteriors are exact: channel plus every message of the symbol, at most
 * 255 * (1 + degree). A posterior rebuilt from the saturated input instead
 * forgets the channel once it saturates, which gave an error floor (frames
 * that settled on a word far from the received one). */
static void layered_iteration(const ldpc_nb_code *code, const gf_field *f, uint32_t nm,
                              nb_fixed_workspace *ws)
{
    const ldpc_code *g = code->graph;
    uint32_t q = code->q;
    for (uint32_t l = 0; l < g->layer_count; l++) {
        for (uint32_t pos = g->layer_offsets[l]; pos < g->layer_offsets[l + 1]; pos++) {
            uint32_t chk = g->layer_checks[pos];
            uint32_t first = g->check_offsets[chk], d = g->check_offsets[chk + 1] - first;
            gather_inputs(code, chk, ws);
            update_check(code, f, chk, nm, ws);
            for (uint32_t i = 0; i < d; i++) {
                int16_t *post = ws->post + (size_t)g->check_var[first + i] * q;
                const uint8_t *c2v = ws->c2v + (size_t)(first + i) * q;
                for (uint32_t a = 0; a < q; a++)
                    post[a] = (int16_t)(ws->u[i * q + a] + c2v[a]);
            }
        }
    }
}

static void decide(const int16_t *post, uint32_t n, uint32_t q, uint8_t *symbols)
{
    for (uint32_t v = 0; v < n; v++) {
        const int16_t *row = post + (size_t)v * q;
        uint32_t best = 0;
        for (uint32_t a = 1; a < q; a++)
            best = row[a] < row[best] ? a : best;
        symbols[v] = (uint8_t)best;
    }
}

uint32_t nb_fixed_decode_frame(const ldpc_nb_code *code, const ldpc_decoder_config *config,
                               nb_fixed_workspace *ws, uint8_t *symbols, int *converged)
{
    const ldpc_code *g = code->graph;
    const gf_field *f = gf_field_get(code->bits_per_symbol);
    uint32_t q = code->q;
    memset(ws->c2v, 0, (size_t)g->edges * q);
    for (size_t i = 0; i < (size_t)g->n * q; i++)
        ws->post[i] = ws->channel[i];
    uint32_t iteration = 0;
    *converged = 0;
    while (iteration < config->max_iterations && !*converged) {
        iteration++;
        if (config->schedule == LDPC_SCHEDULE_FLOODING)
            flooding_iteration(code, f, config->truncation, ws);
        else
            layered_iteration(code, f, config->truncation, ws);
        if (syndrome_due(config, iteration)) {
            decide(ws->post, g->n, q, symbols);
            *converged = nb_syndrome_ok(code, symbols);
        }
    }
    if (!syndrome_due(config, iteration))
        decide(ws->post, g->n, q, symbols);
    return iteration;
}
