#include <stdlib.h>
#include <string.h>

#include "code/code_internal.h"
#include "util/error_internal.h"

/* Every array is a multiple of 8 bytes so that the 64-bit generator rows that
 * follow the 32-bit arrays stay aligned. */
size_t code_words32(size_t count)
{
    return ((count * sizeof(uint32_t) + 7u) / 8u) * 8u;
}

size_t code_shape_footprint(const code_shape *s)
{
    size_t bytes = ((sizeof(ldpc_code) + 7u) / 8u) * 8u;
    bytes += code_words32((size_t)s->m + 1) + code_words32(s->edges);        /* check view */
    bytes += code_words32((size_t)s->n + 1) + code_words32(s->edges);        /* variable view */
    bytes += code_words32(s->edges);                                    /* edge_check */
    bytes += code_words32((size_t)s->layer_count + 1) + code_words32(s->m);  /* layers */
    if (s->layers_reorder_checks)
        bytes += code_words32((size_t)s->m + 1) + code_words32(s->edges);    /* layer-ordered edges */
    bytes += code_words32(s->k);                                        /* info positions */
    if (s->dvb_groups > 0)
        bytes += code_words32((size_t)s->dvb_groups + 1) + code_words32(s->dvb_address_count);
    if (s->gen_words_per_row > 0) {
        bytes += code_words32((size_t)s->n - s->k);
        bytes += (size_t)(s->n - s->k) * s->gen_words_per_row * sizeof(uint64_t);
    }
    if (s->triangular)
        bytes += 2 * code_words32((size_t)s->n - s->k); /* parity positions and checks */
    return bytes;
}

static void *carve(unsigned char **cursor, size_t bytes)
{
    void *p = *cursor;
    *cursor += bytes;
    return p;
}

ldpc_status code_builder_begin(code_builder *b, const code_shape *s, const char *name,
                               ldpc_family family, ldpc_error *err)
{
    memset(b, 0, sizeof *b);
    if (s->n == 0 || s->m == 0 || s->k > s->n)
        return ldpc_fail(err, LDPC_ERR_INVALID, "%s: impossible code shape n=%u m=%u k=%u", name,
                         s->n, s->m, s->k);
    size_t total = code_shape_footprint(s);
    unsigned char *block = calloc(1, total);
    if (block == NULL)
        return ldpc_fail(err, LDPC_ERR_NO_MEMORY, "%s: cannot allocate %zu bytes", name, total);
    unsigned char *cursor = block;
    ldpc_code *c = carve(&cursor, ((sizeof(ldpc_code) + 7u) / 8u) * 8u);
    b->code = c;
    size_t name_len = strlen(name);
    if (name_len >= sizeof c->name)
        name_len = sizeof c->name - 1;
    memcpy(c->name, name, name_len);
    c->family = family;
    c->n = s->n;
    c->m = s->m;
    c->k = s->k;
    c->edges = s->edges;
    c->tx_n = s->n;
    c->layer_count = s->layer_count;
    c->footprint_bytes = total;

    c->check_offsets = b->check_offsets = carve(&cursor, code_words32((size_t)s->m + 1));
    c->check_var = b->check_var = carve(&cursor, code_words32(s->edges));
    c->var_offsets = b->var_offsets = carve(&cursor, code_words32((size_t)s->n + 1));
    c->var_edges = b->var_edges = carve(&cursor, code_words32(s->edges));
    c->edge_check = b->edge_check = carve(&cursor, code_words32(s->edges));
    c->layer_offsets = b->layer_offsets = carve(&cursor, code_words32((size_t)s->layer_count + 1));
    c->layer_checks = b->layer_checks = carve(&cursor, code_words32(s->m));
    if (s->layers_reorder_checks) {
        c->layer_edge_offsets = b->layer_edge_offsets = carve(&cursor, code_words32((size_t)s->m + 1));
        c->layer_var = b->layer_var = carve(&cursor, code_words32(s->edges));
    }
    c->info_positions = b->info_positions = carve(&cursor, code_words32(s->k));
    if (s->dvb_groups > 0) {
        c->dvb_groups = s->dvb_groups;
        c->dvb_row_offsets = b->dvb_row_offsets = carve(&cursor, code_words32((size_t)s->dvb_groups + 1));
        c->dvb_addresses = b->dvb_addresses = carve(&cursor, code_words32(s->dvb_address_count));
    }
    if (s->gen_words_per_row > 0) {
        c->gen_words_per_row = s->gen_words_per_row;
        c->parity_positions = b->parity_positions = carve(&cursor, code_words32((size_t)s->n - s->k));
        c->gen_rows = b->gen_rows =
            carve(&cursor, (size_t)(s->n - s->k) * s->gen_words_per_row * sizeof(uint64_t));
    }
    if (s->triangular) {
        c->parity_positions = b->parity_positions = carve(&cursor, code_words32((size_t)s->n - s->k));
        c->parity_checks = b->parity_checks = carve(&cursor, code_words32((size_t)s->n - s->k));
    }
    return LDPC_OK;
}

void code_builder_index_edges(code_builder *b)
{
    ldpc_code *c = b->code;
    uint32_t max_cd = 0, min_cd = UINT32_MAX;
    for (uint32_t chk = 0; chk < c->m; chk++) {
        uint32_t degree = b->check_offsets[chk + 1] - b->check_offsets[chk];
        max_cd = degree > max_cd ? degree : max_cd;
        min_cd = degree < min_cd ? degree : min_cd;
        for (uint32_t e = b->check_offsets[chk]; e < b->check_offsets[chk + 1]; e++)
            b->edge_check[e] = chk;
    }
    /* Counting sort by variable; edges arrive in ascending check order, so each
     * variable's list comes out sorted by check. */
    memset(b->var_offsets, 0, ((size_t)c->n + 1) * sizeof(uint32_t));
    for (uint32_t e = 0; e < c->edges; e++)
        b->var_offsets[b->check_var[e] + 1]++;
    for (uint32_t v = 0; v < c->n; v++)
        b->var_offsets[v + 1] += b->var_offsets[v];
    uint32_t max_vd = 0, min_vd = UINT32_MAX;
    for (uint32_t v = 0; v < c->n; v++) {
        uint32_t degree = b->var_offsets[v + 1] - b->var_offsets[v];
        max_vd = degree > max_vd ? degree : max_vd;
        min_vd = degree < min_vd ? degree : min_vd;
    }
    /* Each variable's offset serves as its fill cursor, then is shifted back. */
    for (uint32_t e = 0; e < c->edges; e++) {
        uint32_t v = b->check_var[e];
        b->var_edges[b->var_offsets[v]++] = e;
    }
    for (uint32_t v = c->n; v > 0; v--)
        b->var_offsets[v] = b->var_offsets[v - 1];
    b->var_offsets[0] = 0;
    c->max_check_degree = max_cd;
    c->min_check_degree = min_cd;
    c->max_var_degree = max_vd;
    c->min_var_degree = min_vd;
}

void code_builder_single_check_layers(code_builder *b)
{
    ldpc_code *c = b->code;
    c->layer_count = c->m;
    c->layer_size = 1;
    for (uint32_t chk = 0; chk < c->m; chk++) {
        b->layer_offsets[chk] = chk;
        b->layer_checks[chk] = chk;
    }
    b->layer_offsets[c->m] = c->m;
    c->layers_disjoint = 1;
    code_builder_layer_edges(b);
}

void code_builder_block_row_layers(code_builder *b, uint32_t z)
{
    ldpc_code *c = b->code;
    c->layer_count = c->m / z;
    c->layer_size = z;
    for (uint32_t l = 0; l <= c->layer_count; l++)
        b->layer_offsets[l] = l * z;
    for (uint32_t chk = 0; chk < c->m; chk++)
        b->layer_checks[chk] = chk;
    c->layers_disjoint = 1;
    code_builder_layer_edges(b);
}

void code_builder_layer_edges(code_builder *b)
{
    ldpc_code *c = b->code;
    if (b->layer_var == NULL) {
        c->layer_edge_offsets = c->check_offsets;
        c->layer_var = c->check_var;
        return;
    }
    uint32_t *var = b->layer_var;
    for (uint32_t i = 0; i < c->m; i++) {
        const uint32_t chk = b->layer_checks[i];
        b->layer_edge_offsets[i] = (uint32_t)(var - b->layer_var);
        for (uint32_t e = b->check_offsets[chk]; e < b->check_offsets[chk + 1]; e++)
            *var++ = b->check_var[e];
    }
    b->layer_edge_offsets[c->m] = c->edges;
}

size_t code_repeat_lists_bytes(uint32_t layer_count, uint32_t m, uint32_t snapshot_vars,
                               uint32_t repeat_edges)
{
    if (repeat_edges == 0)
        return 0;
    return code_words32((size_t)layer_count + 1) + code_words32(snapshot_vars) + code_words32((size_t)m + 1) +
           2 * code_words32(repeat_edges);
}

typedef struct {
    uint32_t *snapshot_offsets, *snapshot_vars, *repeat_offsets, *repeat_edges, *repeat_slots;
} repeat_lists;

typedef struct {
    uint32_t snapshots, repeats, max_layer_snapshots;
} repeat_counts;

/* Walks the layers in order, counting and (when lists != NULL) filling the
 * repeat lists. seen[v] = 1 + the last layer that used v; slot[v] = 1 + v's
 * snapshot slot in that layer, 0 while it has none. */
static repeat_counts walk_layer_repeats(const code_builder *b, uint32_t *seen, uint32_t *slot,
                                        const repeat_lists *lists)
{
    const ldpc_code *c = b->code;
    memset(seen, 0, (size_t)c->n * sizeof(uint32_t));
    repeat_counts count = {0, 0, 0};
    for (uint32_t l = 0; l < c->layer_count; l++) {
        uint32_t layer_first = count.snapshots;
        if (lists != NULL)
            lists->snapshot_offsets[l] = layer_first;
        for (uint32_t i = b->layer_offsets[l]; i < b->layer_offsets[l + 1]; i++) {
            uint32_t chk = b->layer_checks[i];
            if (lists != NULL)
                lists->repeat_offsets[i] = count.repeats;
            for (uint32_t e = b->check_offsets[chk]; e < b->check_offsets[chk + 1]; e++) {
                uint32_t v = b->check_var[e];
                if (seen[v] != l + 1) {
                    seen[v] = l + 1;
                    slot[v] = 0;
                    continue;
                }
                if (slot[v] == 0) {
                    if (lists != NULL)
                        lists->snapshot_vars[count.snapshots] = v;
                    slot[v] = ++count.snapshots - layer_first;
                }
                if (lists != NULL) {
                    lists->repeat_edges[count.repeats] = e;
                    lists->repeat_slots[count.repeats] = slot[v] - 1;
                }
                count.repeats++;
            }
        }
        if (count.snapshots - layer_first > count.max_layer_snapshots)
            count.max_layer_snapshots = count.snapshots - layer_first;
    }
    if (lists != NULL) {
        lists->snapshot_offsets[c->layer_count] = count.snapshots;
        lists->repeat_offsets[b->layer_offsets[c->layer_count]] = count.repeats;
    }
    return count;
}

/* 1 where the layers visit the checks in index order. */
static int layers_keep_index_order(const code_builder *b)
{
    for (uint32_t i = 0; i < b->code->m; i++)
        if (b->layer_checks[i] != i)
            return 0;
    return 1;
}

ldpc_status code_builder_check_layers(code_builder *b, uint32_t *scratch)
{
    ldpc_code *c = b->code;
    /* Reordering layers need the layer-ordered edges stored apart: a shape
     * without layers_reorder_checks is a constructor's mistake. */
    if (b->layer_var == NULL && !layers_keep_index_order(b))
        return LDPC_ERR_INVALID;
    code_builder_layer_edges(b);
    uint32_t *slot = malloc((size_t)c->n * sizeof(uint32_t));
    if (slot == NULL)
        return LDPC_ERR_NO_MEMORY;
    repeat_counts count = walk_layer_repeats(b, scratch, slot, NULL);
    c->layers_disjoint = count.repeats == 0;
    c->layer_repeat_count = count.repeats;
    c->max_layer_snapshots = count.max_layer_snapshots;
    ldpc_status status = LDPC_OK;
    if (count.repeats > 0) {
        size_t bytes = code_repeat_lists_bytes(c->layer_count, c->m, count.snapshots, count.repeats);
        unsigned char *block = malloc(bytes);
        if (block == NULL) {
            status = LDPC_ERR_NO_MEMORY;
        } else {
            repeat_lists lists;
            unsigned char *cursor = block;
            lists.snapshot_offsets = carve(&cursor, code_words32((size_t)c->layer_count + 1));
            lists.snapshot_vars = carve(&cursor, code_words32(count.snapshots));
            lists.repeat_offsets = carve(&cursor, code_words32((size_t)c->m + 1));
            lists.repeat_edges = carve(&cursor, code_words32(count.repeats));
            lists.repeat_slots = carve(&cursor, code_words32(count.repeats));
            walk_layer_repeats(b, scratch, slot, &lists);
            c->repeats_block = block;
            c->layer_snapshot_offsets = lists.snapshot_offsets;
            c->layer_snapshot_vars = lists.snapshot_vars;
            c->check_repeat_offsets = lists.repeat_offsets;
            c->check_repeat_edges = lists.repeat_edges;
            c->check_repeat_slots = lists.repeat_slots;
            c->footprint_bytes += bytes;
        }
    }
    free(slot);
    return status;
}

void ldpc_code_destroy(ldpc_code *code)
{
    if (code == NULL)
        return;
    free(code->repeats_block);
    free(code->transmission_block);
    free(code->gap_block);
    free(code); /* everything else is one block starting with the struct */
}

uint32_t ldpc_code_unsatisfied_checks(const ldpc_code *code, const uint8_t *bits)
{
    if (!ldpc_code_has_graph(code))
        return dvb_unsatisfied_checks(code, bits);
    uint32_t unsatisfied = 0;
    for (uint32_t chk = 0; chk < code->m; chk++) {
        uint8_t parity = 0;
        for (uint32_t e = code->check_offsets[chk]; e < code->check_offsets[chk + 1]; e++)
            parity ^= bits[code->check_var[e]];
        unsatisfied += parity & 1u;
    }
    return unsatisfied;
}
