/* Systematic encoding with the dense generator prepared at load. */
#include "ldpc/nonbinary.h"
#include "code/code_struct.h"
#include "nb/nb_code_struct.h"
#include "nb/gf.h"
#include "util/error_internal.h"

ldpc_status ldpc_nb_encode(const ldpc_nb_code *code, const uint8_t *info, uint8_t *codeword,
                           ldpc_error *err)
{
    const ldpc_code *g = code->graph;
    for (uint32_t i = 0; i < g->k; i++)
        if (info[i] >= code->q)
            return ldpc_fail(err, LDPC_ERR_INVALID,
                             "%s: information symbol %u is %u; GF(%u) has 0..%u", g->name, i,
                             info[i], code->q, code->q - 1);
    const gf_field *f = gf_field_get(code->bits_per_symbol);
    for (uint32_t i = 0; i < g->k; i++)
        codeword[g->info_positions[i]] = info[i];
    uint32_t parity_count = g->n - g->k;
    for (uint32_t r = 0; r < parity_count; r++) {
        const uint8_t *row = code->gen + (size_t)r * g->k;
        uint8_t sum = 0;
        for (uint32_t i = 0; i < g->k; i++)
            sum ^= gf_mul(f, row[i], info[i]);
        codeword[code->parity_positions[r]] = sum;
    }
    return LDPC_OK;
}
