/* The CCSDS C2 code (CCSDS 131.0-B, section 7.3, the near-earth LDPC code):
 * "ccsds-c2", the (8176,7154) code, and "ccsds-c2-8160", the (8160,7136)
 * frame that spacecraft send: its first 18 information bits are shortened
 * (zeros, not sent) and two zero fill bits follow the codeword.
 *
 * H is a 2 x 16 grid of 511 x 511 circulants with two ones per row (Table
 * 7-1); it has rank 1020, so the code it defines has 7156 dimensions. The
 * standard uses the 7154 of its systematic generator [I | B] (7.3.4): the
 * first row (b_i,1 b_i,2) of block row i of B solves M_i u + D z = 0, where
 * M_i is block column i of H, u the unit vector, D the last two block
 * columns and the 511th and 1022nd entries of z are 0; the other rows are
 * right cyclic shifts. B is computed here from H that way, once per code
 * built (docs/CODES.md says how it is checked against the standard's
 * Annex C). The decoders decode on H. */
#include <stdlib.h>
#include <string.h>

#include "code/code_internal.h"
#include "code/gf2_generator.h"
#include "util/error_internal.h"

#define C2_SIZE 511u /* circulant */
#define C2_BLOCK_ROWS 2u
#define C2_BLOCK_COLUMNS 16u
#define C2_INFO_BLOCKS 14u
#define C2_N (C2_BLOCK_COLUMNS * C2_SIZE)
#define C2_M (C2_BLOCK_ROWS * C2_SIZE)
#define C2_K (C2_INFO_BLOCKS * C2_SIZE)
#define C2_ROW_WEIGHT (C2_BLOCK_COLUMNS * 2u)
#define C2_SHORTENED 18u
#define C2_FILL 2u
/* z's entries fixed to 0 (0-based): the 511th and the 1022nd. */
#define C2_FIXED_FIRST (C2_SIZE - 1u)
#define C2_FIXED_SECOND (2u * C2_SIZE - 1u)
#define C2_UNKNOWNS (C2_M - 2u)

/* Per circulant, the columns of the ones of its first row; row j has them
 * at (j + s) mod 511. Table 7-1 of CCSDS 131.0-B. */
static const uint16_t c2_circulants[C2_BLOCK_ROWS][C2_BLOCK_COLUMNS][2] = {
    {{0, 176}, {12, 239}, {0, 352}, {24, 431}, {0, 392}, {151, 409}, {0, 351}, {9, 359},
     {0, 307}, {53, 329}, {0, 207}, {18, 281}, {0, 399}, {202, 457}, {0, 247}, {36, 261}},
    {{99, 471}, {130, 473}, {198, 435}, {260, 478}, {215, 420}, {282, 481}, {48, 396},
     {193, 445}, {273, 430}, {302, 451}, {96, 379}, {191, 386}, {244, 467}, {364, 470},
     {51, 382}, {192, 414}},
};

static const char *const c2_names[] = {"ccsds-c2", "ccsds-c2-8160"};
#define C2_CODE_COUNT (sizeof c2_names / sizeof c2_names[0])

/* H check-major, variables ascending in each check. */
static void fill_checks(uint32_t *offsets, uint32_t *vars)
{
    for (uint32_t c = 0; c <= C2_M; c++)
        offsets[c] = c * C2_ROW_WEIGHT;
    for (uint32_t u = 0; u < C2_BLOCK_ROWS; u++)
        for (uint32_t j = 0; j < C2_SIZE; j++) {
            uint32_t *row = vars + (size_t)(u * C2_SIZE + j) * C2_ROW_WEIGHT;
            for (uint32_t b = 0; b < C2_BLOCK_COLUMNS; b++) {
                uint32_t x = (j + c2_circulants[u][b][0]) % C2_SIZE;
                uint32_t y = (j + c2_circulants[u][b][1]) % C2_SIZE;
                row[2 * b] = b * C2_SIZE + (x < y ? x : y);
                row[2 * b + 1] = b * C2_SIZE + (x < y ? y : x);
            }
        }
}

/* The equations D z = M_i u of every block row i at once: per row of H,
 * its D entries at the unknowns' positions (z less its two fixed entries),
 * then bit C2_UNKNOWNS + i for block row i's right-hand side. */
#define EQUATION_BITS (C2_UNKNOWNS + C2_INFO_BLOCKS)
#define EQUATION_WORDS ((EQUATION_BITS + 63u) / 64u)

static void set_bit(uint64_t *row, uint32_t bit)
{
    row[bit / 64] ^= (uint64_t)1 << (bit % 64);
}

static int get_bit(const uint64_t *row, uint32_t bit)
{
    return (int)((row[bit / 64] >> (bit % 64)) & 1u);
}

static uint32_t unknown_of(uint32_t z)
{
    return z < C2_FIXED_FIRST ? z : z - 1u;
}

static void fill_equations(uint64_t *rows)
{
    for (uint32_t u = 0; u < C2_BLOCK_ROWS; u++)
        for (uint32_t j = 0; j < C2_SIZE; j++) {
            uint64_t *row = rows + (size_t)(u * C2_SIZE + j) * EQUATION_WORDS;
            for (uint32_t half = 0; half < 2; half++)
                for (uint32_t s = 0; s < 2; s++) {
                    uint32_t shift = c2_circulants[u][C2_INFO_BLOCKS + half][s];
                    uint32_t z = half * C2_SIZE + (j + shift) % C2_SIZE;
                    if (z != C2_FIXED_FIRST && z != C2_FIXED_SECOND)
                        set_bit(row, unknown_of(z));
                }
            /* column 0 of block i: row j holds it where (j + s) mod 511 = 0 */
            for (uint32_t i = 0; i < C2_INFO_BLOCKS; i++)
                for (uint32_t s = 0; s < 2; s++)
                    if ((j + c2_circulants[u][i][s]) % C2_SIZE == 0)
                        set_bit(row, C2_UNKNOWNS + i);
        }
}

/* Gauss-Jordan over GF(2): the pivot of unknown x ends in row x; z of block
 * row i into z_rows[i] (1022 bytes). -1 if D less its fixed columns is singular or an equation is left
 * unsatisfied (a table that is not the standard's). */
static int solve_equations(uint64_t *rows, uint8_t (*z_rows)[C2_M])
{
    for (uint32_t col = 0; col < C2_UNKNOWNS; col++) {
        uint32_t r = col;
        while (r < C2_M && !get_bit(rows + (size_t)r * EQUATION_WORDS, col))
            r++;
        if (r == C2_M)
            return -1;
        uint64_t *pivot = rows + (size_t)col * EQUATION_WORDS;
        if (r != col)
            for (uint32_t w = 0; w < EQUATION_WORDS; w++) {
                uint64_t t = pivot[w];
                pivot[w] = rows[(size_t)r * EQUATION_WORDS + w];
                rows[(size_t)r * EQUATION_WORDS + w] = t;
            }
        for (uint32_t other = 0; other < C2_M; other++) {
            uint64_t *row = rows + (size_t)other * EQUATION_WORDS;
            if (other != col && get_bit(row, col))
                for (uint32_t w = 0; w < EQUATION_WORDS; w++)
                    row[w] ^= pivot[w];
        }
    }
    for (uint32_t r = C2_UNKNOWNS; r < C2_M; r++)
        for (uint32_t w = 0; w < EQUATION_WORDS; w++)
            if (rows[(size_t)r * EQUATION_WORDS + w] != 0)
                return -1;
    for (uint32_t i = 0; i < C2_INFO_BLOCKS; i++)
        for (uint32_t z = 0; z < C2_M; z++)
            z_rows[i][z] = z == C2_FIXED_FIRST || z == C2_FIXED_SECOND
                               ? 0
                               : (uint8_t)get_bit(rows + (size_t)unknown_of(z) * EQUATION_WORDS,
                                                  C2_UNKNOWNS + i);
    return 0;
}

/* The generator's rows (gf2_generator.h's layout): parity bit p = half *
 * 511 + t selects information bit block * 511 + r where row r of B's
 * circulant (block, half), its first row shifted right r times, has a one
 * at t: where b[(t - r) mod 511] is 1. */
static void fill_generator(const uint8_t (*z_rows)[C2_M], uint64_t *gen_rows)
{
    uint32_t words = gf2_generator_words_per_row(C2_K);
    for (uint32_t p = 0; p < C2_M; p++) {
        uint32_t half = p / C2_SIZE, t = p % C2_SIZE;
        uint64_t *row = gen_rows + (size_t)p * words;
        for (uint32_t block = 0; block < C2_INFO_BLOCKS; block++)
            for (uint32_t r = 0; r < C2_SIZE; r++)
                if (z_rows[block][half * C2_SIZE + (t + C2_SIZE - r) % C2_SIZE])
                    set_bit(row, block * C2_SIZE + r);
    }
}

/* The (8160,7136) frame: codeword bits 18 .. 8175, then the two fill bits,
 * sent as the values of shortened bits 0 and 1 (known zeros the decoder
 * ignores). */
static ldpc_status shorten(ldpc_code *code, ldpc_error *err)
{
    uint32_t sent[C2_N - C2_SHORTENED + C2_FILL], shortened[C2_SHORTENED];
    for (uint32_t j = 0; j < C2_N - C2_SHORTENED; j++)
        sent[j] = C2_SHORTENED + j;
    for (uint32_t f = 0; f < C2_FILL; f++)
        sent[C2_N - C2_SHORTENED + f] = f;
    for (uint32_t s = 0; s < C2_SHORTENED; s++)
        shortened[s] = s;
    return code_set_transmission(code, sent, C2_N - C2_SHORTENED + C2_FILL, shortened,
                                 C2_SHORTENED, err);
}

static ldpc_status build(const char *name, int shortened, ldpc_code **out, ldpc_error *err)
{
    size_t gen_words = (size_t)C2_M * gf2_generator_words_per_row(C2_K);
    uint32_t *offsets = malloc((C2_M + 1u) * sizeof *offsets);
    uint32_t *vars = malloc((size_t)C2_M * C2_ROW_WEIGHT * sizeof *vars);
    uint64_t *equations = calloc((size_t)C2_M * EQUATION_WORDS, sizeof *equations);
    uint8_t(*z_rows)[C2_M] = malloc(C2_INFO_BLOCKS * sizeof *z_rows);
    uint64_t *gen_rows = calloc(gen_words, sizeof *gen_rows);
    ldpc_status status = LDPC_OK;
    if (offsets == NULL || vars == NULL || equations == NULL || z_rows == NULL ||
        gen_rows == NULL)
        status = ldpc_fail(err, LDPC_ERR_NO_MEMORY, "%s: out of memory", name);
    if (status == LDPC_OK) {
        fill_equations(equations);
        if (solve_equations(equations, z_rows) != 0)
            status = ldpc_fail(err, LDPC_ERR_RANK, "%s: its generator has no solution", name);
    }
    if (status == LDPC_OK) {
        fill_checks(offsets, vars);
        fill_generator((const uint8_t(*)[C2_M])z_rows, gen_rows);
        status = systematic_code_create(name, C2_N, C2_M, C2_K, offsets, vars, gen_rows, out,
                                        err);
    }
    if (status == LDPC_OK && shortened && (status = shorten(*out, err)) != LDPC_OK) {
        ldpc_code_destroy(*out);
        *out = NULL;
    }
    free(offsets);
    free(vars);
    free(equations);
    free(z_rows);
    free(gen_rows);
    return status;
}

ldpc_status ccsds_c2_code_create(const char *name, ldpc_code **out, ldpc_error *err)
{
    for (size_t i = 0; i < C2_CODE_COUNT; i++)
        if (strcmp(name, c2_names[i]) == 0)
            return build(name, i == 1, out, err);
    return LDPC_ERR_UNKNOWN_CODE;
}

size_t ccsds_c2_code_count(void) { return C2_CODE_COUNT; }

const char *ccsds_c2_code_name(size_t index)
{
    return index < C2_CODE_COUNT ? c2_names[index] : NULL;
}
