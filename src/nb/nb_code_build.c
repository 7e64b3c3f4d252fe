/* The one builder of nonbinary codes: graph, coefficients, generator. */
#include <stdlib.h>
#include <string.h>

#include "code/code_internal.h"
#include "nb/gf.h"
#include "nb/gfq_elimination.h"
#include "nb/nb_code_internal.h"
#include "util/error_internal.h"

static size_t round8(size_t bytes)
{
    return (bytes + 7u) / 8u * 8u;
}

static ldpc_status check_no_empty_nodes(const char *name, uint32_t n, uint32_t m,
                                        const uint32_t *check_offsets, const uint32_t *check_var,
                                        ldpc_error *err)
{
    for (uint32_t c = 0; c < m; c++)
        if (check_offsets[c + 1] == check_offsets[c])
            return ldpc_fail(err, LDPC_ERR_INVALID, "%s: check %u (row of H) is empty", name, c);
    unsigned char *used = calloc((size_t)n, 1);
    if (used == NULL)
        return ldpc_fail(err, LDPC_ERR_NO_MEMORY, "%s: cannot allocate %u bytes", name, n);
    for (uint32_t e = 0; e < check_offsets[m]; e++)
        used[check_var[e]] = 1;
    uint32_t unused = 0;
    while (unused < n && used[unused])
        unused++;
    free(used);
    if (unused < n)
        return ldpc_fail(err, LDPC_ERR_INVALID, "%s: symbol %u (column of H) is in no check",
                         name, unused);
    return LDPC_OK;
}

static ldpc_status build_graph(const char *name, uint32_t n, uint32_t m, uint32_t k,
                               const uint32_t *check_offsets, const uint32_t *check_var,
                               uint32_t layer_size, code_builder *b, ldpc_error *err)
{
    uint32_t edges = check_offsets[m];
    code_shape shape = {.n = n,
                        .m = m,
                        .k = k,
                        .edges = edges,
                        .layer_count = layer_size > 0 ? m / layer_size : m};
    ldpc_status status = code_builder_begin(b, &shape, name, LDPC_FAMILY_NONBINARY_GRAPH, err);
    if (status != LDPC_OK)
        return status;
    memcpy(b->check_offsets, check_offsets, ((size_t)m + 1) * sizeof(uint32_t));
    memcpy(b->check_var, check_var, (size_t)edges * sizeof(uint32_t));
    code_builder_index_edges(b);
    /* A block row of circulant permutation matrices meets every column at most
     * once: disjoint layers (the QC constructions set layer_size). */
    if (layer_size > 0)
        code_builder_block_row_layers(b, layer_size);
    else
        code_builder_single_check_layers(b);
    return LDPC_OK;
}

ldpc_status nb_code_build(const char *name, uint32_t p, uint32_t n, uint32_t m,
                          const uint32_t *check_offsets, const uint32_t *check_var,
                          const uint8_t *check_coef, uint32_t layer_size, ldpc_nb_code **out,
                          ldpc_error *err)
{
    *out = NULL;
    const gf_field *field = gf_field_get(p);
    if (field == NULL)
        return ldpc_fail(err, LDPC_ERR_INVALID, "%s: GF(2^%u) is not supported (p = 1..8)", name,
                         p);
    if (n == 0 || m == 0)
        return ldpc_fail(err, LDPC_ERR_INVALID, "%s: H must have rows and columns (m=%u, n=%u)",
                         name, m, n);
    if (layer_size > 0 && m % layer_size != 0)
        return ldpc_fail(err, LDPC_ERR_INVALID, "%s: %u checks do not form layers of %u", name, m,
                         layer_size);
    ldpc_status status = check_no_empty_nodes(name, n, m, check_offsets, check_var, err);
    if (status != LDPC_OK)
        return status;
    gfq_elimination elim;
    status = gfq_eliminate(&elim, field, name, n, m, check_offsets, check_var, check_coef, err);
    if (status != LDPC_OK)
        return status;
    uint32_t k = n - elim.rank;
    size_t gen_bytes = (size_t)(n - k) * k;
    if (gen_bytes > GFQ_ELIMINATION_MAX_BYTES) {
        gfq_elimination_free(&elim);
        return ldpc_fail(err, LDPC_ERR_RANK, "%s: the generator would take %zu bytes (> %zu)",
                         name, gen_bytes, GFQ_ELIMINATION_MAX_BYTES);
    }
    uint32_t edges = check_offsets[m];
    size_t header = round8(sizeof(ldpc_nb_code));
    size_t total = header + round8(edges) + round8((size_t)(n - k) * sizeof(uint32_t)) + gen_bytes;
    unsigned char *block = calloc(1, total);
    code_builder b;
    status = block == NULL ? ldpc_fail(err, LDPC_ERR_NO_MEMORY, "%s: cannot allocate %zu bytes",
                                       name, total)
                           : build_graph(name, n, m, k, check_offsets, check_var, layer_size, &b,
                                         err);
    if (status != LDPC_OK) {
        free(block);
        gfq_elimination_free(&elim);
        return status;
    }
    ldpc_nb_code *code = (ldpc_nb_code *)block;
    uint8_t *coef = block + header;
    uint32_t *parity = (uint32_t *)(block + header + round8(edges));
    uint8_t *gen = (uint8_t *)parity + round8((size_t)(n - k) * sizeof(uint32_t));
    memcpy(coef, check_coef, edges);
    gfq_write_generator(&elim, b.info_positions, parity, gen);
    gfq_elimination_free(&elim);
    code->graph = b.code;
    code->bits_per_symbol = p;
    code->q = field->q;
    code->primitive_poly = field->primitive_poly;
    code->edge_coef = coef;
    code->parity_positions = parity;
    code->gen = gen;
    code->footprint_bytes = total + b.code->footprint_bytes;
    *out = code;
    return LDPC_OK;
}

ldpc_status nb_sort_checks(const char *name, uint32_t m, const uint32_t *check_offsets,
                           uint32_t *check_var, uint8_t *check_coef, ldpc_error *err)
{
    for (uint32_t c = 0; c < m; c++) {
        uint32_t first = check_offsets[c], end = check_offsets[c + 1];
        /* Insertion sort: check degrees are small. */
        for (uint32_t i = first + 1; i < end; i++) {
            uint32_t v = check_var[i];
            uint8_t h = check_coef[i];
            uint32_t j = i;
            while (j > first && check_var[j - 1] > v) {
                check_var[j] = check_var[j - 1];
                check_coef[j] = check_coef[j - 1];
                j--;
            }
            check_var[j] = v;
            check_coef[j] = h;
        }
        for (uint32_t i = first + 1; i < end; i++)
            if (check_var[i] == check_var[i - 1])
                return ldpc_fail(err, LDPC_ERR_INVALID, "%s: check %u lists symbol %u twice", name,
                                 c, check_var[i]);
    }
    return LDPC_OK;
}

ldpc_status ldpc_nb_code_create_from_entries(const char *name, uint32_t p, uint32_t n, uint32_t m,
                                             const uint32_t *rows, const uint32_t *cols,
                                             const uint8_t *coefs, uint32_t count,
                                             ldpc_nb_code **out, ldpc_error *err)
{
    if (out == NULL)
        return ldpc_fail(err, LDPC_ERR_INVALID, "no place to store the code");
    *out = NULL;
    if (name == NULL || (count > 0 && (rows == NULL || cols == NULL || coefs == NULL)))
        return ldpc_fail(err, LDPC_ERR_INVALID, "nonbinary code: name or entries missing");
    if (p < 1 || p > GF_MAX_BITS)
        return ldpc_fail(err, LDPC_ERR_INVALID, "%s: GF(2^%u) is not supported (p = 1..8)", name,
                         p);
    uint32_t q = 1u << p;
    for (uint32_t i = 0; i < count; i++)
        if (rows[i] >= m || cols[i] >= n || coefs[i] == 0 || coefs[i] >= q)
            return ldpc_fail(err, LDPC_ERR_INVALID,
                             "%s: entry %u (row %u, column %u, value %u) is outside H (%u x %u) "
                             "or GF(%u)*",
                             name, i, rows[i], cols[i], coefs[i], m, n, q);
    uint32_t *offsets = calloc((size_t)m + 1, sizeof(uint32_t));
    uint32_t *vars = malloc(((size_t)count + 1) * sizeof(uint32_t));
    uint8_t *values = malloc((size_t)count + 1);
    ldpc_status status = LDPC_OK;
    if (offsets == NULL || vars == NULL || values == NULL) {
        status = ldpc_fail(err, LDPC_ERR_NO_MEMORY, "%s: cannot allocate the entry lists", name);
    } else {
        for (uint32_t i = 0; i < count; i++)
            offsets[rows[i] + 1]++;
        for (uint32_t c = 0; c < m; c++)
            offsets[c + 1] += offsets[c];
        for (uint32_t i = 0; i < count; i++) {
            uint32_t slot = offsets[rows[i]]++;
            vars[slot] = cols[i];
            values[slot] = coefs[i];
        }
        for (uint32_t c = m; c > 0; c--)
            offsets[c] = offsets[c - 1];
        offsets[0] = 0;
        status = nb_sort_checks(name, m, offsets, vars, values, err);
        if (status == LDPC_OK)
            status = nb_code_build(name, p, n, m, offsets, vars, values, 0, out, err);
    }
    free(offsets);
    free(vars);
    free(values);
    return status;
}

void ldpc_nb_code_destroy(ldpc_nb_code *code)
{
    if (code == NULL)
        return;
    ldpc_code_destroy((ldpc_code *)code->graph);
    free(code);
}

uint32_t ldpc_nb_code_unsatisfied_checks(const ldpc_nb_code *code, const uint8_t *symbols)
{
    const gf_field *f = gf_field_get(code->bits_per_symbol);
    const ldpc_code *g = code->graph;
    uint32_t unsatisfied = 0;
    for (uint32_t c = 0; c < g->m; c++) {
        uint8_t sum = 0;
        for (uint32_t e = g->check_offsets[c]; e < g->check_offsets[c + 1]; e++)
            sum ^= gf_mul(f, code->edge_coef[e], symbols[g->check_var[e]]);
        unsatisfied += sum != 0;
    }
    return unsatisfied;
}
