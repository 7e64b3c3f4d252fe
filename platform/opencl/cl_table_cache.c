#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cl_error.h"
#include "code/code_struct.h"
#include "cl_item_kernels.h"
#include "cl_table_cache.h"
#include "opencl_circulant_tables.h"
#include "opencl_latency_order.h"
#include "util/error_internal.h"

/* The latency kernels' bound on the check degree (22_layered_latency.cl). */
#define LATENCY_MAX_DEGREE 32u
#define LATENCY_NO_EDGE 0xFFFFFFFFu
#define LAYER_SHARES 0x80000000u

size_t cl_latency_slot_capacity(uint32_t m, uint32_t max_check_degree)
{
    return (size_t)m * (max_check_degree < LATENCY_MAX_DEGREE ? max_check_degree
                                                              : LATENCY_MAX_DEGREE);
}

size_t cl_table_words(uint32_t n, uint32_t m, uint32_t edges, uint32_t layer_count,
                      uint32_t snapshots, size_t latency_slots, size_t circulant_words)
{
    /* check_offsets, check_var, var_offsets, var_edges, layer_offsets, layer_checks */
    size_t graph = ((size_t)m + 1) + edges + ((size_t)n + 1) + edges +
                   ((size_t)layer_count + 1) + m;
    /* item_offsets, item_var, item_slot, snapshot_offsets, snapshot_vars */
    size_t item = ((size_t)m + 1) + 2 * (size_t)edges + ((size_t)layer_count + 1) + snapshots;
    /* latency_layers, latency_var, latency_position */
    return graph + item + 2 * (size_t)layer_count + latency_slots + (latency_slots > 0 ? n : 0) +
           circulant_words;
}


#define SHARED_IN_LAYER 0x80000000u
#define REPEATED_IN_LAYER 0x80000000u
#define SAME_STEP 0x40000000u

ldpc_status cl_table_cache_init(cl_table_cache *cache, cl_mem arena, size_t capacity_words,
                                uint32_t max_n, uint32_t max_m, uint32_t max_edges,
                                uint32_t max_check_degree, ldpc_error *err)
{
    memset(cache, 0, sizeof *cache);
    cache->arena = arena;
    cache->capacity_words = capacity_words;
    size_t edge_words = (size_t)max_edges * sizeof(uint32_t);
    cache->flagged_check_var = malloc(edge_words);
    cache->layer_stamp = malloc((size_t)max_n * sizeof(uint32_t));
    cache->last_use = malloc((size_t)max_n * sizeof(uint32_t));
    cache->item_var = malloc(edge_words);
    cache->item_slot = malloc(edge_words);
    cache->no_snapshots = calloc((size_t)max_m + 1, sizeof(uint32_t));
    cache->latency_layers = malloc(2 * (size_t)max_m * sizeof(uint32_t));
    cache->latency_var = malloc(cl_latency_slot_capacity(max_m, max_check_degree) *
                                sizeof(uint32_t));
    cache->latency_position = malloc((size_t)max_n * sizeof(uint32_t));
    cache->circulants = malloc(opencl_circulant_capacity(max_m, max_edges) * sizeof(uint32_t));
    cache->schedule.layer_offsets =
        malloc(frame_schedule_layer_capacity(max_m) * sizeof(uint32_t));
    cache->schedule.edges = malloc(frame_schedule_edge_capacity(max_edges) *
                                   sizeof(frame_block_edge));
    if (cache->flagged_check_var == NULL || cache->layer_stamp == NULL || cache->last_use == NULL ||
        cache->item_var == NULL || cache->item_slot == NULL ||
        cache->no_snapshots == NULL || cache->latency_layers == NULL ||
        cache->latency_var == NULL || cache->latency_position == NULL ||
        cache->circulants == NULL || cache->schedule.layer_offsets == NULL ||
        cache->schedule.edges == NULL)
        return ldpc_fail(err, LDPC_ERR_NO_MEMORY, "OpenCL table scratch: out of memory");
    return LDPC_OK;
}

static uint32_t snapshot_count(const ldpc_code *code)
{
    return code->layers_disjoint ? 0 : code->layer_snapshot_offsets[code->layer_count];
}

/* The edges in layer order for the item-per-frame kernels (their offsets by
 * layer position are the code's layer_edge_offsets): item_var the variable
 * (code->layer_var), with REPEATED_IN_LAYER on the edges
 * listed in check_repeat_edges (they read snapshot slot item_slot; 0
 * elsewhere) and SAME_STEP on those whose variable the kernel's step also
 * updated in an earlier check (the kernel then reads the posterior again
 * before adding to it). last_use[v]: the layer position that last used v. */
static void layer_order_edges(cl_table_cache *cache, const ldpc_code *code)
{
    uint32_t step = cl_layered_item_kernels[cl_layered_item_kernel_for(code->max_check_degree)]
                        .checks_per_step;
    uint32_t k = 0;
    for (uint32_t l = 0; l < code->layer_count; l++) {
        uint32_t first = code->layer_offsets[l];
        for (uint32_t i = first; i < code->layer_offsets[l + 1]; i++) {
            uint32_t c = code->layer_checks[i];
            uint32_t r = 0, repeats = 0;
            if (!code->layers_disjoint) {
                r = code->check_repeat_offsets[i];
                repeats = code->check_repeat_offsets[i + 1];
            }
            for (uint32_t e = code->check_offsets[c]; e < code->check_offsets[c + 1]; e++, k++) {
                uint32_t v = code->layer_var[k];
                cache->item_var[k] = v;
                cache->item_slot[k] = 0;
                /* check_repeat_edges lists the check's repeats in ascending order;
                 * a repeat's variable was last used earlier in this layer. */
                if (r < repeats && code->check_repeat_edges[r] == e) {
                    cache->item_var[k] |= REPEATED_IN_LAYER;
                    if ((cache->last_use[v] - first) / step == (i - first) / step)
                        cache->item_var[k] |= SAME_STEP;
                    cache->item_slot[k] = code->check_repeat_slots[r++];
                }
                cache->last_use[v] = i;
            }
        }
    }
}

/* check_var with SHARED_IN_LAYER on the edges whose variable is used by more
 * than one check of the layer. layer_stamp[v] = 1 + the last layer that used
 * v, or that value with the flag bit once a second check of it used v. */
static const uint32_t *flag_shared_variables(cl_table_cache *cache, const ldpc_code *code)
{
    uint32_t *flagged = cache->flagged_check_var, *stamp = cache->layer_stamp;
    memset(stamp, 0, (size_t)code->n * sizeof(uint32_t));
    for (uint32_t l = 0; l < code->layer_count; l++) {
        for (int pass = 0; pass < 2; pass++) {
            for (uint32_t i = code->layer_offsets[l]; i < code->layer_offsets[l + 1]; i++) {
                uint32_t c = code->layer_checks[i];
                for (uint32_t e = code->check_offsets[c]; e < code->check_offsets[c + 1]; e++) {
                    uint32_t v = code->check_var[e];
                    /* A check's variables are distinct: a repeat is another check. */
                    if (pass == 0)
                        stamp[v] = (stamp[v] & ~SHARED_IN_LAYER) == l + 1
                                       ? stamp[v] | SHARED_IN_LAYER
                                       : l + 1;
                    else
                        flagged[e] = v | (stamp[v] & SHARED_IN_LAYER);
                }
            }
        }
    }
    return flagged;
}

/* Slots of the latency tables (sum over layers of checks x largest degree,
 * at most cl_latency_slot_capacity), or 0 when the code's checks are too
 * large for the latency kernels. */
static uint32_t latency_slot_count(const ldpc_code *code)
{
    if (code->max_check_degree > LATENCY_MAX_DEGREE)
        return 0;
    uint64_t slots = 0;
    for (uint32_t l = 0; l < code->layer_count; l++)
        slots += (uint64_t)(code->layer_offsets[l + 1] - code->layer_offsets[l]) *
                 opencl_latency_layer_slots(code, l);
    return (uint32_t)slots;
}

static uint32_t max_layer_size(const ldpc_code *code)
{
    uint32_t largest = 0;
    for (uint32_t l = 0; l < code->layer_count; l++) {
        uint32_t size = code->layer_offsets[l + 1] - code->layer_offsets[l];
        largest = size > largest ? size : largest;
    }
    return largest;
}

/* The latency tables (kernels/22_layered_latency.cl) from check_var as
 * flagged: per layer its first slot and its slots per check (with
 * LAYER_SHARES when an edge of the layer is SHARED_IN_LAYER), and slot j of
 * the check at layer position i at base + j * checks + i, naming the
 * variable by its position in the latency order (opencl_latency_order.h). */
static void latency_tables(cl_table_cache *cache, const ldpc_code *code, const uint32_t *flagged)
{
    opencl_latency_order(code, cache->latency_position);
    uint32_t base = 0;
    for (uint32_t l = 0; l < code->layer_count; l++) {
        uint32_t first = code->layer_offsets[l], checks = code->layer_offsets[l + 1] - first;
        uint32_t slots = opencl_latency_layer_slots(code, l), shares = 0;
        for (uint32_t i = 0; i < checks; i++) {
            uint32_t c = code->layer_checks[first + i];
            uint32_t e0 = code->check_offsets[c], degree = code->check_offsets[c + 1] - e0;
            for (uint32_t j = 0; j < slots; j++) {
                uint32_t word = LATENCY_NO_EDGE;
                if (j < degree)
                    word = (flagged[e0 + j] & SHARED_IN_LAYER) |
                           cache->latency_position[flagged[e0 + j] & ~SHARED_IN_LAYER];
                shares |= j < degree && (word & SHARED_IN_LAYER);
                cache->latency_var[base + j * checks + i] = word;
            }
        }
        cache->latency_layers[2 * l] = base;
        cache->latency_layers[2 * l + 1] = slots | (shares ? LAYER_SHARES : 0);
        base += slots * checks;
    }
}

static uint64_t hash_words(uint64_t hash, const uint32_t *words, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        hash ^= words[i];
        hash *= 1099511628211ull;
    }
    return hash;
}

/* What the decoder reads: the graph and the layer order. */
static uint64_t content_hash(const ldpc_code *code)
{
    uint64_t hash = 14695981039346656037ull;
    hash = hash_words(hash, code->check_offsets, (size_t)code->m + 1);
    hash = hash_words(hash, code->check_var, code->edges);
    hash = hash_words(hash, code->layer_offsets, (size_t)code->layer_count + 1);
    return hash_words(hash, code->layer_checks, code->m);
}

static int same_shape(const cl_table_entry *entry, const ldpc_code *code)
{
    return entry->n == code->n && entry->m == code->m && entry->edges == code->edges &&
           entry->layer_count == code->layer_count;
}

/* The lowest arena offset with `words` free words, or SIZE_MAX. */
static size_t find_gap(const cl_table_cache *cache, size_t words)
{
    size_t candidate = 0;
    for (;;) {
        int moved = 0;
        for (size_t i = 0; i < CL_TABLE_CACHE_SLOTS; i++) {
            const cl_table_entry *e = &cache->entries[i];
            if (e->used && e->start < candidate + words && candidate < e->start + e->words) {
                candidate = e->start + e->words; /* overlaps: try just after it */
                moved = 1;
            }
        }
        if (!moved)
            return candidate + words <= cache->capacity_words ? candidate : SIZE_MAX;
    }
}

static cl_table_entry *least_recently_used(cl_table_cache *cache)
{
    cl_table_entry *oldest = NULL;
    for (size_t i = 0; i < CL_TABLE_CACHE_SLOTS; i++) {
        cl_table_entry *e = &cache->entries[i];
        if (e->used && (oldest == NULL || e->last_used < oldest->last_used))
            oldest = e;
    }
    return oldest;
}

static cl_table_entry *free_slot(cl_table_cache *cache)
{
    for (size_t i = 0; i < CL_TABLE_CACHE_SLOTS; i++)
        if (!cache->entries[i].used)
            return &cache->entries[i];
    return NULL;
}

static void remember_address(cl_table_entry *entry, const ldpc_code *code)
{
    entry->code = code;
    memcpy(entry->name, code->name, sizeof entry->name);
}

static ldpc_status upload(cl_table_cache *cache, cl_command_queue queue, cl_table_entry *entry,
                          const ldpc_code *code, ldpc_error *err)
{
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    layer_order_edges(cache, code);
    const uint32_t *flagged = flag_shared_variables(cache, code);
    uint32_t latency_slots = entry->tables.latency_slots;
    uint32_t circulant_words = entry->tables.circulant_words;
    if (latency_slots > 0)
        latency_tables(cache, code, flagged);
    if (circulant_words > 0)
        opencl_circulant_tables(&cache->schedule, code, cache->circulants);
    int disjoint = code->layers_disjoint;
    struct {
        const uint32_t *data;
        size_t count;
        cl_uint *offset;
    } arrays[] = {
        {code->check_offsets, (size_t)code->m + 1, &entry->tables.check_offsets},
        {flagged, code->edges, &entry->tables.check_var},
        {code->var_offsets, (size_t)code->n + 1, &entry->tables.var_offsets},
        {code->var_edges, code->edges, &entry->tables.var_edges},
        {code->layer_offsets, (size_t)code->layer_count + 1, &entry->tables.layer_offsets},
        {code->layer_checks, code->m, &entry->tables.layer_checks},
        {code->layer_edge_offsets, (size_t)code->m + 1, &entry->tables.item_offsets},
        {cache->item_var, code->edges, &entry->tables.item_var},
        {cache->item_slot, code->edges, &entry->tables.item_slot},
        {disjoint ? cache->no_snapshots : code->layer_snapshot_offsets,
         (size_t)code->layer_count + 1, &entry->tables.snapshot_offsets},
        {code->layer_snapshot_vars, snapshot_count(code), &entry->tables.snapshot_vars},
        {cache->latency_layers, latency_slots > 0 ? 2 * (size_t)code->layer_count : 0,
         &entry->tables.latency_layers},
        {cache->latency_var, latency_slots, &entry->tables.latency_var},
        {cache->latency_position, latency_slots > 0 ? code->n : 0,
         &entry->tables.latency_position},
        {cache->circulants, circulant_words, &entry->tables.circulants},
    };
    size_t at = entry->start;
    cl_int rc = CL_SUCCESS;
    for (size_t i = 0; i < sizeof arrays / sizeof arrays[0] && rc == CL_SUCCESS; i++) {
        *arrays[i].offset = (cl_uint)at;
        if (arrays[i].count > 0) /* a write of 0 bytes is an error */
            rc = clEnqueueWriteBuffer(queue, cache->arena, CL_FALSE, at * sizeof(uint32_t),
                                      arrays[i].count * sizeof(uint32_t), arrays[i].data, 0,
                                      NULL, NULL);
        at += arrays[i].count;
    }
    /* Waiting here keeps the code's arrays and the scratch out of the driver's
     * hands after return, and times the upload. */
    if (rc == CL_SUCCESS)
        rc = clFinish(queue);
    if (rc != CL_SUCCESS)
        return ldpc_fail(err, LDPC_ERR_IO, "uploading the tables of '%s': %s", code->name,
                         cl_error_name(rc));
    clock_gettime(CLOCK_MONOTONIC, &end);
    cache->last_upload_ns = (uint64_t)(end.tv_sec - start.tv_sec) * 1000000000u +
                            (uint64_t)(end.tv_nsec - start.tv_nsec);
    cache->uploads++;
    cache->upload_bytes += entry->words * sizeof(uint32_t);
    return LDPC_OK;
}

ldpc_status cl_table_cache_lookup(cl_table_cache *cache, cl_command_queue queue,
                                  const ldpc_code *code, cl_code_tables *out, ldpc_error *err)
{
    cache->lookups++;
    cache->clock++;
    cl_table_entry *hit = NULL;
    for (size_t i = 0; i < CL_TABLE_CACHE_SLOTS && hit == NULL; i++) {
        cl_table_entry *e = &cache->entries[i];
        if (e->used && e->code == code && same_shape(e, code) &&
            strncmp(e->name, code->name, sizeof e->name) == 0)
            hit = e;
    }
    uint64_t hash = 0;
    if (hit == NULL) {
        hash = content_hash(code);
        for (size_t i = 0; i < CL_TABLE_CACHE_SLOTS && hit == NULL; i++) {
            cl_table_entry *e = &cache->entries[i];
            if (e->used && same_shape(e, code) && e->content_hash == hash) {
                hit = e;
                remember_address(hit, code);
            }
        }
    }
    if (hit != NULL) {
        cache->hits++;
        hit->last_used = cache->clock;
        *out = hit->tables;
        return LDPC_OK;
    }

    cache->misses++;
    uint32_t latency_slots = latency_slot_count(code);
    /* The circulant kernels use the slot kernels' message layout. */
    uint32_t circulant_words = latency_slots > 0 ? opencl_circulant_words(code) : 0;
    size_t words = cl_table_words(code->n, code->m, code->edges, code->layer_count,
                                  snapshot_count(code), latency_slots, circulant_words);
    if (words > cache->capacity_words)
        return ldpc_fail(err, LDPC_ERR_LIMITS, "tables of '%s' (%zu words) exceed the arena (%zu)",
                         code->name, words, cache->capacity_words);
    size_t start = 0;
    cl_table_entry *slot;
    while ((slot = free_slot(cache)) == NULL || (start = find_gap(cache, words)) == SIZE_MAX) {
        least_recently_used(cache)->used = 0;
        cache->evictions++;
    }
    memset(slot, 0, sizeof *slot);
    slot->start = start;
    slot->words = words;
    slot->n = code->n;
    slot->m = code->m;
    slot->edges = code->edges;
    slot->layer_count = code->layer_count;
    slot->content_hash = hash;
    slot->tables.n = code->n;
    slot->tables.m = code->m;
    slot->tables.layer_count = code->layer_count;
    slot->tables.max_check_degree = code->max_check_degree;
    slot->tables.latency_slots = latency_slots;
    slot->tables.circulant_words = circulant_words;
    slot->tables.max_layer_size = max_layer_size(code);
    remember_address(slot, code);
    ldpc_status status = upload(cache, queue, slot, code, err);
    if (status != LDPC_OK)
        return status; /* the slot stays free: nothing half-uploaded is ever found */
    slot->used = 1;
    slot->last_used = cache->clock;
    *out = slot->tables;
    return LDPC_OK;
}

uint32_t cl_table_cache_resident(const cl_table_cache *cache)
{
    uint32_t count = 0;
    for (size_t i = 0; i < CL_TABLE_CACHE_SLOTS; i++)
        count += cache->entries[i].used != 0;
    return count;
}

void cl_table_cache_release(cl_table_cache *cache)
{
    free(cache->flagged_check_var);
    free(cache->layer_stamp);
    free(cache->last_use);
    free(cache->item_var);
    free(cache->item_slot);
    free(cache->no_snapshots);
    free(cache->latency_layers);
    free(cache->latency_var);
    free(cache->latency_position);
    free(cache->circulants);
    free(cache->schedule.layer_offsets);
    free(cache->schedule.edges);
    cache->circulants = NULL;
    cache->schedule.layer_offsets = NULL;
    cache->schedule.edges = NULL;
    cache->flagged_check_var = cache->layer_stamp = cache->last_use = NULL;
    cache->item_var = cache->item_slot = cache->no_snapshots = NULL;
    cache->latency_layers = cache->latency_var = cache->latency_position = NULL;
    if (cache->arena != NULL)
        clReleaseMemObject(cache->arena);
    cache->arena = NULL;
}
