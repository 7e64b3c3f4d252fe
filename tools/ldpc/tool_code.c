#include <stdio.h>
#include <string.h>

#include "tool_code.h"
#include "tool_common.h"

int tool_code_name_is_nonbinary(const char *name)
{
    static const char *const prefixes[] = {"nbqc-", "nbreg-", "nbalist:"};
    for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++)
        if (strncmp(name, prefixes[i], strlen(prefixes[i])) == 0)
            return 1;
    return 0;
}

static int open_nonbinary(const char *name, tool_code *out)
{
    ldpc_error err = {{0}};
    ldpc_status status = ldpc_nb_code_create(name, &out->nonbinary, &err);
    if (status != LDPC_OK) {
        tool_error("%s", err.message[0] ? err.message : ldpc_status_name(status));
        return -1;
    }
    const ldpc_code *graph = ldpc_nb_code_graph(out->nonbinary);
    out->name = ldpc_code_name(graph);
    out->bits_per_symbol = ldpc_nb_code_bits_per_symbol(out->nonbinary);
    out->n_symbols = ldpc_code_n(graph);
    out->k_symbols = ldpc_code_k(graph);
    return 0;
}

int tool_code_open(const char *name, tool_code *out)
{
    memset(out, 0, sizeof *out);
    if (name != NULL && tool_code_name_is_nonbinary(name)) {
        if (open_nonbinary(name, out) != 0)
            return -1;
    } else {
        out->binary = tool_open_code(name);
        if (out->binary == NULL)
            return -1;
        out->name = ldpc_code_name(out->binary);
        out->bits_per_symbol = 1;
        out->n_symbols = ldpc_code_n(out->binary);
        out->k_symbols = ldpc_code_k(out->binary);
    }
    out->n_bits = out->n_symbols * out->bits_per_symbol;
    out->k_bits = out->k_symbols * out->bits_per_symbol;
    out->sent_bits = out->binary ? ldpc_code_transmitted_n(out->binary) : out->n_bits;
    return 0;
}

void tool_code_close(tool_code *code)
{
    ldpc_code_destroy(code->binary);
    ldpc_nb_code_destroy(code->nonbinary);
    memset(code, 0, sizeof *code);
}

double tool_code_rate(const tool_code *code)
{
    return (double)code->k_bits / code->sent_bits;
}

size_t tool_code_encode_scratch_bytes(const tool_code *code)
{
    return code->nonbinary ? (size_t)code->k_symbols + code->n_symbols : 0;
}

ldpc_status tool_code_encode(const tool_code *code, const uint8_t *info, uint8_t *codeword,
                             uint8_t *scratch, ldpc_error *err)
{
    if (code->binary)
        return ldpc_encode(code->binary, info, codeword, err);
    /* The binary encoder's message, so that both kinds read the same. */
    for (uint32_t i = 0; i < code->k_bits; i++)
        if (info[i] > 1) {
            if (err != NULL)
                snprintf(err->message, sizeof err->message,
                         "%s: information bit %u is %u; expected one 0/1 per byte", code->name,
                         i, info[i]);
            return LDPC_ERR_INVALID;
        }
    uint32_t p = code->bits_per_symbol;
    uint8_t *info_symbols = scratch, *symbols = scratch + code->k_symbols;
    ldpc_nb_bits_to_symbols(p, info, code->k_symbols, info_symbols);
    ldpc_status status = ldpc_nb_encode(code->nonbinary, info_symbols, symbols, err);
    if (status == LDPC_OK)
        ldpc_nb_symbols_to_bits(p, symbols, code->n_symbols, codeword);
    return status;
}

void tool_code_transmit(const tool_code *code, const uint8_t *codeword, uint8_t *sent)
{
    if (code->binary)
        ldpc_code_transmit(code->binary, codeword, sent);
    else
        memcpy(sent, codeword, code->n_bits);
}

void tool_code_extract_info(const tool_code *code, const uint8_t *codeword, uint8_t *info)
{
    if (code->binary) {
        ldpc_code_extract_info(code->binary, codeword, info);
        return;
    }
    uint32_t p = code->bits_per_symbol;
    const uint32_t *positions = ldpc_code_info_positions(ldpc_nb_code_graph(code->nonbinary));
    for (uint32_t i = 0; i < code->k_symbols; i++)
        memcpy(info + (size_t)i * p, codeword + (size_t)positions[i] * p, p);
}
