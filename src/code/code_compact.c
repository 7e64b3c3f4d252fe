/* Compact DVB code descriptions: the standard's address table, the layer
 * bounds and the information positions, without the expanded Tanner graph.
 * The graph's arrays hold about 40 entries per table address; a receiver
 * that accepts every DVB-S2 code on the CPU frame path (which derives its
 * schedule from the table) would otherwise keep 60 MB of them. */
#include <stdlib.h>
#include <string.h>

#include "code/code_internal.h"


int ldpc_code_has_graph(const ldpc_code *code)
{
    return code->check_offsets != NULL;
}

static void *take(unsigned char **cursor, const void *from, size_t count)
{
    void *to = *cursor;
    memcpy(to, from, count * sizeof(uint32_t));
    *cursor += code_words32(count);
    return to;
}

/* code_set_transmission's lists: sent, shortened, sent information and
 * punctured variables. */
static size_t transmission_bytes(const ldpc_code *code)
{
    if (code->transmission_block == NULL)
        return 0;
    return ((size_t)code->tx_n + code->k + code->punctured_count) * sizeof(uint32_t);
}

/* Its struct with the graph's pointers cleared, then the four arrays it
 * keeps. */
ldpc_code *code_compact_copy(ldpc_code *whole)
{
    const size_t head = ((sizeof(ldpc_code) + 7u) / 8u) * 8u;
    const uint32_t addresses = whole->dvb_row_offsets[whole->dvb_groups];
    const size_t bytes = head + code_words32((size_t)whole->layer_count + 1) +
                         code_words32(whole->k) + code_words32((size_t)whole->dvb_groups + 1) +
                         code_words32(addresses);
    unsigned char *block = calloc(1, bytes);
    if (block == NULL)
        return NULL;
    ldpc_code *c = (ldpc_code *)block;
    *c = *whole;
    c->check_offsets = c->check_var = c->var_offsets = c->var_edges = c->edge_check = NULL;
    c->layer_checks = c->layer_edge_offsets = c->layer_var = NULL;
    c->layer_snapshot_offsets = c->layer_snapshot_vars = NULL;
    c->check_repeat_offsets = c->check_repeat_edges = c->check_repeat_slots = NULL;
    c->repeats_block = NULL;
    c->footprint_bytes = bytes + transmission_bytes(whole);
    whole->transmission_block = NULL;
    unsigned char *cursor = block + head;
    c->layer_offsets = take(&cursor, whole->layer_offsets, (size_t)whole->layer_count + 1);
    c->info_positions = take(&cursor, whole->info_positions, whole->k);
    c->dvb_row_offsets = take(&cursor, whole->dvb_row_offsets, (size_t)whole->dvb_groups + 1);
    c->dvb_addresses = take(&cursor, whole->dvb_addresses, addresses);
    return c;
}

/* Table address x = t q + r (r < q) of row g sends information bit
 * 360 g + s to check (x + s q) mod m = r + ((t + s) mod 360) q: layer r,
 * position (t + s) mod 360. So one pass over the table per layer gives that
 * layer's 360 parities; the staircase adds parity bits j - 1 and j to check j. */
uint32_t dvb_unsatisfied_checks(const ldpc_code *code, const uint8_t *bits)
{
    const uint32_t q = code->dvb_q, k = code->k;
    const uint8_t *parity_bits = bits + k;
    uint32_t unsatisfied = 0;
    for (uint32_t r = 0; r < q; r++) {
        uint8_t parity[DVB_GROUP_SIZE] = {0};
        for (uint32_t g = 0; g < code->dvb_groups; g++) {
            const uint8_t *info = bits + (size_t)g * DVB_GROUP_SIZE;
            for (uint32_t a = code->dvb_row_offsets[g]; a < code->dvb_row_offsets[g + 1]; a++) {
                uint32_t x = code->dvb_addresses[a];
                if (x % q != r)
                    continue;
                uint32_t t = x / q;
                for (uint32_t s = 0; s < DVB_GROUP_SIZE; s++)
                    parity[(t + s) % DVB_GROUP_SIZE] ^= info[s];
            }
        }
        for (uint32_t j = 0; j < DVB_GROUP_SIZE; j++) {
            uint32_t check = r + j * q;
            uint8_t p = parity[j] ^ parity_bits[check];
            if (check > 0)
                p ^= parity_bits[check - 1];
            unsatisfied += p & 1u;
        }
    }
    return unsatisfied;
}
