#include <stdlib.h>
#include <string.h>

#include "nb/gfq_elimination.h"
#include "util/error_internal.h"

static void scale_row(const gf_field *f, uint8_t *row, uint32_t n, uint8_t factor)
{
    const uint8_t *times = f->mul + (size_t)factor * f->q;
    for (uint32_t j = 0; j < n; j++)
        row[j] = times[row[j]];
}

/* row += factor * pivot (characteristic 2: subtraction is addition). */
static void add_scaled_row(const gf_field *f, uint8_t *row, const uint8_t *pivot, uint32_t n,
                           uint8_t factor)
{
    const uint8_t *times = f->mul + (size_t)factor * f->q;
    for (uint32_t j = 0; j < n; j++)
        row[j] ^= times[pivot[j]];
}

ldpc_status gfq_eliminate(gfq_elimination *e, const gf_field *f, const char *name, uint32_t n,
                          uint32_t m, const uint32_t *check_offsets, const uint32_t *check_var,
                          const uint8_t *check_coef, ldpc_error *err)
{
    memset(e, 0, sizeof *e);
    size_t bytes = (size_t)m * n;
    if (bytes > GFQ_ELIMINATION_MAX_BYTES)
        return ldpc_fail(err, LDPC_ERR_RANK,
                         "%s: H (%u x %u symbols) is too large for dense elimination (%zu > %zu bytes)",
                         name, m, n, bytes, GFQ_ELIMINATION_MAX_BYTES);
    e->n = n;
    e->m = m;
    e->rows = calloc(bytes, 1);
    e->pivot_row = malloc((size_t)n * sizeof(uint32_t));
    if (e->rows == NULL || e->pivot_row == NULL) {
        gfq_elimination_free(e);
        return ldpc_fail(err, LDPC_ERR_NO_MEMORY, "%s: cannot allocate %zu bytes for elimination",
                         name, bytes);
    }
    for (uint32_t c = 0; c < m; c++)
        for (uint32_t i = check_offsets[c]; i < check_offsets[c + 1]; i++)
            e->rows[(size_t)c * n + check_var[i]] = check_coef[i];
    for (uint32_t j = 0; j < n; j++)
        e->pivot_row[j] = UINT32_MAX;

    uint32_t rank = 0;
    for (uint32_t col = n; col-- > 0 && rank < m;) {
        uint32_t r = rank;
        while (r < m && e->rows[(size_t)r * n + col] == 0)
            r++;
        if (r == m)
            continue;
        uint8_t *pivot = e->rows + (size_t)rank * n;
        if (r != rank) {
            uint8_t *other = e->rows + (size_t)r * n;
            for (uint32_t j = 0; j < n; j++) {
                uint8_t t = pivot[j];
                pivot[j] = other[j];
                other[j] = t;
            }
        }
        scale_row(f, pivot, n, f->inv[pivot[col]]);
        for (uint32_t i = 0; i < m; i++) {
            uint8_t *row = e->rows + (size_t)i * n;
            if (i != rank && row[col] != 0)
                add_scaled_row(f, row, pivot, n, row[col]);
        }
        e->pivot_row[col] = rank;
        rank++;
    }
    e->rank = rank;
    return LDPC_OK;
}

void gfq_write_generator(const gfq_elimination *e, uint32_t *info_positions,
                         uint32_t *parity_positions, uint8_t *gen)
{
    uint32_t k = e->n - e->rank, info = 0, parity = 0;
    for (uint32_t j = 0; j < e->n; j++) {
        if (e->pivot_row[j] == UINT32_MAX)
            info_positions[info++] = j;
        else
            parity_positions[parity++] = j;
    }
    /* Pivot row: x[pivot] + sum over information columns j of row[j] x[j] = 0
     * (the other pivot columns are zero in reduced form). */
    for (uint32_t r = 0; r < e->rank; r++) {
        const uint8_t *row = e->rows + (size_t)e->pivot_row[parity_positions[r]] * e->n;
        for (uint32_t i = 0; i < k; i++)
            gen[(size_t)r * k + i] = row[info_positions[i]];
    }
}

void gfq_elimination_free(gfq_elimination *e)
{
    free(e->rows);
    free(e->pivot_row);
    e->rows = NULL;
    e->pivot_row = NULL;
}
