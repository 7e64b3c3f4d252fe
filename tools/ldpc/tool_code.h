/* A code of either kind, binary (ldpc_code) or nonbinary over GF(q)
 * (ldpc_nb_code), as the tool's streams see it: frames of bits.
 *
 * A nonbinary codeword of n symbols travels as n * p bits, symbol v as bits
 * v*p .. v*p+p-1, most significant first (docs/NONBINARY.md); its k
 * information symbols are k * p information bits in the same order. For a
 * binary code symbols are bits (p = 1), so every count below is the usual
 * one and the calls are the binary library's. */
#ifndef LDPC_TOOL_CODE_H
#define LDPC_TOOL_CODE_H

#include <stdint.h>

#include "ldpc/ldpc.h"
#include "ldpc/nonbinary.h"

typedef struct {
    const char *name;
    ldpc_code *binary;       /* exactly one of these two is set */
    ldpc_nb_code *nonbinary;
    uint32_t bits_per_symbol; /* p; 1 for binary codes */
    uint32_t n_symbols, k_symbols;
    uint32_t n_bits, k_bits; /* codeword and information bits per frame */
    uint32_t sent_bits;      /* bits a frame transmits (n_bits unless punctured,
                              * shortened or rate-matched) */
} tool_code;

/* True for the nonbinary names: nbqc-*, nbreg-*, nbalist:... */
int tool_code_name_is_nonbinary(const char *name);

/* Opens a built-in, alist: or nbalist: code; prints the library's message
 * and returns -1 on failure (a NULL name asks for --code). */
int tool_code_open(const char *name, tool_code *out);
void tool_code_close(tool_code *code);

double tool_code_rate(const tool_code *code);

/* Bytes of scratch tool_code_encode needs (0 for binary codes). */
size_t tool_code_encode_scratch_bytes(const tool_code *code);

/* k_bits information bits (one 0/1 per byte) -> n_bits codeword bits. A byte
 * other than 0/1 is LDPC_ERR_INVALID with the bit's index in the message. */
ldpc_status tool_code_encode(const tool_code *code, const uint8_t *info, uint8_t *codeword,
                             uint8_t *scratch, ldpc_error *err);

/* n_bits codeword bits -> the sent_bits bits of its frame. */
void tool_code_transmit(const tool_code *code, const uint8_t *codeword, uint8_t *sent);

/* The k_bits information bits of an n_bits codeword. */
void tool_code_extract_info(const tool_code *code, const uint8_t *codeword, uint8_t *info);

#endif
