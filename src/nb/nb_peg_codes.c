/* Regular codes by progressive edge growth (Hu, Eleftheriou, Arnold, IEEE
 * Trans. Inf. Theory 51(1), 2005) with a fixed seed: each new edge of a
 * symbol goes to a check as far from it as the graph so far allows, among
 * those the least connected, ties broken by the seeded generator. Check
 * degrees are capped at dc, which makes the result (dv, dc)-regular; the cap
 * is applied before the distance (the farthest check with room left), so the
 * last symbols cannot be forced into a short cycle by full far checks. The
 * coefficients are drawn uniformly from GF(q)* by the same generator. */
#include <stdlib.h>
#include <string.h>

#include "nb/gf.h"
#include "nb/nb_code_internal.h"
#include "util/error_internal.h"

typedef struct {
    const char *name;
    uint32_t p, n, m, dv, dc;
    uint64_t seed;
} peg_recipe;

/* (620,310) over GF(32): the test code of the Min-Max OpenCL paper (Wang et
 * al., Asilomar 2012); seed 2 gives girth 8 (seed 1: 6) and a full-rank H. */
static const peg_recipe recipes[] = {
    {"nbreg-gf32-620-310", 5, 620, 310, 3, 6, 2},
};

#define RECIPE_COUNT (sizeof recipes / sizeof recipes[0])

size_t nb_peg_code_count(void)
{
    return RECIPE_COUNT;
}

const char *nb_peg_code_name(size_t index)
{
    return index < RECIPE_COUNT ? recipes[index].name : NULL;
}

/* xorshift64*: reproducible on every platform. */
static uint64_t next_random(uint64_t *state)
{
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * 0x2545F4914F6CDD1DULL;
}

typedef struct {
    const peg_recipe *r;
    uint64_t rng;
    uint32_t *var_checks;   /* n * dv, filled in order */
    uint32_t *check_vars;   /* m * dc */
    uint32_t *check_degree; /* m */
    uint32_t *check_mark, *check_depth, *var_mark, stamp;
    uint32_t *frontier, *next, *candidates;
} peg_state;

static int already_adjacent(const peg_state *s, uint32_t v, uint32_t placed, uint32_t chk)
{
    for (uint32_t i = 0; i < placed; i++)
        if (s->var_checks[(size_t)v * s->r->dv + i] == chk)
            return 1;
    return 0;
}

/* Breadth-first search from v over the graph so far: check_depth[chk] is
 * the depth (in checks) at which chk is first reached, for checks marked with
 * the current stamp; the others are out of reach. */
static void measure_distances(peg_state *s, uint32_t v, uint32_t placed)
{
    const peg_recipe *r = s->r;
    s->stamp++;
    uint32_t frontier_size = 1;
    s->frontier[0] = v;
    s->var_mark[v] = s->stamp;
    for (uint32_t depth = 0; frontier_size > 0; depth++) {
        uint32_t next_size = 0;
        for (uint32_t i = 0; i < frontier_size; i++) {
            uint32_t u = s->frontier[i];
            uint32_t degree = u == v ? placed : r->dv;
            for (uint32_t k = 0; k < degree; k++) {
                uint32_t chk = s->var_checks[(size_t)u * r->dv + k];
                if (s->check_mark[chk] == s->stamp)
                    continue;
                s->check_mark[chk] = s->stamp;
                s->check_depth[chk] = depth;
                for (uint32_t j = 0; j < s->check_degree[chk]; j++) {
                    uint32_t w = s->check_vars[(size_t)chk * r->dc + j];
                    if (s->var_mark[w] != s->stamp) {
                        s->var_mark[w] = s->stamp;
                        s->next[next_size++] = w;
                    }
                }
            }
        }
        uint32_t *t = s->frontier;
        s->frontier = s->next;
        s->next = t;
        frontier_size = next_size;
    }
}

/* Among the checks with room left and not yet joined to v: the farthest
 * (out of reach first), then the least connected, then at random. */
static uint32_t pick(peg_state *s, uint32_t v, uint32_t placed)
{
    measure_distances(s, v, placed);
    uint32_t best_depth = 0, best_degree = UINT32_MAX, ties = 0;
    for (uint32_t chk = 0; chk < s->r->m; chk++) {
        uint32_t degree = s->check_degree[chk];
        if (degree >= s->r->dc || already_adjacent(s, v, placed, chk))
            continue;
        uint32_t depth = s->check_mark[chk] == s->stamp ? s->check_depth[chk] : UINT32_MAX;
        if (depth > best_depth || (depth == best_depth && degree < best_degree)) {
            best_depth = depth;
            best_degree = degree;
            ties = 0;
        }
        if (depth == best_depth && degree == best_degree)
            s->candidates[ties++] = chk;
    }
    if (ties == 0)
        return UINT32_MAX;
    return s->candidates[next_random(&s->rng) % ties];
}

static ldpc_status grow(peg_state *s, ldpc_error *err)
{
    const peg_recipe *r = s->r;
    for (uint32_t v = 0; v < r->n; v++) {
        for (uint32_t placed = 0; placed < r->dv; placed++) {
            uint32_t chk = pick(s, v, placed);
            if (chk == UINT32_MAX)
                return ldpc_fail(err, LDPC_ERR_INVALID,
                                 "%s: no check left for edge %u of symbol %u", r->name, placed, v);
            s->var_checks[(size_t)v * r->dv + placed] = chk;
            s->check_vars[(size_t)chk * r->dc + s->check_degree[chk]++] = v;
        }
    }
    return LDPC_OK;
}

static ldpc_status build_recipe(const peg_recipe *r, ldpc_nb_code **out, ldpc_error *err)
{
    const gf_field *f = gf_field_get(r->p);
    size_t n = r->n, m = r->m;
    peg_state s = {.r = r, .rng = r->seed};
    s.var_checks = malloc(n * r->dv * sizeof(uint32_t));
    s.check_vars = malloc(m * r->dc * sizeof(uint32_t));
    s.check_degree = calloc(m, sizeof(uint32_t));
    s.check_mark = calloc(m, sizeof(uint32_t));
    s.check_depth = calloc(m, sizeof(uint32_t));
    s.var_mark = calloc(n, sizeof(uint32_t));
    s.frontier = malloc(n * sizeof(uint32_t));
    s.next = malloc(n * sizeof(uint32_t));
    s.candidates = malloc(m * sizeof(uint32_t));
    uint32_t *offsets = malloc((m + 1) * sizeof(uint32_t));
    uint8_t *coefs = malloc(m * r->dc);
    ldpc_status status = LDPC_OK;
    if (!s.var_checks || !s.check_vars || !s.check_degree || !s.check_mark || !s.check_depth || !s.var_mark ||
        !s.frontier || !s.next || !s.candidates || !offsets || !coefs)
        status = ldpc_fail(err, LDPC_ERR_NO_MEMORY, "%s: cannot allocate the PEG state", r->name);
    if (status == LDPC_OK)
        status = grow(&s, err);
    if (status == LDPC_OK) {
        /* Every check has dc symbols (regular), listed in ascending order
         * because symbols were connected in order. */
        for (uint32_t c = 0; c <= r->m; c++)
            offsets[c] = c * r->dc;
        for (size_t e = 0; e < m * r->dc; e++)
            coefs[e] = (uint8_t)(1u + next_random(&s.rng) % (f->q - 1));
        status = nb_code_build(r->name, r->p, r->n, r->m, offsets, s.check_vars, coefs, 0, out,
                               err);
    }
    free(s.var_checks);
    free(s.check_vars);
    free(s.check_degree);
    free(s.check_mark);
    free(s.check_depth);
    free(s.var_mark);
    free(s.frontier);
    free(s.next);
    free(s.candidates);
    free(offsets);
    free(coefs);
    return status;
}

ldpc_status nb_peg_code_create(const char *name, ldpc_nb_code **out, ldpc_error *err)
{
    for (size_t i = 0; i < RECIPE_COUNT; i++)
        if (strcmp(name, recipes[i].name) == 0)
            return build_recipe(&recipes[i], out, err);
    return LDPC_ERR_UNKNOWN_CODE;
}
