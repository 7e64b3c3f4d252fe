/* pshufb indices for moving a message's entries by xor: within a 128-bit
 * lane, row k sends entry j ^ k to j (the lanes themselves are swapped by a
 * separate permutation for the higher bits of k). Shared by the x86 Min-Max
 * instances (nb_minmax_avx2_q32.c, nb_minmax_avx512_q*.c). */
#ifndef LDPC_X86_NB_XOR_ROWS_H
#define LDPC_X86_NB_XOR_ROWS_H

#include <stdint.h>

#define NB_XOR_ROW(k)                                                                          \
    {0 ^ (k),  1 ^ (k),  2 ^ (k),  3 ^ (k),  4 ^ (k),  5 ^ (k),  6 ^ (k),  7 ^ (k),            \
     8 ^ (k),  9 ^ (k),  10 ^ (k), 11 ^ (k), 12 ^ (k), 13 ^ (k), 14 ^ (k), 15 ^ (k)}
static const uint8_t nb_xor_rows[16][16] __attribute__((aligned(16))) = {
    NB_XOR_ROW(0),  NB_XOR_ROW(1),  NB_XOR_ROW(2),  NB_XOR_ROW(3),
    NB_XOR_ROW(4),  NB_XOR_ROW(5),  NB_XOR_ROW(6),  NB_XOR_ROW(7),
    NB_XOR_ROW(8),  NB_XOR_ROW(9),  NB_XOR_ROW(10), NB_XOR_ROW(11),
    NB_XOR_ROW(12), NB_XOR_ROW(13), NB_XOR_ROW(14), NB_XOR_ROW(15)};

#endif
