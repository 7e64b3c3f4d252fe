/* Quasi-cyclic nonbinary codes by array dispersion of a base matrix over
 * GF(q) (Song, Zhou, Lin, Abdel-Ghaffar, IEEE Trans. Commun. 57(1), 2009;
 * Zhou et al., array dispersions, same year).
 *
 * A base entry w = alpha^l becomes the (q-1) x (q-1) alpha-multiplied
 * circulant permutation matrix whose row r holds alpha^((l+r) mod (q-1)) in
 * column (l+r) mod (q-1). The base matrices (docs/NONBINARY.md):
 *   power:    w[i][j] = alpha^(i*j),     i = 0..dv-1, j = 0..dc-1
 *   sum:      w[i][j] = alpha^(i+j) + 1, i = 0..dv-1, j = 1..dc
 * Both meet the alpha-multiplied row constraints, so the graph has no
 * 4-cycles. The rank of the dispersed array is the sum over t of the ranks
 * of the Hadamard powers w^t, which fixes k: 'power' loses dv-1 (t = 0),
 * 'sum' also loses to every t of binary weight 1. */
#include <stdlib.h>
#include <string.h>

#include "nb/gf.h"
#include "nb/nb_code_internal.h"
#include "util/error_internal.h"

typedef enum { BASE_POWER, BASE_SUM_PLUS_ONE } base_kind;

typedef struct {
    const char *name;
    uint32_t p, dv, dc;
    base_kind base;
} qc_recipe;

static const qc_recipe recipes[] = {
    {"nbqc-gf32-744-653", 5, 3, 24, BASE_POWER},
    {"nbqc-gf32-837-726", 5, 4, 27, BASE_SUM_PLUS_ONE},
    {"nbqc-gf64-1512-1325", 6, 3, 24, BASE_POWER},
};

#define RECIPE_COUNT (sizeof recipes / sizeof recipes[0])

size_t nb_qc_code_count(void)
{
    return RECIPE_COUNT;
}

const char *nb_qc_code_name(size_t index)
{
    return index < RECIPE_COUNT ? recipes[index].name : NULL;
}

static uint8_t base_entry(const gf_field *f, base_kind base, uint32_t i, uint32_t j)
{
    if (base == BASE_POWER)
        return gf_alpha_pow(f, i * j);
    return (uint8_t)(gf_alpha_pow(f, i + j + 1) ^ 1u);
}

static ldpc_status build_recipe(const qc_recipe *r, ldpc_nb_code **out, ldpc_error *err)
{
    const gf_field *f = gf_field_get(r->p);
    uint32_t size = f->q - 1; /* circulant size */
    uint32_t n = r->dc * size, m = r->dv * size, edges = m * r->dc;
    uint32_t *offsets = malloc(((size_t)m + 1) * sizeof(uint32_t));
    uint32_t *vars = malloc((size_t)edges * sizeof(uint32_t));
    uint8_t *coefs = malloc(edges);
    if (offsets == NULL || vars == NULL || coefs == NULL) {
        free(offsets);
        free(vars);
        free(coefs);
        return ldpc_fail(err, LDPC_ERR_NO_MEMORY, "%s: cannot allocate the edge lists", r->name);
    }
    uint32_t e = 0;
    for (uint32_t i = 0; i < r->dv; i++) {
        for (uint32_t row = 0; row < size; row++) {
            offsets[i * size + row] = e;
            for (uint32_t j = 0; j < r->dc; j++) {
                /* The recipes keep every base entry nonzero (regular arrays). */
                uint32_t l = f->log[base_entry(f, r->base, i, j)];
                uint32_t shift = (l + row) % size;
                vars[e] = j * size + shift;
                coefs[e] = f->exp[shift];
                e++;
            }
        }
    }
    offsets[m] = e;
    ldpc_status status = nb_code_build(r->name, r->p, n, m, offsets, vars, coefs, size, out, err);
    free(offsets);
    free(vars);
    free(coefs);
    return status;
}

ldpc_status nb_qc_code_create(const char *name, ldpc_nb_code **out, ldpc_error *err)
{
    for (size_t i = 0; i < RECIPE_COUNT; i++)
        if (strcmp(name, recipes[i].name) == 0)
            return build_recipe(&recipes[i], out, err);
    return LDPC_ERR_UNKNOWN_CODE;
}
