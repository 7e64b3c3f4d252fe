#include <stdlib.h>

#include "degree_profile.h"

static uint32_t degree(const ldpc_code *code, int checks, uint32_t i)
{
    return checks ? ldpc_code_check_degree(code, i) : ldpc_code_var_degree(code, i);
}

int degree_profile_build(degree_profile *p, const ldpc_code *code, int checks)
{
    uint32_t count = checks ? ldpc_code_m(code) : ldpc_code_n(code);
    p->max_degree = 0;
    for (uint32_t i = 0; i < count; i++)
        if (degree(code, checks, i) > p->max_degree)
            p->max_degree = degree(code, checks, i);
    p->nodes_with_degree = calloc((size_t)p->max_degree + 1, sizeof *p->nodes_with_degree);
    if (p->nodes_with_degree == NULL)
        return -1;
    for (uint32_t i = 0; i < count; i++)
        p->nodes_with_degree[degree(code, checks, i)]++;
    return 0;
}

void degree_profile_free(degree_profile *p)
{
    free(p->nodes_with_degree);
    p->nodes_with_degree = NULL;
}

void degree_profile_print(FILE *out, const degree_profile *p, int json)
{
    const char *separator = "";
    if (json)
        fputc('{', out);
    for (uint32_t d = p->max_degree + 1; d-- > 0;) {
        if (p->nodes_with_degree[d] == 0)
            continue;
        if (json)
            fprintf(out, "%s\"%u\":%u", separator, d, p->nodes_with_degree[d]);
        else
            fprintf(out, "%s%ux%u", separator, d, p->nodes_with_degree[d]);
        separator = json ? "," : " ";
    }
    if (json)
        fputc('}', out);
}
