/* Between the binary channel and GF(q) symbols: bit order and symbol LLRs. */
#include <math.h>

#include "ldpc/nonbinary.h"

void ldpc_nb_symbols_to_bits(uint32_t p, const uint8_t *symbols, size_t count, uint8_t *bits)
{
    for (size_t v = 0; v < count; v++)
        for (uint32_t j = 0; j < p; j++)
            bits[v * p + j] = (uint8_t)((symbols[v] >> (p - 1 - j)) & 1u);
}

void ldpc_nb_bits_to_symbols(uint32_t p, const uint8_t *bits, size_t count, uint8_t *symbols)
{
    for (size_t v = 0; v < count; v++) {
        uint32_t symbol = 0;
        for (uint32_t j = 0; j < p; j++)
            symbol = (symbol << 1) | (bits[v * p + j] & 1u);
        symbols[v] = (uint8_t)symbol;
    }
}

void ldpc_nb_symbol_llr(uint32_t p, const float *bit_llr, size_t count, float *out)
{
    uint32_t q = 1u << p;
    for (size_t v = 0; v < count; v++) {
        const float *llr = bit_llr + v * p;
        float *row = out + v * q;
        /* Built one symbol bit at a time: after bit b, entries 0..2^(b+1)-1
         * hold the costs of bits 0..b. Symbol bit b is channel bit p-1-b. */
        row[0] = 0.0f;
        for (uint32_t b = 0; b < p; b++) {
            float l = llr[p - 1 - b];
            float cost_one = l > 0.0f ? l : 0.0f;  /* choosing 1 against a 0 decision */
            float cost_zero = l < 0.0f ? -l : 0.0f; /* choosing 0 against a 1 decision */
            uint32_t half = 1u << b;
            for (uint32_t a = 0; a < half; a++) {
                row[a + half] = row[a] + cost_one;
                row[a] += cost_zero;
            }
        }
    }
}
