#include "ldpc/nonbinary.h"
#include "degree_profile.h"
#include "nb_code_list.h"
#include "tool_common.h"

static void print_json(FILE *out, const ldpc_nb_code *code, uint32_t girth, int first,
                       const degree_profile *vars, const degree_profile *checks)
{
    const ldpc_code *g = ldpc_nb_code_graph(code);
    uint32_t p = ldpc_nb_code_bits_per_symbol(code), n = ldpc_code_n(g), k = ldpc_code_k(g);
    fprintf(out,
            "%s\n  {\"name\":\"%s\",\"alias_of\":null,\"nonbinary\":true,\"q\":%u,"
            "\"bits_per_symbol\":%u,\"n\":%u,\"k\":%u,\"m\":%u,\"n_bits\":%u,\"k_bits\":%u,"
            "\"rate\":%.6f,\"edges\":%u,\"layers\":%u,\"layer_size\":%u,\"girth\":%u,"
            "\"footprint_bytes\":%zu,\"variable_degrees\":",
            first ? "" : ",", ldpc_code_name(g), ldpc_nb_code_q(code), p, n, k, ldpc_code_m(g), n * p, k * p,
            (double)k / n, ldpc_code_edges(g), ldpc_code_layer_count(g), ldpc_code_layer_size(g),
            girth, ldpc_nb_code_footprint(code));
    degree_profile_print(out, vars, 1);
    fputs(",\"check_degrees\":", out);
    degree_profile_print(out, checks, 1);
    fputc('}', out);
}

static void print_text(FILE *out, const ldpc_nb_code *code, uint32_t girth,
                       const degree_profile *vars, const degree_profile *checks)
{
    const ldpc_code *g = ldpc_nb_code_graph(code);
    uint32_t p = ldpc_nb_code_bits_per_symbol(code), n = ldpc_code_n(g), k = ldpc_code_k(g);
    fprintf(out, "%-20s %4u %6u %6u %7u %7u %6.4f %7u %6u %5u %10zu  ", ldpc_code_name(g), ldpc_nb_code_q(code),
            n, k, n * p, k * p, (double)k / n, ldpc_code_edges(g), ldpc_code_layer_count(g), girth,
            ldpc_nb_code_footprint(code));
    degree_profile_print(out, vars, 0);
    fputs(" | ", out);
    degree_profile_print(out, checks, 0);
    fputc('\n', out);
}

static int list_one(FILE *out, const char *name, int json, int first)
{
    ldpc_nb_code *code = NULL;
    ldpc_error err = {{0}};
    if (ldpc_nb_code_create(name, &code, &err) != LDPC_OK) {
        tool_error("%s", err.message);
        return -1;
    }
    const ldpc_code *g = ldpc_nb_code_graph(code);
    degree_profile vars = {0}, checks = {0};
    int result = -1;
    if (degree_profile_build(&vars, g, 0) == 0 &&
        degree_profile_build(&checks, g, 1) == 0) {
        /* Cheap for these sizes (a breadth-first search per symbol): milliseconds. */
        uint32_t girth = ldpc_code_girth(g);
        if (json)
            print_json(out, code, girth, first, &vars, &checks);
        else
            print_text(out, code, girth, &vars, &checks);
        result = 0;
    } else {
        tool_error("out of memory");
    }
    degree_profile_free(&vars);
    degree_profile_free(&checks);
    ldpc_nb_code_destroy(code);
    return result;
}

int nb_code_list(FILE *out, int json, int first)
{
    size_t count = ldpc_nb_builtin_code_count();
    if (!json)
        fprintf(out,
                "\nnonbinary codes over GF(q): n, k in symbols and bits (p = log2 q bits per "
                "symbol)\n%-20s %4s %6s %6s %7s %7s %6s %7s %6s %5s %10s  %s\n",
                "name", "q", "n", "k", "n_bits", "k_bits", "rate", "edges", "layers", "girth",
                "footprint", "variable degrees | check degrees");
    for (size_t i = 0; i < count; i++)
        if (list_one(out, ldpc_nb_builtin_code_name(i), json, first && i == 0) != 0)
            return -1;
    return 0;
}
