/* Systematic encoding for generic codes: each parity bit is the parity of
 * (generator row AND information bits), or for codes too large for a dense
 * generator solved from its check (gf2_triangular.h). The information bits,
 * already in the codeword, are packed in chunks on the stack, so encoding
 * needs no allocation. */
#include "encode/encode_internal.h"
#include "code/code_struct.h"
#include "code/gf2_triangular.h"

#define PACKED_CHUNK_WORDS 64u /* 4096 information bits per pass */

static uint64_t parity64(uint64_t x)
{
    x ^= x >> 32;
    x ^= x >> 16;
    x ^= x >> 8;
    x ^= x >> 4;
    x ^= x >> 2;
    x ^= x >> 1;
    return x & 1u;
}

/* Peeling: each parity bit of the first `count` from its check, in solving
 * order. */
static void peel(const ldpc_code *code, uint32_t count, uint8_t *codeword)
{
    for (uint32_t t = 0; t < count; t++) {
        uint32_t c = code->parity_checks[t], target = code->parity_positions[t];
        uint8_t sum = 0;
        codeword[target] = 0;
        for (uint32_t e = code->check_offsets[c]; e < code->check_offsets[c + 1]; e++)
            sum ^= codeword[code->check_var[e]];
        codeword[target] = sum;
    }
}

static uint8_t check_parity(const ldpc_code *code, uint32_t c, const uint8_t *codeword)
{
    uint8_t sum = 0;
    for (uint32_t e = code->check_offsets[c]; e < code->check_offsets[c + 1]; e++)
        sum ^= codeword[code->check_var[e]];
    return sum;
}

/* Triangular encoder: peel; with a gap, peel with the gap bits 0, solve them
 * from the syndromes of their checks (packed on the stack), peel again. */
static void encode_triangular(const ldpc_code *code, uint8_t *codeword)
{
    uint32_t gap = code->gap_count, peeled = code->n - code->k - gap;
    const uint32_t *gap_bits = code->parity_positions + peeled;
    for (uint32_t i = 0; i < gap; i++)
        codeword[gap_bits[i]] = 0;
    peel(code, peeled, codeword);
    if (gap == 0)
        return;
    uint64_t syndrome[GF2_GAP_MAX_BITS / 64] = {0};
    for (uint32_t j = 0; j < gap; j++)
        syndrome[j / 64] |= (uint64_t)check_parity(code, code->parity_checks[peeled + j], codeword)
                            << (j % 64);
    for (uint32_t i = 0; i < gap; i++) {
        const uint64_t *row = code->gap_solver + (size_t)i * code->gap_words;
        uint64_t acc = 0;
        for (uint32_t w = 0; w < code->gap_words; w++)
            acc ^= row[w] & syndrome[w];
        codeword[gap_bits[i]] = (uint8_t)parity64(acc);
    }
    peel(code, peeled, codeword);
}

void encode_generic(const ldpc_code *code, uint8_t *codeword)
{
    if (code->parity_checks != NULL) {
        encode_triangular(code, codeword);
        return;
    }
    uint32_t k = code->k, parity_count = code->n - code->k;
    uint32_t words = code->gen_words_per_row;
    const uint32_t *info = code->info_positions;
    for (uint32_t p = 0; p < parity_count; p++)
        codeword[code->parity_positions[p]] = 0;

    uint64_t packed[PACKED_CHUNK_WORDS];
    for (uint32_t first = 0; first < words; first += PACKED_CHUNK_WORDS) {
        uint32_t chunk = words - first < PACKED_CHUNK_WORDS ? words - first : PACKED_CHUNK_WORDS;
        for (uint32_t w = 0; w < chunk; w++) {
            uint64_t bits = 0;
            uint32_t base = (first + w) * 64u;
            uint32_t end = k - base < 64u ? k - base : 64u;
            for (uint32_t b = 0; b < end; b++)
                bits |= (uint64_t)codeword[info[base + b]] << b;
            packed[w] = bits;
        }
        for (uint32_t p = 0; p < parity_count; p++) {
            const uint64_t *row = code->gen_rows + (size_t)p * words + first;
            uint64_t acc = 0;
            for (uint32_t w = 0; w < chunk; w++)
                acc ^= row[w] & packed[w];
            codeword[code->parity_positions[p]] ^= (uint8_t)parity64(acc);
        }
    }
}
