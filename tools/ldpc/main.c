/* ldpc: the command-line front end of the library (docs/TOOL.md). */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "tool_common.h"

typedef struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} subcommand;

static const subcommand subcommands[] = {
    {"codes", command_codes, "list the built-in codes with their parameters"},
    {"encode", command_encode, "encode information bits (stdin) into codewords (stdout)"},
    {"decode", command_decode, "decode soft values (stdin) into bits (stdout)"},
    {"channel", command_channel, "BPSK over AWGN: codeword bits (stdin) -> soft values (stdout)"},
    {"sim", command_sim, "BER/SER/FER Monte Carlo simulation over AWGN"},
    {"bench", command_bench, "decoder throughput and latency against a baseline"},
};

static void print_usage(FILE *out)
{
    fprintf(out, "usage: ldpc <command> [options]\n"
                 "       ldpc <command> --help\n"
                 "       ldpc --version\n\n"
                 "commands:\n");
    for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0]; i++)
        fprintf(out, "  %-8s %s\n", subcommands[i].name, subcommands[i].summary);
    fprintf(out, "\nStreams carry whole frames; errors go to stderr with a non-zero exit "
                 "status\n(1: bad data or I/O, 2: bad command line). See docs/TOOL.md.\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        print_usage(stderr);
        return TOOL_EXIT_USAGE;
    }
    const char *name = argv[1];
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0 || strcmp(name, "help") == 0) {
        print_usage(stdout);
        return TOOL_EXIT_OK;
    }
    if (strcmp(name, "--version") == 0) {
        printf("ldpc %s\n", LDPC_VERSION_STRING);
        return TOOL_EXIT_OK;
    }
    for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0]; i++)
        if (strcmp(name, subcommands[i].name) == 0) {
            tool_set_command(name);
            /* getopt_long prefixes its own messages with argv[0]. */
            char program[64];
            snprintf(program, sizeof program, "ldpc %s", name);
            argv[1] = program;
            return subcommands[i].run(argc - 1, argv + 1);
        }
    tool_error("unknown command '%s'", name);
    print_usage(stderr);
    return TOOL_EXIT_USAGE;
}
