/* The nonbinary half of `ldpc codes`: every built-in code over GF(q). */
#ifndef LDPC_TOOL_NB_CODE_LIST_H
#define LDPC_TOOL_NB_CODE_LIST_H

#include <stdio.h>

/* Text: a blank line, a header and one line per code. JSON: one object per
 * code, continuing the array that `ldpc codes --json` writes (first: no
 * comma before the first object). Returns 0, or -1 after a message. */
int nb_code_list(FILE *out, int json, int first);

#endif
