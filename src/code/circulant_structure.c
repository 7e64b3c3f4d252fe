/* Whether H is made of z x z circulants, one per block at most in each block
 * row: then its block rows are layers whose checks share no variable, which
 * the CPU frame path (platform/common/frame_decoder.h) and the OpenCL
 * latency design take z checks at a time. */
#include <stdlib.h>

#include "code/code_internal.h"

/* Check r z + i of a block row whose first check has variable b z + s at
 * block b (shift_of[b] = s + 1, 0 where the row has no edge) must have
 * variable b z + (s + i) mod z there and no other. */
static int row_is_circulant(const ldpc_code *c, uint32_t z, uint32_t row, const uint32_t *shift_of)
{
    const uint32_t first = row * z;
    const uint32_t degree = c->check_offsets[first + 1] - c->check_offsets[first];
    for (uint32_t i = 1; i < z; i++) {
        const uint32_t check = first + i;
        if (c->check_offsets[check + 1] - c->check_offsets[check] != degree)
            return 0;
        for (uint32_t e = c->check_offsets[check]; e < c->check_offsets[check + 1]; e++) {
            const uint32_t v = c->check_var[e], block = v / z;
            if (shift_of[block] == 0 || (shift_of[block] - 1 + i) % z != v % z)
                return 0;
        }
    }
    return 1;
}

int code_has_circulants(const ldpc_code *c, uint32_t z)
{
    if (z == 0 || c->n % z != 0 || c->m % z != 0)
        return 0;
    uint32_t *shift_of = calloc(c->n / z, sizeof *shift_of);
    if (shift_of == NULL)
        return 0; /* single-check layers then: the same decoding, without the frame path */
    int circulant = 1;
    for (uint32_t row = 0; circulant && row < c->m / z; row++) {
        const uint32_t first = row * z;
        for (uint32_t e = c->check_offsets[first]; e < c->check_offsets[first + 1]; e++) {
            const uint32_t block = c->check_var[e] / z;
            circulant &= shift_of[block] == 0; /* two circulants in one block: not disjoint */
            shift_of[block] = c->check_var[e] % z + 1;
        }
        circulant = circulant && row_is_circulant(c, z, row, shift_of);
        for (uint32_t e = c->check_offsets[first]; e < c->check_offsets[first + 1]; e++)
            shift_of[c->check_var[e] / z] = 0;
    }
    free(shift_of);
    return circulant;
}
