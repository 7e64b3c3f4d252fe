/* The tables that define the AR4JA permutations pi_1 .. pi_26. */
#ifndef LDPC_AR4JA_TABLES_H
#define LDPC_AR4JA_TABLES_H

#include <stdint.h>

#define AR4JA_PERMUTATIONS 26u
#define AR4JA_SIZES 7u /* M = 128 << 0 .. 128 << 6 */

extern const uint8_t ar4ja_theta[AR4JA_PERMUTATIONS];
/* ar4ja_phi[j][k - 1][log2(M) - 7] */
extern const uint16_t ar4ja_phi[4][AR4JA_PERMUTATIONS][AR4JA_SIZES];

#endif
