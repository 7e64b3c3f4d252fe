/* ldpc codes [--json] [NAME | --code NAME] [--alist]: every built-in code (or
 * one code, an alist file's too) with its parameters, or one code's
 * parity-check matrix as an alist file. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "degree_profile.h"
#include "nb_code_list.h"
#include "tool_common.h"

/* 0/1 marks, one per codeword bit, of the `count` bits listed. */
static void mark_bits(const uint32_t *list, uint32_t count, uint32_t n, uint8_t *marks)
{
    memset(marks, 0, n);
    for (uint32_t i = 0; i < count; i++)
        marks[list[i]] = 1;
}

/* The marked bits as ranges, "0-2047,4096" (JSON: [[0,2047],[4096,4096]]). */
static void print_ranges(FILE *out, const uint8_t *marks, uint32_t n, int json)
{
    int first = 1;
    fputs(json ? "[" : "", out);
    for (uint32_t v = 0; v < n; v++) {
        if (!marks[v])
            continue;
        uint32_t end = v;
        while (end + 1 < n && marks[end + 1])
            end++;
        if (json)
            fprintf(out, "%s[%u,%u]", first ? "" : ",", v, end);
        else if (end > v)
            fprintf(out, "%s%u-%u", first ? "" : ",", v, end);
        else
            fprintf(out, "%s%u", first ? "" : ",", v);
        first = 0;
        v = end;
    }
    fputs(json ? "]" : first ? "none" : "", out);
}

/* The standard a built-in code comes from, by its name's prefix. */
static const char *standard_of(const char *name)
{
    static const struct {
        const char *prefix, *standard;
    } standards[] = {
        {"dvbs2-", "DVB-S2, ETSI EN 302 307-1"},   {"dvbt2-", "DVB-T2, ETSI EN 302 755"},
        {"dvbc2-", "DVB-C2, ETSI EN 302 769"},     {"dvbs2x-", "DVB-S2X, ETSI EN 302 307-2"},
        {"wifi-", "IEEE 802.11n/ac"},
        {"wimax-", "IEEE 802.16e"},                {"ft8-", "FT8/FT4 (WSJT-X)"},
        {"ccsds-tc-", "CCSDS 231.1-O-1"},          {"ccsds-ar4ja-", "CCSDS 131.0-B AR4JA"},
        {"5gnr-", "3GPP TS 38.212 (5G NR)"},       {"alist:", "alist file"},
    };
    for (size_t i = 0; i < sizeof standards / sizeof standards[0]; i++)
        if (strncmp(name, standards[i].prefix, strlen(standards[i].prefix)) == 0)
            return standards[i].standard;
    return "edge list";
}

static const char *family_name(const ldpc_code *code)
{
    switch (ldpc_code_family(code)) {
    case LDPC_FAMILY_DVB_IRA:
        return "dvb-ira";
    case LDPC_FAMILY_NONBINARY_GRAPH:
        return "nonbinary";
    default:
        return "generic";
    }
}

static void print_code(FILE *out, const ldpc_code *code, const char *alias_of, int json,
                       int first, const degree_profile *vars, const degree_profile *checks)
{
    uint32_t sent = ldpc_code_transmitted_n(code);
    double rate = (double)ldpc_code_k(code) / sent;
    if (json) {
        fprintf(out, "%s\n  {\"name\":\"%s\",\"alias_of\":", first ? "" : ",",
                ldpc_code_name(code));
        if (alias_of)
            fprintf(out, "\"%s\"", alias_of);
        else
            fputs("null", out);
        fprintf(out,
                ",\"family\":\"%s\",\"n\":%u,\"codeword_n\":%u,\"punctured\":%u,"
                "\"shortened\":%u,\"k\":%u,\"m\":%u,\"rate\":%.6f,\"edges\":%u,\"layers\":%u,"
                "\"layer_size\":%u,\"footprint_bytes\":%zu,\"variable_degrees\":",
                family_name(code), sent, ldpc_code_n(code), ldpc_code_punctured_count(code),
                ldpc_code_shortened_count(code), ldpc_code_k(code), ldpc_code_m(code), rate,
                ldpc_code_edges(code), ldpc_code_layer_count(code), ldpc_code_layer_size(code),
                ldpc_code_footprint(code));
        degree_profile_print(out, vars, 1);
        fputs(",\"check_degrees\":", out);
        degree_profile_print(out, checks, 1);
        return; /* the caller closes the object */
    }
    fprintf(out, "%-21s %6u %6u %6.4f %6u %7u %6u %10zu  ", ldpc_code_name(code), sent,
            ldpc_code_k(code), rate, ldpc_code_n(code), ldpc_code_edges(code),
            ldpc_code_layer_count(code), ldpc_code_footprint(code));
    degree_profile_print(out, vars, 0);
    fputs(" | ", out);
    degree_profile_print(out, checks, 0);
    if (alias_of)
        fprintf(out, "  (alias of %s)", alias_of);
    fputc('\n', out);
}

/* The lines `ldpc codes NAME` adds for one code: its family and which
 * codeword bits its frames leave out. */
static int print_unsent(FILE *out, const ldpc_code *code, int json)
{
    uint32_t n = ldpc_code_n(code);
    uint8_t *punctured = malloc(n), *shortened = malloc(n);
    if (punctured == NULL || shortened == NULL) {
        free(punctured);
        free(shortened);
        return -1;
    }
    mark_bits(ldpc_code_punctured_bits(code), ldpc_code_punctured_count(code), n, punctured);
    mark_bits(ldpc_code_shortened_bits(code), ldpc_code_shortened_count(code), n, shortened);
    if (json) {
        fprintf(out, ",\"standard\":\"%s\",\"punctured_bits\":", standard_of(ldpc_code_name(code)));
        print_ranges(out, punctured, n, 1);
        fputs(",\"shortened_bits\":", out);
        print_ranges(out, shortened, n, 1);
    } else {
        fprintf(out, "%s, family %s; codeword %u bits, %u transmitted, %u punctured, %u shortened\n",
                standard_of(ldpc_code_name(code)), family_name(code), n, ldpc_code_transmitted_n(code),
                ldpc_code_punctured_count(code), ldpc_code_shortened_count(code));
        fputs("punctured bits: ", out);
        print_ranges(out, punctured, n, 0);
        fputs("\nshortened bits: ", out);
        print_ranges(out, shortened, n, 0);
        fputc('\n', out);
    }
    free(punctured);
    free(shortened);
    return 0;
}

static int list_one(const char *name, const char *alias_of, int json, int first, int detail)
{
    ldpc_code *code = tool_open_code(name);
    if (code == NULL)
        return -1;
    degree_profile vars = {0}, checks = {0};
    int result = -1;
    if (degree_profile_build(&vars, code, 0) == 0 &&
        degree_profile_build(&checks, code, 1) == 0) {
        print_code(stdout, code, alias_of, json, first, &vars, &checks);
        result = detail ? print_unsent(stdout, code, json) : 0;
        if (json)
            fputc('}', stdout);
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
                 "Lists every built-in code: n (bits a frame transmits), k, rate k/n, word\n"
                 "(codeword bits: n plus the punctured and shortened ones), edges (ones in\n"
                 "H), layers, footprint of the description in bytes, then the variable\n"
                 "degrees and\n"
                 "the check degrees as DEGREExCOUNT, highest first. Aliases (DVB-C2 names\n"
                 "that share a DVB-T2 table) are marked. Codes from alist files are named\n"
                 "alist:PATH in the other commands.\n\n"
                 "Then the nonbinary codes over GF(q): q, n and k in symbols and in bits\n"
                 "(p = log2 q bits per symbol), rate, edges, layers, girth, footprint and\n"
                 "degrees. Nonbinary alist files are named nbalist:PATH.\n\n"
                 "  NAME, --code NAME  only this binary code (a built-in name or alist:PATH),\n"
                 "               with its family and its punctured and shortened bits\n"
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
        printf("%-21s %6s %6s %6s %6s %7s %6s %10s  %s\n", "name", "n", "k", "rate", "word",
               "edges", "layers", "footprint", "variable degrees | check degrees");
    if (only != NULL) {
        if (list_one(only, NULL, json, 1, 1) != 0)
            return TOOL_EXIT_FAILURE;
    } else {
        for (size_t i = 0; i < count; i++)
            if (list_one(ldpc_builtin_code_name(i), ldpc_builtin_code_alias_of(i), json, i == 0,
                         0) != 0)
                return TOOL_EXIT_FAILURE;
        if (nb_code_list(stdout, json, count == 0) != 0)
            return TOOL_EXIT_FAILURE;
    }
    if (json)
        fputs("\n]\n", stdout);
    return tool_finish_output(stdout) == 0 ? TOOL_EXIT_OK : TOOL_EXIT_FAILURE;
}
