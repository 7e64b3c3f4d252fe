#include "code/gf2_triangular.h"

#include <stdlib.h>
#include <string.h>

#include "util/error_internal.h"

typedef struct {
    uint32_t n, m;
    const uint32_t *check_offsets, *check_var;
    uint32_t *var_offsets, *var_checks; /* variable-major view of H */
    uint32_t *unknown;                  /* per check: bits not yet known */
    uint8_t *known, *solved;            /* per variable, per check */
    uint32_t *queue, queue_head, queue_tail; /* checks with one unknown bit */
} peeling;

static int peeling_init(peeling *p, uint32_t n, uint32_t m, const uint32_t *check_offsets,
                        const uint32_t *check_var)
{
    uint32_t edges = check_offsets[m];
    *p = (peeling){.n = n, .m = m, .check_offsets = check_offsets, .check_var = check_var};
    p->var_offsets = calloc((size_t)n + 1, sizeof *p->var_offsets);
    p->var_checks = malloc(((size_t)edges + 1) * sizeof *p->var_checks);
    p->unknown = malloc(((size_t)m + 1) * sizeof *p->unknown);
    p->known = calloc((size_t)n + 1, 1);
    p->solved = calloc((size_t)m + 1, 1);
    p->queue = malloc(((size_t)m + 1) * sizeof *p->queue);
    if (!p->var_offsets || !p->var_checks || !p->unknown || !p->known || !p->solved || !p->queue)
        return -1;
    for (uint32_t e = 0; e < edges; e++)
        p->var_offsets[check_var[e] + 1]++;
    for (uint32_t v = 0; v < n; v++)
        p->var_offsets[v + 1] += p->var_offsets[v];
    uint32_t *cursor = malloc(((size_t)n + 1) * sizeof *cursor);
    if (cursor == NULL)
        return -1;
    memcpy(cursor, p->var_offsets, (size_t)n * sizeof *cursor);
    for (uint32_t c = 0; c < m; c++)
        for (uint32_t e = check_offsets[c]; e < check_offsets[c + 1]; e++)
            p->var_checks[cursor[check_var[e]]++] = c;
    free(cursor);
    for (uint32_t c = 0; c < m; c++)
        p->unknown[c] = check_offsets[c + 1] - check_offsets[c];
    return 0;
}

static void peeling_free(peeling *p)
{
    free(p->var_offsets);
    free(p->var_checks);
    free(p->unknown);
    free(p->known);
    free(p->solved);
    free(p->queue);
}

static void make_known(peeling *p, uint32_t v)
{
    p->known[v] = 1;
    for (uint32_t i = p->var_offsets[v]; i < p->var_offsets[v + 1]; i++) {
        uint32_t c = p->var_checks[i];
        if (!p->solved[c] && --p->unknown[c] == 1)
            p->queue[p->queue_tail++] = c;
    }
}

/* Variables by degree, highest first (ties by index): the order in which
 * bits are declared information when no check can be solved. */
static uint32_t *by_degree(const peeling *p)
{
    uint32_t max_degree = 0;
    for (uint32_t v = 0; v < p->n; v++) {
        uint32_t d = p->var_offsets[v + 1] - p->var_offsets[v];
        max_degree = d > max_degree ? d : max_degree;
    }
    uint32_t *starts = calloc((size_t)max_degree + 2, sizeof *starts);
    uint32_t *order = malloc(((size_t)p->n + 1) * sizeof *order);
    if (starts == NULL || order == NULL) {
        free(starts);
        free(order);
        return NULL;
    }
    for (uint32_t v = 0; v < p->n; v++)
        starts[max_degree - (p->var_offsets[v + 1] - p->var_offsets[v]) + 1]++;
    for (uint32_t d = 0; d <= max_degree; d++)
        starts[d + 1] += starts[d];
    for (uint32_t v = 0; v < p->n; v++)
        order[starts[max_degree - (p->var_offsets[v + 1] - p->var_offsets[v])]++] = v;
    free(starts);
    return order;
}

/* Random information words, 64 at once (one per bit of each value). */
static void random_words(uint64_t *value, const uint32_t *positions, uint32_t k)
{
    uint64_t state = 0x9E3779B97F4A7C15ull;
    for (uint32_t i = 0; i < k; i++) {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        value[positions[i]] = state;
    }
}

/* One peeling pass over 64 words at once (one per bit of each value). */
static void peel_words(const gf2_triangular *t, uint32_t solved, const uint32_t *check_offsets,
                       const uint32_t *check_var, uint64_t *value)
{
    for (uint32_t s = 0; s < solved; s++) {
        uint32_t c = t->parity_checks[s], target = t->parity_positions[s];
        uint64_t sum = 0;
        for (uint32_t e = check_offsets[c]; e < check_offsets[c + 1]; e++)
            if (check_var[e] != target)
                sum ^= value[check_var[e]];
        value[target] = sum;
    }
}

static uint64_t check_sum(const uint64_t *value, const uint32_t *check_offsets,
                          const uint32_t *check_var, uint32_t c)
{
    uint64_t sum = 0;
    for (uint32_t e = check_offsets[c]; e < check_offsets[c + 1]; e++)
        sum ^= value[check_var[e]];
    return sum;
}

/* Encodes 64 random words at once (one per bit of each value) and checks
 * that every check holds for all of them. */
static int unsolved_checks_follow(const gf2_triangular *t, uint32_t n, uint32_t m,
                                  const uint32_t *check_offsets, const uint32_t *check_var)
{
    uint64_t *value = calloc((size_t)n + 1, sizeof *value);
    if (value == NULL)
        return 0;
    random_words(value, t->info_positions, t->k);
    peel_words(t, n - t->k, check_offsets, check_var, value);
    int holds = 1;
    for (uint32_t c = 0; c < m && holds; c++)
        holds = check_sum(value, check_offsets, check_var, c) == 0;
    free(value);
    return holds;
}

ldpc_status gf2_triangulate(gf2_triangular *t, const char *name, uint32_t n, uint32_t m,
                            const uint32_t *check_offsets, const uint32_t *check_var,
                            ldpc_error *err)
{
    memset(t, 0, sizeof *t);
    peeling p;
    uint32_t *order = NULL;
    uint32_t *info = malloc(((size_t)n + 1) * sizeof *info);
    t->parity_positions = malloc(((size_t)n + 1) * sizeof *t->parity_positions);
    t->parity_checks = malloc(((size_t)n + 1) * sizeof *t->parity_checks);
    if (peeling_init(&p, n, m, check_offsets, check_var) != 0 || info == NULL ||
        t->parity_positions == NULL || t->parity_checks == NULL ||
        (order = by_degree(&p)) == NULL) {
        peeling_free(&p);
        free(order);
        free(info);
        gf2_triangular_free(t);
        return ldpc_fail(err, LDPC_ERR_NO_MEMORY, "%s: cannot allocate the triangulation", name);
    }
    uint32_t next = 0, solved = 0, k = 0;
    while (solved + k < n) {
        if (p.queue_head < p.queue_tail) {
            uint32_t c = p.queue[p.queue_head++];
            if (p.solved[c] || p.unknown[c] != 1)
                continue; /* solved meanwhile, or its last bit became known */
            uint32_t target = n;
            for (uint32_t e = check_offsets[c]; e < check_offsets[c + 1]; e++)
                if (!p.known[check_var[e]])
                    target = check_var[e];
            p.solved[c] = 1;
            t->parity_checks[solved] = c;
            t->parity_positions[solved++] = target;
            make_known(&p, target);
            continue;
        }
        while (p.known[order[next]])
            next++;
        info[k++] = order[next];
        make_known(&p, order[next]);
    }
    peeling_free(&p);
    free(order);
    /* information positions ascending (the order of ldpc_code.info_positions) */
    uint8_t *is_info = calloc((size_t)n + 1, 1);
    if (is_info == NULL) {
        free(info);
        gf2_triangular_free(t);
        return ldpc_fail(err, LDPC_ERR_NO_MEMORY, "%s: cannot allocate the triangulation", name);
    }
    for (uint32_t i = 0; i < k; i++)
        is_info[info[i]] = 1;
    for (uint32_t v = 0, i = 0; v < n; v++)
        if (is_info[v])
            info[i++] = v;
    free(is_info);
    t->k = k;
    t->info_positions = info;
    if (k == 0 || !unsolved_checks_follow(t, n, m, check_offsets, check_var)) {
        gf2_triangular_free(t);
        return ldpc_fail(err, LDPC_ERR_RANK,
                         "%s: H has no triangular parity part (peeling declared %u information "
                         "bits and the other checks do not follow)",
                         name, k);
    }
    return LDPC_OK;
}

void gf2_triangular_free(gf2_triangular *t)
{
    free(t->info_positions);
    free(t->parity_positions);
    free(t->parity_checks);
    memset(t, 0, sizeof *t);
}

uint32_t gf2_gap_words(uint32_t gap) { return (gap + 63u) / 64u; }

/* Peels with the first k bits known; appends gap bits (highest degree
 * first) where it gets stuck. Fills the solving order of g->peeled. */
static int peel_with_gap(gf2_gap_encoder *g, peeling *p, const uint32_t *order, uint32_t n,
                         uint32_t k)
{
    gf2_triangular *t = &g->peeled;
    uint32_t parity = n - k, solved = 0, next = 0;
    uint32_t *gap_bits = malloc(((size_t)parity + 1) * sizeof *gap_bits);
    if (gap_bits == NULL)
        return -1;
    for (uint32_t v = 0; v < k; v++)
        make_known(p, v);
    while (solved + g->gap < parity) {
        if (p->queue_head < p->queue_tail) {
            uint32_t c = p->queue[p->queue_head++];
            if (p->solved[c] || p->unknown[c] != 1)
                continue;
            uint32_t target = n;
            for (uint32_t e = p->check_offsets[c]; e < p->check_offsets[c + 1]; e++)
                if (!p->known[p->check_var[e]])
                    target = p->check_var[e];
            p->solved[c] = 1;
            t->parity_checks[solved] = c;
            t->parity_positions[solved++] = target;
            make_known(p, target);
            continue;
        }
        while (p->known[order[next]])
            next++;
        gap_bits[g->gap++] = order[next];
        make_known(p, order[next]);
    }
    /* the gap bits after the peeled ones; their checks: the first unused */
    uint32_t c = 0;
    for (uint32_t i = 0; i < g->gap; i++) {
        while (c < p->m && p->solved[c])
            c++;
        t->parity_positions[solved + i] = gap_bits[i];
        t->parity_checks[solved + i] = c < p->m ? c++ : p->m;
    }
    free(gap_bits);
    return 0;
}

/* The solver: A (gap x gap), A[j][i] = syndrome of gap check j when gap bit
 * i alone is 1 (information 0), inverted over GF(2). Columns come 64 at a
 * time from one pass over words. */
static int build_solver(gf2_gap_encoder *g, uint32_t n, const uint32_t *check_offsets,
                        const uint32_t *check_var)
{
    const gf2_triangular *t = &g->peeled;
    uint32_t gap = g->gap, words = gf2_gap_words(gap), solved = n - t->k - gap;
    uint64_t *a = calloc((size_t)gap * words * 2 + 1, sizeof *a); /* [A | I] per row */
    uint64_t *value = calloc((size_t)n + 1, sizeof *value);
    g->solver = calloc((size_t)gap * words + 1, sizeof *g->solver);
    if (a == NULL || value == NULL || g->solver == NULL) {
        free(a);
        free(value);
        return -1;
    }
    for (uint32_t first = 0; first < gap; first += 64) {
        memset(value, 0, (size_t)n * sizeof *value);
        for (uint32_t i = first; i < gap && i < first + 64; i++)
            value[t->parity_positions[solved + i]] = 1ull << (i - first);
        peel_words(t, solved, check_offsets, check_var, value);
        for (uint32_t j = 0; j < gap; j++) {
            uint64_t bits = check_sum(value, check_offsets, check_var, t->parity_checks[solved + j]);
            a[(size_t)j * 2 * words + first / 64] = bits;
        }
    }
    for (uint32_t j = 0; j < gap; j++)
        a[(size_t)j * 2 * words + words + j / 64] |= 1ull << (j % 64);
    int invertible = 1;
    for (uint32_t col = 0; col < gap && invertible; col++) {
        uint64_t bit = 1ull << (col % 64);
        uint32_t w = col / 64, pivot = col;
        while (pivot < gap && !(a[(size_t)pivot * 2 * words + w] & bit))
            pivot++;
        if (pivot == gap) {
            invertible = 0;
            break;
        }
        uint64_t *pr = a + (size_t)pivot * 2 * words, *cr = a + (size_t)col * 2 * words;
        for (uint32_t x = 0; x < 2 * words && pivot != col; x++) {
            uint64_t tmp = pr[x];
            pr[x] = cr[x];
            cr[x] = tmp;
        }
        for (uint32_t r = 0; r < gap; r++) {
            uint64_t *row = a + (size_t)r * 2 * words;
            if (r != col && (row[w] & bit))
                for (uint32_t x = 0; x < 2 * words; x++)
                    row[x] ^= cr[x];
        }
    }
    for (uint32_t r = 0; r < gap && invertible; r++)
        memcpy(g->solver + (size_t)r * words, a + (size_t)r * 2 * words + words,
               words * sizeof *a);
    free(a);
    free(value);
    return invertible ? 1 : 0;
}

/* 64 random words encoded with the gap encoder meet every check. */
static int gap_encoder_holds(const gf2_gap_encoder *g, uint32_t n, uint32_t m,
                             const uint32_t *check_offsets, const uint32_t *check_var)
{
    const gf2_triangular *t = &g->peeled;
    uint32_t gap = g->gap, words = gf2_gap_words(gap), solved = n - t->k - gap;
    uint64_t *value = calloc((size_t)n + 1, sizeof *value);
    uint64_t *syndrome = calloc((size_t)gap + 1, sizeof *syndrome);
    if (value == NULL || syndrome == NULL) {
        free(value);
        free(syndrome);
        return 0;
    }
    random_words(value, t->info_positions, t->k);
    peel_words(t, solved, check_offsets, check_var, value);
    for (uint32_t j = 0; j < gap; j++)
        syndrome[j] = check_sum(value, check_offsets, check_var, t->parity_checks[solved + j]);
    for (uint32_t i = 0; i < gap; i++) {
        uint64_t x = 0;
        for (uint32_t j = 0; j < gap; j++)
            if ((g->solver[(size_t)i * words + j / 64] >> (j % 64)) & 1u)
                x ^= syndrome[j];
        value[t->parity_positions[solved + i]] = x;
    }
    peel_words(t, solved, check_offsets, check_var, value);
    int holds = 1;
    for (uint32_t c = 0; c < m && holds; c++)
        holds = check_sum(value, check_offsets, check_var, c) == 0;
    free(value);
    free(syndrome);
    return holds;
}

ldpc_status gf2_triangulate_with_gap(gf2_gap_encoder *g, const char *name, uint32_t n,
                                     uint32_t m, const uint32_t *check_offsets,
                                     const uint32_t *check_var, uint32_t k, ldpc_error *err)
{
    memset(g, 0, sizeof *g);
    gf2_triangular *t = &g->peeled;
    peeling p;
    uint32_t *order = NULL;
    t->k = k;
    t->info_positions = malloc(((size_t)k + 1) * sizeof *t->info_positions);
    t->parity_positions = malloc(((size_t)n - k + 1) * sizeof *t->parity_positions);
    t->parity_checks = malloc(((size_t)n - k + 1) * sizeof *t->parity_checks);
    int failed = peeling_init(&p, n, m, check_offsets, check_var) != 0 ||
                 t->info_positions == NULL || t->parity_positions == NULL ||
                 t->parity_checks == NULL || (order = by_degree(&p)) == NULL ||
                 peel_with_gap(g, &p, order, n, k) != 0;
    peeling_free(&p);
    free(order);
    if (failed) {
        gf2_gap_encoder_free(g);
        return ldpc_fail(err, LDPC_ERR_NO_MEMORY, "%s: cannot allocate the encoder", name);
    }
    for (uint32_t i = 0; i < k; i++)
        t->info_positions[i] = i;
    int solvable = g->gap <= GF2_GAP_MAX_BITS;
    if (solvable && g->gap > 0) {
        int built = build_solver(g, n, check_offsets, check_var);
        if (built < 0) {
            gf2_gap_encoder_free(g);
            return ldpc_fail(err, LDPC_ERR_NO_MEMORY, "%s: cannot allocate the encoder", name);
        }
        solvable = built == 1;
    }
    if (!solvable || !gap_encoder_holds(g, n, m, check_offsets, check_var)) {
        uint32_t gap = g->gap;
        gf2_gap_encoder_free(g);
        return ldpc_fail(err, LDPC_ERR_RANK,
                         "%s: no encoder with the first %u bits as information (a gap of %u "
                         "bits, at most %u, that the remaining checks do not determine)",
                         name, k, gap, GF2_GAP_MAX_BITS);
    }
    return LDPC_OK;
}

void gf2_gap_encoder_free(gf2_gap_encoder *g)
{
    gf2_triangular_free(&g->peeled);
    free(g->solver);
    memset(g, 0, sizeof *g);
}
