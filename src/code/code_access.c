/* The public getters of a code description (ldpc/code.h). */
#include "code/code_struct.h"

const char *ldpc_code_name(const ldpc_code *code) { return code->name; }
ldpc_family ldpc_code_family(const ldpc_code *code) { return code->family; }
uint32_t ldpc_code_n(const ldpc_code *code) { return code->n; }
uint32_t ldpc_code_m(const ldpc_code *code) { return code->m; }
uint32_t ldpc_code_edges(const ldpc_code *code) { return code->edges; }
uint32_t ldpc_code_max_check_degree(const ldpc_code *code) { return code->max_check_degree; }
uint32_t ldpc_code_max_var_degree(const ldpc_code *code) { return code->max_var_degree; }
size_t ldpc_code_footprint(const ldpc_code *code) { return code->footprint_bytes; }

const uint32_t *ldpc_code_check_vars(const ldpc_code *code, uint32_t c, uint32_t *degree)
{
    if (code->check_offsets == NULL || c >= code->m) {
        *degree = 0;
        return NULL;
    }
    *degree = code->check_offsets[c + 1] - code->check_offsets[c];
    return code->check_var + code->check_offsets[c];
}

uint32_t ldpc_code_var_degree(const ldpc_code *code, uint32_t v)
{
    if (code->var_offsets == NULL || v >= code->n)
        return 0;
    return code->var_offsets[v + 1] - code->var_offsets[v];
}

uint32_t ldpc_code_check_degree(const ldpc_code *code, uint32_t c)
{
    uint32_t degree;
    ldpc_code_check_vars(code, c, &degree);
    return degree;
}

uint32_t ldpc_code_layer_count(const ldpc_code *code) { return code->layer_count; }
uint32_t ldpc_code_layer_size(const ldpc_code *code) { return code->layer_size; }
