/* Degree profiles of a Tanner graph for ldpc codes: how many variables and
 * checks have each degree. */
#ifndef LDPC_TOOL_DEGREE_PROFILE_H
#define LDPC_TOOL_DEGREE_PROFILE_H

#include <stdint.h>
#include <stdio.h>

#include "ldpc/code.h"

/* Degree -> how many nodes have it. */
typedef struct {
    uint32_t max_degree;
    uint32_t *nodes_with_degree; /* max_degree + 1 */
} degree_profile;

/* The variables' (checks = 0) or the checks' (checks = 1) degrees of a code.
 * -1 when out of memory. */
int degree_profile_build(degree_profile *p, const ldpc_code *code, int checks);
void degree_profile_free(degree_profile *p);

/* Text: "12x5400 3x10800 2x48599 1x1", highest degree first. JSON: an object
 * {"12":5400,...} in the same order. */
void degree_profile_print(FILE *out, const degree_profile *p, int json);

#endif
