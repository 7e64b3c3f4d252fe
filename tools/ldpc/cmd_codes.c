/* ldpc codes [--json] [NAME | --code NAME] [--alist]: every built-in code (or
 * one code, an alist file's too) with its parameters, or one code's
 * parity-check matrix as an alist file. */
#include <getopt.h>
#include <string.h>

#include "commands.h"
#include "degree_profile.h"
#include "nb_code_list.h"
#include "tool_common.h"

static void print_code(FILE *out, const ldpc_code *code, const char *alias_of, int json,
                       int first, const degree_profile *vars, const degree_profile *checks)
{
    double rate = (double)ldpc_code_k(code) / ldpc_code_n(code);
    if (json) {
        fprintf(out, "%s\n  {\"name\":\"%s\",\"alias_of\":", first ? "" : ",",
                ldpc_code_name(code));
        if (alias_of)
            fprintf(out, "\"%s\"", alias_of);
        else
            fputs("null", out);
        fprintf(out,
                ",\"n\":%u,\"k\":%u,\"m\":%u,\"rate\":%.6f,\"edges\":%u,\"layers\":%u,"
                "\"layer_size\":%u,\"footprint_bytes\":%zu,\"variable_degrees\":",
                ldpc_code_n(code), ldpc_code_k(code), ldpc_code_m(code), rate,
                ldpc_code_edges(code), ldpc_code_layer_count(code), ldpc_code_layer_size(code),
                ldpc_code_footprint(code));
        degree_profile_print(out, vars, 1);
        fputs(",\"check_degrees\":", out);
        degree_profile_print(out, checks, 1);
        fputc('}', out);
        return;
    }
    fprintf(out, "%-20s %6u %6u %6.4f %7u %6u %10zu  ", ldpc_code_name(code), ldpc_code_n(code),
            ldpc_code_k(code), rate, ldpc_code_edges(code), ldpc_code_layer_count(code),
            ldpc_code_footprint(code));
    degree_profile_print(out, vars, 0);
    fputs(" | ", out);
    degree_profile_print(out, checks, 0);
    if (alias_of)
        fprintf(out, "  (alias of %s)", alias_of);
    fputc('\n', out);
}

static int list_one(const char *name, const char *alias_of, int json, int first)
{
    ldpc_code *code = tool_open_code(name);
    if (code == NULL)
        return -1;
    degree_profile vars = {0}, checks = {0};
    int result = -1;
    if (degree_profile_build(&vars, code, 0) == 0 &&
        degree_profile_build(&checks, code, 1) == 0) {
        print_code(stdout, code, alias_of, json, first, &vars, &checks);
        result = 0;
    } else {
        tool_error("out of memory");
    }
    degree_profile_free(&vars);
    degree_profile_free(&checks);
    ldpc_code_destroy(code);
    return result;
}

static int write_alist(const char *name)
{
    if (name == NULL) {
        tool_error("--alist writes one code: name it (ldpc codes NAME --alist)");
        return TOOL_EXIT_USAGE;
    }
    ldpc_code *code = tool_open_code(name);
    if (code == NULL)
        return TOOL_EXIT_FAILURE;
    ldpc_error err = {{0}};
    ldpc_status status = ldpc_code_write_alist(code, stdout, &err);
    ldpc_code_destroy(code);
    if (status != LDPC_OK) {
        tool_error("%s", err.message);
        return TOOL_EXIT_FAILURE;
    }
    return tool_finish_output(stdout) == 0 ? TOOL_EXIT_OK : TOOL_EXIT_FAILURE;
}

static void usage(FILE *out)
{
    fprintf(out, "usage: ldpc codes [--json] [NAME | --code NAME] [--alist]\n\n"
                 "Lists every built-in code: n, k, rate k/n, edges (ones in H), layers,\n"
                 "footprint of the description in bytes, then the variable degrees and\n"
                 "the check degrees as DEGREExCOUNT, highest first. Aliases (DVB-C2 names\n"
                 "that share a DVB-T2 table) are marked. Codes from alist files are named\n"
                 "alist:PATH in the other commands.\n\n"
                 "Then the nonbinary codes over GF(q): q, n and k in symbols and in bits\n"
                 "(p = log2 q bits per symbol), rate, edges, layers, girth, footprint and\n"
                 "degrees. Nonbinary alist files are named nbalist:PATH.\n\n"
                 "  NAME, --code NAME  only this binary code (a built-in name or alist:PATH)\n"
                 "  --alist      write that code's parity-check matrix as an alist file\n"
                 "               instead (columns in the code's bit order)\n");
}

int command_codes(int argc, char **argv)
{
    static const struct option options[] = {
        {"json", no_argument, NULL, 'j'}, {"code", required_argument, NULL, 'c'},
        {"alist", no_argument, NULL, 'a'}, {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    int json = 0, alist = 0, c;
    const char *only = NULL;
    optind = 1;
    while ((c = getopt_long(argc, argv, "", options, NULL)) != -1) {
        if (c == 'j')
            json = 1;
        else if (c == 'c')
            only = optarg;
        else if (c == 'a')
            alist = 1;
        else if (c == 'h') {
            usage(stdout);
            return TOOL_EXIT_OK;
        } else {
            usage(stderr);
            return TOOL_EXIT_USAGE;
        }
    }
    if (optind < argc && only == NULL)
        only = argv[optind++];
    if (optind < argc) {
        tool_error("unexpected argument '%s'", argv[optind]);
        return TOOL_EXIT_USAGE;
    }
    if (alist)
        return write_alist(only);
    size_t count = ldpc_builtin_code_count();
    if (json)
        fputc('[', stdout);
    else
        printf("%-20s %6s %6s %6s %7s %6s %10s  %s\n", "name", "n", "k", "rate", "edges",
               "layers", "footprint", "variable degrees | check degrees");
    if (only != NULL) {
        if (list_one(only, NULL, json, 1) != 0)
            return TOOL_EXIT_FAILURE;
    } else {
        for (size_t i = 0; i < count; i++)
            if (list_one(ldpc_builtin_code_name(i), ldpc_builtin_code_alias_of(i), json, i == 0) !=
                0)
                return TOOL_EXIT_FAILURE;
        if (nb_code_list(stdout, json, count == 0) != 0)
            return TOOL_EXIT_FAILURE;
    }
    if (json)
        fputs("\n]\n", stdout);
    return tool_finish_output(stdout) == 0 ? TOOL_EXIT_OK : TOOL_EXIT_FAILURE;
}
