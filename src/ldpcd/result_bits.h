/* The result payload of a decoded frame: the decided bits (one 0/1 byte per
 * codeword bit, as decoders write them) packed most significant bit first, or
 * copied unpacked, information bits only or the whole codeword
 * (docs/PROTOCOL.md, payload_kind). Written by the workers, once per frame. */
#ifndef LDPCD_RESULT_BITS_H
#define LDPCD_RESULT_BITS_H

#include <stddef.h>
#include <stdint.h>

#include "ldpc/code.h"

/* 1 if the information bits are codeword positions 0..k-1 (DVB codes, alist
 * codes with their parity at the end): then they need no gathering. */
int ldpcd_info_is_prefix(const ldpc_code *code);

/* Packs count 0/1 bytes into ceil(count / 8) bytes, most significant bit
 * first; equal to ldpc_bits_pack, eight bits per multiplication. */
void ldpcd_pack_bits(const uint8_t *bits, size_t count, uint8_t *packed);

/* Packs the information bits of a codeword (code->info_positions) likewise. */
void ldpcd_pack_info_bits(const ldpc_code *code, const uint8_t *codeword, uint8_t *packed);

#endif
