/* The 5G NR base graphs: nonzero entries, row-major. */
#ifndef LDPC_NR_TABLES_H
#define LDPC_NR_TABLES_H

#include <stdint.h>

#define NR_SETS 8u /* sets of lifting sizes, iLS 0..7 */
#define NR_BG1_ENTRIES 316u
#define NR_BG2_ENTRIES 197u

typedef struct {
    uint8_t row, column;
    uint16_t shift[NR_SETS]; /* V_ij per set; the lifted shift is V_ij mod Z */
} nr_base_entry;

extern const nr_base_entry nr_bg1[NR_BG1_ENTRIES];
extern const nr_base_entry nr_bg2[NR_BG2_ENTRIES];

#endif
