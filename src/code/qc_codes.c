/* The built-in quasi-cyclic codes: IEEE 802.11n/ac ("wifi-1944-5/6") and
 * IEEE 802.16e ("wimax-2304-3/4a"). A name picks a base matrix and a length;
 * the matrix is lifted to Z = n / 24 and built as a generic code (dense
 * systematic generator: the information bits are the first k, as the
 * standards transmit them). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "code/code_internal.h"
#include "code/qc_tables.h"
#include "util/error_internal.h"

#define QC_LENGTH_STEP 96u
#define QC_NAME_SIZE 24

static uint32_t lengths_of(const qc_table *t)
{
    return (t->max_n - t->min_n) / QC_LENGTH_STEP + 1;
}

/* Every name, built once: table by table, length by length. */
static struct {
    char names[160][QC_NAME_SIZE];
    size_t count;
} listing;
static pthread_once_t listing_once = PTHREAD_ONCE_INIT;

static void list_names(void)
{
    for (size_t i = 0; i < qc_table_count; i++)
        for (uint32_t l = 0; l < lengths_of(&qc_tables[i]); l++) {
            if (listing.count == sizeof listing.names / sizeof listing.names[0])
                return;
            snprintf(listing.names[listing.count++], QC_NAME_SIZE, "%s-%u-%s",
                     qc_tables[i].family, qc_tables[i].min_n + l * QC_LENGTH_STEP,
                     qc_tables[i].rate);
        }
}

size_t qc_code_count(void)
{
    pthread_once(&listing_once, list_names);
    return listing.count;
}

const char *qc_code_name(size_t index)
{
    return index < qc_code_count() ? listing.names[index] : NULL;
}

/* The table and length of `name`, or NULL. */
static const qc_table *find_table(const char *name, uint32_t *n)
{
    for (size_t i = 0; i < qc_table_count; i++) {
        const qc_table *t = &qc_tables[i];
        size_t family = strlen(t->family);
        if (strncmp(name, t->family, family) != 0 || name[family] != '-')
            continue;
        char *end = NULL;
        unsigned long length = strtoul(name + family + 1, &end, 10);
        if (end == name + family + 1 || *end != '-' || strcmp(end + 1, t->rate) != 0)
            continue;
        if (length < t->min_n || length > t->max_n || (length - t->min_n) % QC_LENGTH_STEP)
            continue;
        *n = (uint32_t)length;
        return t;
    }
    return NULL;
}

static int32_t lifted_shift(const qc_table *t, int8_t shift, uint32_t z)
{
    if (shift <= 0 || t->lift == QC_LIFT_NONE)
        return shift;
    if (t->lift == QC_LIFT_MODULO)
        return (int32_t)((uint32_t)shift % z);
    return (int32_t)((uint32_t)shift * z / t->table_z);
}

static int ascending(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* H check-major: check r * z + i of block row r has, for each nonzero block
 * (r, c), variable c * z + (i + shift) mod z. */
static void expand(const qc_table *t, uint32_t z, uint32_t *check_offsets, uint32_t *check_var)
{
    uint32_t edge = 0;
    for (uint32_t r = 0; r < t->rows; r++)
        for (uint32_t i = 0; i < z; i++) {
            check_offsets[r * z + i] = edge;
            for (uint32_t c = 0; c < QC_BLOCK_COLUMNS; c++) {
                int8_t shift = t->shifts[r * QC_BLOCK_COLUMNS + c];
                if (shift < 0)
                    continue;
                uint32_t s = (uint32_t)lifted_shift(t, shift, z);
                check_var[edge++] = c * z + (i + s) % z;
            }
            qsort(check_var + check_offsets[r * z + i], edge - check_offsets[r * z + i],
                  sizeof *check_var, ascending);
        }
    check_offsets[t->rows * z] = edge;
}

ldpc_status qc_code_create(const char *name, ldpc_code **out, ldpc_error *err)
{
    *out = NULL;
    uint32_t n = 0;
    const qc_table *t = find_table(name, &n);
    if (t == NULL)
        return LDPC_ERR_UNKNOWN_CODE;
    uint32_t z = n / QC_BLOCK_COLUMNS, m = t->rows * z;
    uint32_t *check_offsets = malloc(((size_t)m + 1) * sizeof *check_offsets);
    uint32_t *check_var = malloc((size_t)m * QC_BLOCK_COLUMNS * sizeof *check_var);
    ldpc_status status;
    if (check_offsets == NULL || check_var == NULL) {
        status = ldpc_fail(err, LDPC_ERR_NO_MEMORY, "%s: cannot allocate its matrix", name);
    } else {
        expand(t, z, check_offsets, check_var);
        status = generic_code_create(name, n, m, check_offsets, check_var, z, out, err);
    }
    free(check_offsets);
    free(check_var);
    return status;
}
