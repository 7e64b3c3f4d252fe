/* The 5G NR LDPC codes (3GPP TS 38.212 5.3.2) and their rate matching
 * (5.4.2), named "5gnr-bg<1|2>-z<Z>" and optionally rate-matched with
 * "-k<K'>-e<E>-rv<0..3>-qm<Qm>" (each part optional, in that order;
 * docs/CODES.md):
 * - H: the base graph (46 x 68 or 42 x 52) lifted by Z, shifts V_ij mod Z
 *   from the set of Z; the information bits are the first K = 22 Z (10 Z)
 *   codeword bits (a triangular encoder with a gap of about Z bits: the
 *   core's first parity column);
 * - the first 2 Z bits are never sent;
 * - K' < K information bits leave K - K' filler bits (bits K'..K-1): known
 *   zeros, shortened;
 * - a frame sends E bits of the circular buffer (the codeword less its
 *   first 2 Z bits, N_cb = N: no limited buffer), from the starting point
 *   k0 of redundancy version rv, skipping filler bits, wrapping round (bits
 *   sent twice add up in the decoder), then interleaved over Qm rows (the
 *   bits of one modulation symbol). Default: K' = K, E = every bit of the
 *   buffer but the fillers once, rv 0, Qm 1. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "code/code_internal.h"
#include "code/nr_tables.h"
#include "util/error_internal.h"

#define NR_MAX_Z 384u
#define NR_MAX_E (1u << 20) /* frame bits: a bound on what a name may ask for */

/* Z = a * 2^j, a one of these, gives set index iLS (38.212 Table 5.3.2-1). */
static const uint32_t nr_set_base[NR_SETS] = {2, 3, 5, 7, 9, 11, 13, 15};

typedef struct {
    const nr_base_entry *entries;
    uint32_t entry_count, rows, columns, info_columns;
    uint32_t k0_numerators[4]; /* k0 = floor(num * N_cb / (N_b * Z)) * Z */
} nr_graph;

static const nr_graph nr_graphs[2] = {
    {nr_bg1, NR_BG1_ENTRIES, 46, 68, 22, {0, 17, 33, 56}},
    {nr_bg2, NR_BG2_ENTRIES, 42, 52, 10, {0, 13, 25, 43}},
};

/* The built-in names: both base graphs at every lifting size, ascending. */
static const char *const nr_names[] = {
    "5gnr-bg1-z2", "5gnr-bg1-z3", "5gnr-bg1-z4", "5gnr-bg1-z5", "5gnr-bg1-z6", "5gnr-bg1-z7",
    "5gnr-bg1-z8", "5gnr-bg1-z9", "5gnr-bg1-z10", "5gnr-bg1-z11", "5gnr-bg1-z12", "5gnr-bg1-z13",
    "5gnr-bg1-z14", "5gnr-bg1-z15", "5gnr-bg1-z16", "5gnr-bg1-z18", "5gnr-bg1-z20", "5gnr-bg1-z22",
    "5gnr-bg1-z24", "5gnr-bg1-z26", "5gnr-bg1-z28", "5gnr-bg1-z30", "5gnr-bg1-z32", "5gnr-bg1-z36",
    "5gnr-bg1-z40", "5gnr-bg1-z44", "5gnr-bg1-z48", "5gnr-bg1-z52", "5gnr-bg1-z56", "5gnr-bg1-z60",
    "5gnr-bg1-z64", "5gnr-bg1-z72", "5gnr-bg1-z80", "5gnr-bg1-z88", "5gnr-bg1-z96",
    "5gnr-bg1-z104", "5gnr-bg1-z112", "5gnr-bg1-z120", "5gnr-bg1-z128", "5gnr-bg1-z144",
    "5gnr-bg1-z160", "5gnr-bg1-z176", "5gnr-bg1-z192", "5gnr-bg1-z208", "5gnr-bg1-z224",
    "5gnr-bg1-z240", "5gnr-bg1-z256", "5gnr-bg1-z288", "5gnr-bg1-z320", "5gnr-bg1-z352",
    "5gnr-bg1-z384", "5gnr-bg2-z2", "5gnr-bg2-z3", "5gnr-bg2-z4", "5gnr-bg2-z5", "5gnr-bg2-z6",
    "5gnr-bg2-z7", "5gnr-bg2-z8", "5gnr-bg2-z9", "5gnr-bg2-z10", "5gnr-bg2-z11", "5gnr-bg2-z12",
    "5gnr-bg2-z13", "5gnr-bg2-z14", "5gnr-bg2-z15", "5gnr-bg2-z16", "5gnr-bg2-z18", "5gnr-bg2-z20",
    "5gnr-bg2-z22", "5gnr-bg2-z24", "5gnr-bg2-z26", "5gnr-bg2-z28", "5gnr-bg2-z30", "5gnr-bg2-z32",
    "5gnr-bg2-z36", "5gnr-bg2-z40", "5gnr-bg2-z44", "5gnr-bg2-z48", "5gnr-bg2-z52", "5gnr-bg2-z56",
    "5gnr-bg2-z60", "5gnr-bg2-z64", "5gnr-bg2-z72", "5gnr-bg2-z80", "5gnr-bg2-z88", "5gnr-bg2-z96",
    "5gnr-bg2-z104", "5gnr-bg2-z112", "5gnr-bg2-z120", "5gnr-bg2-z128", "5gnr-bg2-z144",
    "5gnr-bg2-z160", "5gnr-bg2-z176", "5gnr-bg2-z192", "5gnr-bg2-z208", "5gnr-bg2-z224",
    "5gnr-bg2-z240", "5gnr-bg2-z256", "5gnr-bg2-z288", "5gnr-bg2-z320", "5gnr-bg2-z352",
    "5gnr-bg2-z384",
};

#define NR_NAME_COUNT (sizeof nr_names / sizeof nr_names[0])

static int set_of(uint32_t z)
{
    for (uint32_t s = 0; s < NR_SETS; s++)
        for (uint32_t a = nr_set_base[s]; a <= z; a *= 2)
            if (a == z)
                return (int)s;
    return -1;
}

typedef struct {
    uint32_t graph, z, k_prime, e, rv, qm;
    int has_k, has_e;
} nr_name;

/* "-<key><number>" at *p, if the key is there; -1 for a malformed number. */
static int read_part(const char **p, const char *key, uint32_t *value)
{
    size_t len = strlen(key);
    if ((*p)[0] != '-' || strncmp(*p + 1, key, len) != 0)
        return 0;
    const char *digits = *p + 1 + len;
    uint64_t v = 0;
    const char *q = digits;
    while (*q >= '0' && *q <= '9' && v <= UINT32_MAX)
        v = v * 10u + (uint64_t)(*q++ - '0');
    if (q == digits || v > UINT32_MAX || (*q != '\0' && *q != '-'))
        return -1;
    *value = (uint32_t)v;
    *p = q;
    return 1;
}

static ldpc_status parse_name(const char *name, nr_name *out, ldpc_error *err)
{
    memset(out, 0, sizeof *out);
    if (strncmp(name, "5gnr-bg", 7) != 0 || (name[7] != '1' && name[7] != '2'))
        return LDPC_ERR_UNKNOWN_CODE;
    out->graph = (uint32_t)(name[7] - '1');
    const char *p = name + 8;
    int parts[5];
    parts[0] = read_part(&p, "z", &out->z);
    parts[1] = read_part(&p, "k", &out->k_prime);
    parts[2] = read_part(&p, "e", &out->e);
    parts[3] = read_part(&p, "rv", &out->rv);
    parts[4] = read_part(&p, "qm", &out->qm);
    out->has_k = parts[1] == 1;
    out->has_e = parts[2] == 1;
    if (parts[4] != 1)
        out->qm = 1;
    int bad = *p != '\0' || parts[0] != 1;
    for (int i = 0; i < 5; i++)
        bad |= parts[i] < 0;
    if (bad)
        return ldpc_fail(err, LDPC_ERR_INVALID,
                         "unknown code '%s': 5G NR names are 5gnr-bg<1|2>-z<Z>, optionally "
                         "followed by -k<K'> -e<E> -rv<0-3> -qm<Qm> in that order, e.g. "
                         "5gnr-bg1-z384 or 5gnr-bg2-z64-k600-e1800-rv2-qm4",
                         name);
    return LDPC_OK;
}

static ldpc_status check_name(const char *name, const nr_name *p, ldpc_error *err)
{
    const nr_graph *g = &nr_graphs[p->graph];
    uint32_t k = g->info_columns * p->z;
    if (p->z > NR_MAX_Z || set_of(p->z) < 0)
        return ldpc_fail(err, LDPC_ERR_INVALID,
                         "unknown code '%s': Z = %u is not a 5G NR lifting size (a * 2^j up to "
                         "384, a one of 2, 3, 5, 7, 9, 11, 13, 15)",
                         name, p->z);
    if (p->has_k && (p->k_prime <= 2 * p->z || p->k_prime > k))
        return ldpc_fail(err, LDPC_ERR_INVALID,
                         "%s: K' = %u must be above 2Z = %u and at most K = %u", name,
                         p->k_prime, 2 * p->z, k);
    if (p->rv > 3)
        return ldpc_fail(err, LDPC_ERR_INVALID, "%s: the redundancy version is 0 to 3", name);
    if (p->qm == 0 || p->qm > 10 || (p->qm > 1 && p->qm % 2 != 0))
        return ldpc_fail(err, LDPC_ERR_INVALID,
                         "%s: Qm (bits per modulation symbol) is 1, 2, 4, 6, 8 or 10", name);
    if (p->has_e && (p->e == 0 || p->e > NR_MAX_E || p->e % p->qm != 0))
        return ldpc_fail(err, LDPC_ERR_INVALID,
                         "%s: E = %u must be a multiple of Qm = %u from 1 to %u", name, p->e,
                         p->qm, NR_MAX_E);
    return LDPC_OK;
}

static int compare_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* H lifted by z, check-major, variables ascending in each check. */
static ldpc_status lift(const char *name, const nr_graph *g, uint32_t z, ldpc_code **out,
                        ldpc_error *err)
{
    uint32_t set = (uint32_t)set_of(z), m = g->rows * z;
    uint32_t *offsets = calloc((size_t)m + 1, sizeof(uint32_t));
    uint32_t *vars = malloc((size_t)g->entry_count * z * sizeof(uint32_t));
    if (offsets == NULL || vars == NULL) {
        free(offsets);
        free(vars);
        return ldpc_fail(err, LDPC_ERR_NO_MEMORY, "%s: out of memory", name);
    }
    uint32_t used = 0;
    for (uint32_t row = 0, e = 0; row < g->rows; row++) {
        uint32_t first = e;
        while (e < g->entry_count && g->entries[e].row == row)
            e++;
        for (uint32_t r = 0; r < z; r++) {
            uint32_t start = used;
            for (uint32_t i = first; i < e; i++)
                vars[used++] = g->entries[i].column * z + (r + g->entries[i].shift[set] % z) % z;
            qsort(vars + start, used - start, sizeof(uint32_t), compare_u32);
            offsets[row * z + r + 1] = used;
        }
    }
    ldpc_status status = structured_code_create(name, g->columns * z, m, g->info_columns * z,
                                                offsets, vars, z, out, err);
    free(offsets);
    free(vars);
    return status;
}

/* The frame of 5.4.2: E bits of the circular buffer from k0, fillers
 * skipped, interleaved over Qm rows; the fillers shortened. */
static ldpc_status rate_match(ldpc_code *code, const nr_graph *g, const nr_name *p,
                              ldpc_error *err)
{
    uint32_t z = p->z, k = g->info_columns * z, n_cb = (g->columns - 2) * z;
    uint32_t k_prime = p->has_k ? p->k_prime : k, fillers = k - k_prime;
    uint32_t e = p->has_e ? p->e : n_cb - fillers;
    uint32_t k0 = (uint32_t)(((uint64_t)g->k0_numerators[p->rv] * n_cb) /
                             ((uint64_t)(g->columns - 2) * z)) * z;
    uint32_t *selected = malloc((size_t)e * sizeof(uint32_t));
    uint32_t *frame = malloc((size_t)e * sizeof(uint32_t));
    uint32_t *shortened = malloc(((size_t)fillers + 1) * sizeof(uint32_t));
    ldpc_status status = LDPC_OK;
    if (selected == NULL || frame == NULL || shortened == NULL)
        status = ldpc_fail(err, LDPC_ERR_NO_MEMORY, "%s: out of memory", code->name);
    for (uint32_t count = 0, j = 0; status == LDPC_OK && count < e; j++) {
        uint32_t bit = 2 * z + (k0 + j) % n_cb; /* d_k is codeword bit k + 2Z */
        if (bit < k_prime || bit >= k)
            selected[count++] = bit;
    }
    for (uint32_t row = 0; status == LDPC_OK && row < p->qm; row++)
        for (uint32_t j = 0; j < e / p->qm; j++)
            frame[row + j * p->qm] = selected[row * (e / p->qm) + j];
    for (uint32_t f = 0; f < fillers; f++)
        shortened[f] = k_prime + f;
    if (status == LDPC_OK)
        status = code_set_transmission(code, frame, e, shortened, fillers, err);
    free(selected);
    free(frame);
    free(shortened);
    return status;
}

ldpc_status nr_code_create(const char *name, ldpc_code **out, ldpc_error *err)
{
    nr_name parsed;
    ldpc_status status = parse_name(name, &parsed, err);
    if (status == LDPC_OK)
        status = check_name(name, &parsed, err);
    if (status != LDPC_OK)
        return status;
    const nr_graph *g = &nr_graphs[parsed.graph];
    status = lift(name, g, parsed.z, out, err);
    if (status != LDPC_OK)
        return status;
    status = rate_match(*out, g, &parsed, err);
    if (status != LDPC_OK) {
        ldpc_code_destroy(*out);
        *out = NULL;
    }
    return status;
}

size_t nr_code_count(void) { return NR_NAME_COUNT; }

const char *nr_code_name(size_t index) { return index < NR_NAME_COUNT ? nr_names[index] : NULL; }
