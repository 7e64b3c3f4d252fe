/* Generic codes: from an edge list (public API) and the one builder that the
 * alist loader shares. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "code/code_internal.h"
#include "code/gf2_generator.h"
#include "code/gf2_triangular.h"
#include "util/error_internal.h"

/* Decoders divide messages among a node's edges; an empty check or an unused
 * bit has no place in an LDPC graph and is reported instead. */
static ldpc_status check_no_empty_nodes(const char *name, uint32_t n, uint32_t m,
                                        const uint32_t *check_offsets, const uint32_t *check_var,
                                        ldpc_error *err)
{
    for (uint32_t chk = 0; chk < m; chk++)
        if (check_offsets[chk + 1] == check_offsets[chk])
            return ldpc_fail(err, LDPC_ERR_INVALID, "%s: check %u (row of H) has no ones", name,
                             chk);
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
        return ldpc_fail(err, LDPC_ERR_INVALID, "%s: variable %u (column of H) is in no check",
                         name, unused);
    return LDPC_OK;
}

/* The graph and its layers (single checks, or the block rows of circulants
 * of size `circulant` where H has them) into a description just begun. */
static void fill_graph(code_builder *b, const uint32_t *check_offsets, const uint32_t *check_var,
                       uint32_t circulant)
{
    const ldpc_code *c = b->code;
    memcpy(b->check_offsets, check_offsets, ((size_t)c->m + 1) * sizeof *check_offsets);
    memcpy(b->check_var, check_var, (size_t)c->edges * sizeof *check_var);
    code_builder_index_edges(b);
    if (circulant != 0 && code_has_circulants(c, circulant)) {
        b->code->circulant_size = circulant;
        code_builder_block_row_layers(b, circulant);
    } else
        code_builder_single_check_layers(b);
}

static void fill_triangular(code_builder *b, const gf2_triangular *t)
{
    size_t parity = (size_t)(b->code->n - t->k) * sizeof(uint32_t);
    memcpy(b->info_positions, t->info_positions, (size_t)t->k * sizeof(uint32_t));
    memcpy(b->parity_positions, t->parity_positions, parity);
    memcpy(b->parity_checks, t->parity_checks, parity);
}

ldpc_status generic_code_create(const char *name, uint32_t n, uint32_t m,
                                const uint32_t *check_offsets, const uint32_t *check_var,
                                uint32_t circulant, ldpc_code **out, ldpc_error *err)
{
    *out = NULL;
    if (n == 0 || m == 0)
        return ldpc_fail(err, LDPC_ERR_INVALID, "%s: H must have rows and columns (m=%u, n=%u)",
                         name, m, n);
    ldpc_status status = check_no_empty_nodes(name, n, m, check_offsets, check_var, err);
    if (status != LDPC_OK)
        return status;
    /* The dense generator where it fits; else a triangular encoder. */
    gf2_elimination elimination;
    gf2_triangular triangular = {0};
    status = gf2_eliminate(&elimination, name, n, m, check_offsets, check_var, err);
    int dense = status == LDPC_OK;
    if (status == LDPC_ERR_LIMITS) {
        ldpc_error too_large = err != NULL ? *err : (ldpc_error){{0}};
        status = gf2_triangulate(&triangular, name, n, m, check_offsets, check_var, err);
        if (status == LDPC_ERR_RANK && err != NULL) {
            snprintf(err->message, sizeof err->message, "%.200s; no triangular form either",
                     too_large.message);
        }
    }
    if (status != LDPC_OK)
        return status;
    uint32_t k = dense ? n - elimination.rank : triangular.k;
    code_shape shape = {.n = n,
                        .m = m,
                        .k = k,
                        .edges = check_offsets[m],
                        .layer_count = m,
                        .gen_words_per_row = dense ? gf2_generator_words_per_row(k) : 0,
                        .triangular = !dense};
    code_builder b;
    status = code_builder_begin(&b, &shape, name, LDPC_FAMILY_GENERIC, err);
    if (status == LDPC_OK) {
        fill_graph(&b, check_offsets, check_var, circulant);
        if (dense)
            gf2_fill_generator(&elimination, b.info_positions, b.parity_positions, b.gen_rows);
        else
            fill_triangular(&b, &triangular);
        *out = b.code;
    }
    if (dense)
        gf2_elimination_free(&elimination);
    gf2_triangular_free(&triangular);
    return status;
}

ldpc_status structured_code_create(const char *name, uint32_t n, uint32_t m, uint32_t k,
                                   const uint32_t *check_offsets, const uint32_t *check_var,
                                   uint32_t circulant, ldpc_code **out, ldpc_error *err)
{
    *out = NULL;
    ldpc_status status = check_no_empty_nodes(name, n, m, check_offsets, check_var, err);
    gf2_gap_encoder encoder;
    memset(&encoder, 0, sizeof encoder);
    if (status == LDPC_OK)
        status = gf2_triangulate_with_gap(&encoder, name, n, m, check_offsets, check_var, k, err);
    if (status != LDPC_OK)
        return status;
    code_shape shape = {.n = n, .m = m, .k = k, .edges = check_offsets[m], .layer_count = m,
                        .triangular = 1};
    code_builder b;
    status = code_builder_begin(&b, &shape, name, LDPC_FAMILY_GENERIC, err);
    if (status == LDPC_OK) {
        fill_graph(&b, check_offsets, check_var, circulant);
        fill_triangular(&b, &encoder.peeled);
        ldpc_code *code = b.code;
        code->gap_count = encoder.gap;
        code->gap_words = gf2_gap_words(encoder.gap);
        if (encoder.gap > 0) {
            code->gap_block = encoder.solver; /* the code owns it from here */
            code->gap_solver = encoder.solver;
            encoder.solver = NULL;
            code->footprint_bytes += (size_t)encoder.gap * code->gap_words * sizeof(uint64_t);
        }
        *out = code;
    }
    gf2_gap_encoder_free(&encoder);
    return status;
}

ldpc_status systematic_code_create(const char *name, uint32_t n, uint32_t m, uint32_t k,
                                   const uint32_t *check_offsets, const uint32_t *check_var,
                                   const uint64_t *gen_rows, ldpc_code **out, ldpc_error *err)
{
    *out = NULL;
    ldpc_status status = check_no_empty_nodes(name, n, m, check_offsets, check_var, err);
    if (status != LDPC_OK)
        return status;
    code_shape shape = {.n = n,
                        .m = m,
                        .k = k,
                        .edges = check_offsets[m],
                        .layer_count = m,
                        .gen_words_per_row = gf2_generator_words_per_row(k)};
    code_builder b;
    status = code_builder_begin(&b, &shape, name, LDPC_FAMILY_GENERIC, err);
    if (status != LDPC_OK)
        return status;
    fill_graph(&b, check_offsets, check_var, 0);
    for (uint32_t i = 0; i < k; i++)
        b.info_positions[i] = i;
    for (uint32_t p = 0; p < n - k; p++)
        b.parity_positions[p] = k + p;
    memcpy(b.gen_rows, gen_rows,
           (size_t)(n - k) * shape.gen_words_per_row * sizeof(uint64_t));
    *out = b.code;
    return LDPC_OK;
}

/* Edge indices sorted by (row, column) with two stable counting passes. */
static ldpc_status sort_edges(uint32_t n, uint32_t m, const uint32_t *rows, const uint32_t *cols,
                              uint32_t count, uint32_t *order)
{
    size_t buckets = (size_t)(n > m ? n : m) + 1;
    uint32_t *starts = malloc(buckets * sizeof *starts);
    uint32_t *by_col = malloc(((size_t)count + 1) * sizeof *by_col);
    if (starts == NULL || by_col == NULL) {
        free(starts);
        free(by_col);
        return LDPC_ERR_NO_MEMORY;
    }
    memset(starts, 0, buckets * sizeof *starts);
    for (uint32_t i = 0; i < count; i++)
        starts[cols[i] + 1]++;
    for (uint32_t c = 0; c < n; c++)
        starts[c + 1] += starts[c];
    for (uint32_t i = 0; i < count; i++)
        by_col[starts[cols[i]]++] = i;

    memset(starts, 0, buckets * sizeof *starts);
    for (uint32_t i = 0; i < count; i++)
        starts[rows[i] + 1]++;
    for (uint32_t r = 0; r < m; r++)
        starts[r + 1] += starts[r];
    for (uint32_t i = 0; i < count; i++)
        order[starts[rows[by_col[i]]]++] = by_col[i];
    free(starts);
    free(by_col);
    return LDPC_OK;
}

/* Check-major arrays from the sorted order; a repeated pair is an error. */
static ldpc_status fill_check_major(const char *name, uint32_t m, const uint32_t *rows,
                                   const uint32_t *cols, uint32_t count, const uint32_t *order,
                                   uint32_t *check_offsets, uint32_t *check_var, ldpc_error *err)
{
    for (uint32_t i = 0; i < count; i++) {
        uint32_t e = order[i];
        if (i > 0 && rows[e] == rows[order[i - 1]] && cols[e] == cols[order[i - 1]]) {
            uint32_t first = order[i - 1] < e ? order[i - 1] : e;
            uint32_t second = order[i - 1] < e ? e : order[i - 1];
            return ldpc_fail(err, LDPC_ERR_INVALID,
                             "%s: edges %u and %u are both (row %u, column %u)", name, first,
                             second, rows[first], cols[first]);
        }
        check_var[i] = cols[e];
        check_offsets[rows[e] + 1]++;
    }
    for (uint32_t r = 0; r < m; r++)
        check_offsets[r + 1] += check_offsets[r];
    return LDPC_OK;
}

ldpc_status ldpc_code_create_from_edges(const char *name, uint32_t n, uint32_t m,
                                        const uint32_t *rows, const uint32_t *cols,
                                        uint32_t count, ldpc_code **out, ldpc_error *err)
{
    *out = NULL;
    if (name == NULL)
        name = "edges";
    if (count > 0 && (rows == NULL || cols == NULL))
        return ldpc_fail(err, LDPC_ERR_INVALID, "%s: no edge arrays given", name);
    for (uint32_t i = 0; i < count; i++)
        if (rows[i] >= m || cols[i] >= n)
            return ldpc_fail(err, LDPC_ERR_INVALID,
                             "%s: edge %u (row %u, column %u) is outside H with %u rows and %u "
                             "columns",
                             name, i, rows[i], cols[i], m, n);
    uint32_t *order = malloc(((size_t)count + 1) * sizeof *order);
    uint32_t *check_offsets = calloc((size_t)m + 1, sizeof *check_offsets);
    uint32_t *check_var = malloc(((size_t)count + 1) * sizeof *check_var);
    ldpc_status status;
    if (order == NULL || check_offsets == NULL || check_var == NULL ||
        sort_edges(n, m, rows, cols, count, order) != LDPC_OK)
        status = ldpc_fail(err, LDPC_ERR_NO_MEMORY, "%s: cannot allocate the edge list (%u edges)",
                           name, count);
    else
        status = fill_check_major(name, m, rows, cols, count, order, check_offsets, check_var, err);
    free(order);
    if (status == LDPC_OK)
        status = generic_code_create(name, n, m, check_offsets, check_var, 0, out, err);
    free(check_offsets);
    free(check_var);
    return status;
}
