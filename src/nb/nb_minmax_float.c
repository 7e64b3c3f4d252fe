/* Float Min-Max: the error-rate reference (nb/nb_minmax.h). */
#include <string.h>

#include "decode/early_termination.h"
#include "code/code_struct.h"
#include "nb/nb_code_struct.h"
#include "decode/workspace_layout.h"
#include "nb/gf.h"
#include "nb/nb_minmax.h"

size_t nb_float_workspace_bytes(const ldpc_nb_decoder_limits *lim)
{
    size_t q = lim->max_q, d = lim->graph.max_check_degree;
    return workspace_round_up(lim->graph.max_n * q * sizeof(float)) * 2 +
           workspace_round_up(lim->graph.max_edges * q * sizeof(float)) +
           workspace_round_up(d * q * sizeof(float)) * 4 +
           workspace_round_up(2 * q * sizeof(float));
}

void nb_float_workspace_carve(nb_float_workspace *ws, unsigned char *memory,
                              const ldpc_nb_decoder_limits *lim)
{
    size_t q = lim->max_q, d = lim->graph.max_check_degree;
    ws->channel = workspace_take(&memory, lim->graph.max_n * q * sizeof(float));
    ws->post = workspace_take(&memory, lim->graph.max_n * q * sizeof(float));
    ws->c2v = workspace_take(&memory, lim->graph.max_edges * q * sizeof(float));
    ws->in = workspace_take(&memory, d * q * sizeof(float));
    ws->forward = workspace_take(&memory, d * q * sizeof(float));
    ws->out = workspace_take(&memory, d * q * sizeof(float));
    ws->u = workspace_take(&memory, d * q * sizeof(float));
    ws->backward = workspace_take(&memory, 2 * q * sizeof(float));
}

/* Truncation (EMS-style nm): entries whose (value, index) is not among the
 * nm smallest are raised to the cap, so the combinations see at most nm. */
static void truncate_message(float *m, uint32_t q, uint32_t nm)
{
    uint32_t sorted[GF_MAX_Q], count = 0; /* indices of the live entries, by (value, index) */
    for (uint32_t i = 0; i < q; i++) {
        if (m[i] >= NB_FLOAT_MESSAGE_MAX)
            continue;
        uint32_t at = count++;
        for (; at > 0 && m[sorted[at - 1]] > m[i]; at--)
            sorted[at] = sorted[at - 1];
        sorted[at] = i;
    }
    for (uint32_t rank = nm; rank < count; rank++)
        m[sorted[rank]] = NB_FLOAT_MESSAGE_MAX;
}

static uint32_t live_entries(const float *m, uint32_t q)
{
    uint32_t count = 0;
    for (uint32_t i = 0; i < q; i++)
        count += m[i] < NB_FLOAT_MESSAGE_MAX;
    return count;
}

/* out(x) = min over a ^ b = x of max(A(a), B(b)); entries of A at the cap
 * cannot lower an output below its initial cap, so A is the operand with
 * fewer others (the operation is symmetric; min and max are exact). */
static void minmax_combine(const float *a, const float *b, uint32_t q, float *out)
{
    if (live_entries(b, q) < live_entries(a, q)) {
        const float *t = a;
        a = b;
        b = t;
    }
    for (uint32_t x = 0; x < q; x++)
        out[x] = NB_FLOAT_MESSAGE_MAX;
    for (uint32_t i = 0; i < q; i++) {
        float ai = a[i];
        if (ai >= NB_FLOAT_MESSAGE_MAX)
            continue;
        for (uint32_t j = 0; j < q; j++) {
            float worst = ai > b[j] ? ai : b[j];
            if (worst < out[i ^ j])
                out[i ^ j] = worst;
        }
    }
}

/* Forward-backward over d check-domain inputs. */
static void check_node(const float *in, uint32_t d, uint32_t q, nb_float_workspace *ws)
{
    float *out = ws->out, *fwd = ws->forward;
    if (d == 1) { /* the symbol must be 0 */
        for (uint32_t x = 0; x < q; x++)
            out[x] = x == 0 ? 0.0f : NB_FLOAT_MESSAGE_MAX;
        return;
    }
    memcpy(fwd, in, q * sizeof(float));
    for (uint32_t i = 1; i + 1 < d; i++)
        minmax_combine(fwd + (i - 1) * q, in + i * q, q, fwd + i * q);
    float *bwd = ws->backward, *spare = ws->backward + q;
    memcpy(bwd, in + (d - 1) * q, q * sizeof(float));
    memcpy(out + (d - 1) * q, fwd + (d - 2) * q, q * sizeof(float));
    for (uint32_t i = d - 2; i >= 1; i--) {
        minmax_combine(fwd + (i - 1) * q, bwd, q, out + i * q);
        minmax_combine(bwd, in + i * q, q, spare);
        float *t = bwd;
        bwd = spare;
        spare = t;
    }
    memcpy(out, bwd, q * sizeof(float));
}

/* Runs check chk with its variable-domain inputs in ws->u (raw: posterior
 * minus the edge's old message), normalised on the way to the check domain;
 * writes the new check-to-variable messages to c2v (variable domain). */
static void update_check(const ldpc_nb_code *code, const gf_field *f, uint32_t chk,
                         uint32_t nm, nb_float_workspace *ws)
{
    const ldpc_code *g = code->graph;
    uint32_t q = code->q, first = g->check_offsets[chk], d = g->check_offsets[chk + 1] - first;
    for (uint32_t i = 0; i < d; i++) {
        const uint8_t *times = f->mul + (size_t)code->edge_coef[first + i] * q;
        const float *u = ws->u + i * q;
        float low = u[0];
        for (uint32_t a = 1; a < q; a++)
            low = u[a] < low ? u[a] : low;
        for (uint32_t a = 0; a < q; a++) {
            float v = u[a] - low; /* relative to the best symbol, capped */
            ws->in[i * q + times[a]] = v < NB_FLOAT_MESSAGE_MAX ? v : NB_FLOAT_MESSAGE_MAX;
        }
        if (nm != 0)
            truncate_message(ws->in + i * q, q, nm);
    }
    check_node(ws->in, d, q, ws);
    for (uint32_t i = 0; i < d; i++) {
        const uint8_t *times = f->mul + (size_t)code->edge_coef[first + i] * q;
        float *c2v = ws->c2v + (size_t)(first + i) * q;
        for (uint32_t a = 0; a < q; a++)
            c2v[a] = ws->out[i * q + times[a]];
    }
}

static void flooding_totals(const ldpc_nb_code *code, nb_float_workspace *ws)
{
    const ldpc_code *g = code->graph;
    uint32_t q = code->q;
    for (uint32_t v = 0; v < g->n; v++) {
        float *total = ws->post + (size_t)v * q;
        memcpy(total, ws->channel + (size_t)v * q, q * sizeof(float));
        for (uint32_t i = g->var_offsets[v]; i < g->var_offsets[v + 1]; i++) {
            const float *c2v = ws->c2v + (size_t)g->var_edges[i] * q;
            for (uint32_t a = 0; a < q; a++)
                total[a] += c2v[a];
        }
    }
}

static void flooding_iteration(const ldpc_nb_code *code, const gf_field *f, uint32_t nm,
                               nb_float_workspace *ws)
{
    const ldpc_code *g = code->graph;
    uint32_t q = code->q;
    for (uint32_t chk = 0; chk < g->m; chk++) {
        uint32_t first = g->check_offsets[chk], d = g->check_offsets[chk + 1] - first;
        for (uint32_t i = 0; i < d; i++) {
            const float *total = ws->post + (size_t)g->check_var[first + i] * q;
            const float *c2v = ws->c2v + (size_t)(first + i) * q;
            for (uint32_t a = 0; a < q; a++)
                ws->u[i * q + a] = total[a] - c2v[a];
        }
        update_check(code, f, chk, nm, ws);
    }
    flooding_totals(code, ws);
}

static void layered_iteration(const ldpc_nb_code *code, const gf_field *f, uint32_t nm,
                              nb_float_workspace *ws)
{
    const ldpc_code *g = code->graph;
    uint32_t q = code->q;
    /* Layers here are disjoint or single checks, so check order inside a
     * layer does not change the result. Posteriors stay exact sums (channel
     * plus messages), as in the fixed-point decoder. */
    for (uint32_t l = 0; l < g->layer_count; l++) {
        for (uint32_t pos = g->layer_offsets[l]; pos < g->layer_offsets[l + 1]; pos++) {
            uint32_t chk = g->layer_checks[pos];
            uint32_t first = g->check_offsets[chk], d = g->check_offsets[chk + 1] - first;
            for (uint32_t i = 0; i < d; i++) {
                const float *post = ws->post + (size_t)g->check_var[first + i] * q;
                const float *c2v = ws->c2v + (size_t)(first + i) * q;
                for (uint32_t a = 0; a < q; a++)
                    ws->u[i * q + a] = post[a] - c2v[a];
            }
            update_check(code, f, chk, nm, ws);
            for (uint32_t i = 0; i < d; i++) {
                float *post = ws->post + (size_t)g->check_var[first + i] * q;
                const float *c2v = ws->c2v + (size_t)(first + i) * q;
                for (uint32_t a = 0; a < q; a++)
                    post[a] = ws->u[i * q + a] + c2v[a];
            }
        }
    }
}

static void decide(const float *post, uint32_t n, uint32_t q, uint8_t *symbols)
{
    for (uint32_t v = 0; v < n; v++) {
        const float *row = post + (size_t)v * q;
        uint32_t best = 0;
        for (uint32_t a = 1; a < q; a++)
            best = row[a] < row[best] ? a : best;
        symbols[v] = (uint8_t)best;
    }
}

uint32_t nb_float_decode_frame(const ldpc_nb_code *code, const ldpc_decoder_config *config,
                               nb_float_workspace *ws, uint8_t *symbols, int *converged)
{
    const ldpc_code *g = code->graph;
    const gf_field *f = gf_field_get(code->bits_per_symbol);
    uint32_t q = code->q;
    memset(ws->c2v, 0, (size_t)g->edges * q * sizeof(float));
    memcpy(ws->post, ws->channel, (size_t)g->n * q * sizeof(float));
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
