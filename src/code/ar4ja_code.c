/* The CCSDS AR4JA telemetry codes (CCSDS 131.0-B, section 7.4): k = 1024,
 * 4096 or 16384 information bits at rate 1/2, 2/3 or 4/5, named
 * "ccsds-ar4ja-<k>-<rate>". H has 3 rows and 5, 7 or 11 columns of M x M
 * blocks, each zero, the identity or a sum of the permutations pi_1 .. pi_26;
 * the last block column (M bits) is punctured: a frame sends the first
 * k / rate bits, the information bits first. */
#include <stdlib.h>
#include <string.h>

#include "code/ar4ja_tables.h"
#include "code/code_internal.h"
#include "util/error_internal.h"

#define AR4JA_BLOCK_ROWS 3u
#define AR4JA_MAX_BLOCK_TERMS 3u /* permutations summed in one block */

/* One block of H: its block row and column, and the permutations it sums
 * (0 = the identity, k = pi_k; unused terms -1). */
typedef struct {
    uint8_t row, column;
    int8_t terms[AR4JA_MAX_BLOCK_TERMS];
} ar4ja_block;

/* H_1/2 (5 block columns), then what H_2/3 adds in front of it (2 block
 * columns) and what H_4/5 adds in front of that (4): CCSDS 131.0-B Figures
 * 7-3 to 7-5. Block row 0 of the additions is zero. */
static const ar4ja_block rate_half[] = {
    {0, 2, {0, -1, -1}}, {0, 4, {0, 1, -1}},  {1, 0, {0, -1, -1}}, {1, 1, {0, -1, -1}},
    {1, 3, {0, -1, -1}}, {1, 4, {2, 3, 4}},   {2, 0, {0, -1, -1}}, {2, 1, {5, 6, -1}},
    {2, 3, {7, 8, -1}},  {2, 4, {0, -1, -1}},
};
static const ar4ja_block rate_two_thirds[] = {
    {1, 0, {9, 10, 11}}, {1, 1, {0, -1, -1}}, {2, 0, {0, -1, -1}}, {2, 1, {12, 13, 14}},
};
static const ar4ja_block rate_four_fifths[] = {
    {1, 0, {21, 22, 23}}, {1, 1, {0, -1, -1}}, {1, 2, {15, 16, 17}}, {1, 3, {0, -1, -1}},
    {2, 0, {0, -1, -1}},  {2, 1, {24, 25, 26}}, {2, 2, {0, -1, -1}},  {2, 3, {18, 19, 20}},
};

/* Rates 1/2, 2/3 and 4/5. */
static const struct {
    uint32_t block_columns; /* 5, 7, 11 */
    uint32_t m_divisor;     /* M = k / m_divisor */
} ar4ja_rates[] = {{5, 2}, {7, 4}, {11, 8}};

static const struct {
    const char *name;
    uint32_t k, rate;
} ar4ja_codes[] = {
    {"ccsds-ar4ja-1024-1/2", 1024, 0},   {"ccsds-ar4ja-1024-2/3", 1024, 1},
    {"ccsds-ar4ja-1024-4/5", 1024, 2},   {"ccsds-ar4ja-4096-1/2", 4096, 0},
    {"ccsds-ar4ja-4096-2/3", 4096, 1},   {"ccsds-ar4ja-4096-4/5", 4096, 2},
    {"ccsds-ar4ja-16384-1/2", 16384, 0}, {"ccsds-ar4ja-16384-2/3", 16384, 1},
    {"ccsds-ar4ja-16384-4/5", 16384, 2},
};

#define AR4JA_CODE_COUNT (sizeof ar4ja_codes / sizeof ar4ja_codes[0])
/* The most terms of a row, before cancellation: rate 4/5's block rows 1
 * and 2 have 6 (H_1/2) + 4 (H_2/3) + 8 (H_4/5). */
#define AR4JA_MAX_ROW_TERMS 18u

/* pi_k(i) for block size M = 1 << log_m (section 7.4.2.4). */
static uint32_t ar4ja_pi(uint32_t k, uint32_t i, uint32_t log_m)
{
    uint32_t quarter = 1u << (log_m - 2), j = i >> (log_m - 2);
    uint32_t phi = ar4ja_phi[j][k - 1][log_m - 7];
    return quarter * ((ar4ja_theta[k - 1] + j) & 3u) + ((phi + i) & (quarter - 1));
}

static int compare_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* Appends the columns the blocks put in row `i` of block row `row`, the
 * blocks shifted right by `offset` block columns. */
static uint32_t add_terms(const ar4ja_block *blocks, size_t count, uint32_t offset, uint32_t row,
                          uint32_t i, uint32_t log_m, uint32_t *cols, uint32_t used)
{
    for (size_t b = 0; b < count; b++) {
        if (blocks[b].row != row)
            continue;
        uint32_t base = (blocks[b].column + offset) << log_m;
        for (uint32_t t = 0; t < AR4JA_MAX_BLOCK_TERMS && blocks[b].terms[t] >= 0; t++) {
            uint32_t k = (uint32_t)blocks[b].terms[t];
            cols[used++] = base + (k == 0 ? i : ar4ja_pi(k, i, log_m));
        }
    }
    return used;
}

/* The columns of one check, ascending; permutations that meet in a column
 * cancel (H is their sum over GF(2)). */
static uint32_t check_columns(uint32_t block_columns, uint32_t row, uint32_t i, uint32_t log_m,
                              uint32_t *cols)
{
    uint32_t used = add_terms(rate_half, sizeof rate_half / sizeof rate_half[0],
                              block_columns - 5, row, i, log_m, cols, 0);
    if (block_columns >= 7)
        used = add_terms(rate_two_thirds, sizeof rate_two_thirds / sizeof rate_two_thirds[0],
                         block_columns - 7, row, i, log_m, cols, used);
    if (block_columns >= 11)
        used = add_terms(rate_four_fifths, sizeof rate_four_fifths / sizeof rate_four_fifths[0],
                         0, row, i, log_m, cols, used);
    qsort(cols, used, sizeof cols[0], compare_u32);
    uint32_t kept = 0;
    for (uint32_t e = 0; e < used; e++) {
        if (e + 1 < used && cols[e] == cols[e + 1]) {
            e++;
            continue;
        }
        cols[kept++] = cols[e];
    }
    return kept;
}

static ldpc_status build(const char *name, uint32_t k, uint32_t rate_index, ldpc_code **out,
                         ldpc_error *err)
{
    uint32_t m_size = k / ar4ja_rates[rate_index].m_divisor, log_m = 0;
    while ((1u << log_m) < m_size)
        log_m++;
    uint32_t block_columns = ar4ja_rates[rate_index].block_columns;
    uint32_t n = block_columns * m_size, m = AR4JA_BLOCK_ROWS * m_size;
    uint32_t *offsets = malloc(((size_t)m + 1) * sizeof(uint32_t));
    uint32_t *vars = malloc((size_t)m * AR4JA_MAX_ROW_TERMS * sizeof(uint32_t));
    uint32_t *sent = malloc((size_t)(n - m_size) * sizeof(uint32_t));
    ldpc_status status = LDPC_OK;
    if (offsets == NULL || vars == NULL || sent == NULL)
        status = ldpc_fail(err, LDPC_ERR_NO_MEMORY, "%s: out of memory", name);
    if (status == LDPC_OK) {
        offsets[0] = 0;
        for (uint32_t c = 0; c < m; c++)
            offsets[c + 1] = offsets[c] + check_columns(block_columns, c >> log_m,
                                                        c & (m_size - 1), log_m,
                                                        vars + offsets[c]);
        status = structured_code_create(name, n, m, k, offsets, vars, 0, out, err);
    }
    if (status == LDPC_OK) {
        for (uint32_t j = 0; j < n - m_size; j++)
            sent[j] = j;
        status = code_set_transmission(*out, sent, n - m_size, NULL, 0, err);
        if (status != LDPC_OK) {
            ldpc_code_destroy(*out);
            *out = NULL;
        }
    }
    free(offsets);
    free(vars);
    free(sent);
    return status;
}

ldpc_status ar4ja_code_create(const char *name, ldpc_code **out, ldpc_error *err)
{
    for (size_t i = 0; i < AR4JA_CODE_COUNT; i++)
        if (strcmp(name, ar4ja_codes[i].name) == 0)
            return build(name, ar4ja_codes[i].k, ar4ja_codes[i].rate, out, err);
    return LDPC_ERR_UNKNOWN_CODE;
}

size_t ar4ja_code_count(void) { return AR4JA_CODE_COUNT; }

const char *ar4ja_code_name(size_t index)
{
    return index < AR4JA_CODE_COUNT ? ar4ja_codes[index].name : NULL;
}
