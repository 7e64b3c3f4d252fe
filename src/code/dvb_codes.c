/* The built-in DVB-S2 / DVB-T2 / DVB-C2 / DVB-S2X LDPC codes: names, and building
 * the Tanner graph from the standards' address tables (configs/dvb, compiled in by
 * cmake/DvbTables.cmake). EN 302 307-1 clause 5.3.2: information bit i = 360 g + s
 * feeds the parity accumulators (x + s q) mod (n - k) for every address x of
 * table row g; then p_j ^= p_{j-1}, i.e. check j also holds parity bits j - 1 and j. */
#include <stdlib.h>
#include <string.h>

#include "code/code_internal.h"
#include "code/dvb_tables.h"
#include "util/error_internal.h"

/* The largest q = (n - k) / 360 of any DVB code (DVB-S2X normal frames, rate 2/9). */
#define DVB_MAX_Q 140u

typedef struct {
    const char *name;     /* canonical name */
    const char *stem;     /* its table file in configs/dvb */
    const char *alias_of; /* DVB-C2 names: the DVB-T2 (or S2) name with the same table */
} dvb_code_entry;

/* A VL-SNR code (EN 302 307-2 clause 5.3.2) sends its table's codeword less
 * its first `shortened` information bits (zeros) and the accumulated parity
 * bits 0, period, .., (punctured - 1) period. */
typedef struct {
    const char *name;
    uint32_t shortened, period, punctured;
} dvb_vlsnr;

/* DVB-T2 uses DVB-S2's tables except normal 2/3 and short 3/5 (verified against
 * GNU Radio, which encodes both standards: tools/dvb/extract_tables.py). DVB-C2
 * (EN 302 769) reuses DVB-T2's tables, and DVB-S2's for the rates T2 lacks. */
static const dvb_code_entry dvb_code_entries[] = {
    {"dvbs2-normal-1/4", "dvbs2-normal-1_4", NULL},
    {"dvbs2-normal-1/3", "dvbs2-normal-1_3", NULL},
    {"dvbs2-normal-2/5", "dvbs2-normal-2_5", NULL},
    {"dvbs2-normal-1/2", "dvbs2-normal-1_2", NULL},
    {"dvbs2-normal-3/5", "dvbs2-normal-3_5", NULL},
    {"dvbs2-normal-2/3", "dvbs2-normal-2_3", NULL},
    {"dvbs2-normal-3/4", "dvbs2-normal-3_4", NULL},
    {"dvbs2-normal-4/5", "dvbs2-normal-4_5", NULL},
    {"dvbs2-normal-5/6", "dvbs2-normal-5_6", NULL},
    {"dvbs2-normal-8/9", "dvbs2-normal-8_9", NULL},
    {"dvbs2-normal-9/10", "dvbs2-normal-9_10", NULL},
    {"dvbs2-short-1/4", "dvbs2-short-1_4", NULL},
    {"dvbs2-short-1/3", "dvbs2-short-1_3", NULL},
    {"dvbs2-short-2/5", "dvbs2-short-2_5", NULL},
    {"dvbs2-short-1/2", "dvbs2-short-1_2", NULL},
    {"dvbs2-short-3/5", "dvbs2-short-3_5", NULL},
    {"dvbs2-short-2/3", "dvbs2-short-2_3", NULL},
    {"dvbs2-short-3/4", "dvbs2-short-3_4", NULL},
    {"dvbs2-short-4/5", "dvbs2-short-4_5", NULL},
    {"dvbs2-short-5/6", "dvbs2-short-5_6", NULL},
    {"dvbs2-short-8/9", "dvbs2-short-8_9", NULL},
    {"dvbt2-normal-1/2", "dvbs2-normal-1_2", NULL},
    {"dvbt2-normal-3/5", "dvbs2-normal-3_5", NULL},
    {"dvbt2-normal-2/3", "dvbt2-normal-2_3", NULL},
    {"dvbt2-normal-3/4", "dvbs2-normal-3_4", NULL},
    {"dvbt2-normal-4/5", "dvbs2-normal-4_5", NULL},
    {"dvbt2-normal-5/6", "dvbs2-normal-5_6", NULL},
    {"dvbt2-short-1/4", "dvbs2-short-1_4", NULL},
    {"dvbt2-short-1/3", "dvbs2-short-1_3", NULL}, /* T2-Lite */
    {"dvbt2-short-2/5", "dvbs2-short-2_5", NULL}, /* T2-Lite */
    {"dvbt2-short-1/2", "dvbs2-short-1_2", NULL},
    {"dvbt2-short-3/5", "dvbt2-short-3_5", NULL},
    {"dvbt2-short-2/3", "dvbs2-short-2_3", NULL},
    {"dvbt2-short-3/4", "dvbs2-short-3_4", NULL},
    {"dvbt2-short-4/5", "dvbs2-short-4_5", NULL},
    {"dvbt2-short-5/6", "dvbs2-short-5_6", NULL},
    {"dvbc2-normal-2/3", "dvbt2-normal-2_3", "dvbt2-normal-2/3"},
    {"dvbc2-normal-3/4", "dvbs2-normal-3_4", "dvbt2-normal-3/4"},
    {"dvbc2-normal-4/5", "dvbs2-normal-4_5", "dvbt2-normal-4/5"},
    {"dvbc2-normal-5/6", "dvbs2-normal-5_6", "dvbt2-normal-5/6"},
    {"dvbc2-normal-9/10", "dvbs2-normal-9_10", "dvbs2-normal-9/10"},
    {"dvbc2-short-1/2", "dvbs2-short-1_2", "dvbt2-short-1/2"},
    {"dvbc2-short-2/3", "dvbs2-short-2_3", "dvbt2-short-2/3"},
    {"dvbc2-short-3/4", "dvbs2-short-3_4", "dvbt2-short-3/4"},
    {"dvbc2-short-4/5", "dvbs2-short-4_5", "dvbt2-short-4/5"},
    {"dvbc2-short-5/6", "dvbs2-short-5_6", "dvbt2-short-5/6"},
    {"dvbc2-short-8/9", "dvbs2-short-8_9", "dvbs2-short-8/9"},
    {"dvbs2x-normal-13/45", "dvbs2x-normal-13_45", NULL},
    {"dvbs2x-normal-9/20", "dvbs2x-normal-9_20", NULL},
    {"dvbs2x-normal-11/20", "dvbs2x-normal-11_20", NULL},
    {"dvbs2x-normal-26/45", "dvbs2x-normal-26_45", NULL},
    {"dvbs2x-normal-28/45", "dvbs2x-normal-28_45", NULL},
    {"dvbs2x-normal-23/36", "dvbs2x-normal-23_36", NULL},
    {"dvbs2x-normal-25/36", "dvbs2x-normal-25_36", NULL},
    {"dvbs2x-normal-13/18", "dvbs2x-normal-13_18", NULL},
    {"dvbs2x-normal-7/9", "dvbs2x-normal-7_9", NULL},
    {"dvbs2x-normal-90/180", "dvbs2x-normal-90_180", NULL},
    {"dvbs2x-normal-96/180", "dvbs2x-normal-96_180", NULL},
    {"dvbs2x-normal-100/180", "dvbs2x-normal-100_180", NULL},
    {"dvbs2x-normal-104/180", "dvbs2x-normal-104_180", NULL},
    {"dvbs2x-normal-116/180", "dvbs2x-normal-116_180", NULL},
    {"dvbs2x-normal-124/180", "dvbs2x-normal-124_180", NULL},
    {"dvbs2x-normal-128/180", "dvbs2x-normal-128_180", NULL},
    {"dvbs2x-normal-132/180", "dvbs2x-normal-132_180", NULL},
    {"dvbs2x-normal-135/180", "dvbs2x-normal-135_180", NULL},
    {"dvbs2x-normal-140/180", "dvbs2x-normal-140_180", NULL},
    {"dvbs2x-normal-154/180", "dvbs2x-normal-154_180", NULL},
    {"dvbs2x-normal-18/30", "dvbs2x-normal-18_30", NULL},
    {"dvbs2x-normal-20/30", "dvbs2x-normal-20_30", NULL},
    {"dvbs2x-normal-22/30", "dvbs2x-normal-22_30", NULL},
    {"dvbs2x-short-11/45", "dvbs2x-short-11_45", NULL},
    {"dvbs2x-short-4/15", "dvbs2x-short-4_15", NULL},
    {"dvbs2x-short-14/45", "dvbs2x-short-14_45", NULL},
    {"dvbs2x-short-7/15", "dvbs2x-short-7_15", NULL},
    {"dvbs2x-short-8/15", "dvbs2x-short-8_15", NULL},
    {"dvbs2x-short-26/45", "dvbs2x-short-26_45", NULL},
    {"dvbs2x-short-32/45", "dvbs2x-short-32_45", NULL},
    /* VL-SNR: medium frames and normal 2/9 exist only punctured; the short
     * ones reuse DVB-S2's 1/4 and 1/3 tables and DVB-S2X's 11/45 and 4/15. */
    {"dvbs2x-normal-2/9-vlsnr", "dvbs2x-normal-2_9", NULL},
    {"dvbs2x-medium-1/5", "dvbs2x-medium-1_5", NULL},
    {"dvbs2x-medium-11/45", "dvbs2x-medium-11_45", NULL},
    {"dvbs2x-medium-1/3", "dvbs2x-medium-1_3", NULL},
    {"dvbs2x-short-1/5-vlsnr-sf2", "dvbs2-short-1_4", NULL},
    {"dvbs2x-short-11/45-vlsnr-sf2", "dvbs2x-short-11_45", NULL},
    {"dvbs2x-short-1/5-vlsnr", "dvbs2-short-1_4", NULL},
    {"dvbs2x-short-4/15-vlsnr", "dvbs2x-short-4_15", NULL},
    {"dvbs2x-short-1/3-vlsnr", "dvbs2-short-1_3", NULL},
};

static const dvb_vlsnr dvb_vlsnr_codes[] = {
    {"dvbs2x-normal-2/9-vlsnr", 0, 15, 3240},
    {"dvbs2x-medium-1/5", 640, 25, 980},
    {"dvbs2x-medium-11/45", 0, 15, 1620},
    {"dvbs2x-medium-1/3", 0, 13, 1620},
    {"dvbs2x-short-1/5-vlsnr-sf2", 560, 30, 250},
    {"dvbs2x-short-11/45-vlsnr-sf2", 0, 15, 810},
    {"dvbs2x-short-1/5-vlsnr", 0, 10, 1224},
    {"dvbs2x-short-4/15-vlsnr", 0, 8, 1224},
    {"dvbs2x-short-1/3-vlsnr", 0, 8, 1224},
};

#define DVB_CODE_COUNT (sizeof dvb_code_entries / sizeof dvb_code_entries[0])

size_t dvb_code_count(void)
{
    return DVB_CODE_COUNT;
}

const char *dvb_code_name(size_t index)
{
    return index < DVB_CODE_COUNT ? dvb_code_entries[index].name : NULL;
}

const char *dvb_code_alias_of(size_t index)
{
    return index < DVB_CODE_COUNT ? dvb_code_entries[index].alias_of : NULL;
}

static const dvb_code_entry *find_entry(const char *name)
{
    for (size_t i = 0; i < DVB_CODE_COUNT; i++)
        if (strcmp(dvb_code_entries[i].name, name) == 0)
            return &dvb_code_entries[i];
    return NULL;
}

/* The table of a built-in name, or NULL. */
static const dvb_table *find_table(const char *name)
{
    const dvb_code_entry *entry = find_entry(name);
    if (entry == NULL)
        return NULL;
    for (size_t t = 0; t < dvb_table_count; t++)
        if (strcmp(dvb_tables[t].stem, entry->stem) == 0)
            return &dvb_tables[t];
    return NULL; /* unreachable while the registry and configs/dvb agree (tested) */
}

static code_shape table_shape(const dvb_table *t)
{
    uint32_t m = t->n - t->k;
    code_shape shape = {
        .n = t->n,
        .m = m,
        .k = t->k,
        /* 360 edges per address, plus the staircase: 2 per check but 1 for check 0. */
        .edges = t->address_count * DVB_GROUP_SIZE + 2u * m - 1u,
        .layer_count = t->q,
        .dvb_groups = t->groups,
        .dvb_address_count = t->address_count,
        .layers_reorder_checks = 1,
    };
    return shape;
}

/* Variables that several checks of one layer share: a row whose addresses x1,
 * x2 are equal modulo q sends each of its 360 bits twice into layer x1 mod q.
 * Per row and residue class with c >= 2 addresses: 360 snapshot variables and
 * 360 (c - 1) repeated edges. */
static size_t repeat_lists_bytes(const dvb_table *t)
{
    uint32_t snapshots = 0, repeats = 0;
    uint16_t class_size[DVB_MAX_Q];
    for (uint32_t g = 0; g < t->groups; g++) {
        memset(class_size, 0, sizeof class_size);
        for (uint32_t a = t->row_offsets[g]; a < t->row_offsets[g + 1]; a++)
            class_size[t->addresses[a] % t->q]++;
        for (uint32_t r = 0; r < t->q; r++) {
            if (class_size[r] < 2)
                continue;
            snapshots += DVB_GROUP_SIZE;
            repeats += DVB_GROUP_SIZE * (class_size[r] - 1u);
        }
    }
    return code_repeat_lists_bytes(t->q, t->n - t->k, snapshots, repeats);
}

static const dvb_vlsnr *find_vlsnr(const char *name)
{
    for (size_t i = 0; i < sizeof dvb_vlsnr_codes / sizeof dvb_vlsnr_codes[0]; i++)
        if (strcmp(dvb_vlsnr_codes[i].name, name) == 0)
            return &dvb_vlsnr_codes[i];
    return NULL;
}

/* code_set_transmission's lists: every variable once (sent, shortened or
 * punctured), plus the information positions that are sent. */
static size_t transmission_bytes(const dvb_table *t, const dvb_vlsnr *v)
{
    return v == NULL ? 0 : ((size_t)t->n + t->k - v->shortened) * sizeof(uint32_t);
}

size_t dvb_code_footprint(const char *name)
{
    if (name == NULL)
        return 0;
    const dvb_table *t = find_table(name);
    if (t == NULL)
        return 0;
    code_shape shape = table_shape(t);
    return code_shape_footprint(&shape) + repeat_lists_bytes(t) +
           transmission_bytes(t, find_vlsnr(name));
}

/* Check-major H: counts per check, then info variables in ascending order (so
 * each check's list comes out ascending), then the two staircase parity bits,
 * which are above every information bit. Rows never repeat an address (the
 * table generator refuses that), so no check gets a variable twice.
 * cursor: m entries of scratch. */
static void fill_checks(code_builder *b, const dvb_table *t, uint32_t *cursor)
{
    ldpc_code *c = b->code;
    uint32_t m = c->m, q = t->q;
    memset(b->check_offsets, 0, ((size_t)m + 1) * sizeof(uint32_t));
    for (uint32_t a = 0; a < t->address_count; a++)
        for (uint32_t s = 0, chk = t->addresses[a]; s < DVB_GROUP_SIZE; s++, chk = (chk + q) % m)
            b->check_offsets[chk + 1]++;
    for (uint32_t chk = 0; chk < m; chk++)
        b->check_offsets[chk + 1] += chk == 0 ? 1u : 2u;
    for (uint32_t chk = 0; chk < m; chk++)
        b->check_offsets[chk + 1] += b->check_offsets[chk];
    memcpy(cursor, b->check_offsets, (size_t)m * sizeof(uint32_t));

    for (uint32_t g = 0; g < t->groups; g++) {
        for (uint32_t s = 0; s < DVB_GROUP_SIZE; s++) {
            uint32_t var = g * DVB_GROUP_SIZE + s;
            for (uint32_t a = t->row_offsets[g]; a < t->row_offsets[g + 1]; a++)
                b->check_var[cursor[(t->addresses[a] + s * q) % m]++] = var;
        }
    }
    for (uint32_t chk = 0; chk < m; chk++) {
        if (chk > 0)
            b->check_var[cursor[chk]++] = c->k + chk - 1;
        b->check_var[cursor[chk]++] = c->k + chk;
    }
}

/* Layer l holds checks l, l + q, ..., l + 359 q: the rows one table address
 * reaches, one per bit of a group. */
static void fill_layers(code_builder *b, uint32_t q)
{
    ldpc_code *c = b->code;
    c->layer_size = DVB_GROUP_SIZE;
    for (uint32_t l = 0; l < q; l++) {
        b->layer_offsets[l] = l * DVB_GROUP_SIZE;
        for (uint32_t j = 0; j < DVB_GROUP_SIZE; j++)
            b->layer_checks[l * DVB_GROUP_SIZE + j] = l + j * q;
    }
    b->layer_offsets[q] = q * DVB_GROUP_SIZE;
}

static void fill_dvb_fields(code_builder *b, const dvb_table *t)
{
    ldpc_code *c = b->code;
    c->dvb_q = t->q;
    for (uint32_t g = 0; g <= t->groups; g++)
        b->dvb_row_offsets[g] = t->row_offsets[g];
    for (uint32_t a = 0; a < t->address_count; a++)
        b->dvb_addresses[a] = t->addresses[a];
    for (uint32_t i = 0; i < c->k; i++)
        b->info_positions[i] = i;
}


/* Sends information bits shortened .. k - 1, then the parity bits but every
 * period-th of the first punctured * period. scratch: n entries. */
static ldpc_status set_vlsnr_transmission(ldpc_code *code, const dvb_vlsnr *v, uint32_t *scratch,
                                          ldpc_error *err)
{
    uint32_t count = 0;
    for (uint32_t var = v->shortened; var < code->n; var++) {
        uint32_t parity = var - code->k;
        if (var < code->k || parity % v->period != 0 || parity / v->period >= v->punctured)
            scratch[count++] = var;
    }
    uint32_t *shortened = scratch + count;
    for (uint32_t var = 0; var < v->shortened; var++)
        shortened[var] = var;
    return code_set_transmission(code, scratch, count, shortened, v->shortened, err);
}

ldpc_status dvb_code_create(const char *name, ldpc_code **out, ldpc_error *err)
{
    *out = NULL;
    const dvb_table *t = find_table(name);
    if (t == NULL)
        return ldpc_fail(err, LDPC_ERR_UNKNOWN_CODE,
                         "unknown code '%s': built-in codes are named "
                         "dvbs2|dvbt2|dvbc2|dvbs2x-normal|short-RATE (dvbs2-normal-1/2), "
                         "wifi-N-RATE (wifi-1944-5/6), wimax-N-RATE (wimax-2304-3/4a), ft8-174-91, "
                         "ccsds-tc-128|256|512; "
                         "'ldpc codes' lists them; a file is alist:PATH",
                         name);
    code_shape shape = table_shape(t);
    code_builder b;
    ldpc_status status = code_builder_begin(&b, &shape, name, LDPC_FAMILY_DVB_IRA, err);
    if (status != LDPC_OK)
        return status;
    uint32_t *scratch = malloc((size_t)t->n * sizeof(uint32_t));
    if (scratch == NULL) {
        ldpc_code_destroy(b.code);
        return ldpc_fail(err, LDPC_ERR_NO_MEMORY, "%s: cannot allocate the build scratch", name);
    }
    fill_checks(&b, t, scratch);
    code_builder_index_edges(&b);
    fill_layers(&b, t->q);
    status = code_builder_check_layers(&b, scratch);
    fill_dvb_fields(&b, t);
    if (status != LDPC_OK) {
        free(scratch);
        ldpc_code_destroy(b.code);
        return ldpc_fail(err, status, "%s: cannot allocate the layer repeat lists", name);
    }
    const dvb_vlsnr *vlsnr = find_vlsnr(name);
    if (vlsnr != NULL)
        status = set_vlsnr_transmission(b.code, vlsnr, scratch, err);
    free(scratch);
    if (status != LDPC_OK) {
        ldpc_code_destroy(b.code);
        return status;
    }
    *out = b.code;
    return LDPC_OK;
}
