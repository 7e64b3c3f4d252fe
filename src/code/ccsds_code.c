/* The CCSDS telecommand LDPC codes (CCSDS 231.1-O-1, the (128,64) and
 * (512,256) codes also in 231.0-B): "ccsds-tc-128", "ccsds-tc-256" and
 * "ccsds-tc-512", rate 1/2, the k information bits first. H is a 4 x 8 grid
 * of M x M blocks, M = n / 8; each block is zero, a permutation or the sum of
 * the identity and a permutation. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "code/code_internal.h"

#define TC_BLOCK_ROWS 4u
#define TC_BLOCK_COLUMNS 8u
#define TC_MAX_N 512u

/* Per block, up to two permutations, -1 for none: shift s puts the one of
 * row i in column (i + s) mod M. Transcribed from adamgreig/labrador-ldpc-c
 * (src/ldpc_codes.c); docs/CODES.md says how it is checked. */
static const int8_t tc_128[TC_BLOCK_ROWS][TC_BLOCK_COLUMNS][2] = {
    {{0, 7}, {2, -1}, {14, -1}, {6, -1}, {-1, -1}, {0, -1}, {13, -1}, {0, -1}},
    {{6, -1}, {0, 15}, {0, -1}, {1, -1}, {0, -1}, {-1, -1}, {0, -1}, {7, -1}},
    {{4, -1}, {1, -1}, {0, 15}, {14, -1}, {11, -1}, {0, -1}, {-1, -1}, {3, -1}},
    {{0, -1}, {1, -1}, {9, -1}, {0, 13}, {14, -1}, {1, -1}, {0, -1}, {-1, -1}},
};
static const int8_t tc_256[TC_BLOCK_ROWS][TC_BLOCK_COLUMNS][2] = {
    {{0, 31}, {15, -1}, {25, -1}, {0, -1}, {-1, -1}, {20, -1}, {12, -1}, {0, -1}},
    {{28, -1}, {0, 30}, {29, -1}, {24, -1}, {0, -1}, {-1, -1}, {1, -1}, {20, -1}},
    {{8, -1}, {0, -1}, {0, 28}, {1, -1}, {29, -1}, {0, -1}, {-1, -1}, {21, -1}},
    {{18, -1}, {30, -1}, {0, -1}, {0, 30}, {25, -1}, {26, -1}, {0, -1}, {-1, -1}},
};
static const int8_t tc_512[TC_BLOCK_ROWS][TC_BLOCK_COLUMNS][2] = {
    {{0, 63}, {30, -1}, {50, -1}, {25, -1}, {-1, -1}, {43, -1}, {62, -1}, {0, -1}},
    {{56, -1}, {0, 61}, {50, -1}, {23, -1}, {0, -1}, {-1, -1}, {37, -1}, {26, -1}},
    {{16, -1}, {0, -1}, {0, 55}, {27, -1}, {56, -1}, {0, -1}, {-1, -1}, {43, -1}},
    {{35, -1}, {56, -1}, {62, -1}, {0, 11}, {58, -1}, {3, -1}, {0, -1}, {-1, -1}},
};

static const struct {
    const char *name;
    uint32_t n;
    const int8_t (*blocks)[TC_BLOCK_COLUMNS][2];
} tc_codes[] = {
    {"ccsds-tc-128", 128, tc_128},
    {"ccsds-tc-256", 256, tc_256},
    {"ccsds-tc-512", 512, tc_512},
};

#define TC_CODE_COUNT (sizeof tc_codes / sizeof tc_codes[0])

/* Check u * M + i: for each block, the columns of its permutations, in
 * ascending order (the two permutations of a block never meet: their shifts
 * differ). */
static uint32_t expand_check(const int8_t (*blocks)[TC_BLOCK_COLUMNS][2], uint32_t m_size,
                             uint32_t u, uint32_t i, uint32_t *vars)
{
    uint32_t count = 0;
    for (uint32_t v = 0; v < TC_BLOCK_COLUMNS; v++) {
        uint32_t cols[2], c = 0;
        for (uint32_t p = 0; p < 2; p++)
            if (blocks[u][v][p] >= 0)
                cols[c++] = v * m_size + (i + (uint32_t)blocks[u][v][p]) % m_size;
        if (c == 2 && cols[0] > cols[1]) {
            uint32_t t = cols[0];
            cols[0] = cols[1];
            cols[1] = t;
        }
        for (uint32_t k = 0; k < c; k++)
            vars[count++] = cols[k];
    }
    return count;
}

ldpc_status ccsds_code_create(const char *name, ldpc_code **out, ldpc_error *err)
{
    *out = NULL;
    size_t which = 0;
    while (which < TC_CODE_COUNT && strcmp(name, tc_codes[which].name) != 0)
        which++;
    if (which == TC_CODE_COUNT)
        return LDPC_ERR_UNKNOWN_CODE;
    uint32_t n = tc_codes[which].n, m_size = n / TC_BLOCK_COLUMNS, m = TC_BLOCK_ROWS * m_size;
    uint32_t check_offsets[TC_BLOCK_ROWS * (TC_MAX_N / TC_BLOCK_COLUMNS) + 1];
    uint32_t check_var[TC_BLOCK_ROWS * (TC_MAX_N / TC_BLOCK_COLUMNS) * TC_BLOCK_COLUMNS * 2];
    uint32_t edges = 0;
    for (uint32_t u = 0; u < TC_BLOCK_ROWS; u++)
        for (uint32_t i = 0; i < m_size; i++) {
            check_offsets[u * m_size + i] = edges;
            edges += expand_check(tc_codes[which].blocks, m_size, u, i, check_var + edges);
        }
    check_offsets[m] = edges;
    return generic_code_create(name, n, m, check_offsets, check_var, 0, out, err);
}

size_t ccsds_code_count(void)
{
    return TC_CODE_COUNT;
}

const char *ccsds_code_name(size_t index)
{
    return index < TC_CODE_COUNT ? tc_codes[index].name : NULL;
}
