/* The ldpc subcommands. Each takes the arguments after its own name
 * (argv[0] is the subcommand) and returns the process exit status. */
#ifndef LDPC_TOOL_COMMANDS_H
#define LDPC_TOOL_COMMANDS_H

int command_codes(int argc, char **argv);
int command_encode(int argc, char **argv);
int command_decode(int argc, char **argv);
int command_channel(int argc, char **argv);
int command_sim(int argc, char **argv);
int command_bench(int argc, char **argv);

#endif
