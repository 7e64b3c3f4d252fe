/* The DVB address tables compiled from the configs/dvb text files (the C source is
 * generated at build time by cmake/DvbTables.cmake). */
#ifndef LDPC_DVB_TABLES_H
#define LDPC_DVB_TABLES_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    const char *stem; /* file name without .txt, e.g. "dvbs2-normal-1_2" */
    uint32_t n, k, q, groups, address_count;
    const uint16_t *row_offsets; /* groups + 1: row g is addresses[row_offsets[g] ..] */
    const uint16_t *addresses;   /* as printed in the standard */
} dvb_table;

extern const dvb_table dvb_tables[];
extern const size_t dvb_table_count;

#endif
