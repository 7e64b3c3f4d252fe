#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "code/gf2_generator.h"
#include "util/error_internal.h"

#define MIB(bytes) ((double)(bytes) / (1024.0 * 1024.0))

uint32_t gf2_generator_words_per_row(uint32_t k)
{
    return (uint32_t)(((uint64_t)k + 63u) / 64u);
}

size_t gf2_generator_bytes(uint32_t n, uint32_t rank)
{
    return (size_t)rank * gf2_generator_words_per_row(n - rank) * sizeof(uint64_t);
}

static int bit_is_set(const uint64_t *row, uint32_t column)
{
    return (int)((row[column >> 6] >> (column & 63u)) & 1u);
}

ldpc_status gf2_rank_lower_bound(uint32_t n, uint32_t m, const uint32_t *check_offsets,
                                 const uint32_t *check_var, uint32_t *rank_bound,
                                 ldpc_error *err)
{
    uint32_t edges = check_offsets[m];
    /* One block: var_offsets (n + 1), var_checks (edges), remaining (ones per
     * column, n), queue (n), row_removed (m). */
    size_t words = 3 * (size_t)n + 1 + edges + m;
    uint32_t *block = calloc(words, sizeof *block);
    if (block == NULL)
        return ldpc_fail(err, LDPC_ERR_NO_MEMORY, "cannot allocate the peeling workspace");
    uint32_t *var_offsets = block, *var_checks = var_offsets + n + 1;
    uint32_t *remaining = var_checks + edges, *queue = remaining + n;
    uint32_t *row_removed = queue + n;
    for (uint32_t e = 0; e < edges; e++)
        var_offsets[check_var[e] + 1]++;
    for (uint32_t v = 0; v < n; v++) {
        remaining[v] = var_offsets[v + 1];
        var_offsets[v + 1] += var_offsets[v];
    }
    for (uint32_t chk = 0; chk < m; chk++)
        for (uint32_t e = check_offsets[chk]; e < check_offsets[chk + 1]; e++)
            var_checks[var_offsets[check_var[e]]++] = chk;
    for (uint32_t v = n; v > 0; v--)
        var_offsets[v] = var_offsets[v - 1];
    var_offsets[0] = 0;

    /* A column enters the queue at most once: when its count drops to 1. */
    uint32_t head = 0, tail = 0, peeled = 0;
    for (uint32_t v = 0; v < n; v++)
        if (remaining[v] == 1)
            queue[tail++] = v;
    while (head < tail) {
        uint32_t v = queue[head++];
        if (remaining[v] != 1)
            continue; /* its last row went with another column */
        uint32_t row = m;
        for (uint32_t i = var_offsets[v]; i < var_offsets[v + 1]; i++)
            if (!row_removed[var_checks[i]])
                row = var_checks[i];
        row_removed[row] = 1;
        peeled++;
        for (uint32_t e = check_offsets[row]; e < check_offsets[row + 1]; e++) {
            uint32_t u = check_var[e];
            if (--remaining[u] == 1)
                queue[tail++] = u;
        }
    }
    free(block);
    *rank_bound = peeled;
    return LDPC_OK;
}

/* r (n - r) / 8 bytes is a concave lower bound of gf2_generator_bytes, so its
 * smaller value at the ends of [low, high] bounds every rank in between. */
static double generator_bytes_at_least(uint32_t n, uint32_t low, uint32_t high)
{
    double at_low = (double)low * (double)(n - low) / 8.0;
    double at_high = (double)high * (double)(n - high) / 8.0;
    return at_low < at_high ? at_low : at_high;
}

static ldpc_status check_sizes_before_elimination(const char *name, uint32_t n, uint32_t m,
                                                  const uint32_t *check_offsets,
                                                  const uint32_t *check_var, ldpc_error *err)
{
    uint32_t low = 0;
    ldpc_status status = gf2_rank_lower_bound(n, m, check_offsets, check_var, &low, err);
    if (status != LDPC_OK)
        return status;
    uint32_t high = m < n ? m : n;
    double least = generator_bytes_at_least(n, low, high);
    if (least > (double)GF2_GENERATOR_MAX_BYTES) {
        char rank[48];
        if (low == high)
            snprintf(rank, sizeof rank, "%u", low);
        else
            snprintf(rank, sizeof rank, "%u..%u", low, high);
        return ldpc_fail(err, LDPC_ERR_LIMITS,
                         "%s: too large for the dense generator encoder: %ux%u H of rank %s "
                         "needs at least %.1f MiB, limit %.0f MiB",
                         name, m, n, rank, MIB(least), MIB(GF2_GENERATOR_MAX_BYTES));
    }
    size_t dense_h = (size_t)m * gf2_generator_words_per_row(n) * sizeof(uint64_t);
    if (dense_h > GF2_ELIMINATION_MAX_BYTES)
        return ldpc_fail(err, LDPC_ERR_LIMITS,
                         "%s: too large for Gaussian elimination: %ux%u H as a dense bit "
                         "matrix needs %.1f MiB, limit %.0f MiB",
                         name, m, n, MIB(dense_h), MIB(GF2_ELIMINATION_MAX_BYTES));
    return LDPC_OK;
}

/* Row echelon form, pivots from the right. A pivot row found at column c has
 * no ones right of c (every one there was eliminated from the rows that were
 * still free), so the XOR only needs words 0..c/64. */
static void forward_eliminate(gf2_elimination *e, uint32_t *free_rows)
{
    uint32_t free_count = e->m;
    for (uint32_t r = 0; r < e->m; r++)
        free_rows[r] = r;
    for (uint32_t c = e->n; c-- > 0 && free_count > 0;) {
        uint32_t word = c >> 6;
        uint64_t mask = (uint64_t)1 << (c & 63u);
        uint32_t i = 0;
        while (i < free_count && !(e->rows[(size_t)free_rows[i] * e->words_per_row + word] & mask))
            i++;
        if (i == free_count)
            continue;
        uint32_t pivot_row = free_rows[i];
        free_rows[i] = free_rows[--free_count];
        e->pivot_columns[e->rank] = c;
        e->pivot_rows[e->rank] = pivot_row;
        e->rank++;
        const uint64_t *pivot = e->rows + (size_t)pivot_row * e->words_per_row;
        for (uint32_t j = i; j < free_count; j++) {
            uint64_t *row = e->rows + (size_t)free_rows[j] * e->words_per_row;
            if (row[word] & mask)
                for (uint32_t w = 0; w <= word; w++)
                    row[w] ^= pivot[w];
        }
    }
}

/* Reduced form: clear each pivot column in the rows of earlier pivots. Later
 * pivots (further left) go first, so the row XORed in is already clean. */
static void back_substitute(gf2_elimination *e)
{
    for (uint32_t t = e->rank; t-- > 1;) {
        uint32_t c = e->pivot_columns[t];
        const uint64_t *pivot = e->rows + (size_t)e->pivot_rows[t] * e->words_per_row;
        for (uint32_t s = 0; s < t; s++) {
            uint64_t *row = e->rows + (size_t)e->pivot_rows[s] * e->words_per_row;
            if (bit_is_set(row, c))
                for (uint32_t w = 0; w <= (c >> 6); w++)
                    row[w] ^= pivot[w];
        }
    }
}

ldpc_status gf2_eliminate(gf2_elimination *e, const char *name, uint32_t n, uint32_t m,
                          const uint32_t *check_offsets, const uint32_t *check_var,
                          ldpc_error *err)
{
    memset(e, 0, sizeof *e);
    ldpc_status status = check_sizes_before_elimination(name, n, m, check_offsets, check_var, err);
    if (status != LDPC_OK)
        return status;
    e->n = n;
    e->m = m;
    e->words_per_row = gf2_generator_words_per_row(n);
    uint32_t pivots_max = m < n ? m : n;
    e->rows = calloc((size_t)m * e->words_per_row, sizeof *e->rows);
    e->pivot_columns = malloc((size_t)pivots_max * sizeof *e->pivot_columns);
    e->pivot_rows = malloc((size_t)pivots_max * sizeof *e->pivot_rows);
    uint32_t *free_rows = malloc((size_t)m * sizeof *free_rows);
    if (!e->rows || !e->pivot_columns || !e->pivot_rows || !free_rows) {
        free(free_rows);
        gf2_elimination_free(e);
        return ldpc_fail(err, LDPC_ERR_NO_MEMORY, "%s: cannot allocate %.1f MiB for elimination",
                         name, MIB((size_t)m * e->words_per_row * sizeof(uint64_t)));
    }
    for (uint32_t chk = 0; chk < m; chk++) {
        uint64_t *row = e->rows + (size_t)chk * e->words_per_row;
        for (uint32_t i = check_offsets[chk]; i < check_offsets[chk + 1]; i++)
            row[check_var[i] >> 6] ^= (uint64_t)1 << (check_var[i] & 63u);
    }
    forward_eliminate(e, free_rows);
    free(free_rows);

    if (e->rank == n) {
        gf2_elimination_free(e);
        return ldpc_fail(err, LDPC_ERR_RANK,
                         "%s: H has full column rank %u, so the code has no information bits",
                         name, n);
    }
    size_t bytes = gf2_generator_bytes(n, e->rank);
    if (bytes > GF2_GENERATOR_MAX_BYTES) {
        uint32_t rank = e->rank;
        gf2_elimination_free(e);
        return ldpc_fail(err, LDPC_ERR_LIMITS,
                         "%s: too large for the dense generator encoder: rank %u, k = %u "
                         "needs %.1f MiB, limit %.0f MiB",
                         name, rank, n - rank, MIB(bytes), MIB(GF2_GENERATOR_MAX_BYTES));
    }
    back_substitute(e);
    return LDPC_OK;
}

void gf2_elimination_free(gf2_elimination *e)
{
    free(e->rows);
    free(e->pivot_columns);
    free(e->pivot_rows);
    memset(e, 0, sizeof *e);
}

void gf2_fill_generator(const gf2_elimination *e, uint32_t *info_positions,
                        uint32_t *parity_positions, uint64_t *gen_rows)
{
    uint32_t k = e->n - e->rank;
    uint32_t gen_words = gf2_generator_words_per_row(k);
    /* Columns ascending; pivot_columns is descending, so walk it backwards. */
    uint32_t info = 0, next_pivot = e->rank;
    for (uint32_t c = 0; c < e->n; c++) {
        if (next_pivot > 0 && e->pivot_columns[next_pivot - 1] == c)
            next_pivot--;
        else
            info_positions[info++] = c;
    }
    int info_first = k == 0 || info_positions[k - 1] == k - 1;
    for (uint32_t p = 0; p < e->rank; p++) {
        uint32_t t = e->rank - 1 - p; /* parity positions ascending */
        parity_positions[p] = e->pivot_columns[t];
        const uint64_t *row = e->rows + (size_t)e->pivot_rows[t] * e->words_per_row;
        uint64_t *gen = gen_rows + (size_t)p * gen_words;
        if (info_first) {
            /* Information bits are columns 0..k-1: the row's first k bits. */
            memcpy(gen, row, (size_t)gen_words * sizeof *gen);
            if (k % 64u)
                gen[gen_words - 1] &= ((uint64_t)1 << (k % 64u)) - 1u;
            continue;
        }
        memset(gen, 0, (size_t)gen_words * sizeof *gen);
        for (uint32_t i = 0; i < k; i++)
            if (bit_is_set(row, info_positions[i]))
                gen[i >> 6] |= (uint64_t)1 << (i & 63u);
    }
}
