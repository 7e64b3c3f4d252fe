/* The base matrices of the built-in quasi-cyclic codes (qc_tables.c): H is a
 * grid of Z x Z blocks, each zero or the identity with its columns cyclically
 * shifted right by the table's shift (row r has its one in column
 * (r + shift) mod Z), Z = n / 24. */
#ifndef LDPC_CODE_QC_TABLES_H
#define LDPC_CODE_QC_TABLES_H

#include <stddef.h>
#include <stdint.h>

#define QC_BLOCK_COLUMNS 24u

/* How a table's shifts become those of another lifting size Z. */
typedef enum {
    QC_LIFT_NONE,   /* one size only: the table's */
    QC_LIFT_SCALE,  /* IEEE 802.16e: floor(shift * Z / table_z) */
    QC_LIFT_MODULO, /* IEEE 802.16e rate 2/3A: shift mod Z */
} qc_lift;

typedef struct {
    const char *family;  /* the name's prefix: "wifi", "wimax" */
    uint32_t min_n;      /* transmitted lengths, every 96 bits (4 x 24) from */
    uint32_t max_n;      /* min_n to max_n */
    const char *rate;    /* as in the name: "1/2", "2/3a", ... */
    uint32_t rows;       /* block rows */
    uint32_t table_z;    /* the lifting size the shifts are given for */
    qc_lift lift;
    const int8_t *shifts; /* rows x QC_BLOCK_COLUMNS, -1 for a zero block */
} qc_table;

extern const qc_table qc_tables[];
extern const size_t qc_table_count;

#endif
