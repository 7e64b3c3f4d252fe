#include <string.h>
#include <time.h>

#include "cl_error.h"
#include "code/code_struct.h"
#include "nb/nb_code_struct.h"
#include "cl_nb_tables.h"
#include "nb/gf.h"
#include "util/error_internal.h"

static size_t words_for_bytes(size_t bytes)
{
    return (bytes + sizeof(cl_uint) - 1) / sizeof(cl_uint);
}

size_t cl_nb_table_words(uint32_t n, uint32_t m, uint32_t edges, uint32_t q)
{
    /* check_offsets, check_var, var_offsets, var_edges, layer_offsets (at most
     * one layer per check), layer_checks, then the byte tables. */
    return ((size_t)m + 1) + edges + ((size_t)n + 1) + edges + ((size_t)m + 1) + m +
           words_for_bytes(edges) + words_for_bytes((size_t)q * q);
}

void cl_nb_table_cache_init(cl_nb_table_cache *cache, cl_mem arena, size_t capacity_words)
{
    memset(cache, 0, sizeof *cache);
    cache->arena = arena;
    cache->capacity_words = capacity_words;
}

static uint64_t hash_bytes(uint64_t hash, const void *data, size_t bytes)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < bytes; i++) {
        hash ^= p[i];
        hash *= 1099511628211ull;
    }
    return hash;
}

/* What the kernels read: graph, layer order, coefficients and field. */
static uint64_t content_hash(const ldpc_nb_code *code)
{
    const ldpc_code *g = code->graph;
    uint64_t hash = hash_bytes(14695981039346656037ull, &code->q, sizeof code->q);
    hash = hash_bytes(hash, g->check_offsets, ((size_t)g->m + 1) * sizeof(uint32_t));
    hash = hash_bytes(hash, g->check_var, (size_t)g->edges * sizeof(uint32_t));
    hash = hash_bytes(hash, g->layer_offsets, ((size_t)g->layer_count + 1) * sizeof(uint32_t));
    hash = hash_bytes(hash, g->layer_checks, (size_t)g->m * sizeof(uint32_t));
    return hash_bytes(hash, code->edge_coef, g->edges);
}

static int same_shape(const cl_nb_table_cache *cache, const ldpc_nb_code *code)
{
    const ldpc_code *g = code->graph;
    return cache->n == g->n && cache->m == g->m && cache->edges == g->edges &&
           cache->q == code->q;
}

static uint32_t largest_layer(const ldpc_code *g)
{
    uint32_t largest = 0;
    for (uint32_t l = 0; l < g->layer_count; l++) {
        uint32_t size = g->layer_offsets[l + 1] - g->layer_offsets[l];
        largest = size > largest ? size : largest;
    }
    return largest;
}

static ldpc_status upload(cl_nb_table_cache *cache, cl_command_queue queue,
                          const ldpc_nb_code *code, ldpc_error *err)
{
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    const ldpc_code *g = code->graph;
    cl_nb_tables *t = &cache->tables;
    *t = (cl_nb_tables){.n = g->n,
                        .m = g->m,
                        .q = code->q,
                        .bits_per_symbol = code->bits_per_symbol,
                        .layer_count = g->layer_count,
                        .max_check_degree = g->max_check_degree,
                        .edges = g->edges};
    const struct {
        const void *data;
        size_t bytes;
        cl_uint *offset;
    } arrays[] = {
        {g->check_offsets, ((size_t)g->m + 1) * sizeof(uint32_t), &t->check_offsets},
        {g->check_var, (size_t)g->edges * sizeof(uint32_t), &t->check_var},
        {g->var_offsets, ((size_t)g->n + 1) * sizeof(uint32_t), &t->var_offsets},
        {g->var_edges, (size_t)g->edges * sizeof(uint32_t), &t->var_edges},
        {g->layer_offsets, ((size_t)g->layer_count + 1) * sizeof(uint32_t), &t->layer_offsets},
        {g->layer_checks, (size_t)g->m * sizeof(uint32_t), &t->layer_checks},
        {code->edge_coef, g->edges, &t->edge_coef},
        {gf_field_get(code->bits_per_symbol)->mul, (size_t)code->q * code->q, &t->gf_mul},
    };
    size_t at = 0;
    cl_int rc = CL_SUCCESS;
    for (size_t i = 0; i < sizeof arrays / sizeof arrays[0] && rc == CL_SUCCESS; i++) {
        *arrays[i].offset = (cl_uint)at;
        rc = clEnqueueWriteBuffer(queue, cache->arena, CL_FALSE, at * sizeof(cl_uint),
                                  arrays[i].bytes, arrays[i].data, 0, NULL, NULL);
        at += words_for_bytes(arrays[i].bytes);
    }
    /* Waiting keeps the code's arrays out of the driver's hands after return
     * and times the upload. */
    if (rc == CL_SUCCESS)
        rc = clFinish(queue);
    if (rc != CL_SUCCESS)
        return ldpc_fail(err, LDPC_ERR_IO, "uploading the tables of '%s': %s", g->name,
                         cl_error_name(rc));
    clock_gettime(CLOCK_MONOTONIC, &end);
    cache->last_upload_ns = (uint64_t)(end.tv_sec - start.tv_sec) * 1000000000u +
                            (uint64_t)(end.tv_nsec - start.tv_nsec);
    cache->uploads++;
    cache->upload_bytes += at * sizeof(cl_uint);
    return LDPC_OK;
}

ldpc_status cl_nb_table_cache_lookup(cl_nb_table_cache *cache, cl_command_queue queue,
                                     const ldpc_nb_code *code, ldpc_error *err)
{
    const ldpc_code *g = code->graph;
    cache->lookups++;
    if (cache->resident && cache->code == code && same_shape(cache, code) &&
        strncmp(cache->name, g->name, sizeof cache->name) == 0)
        return LDPC_OK;
    uint64_t hash = content_hash(code);
    if (!(cache->resident && same_shape(cache, code) && cache->content_hash == hash)) {
        size_t words = cl_nb_table_words(g->n, g->m, g->edges, code->q);
        if (words > cache->capacity_words)
            return ldpc_fail(err, LDPC_ERR_LIMITS,
                             "tables of '%s' (%zu words) exceed the arena (%zu)", g->name, words,
                             cache->capacity_words);
        cache->resident = 0; /* nothing half-uploaded is ever found */
        ldpc_status status = upload(cache, queue, code, err);
        if (status != LDPC_OK)
            return status;
        cache->resident = 1;
        cache->n = g->n;
        cache->m = g->m;
        cache->edges = g->edges;
        cache->q = code->q;
        cache->content_hash = hash;
        cache->largest_layer = largest_layer(g);
    }
    cache->code = code;
    memcpy(cache->name, g->name, sizeof cache->name);
    return LDPC_OK;
}

void cl_nb_table_cache_release(cl_nb_table_cache *cache)
{
    if (cache->arena != NULL)
        clReleaseMemObject(cache->arena);
    cache->arena = NULL;
    cache->resident = 0;
}
