/* Carving several arrays out of one block, each on its own 64-byte boundary
 * (a cache line, and the widest SIMD load). */
#ifndef LDPC_DECODE_WORKSPACE_LAYOUT_H
#define LDPC_DECODE_WORKSPACE_LAYOUT_H

#include <stddef.h>

#define WORKSPACE_ALIGNMENT 64u

static inline size_t workspace_round_up(size_t bytes)
{
    return (bytes + WORKSPACE_ALIGNMENT - 1) / WORKSPACE_ALIGNMENT * WORKSPACE_ALIGNMENT;
}

/* Returns the array at *cursor and advances it past `bytes`, rounded up. */
static inline void *workspace_take(unsigned char **cursor, size_t bytes)
{
    void *array = *cursor;
    *cursor += workspace_round_up(bytes);
    return array;
}

#endif
