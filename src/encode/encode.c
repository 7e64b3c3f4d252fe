#include "encode/encode_internal.h"
#include "code/code_struct.h"
#include "ldpc/encoder.h"
#include "util/error_internal.h"

ldpc_status ldpc_encode(const ldpc_code *code, const uint8_t *info, uint8_t *codeword,
                        ldpc_error *err)
{
    uint32_t k = ldpc_code_k(code);
    const uint32_t *positions = ldpc_code_info_positions(code);
    for (uint32_t i = 0; i < k; i++)
        if (info[i] > 1)
            return ldpc_fail(err, LDPC_ERR_INVALID,
                             "%s: information bit %u is %u; expected one 0/1 per byte", code->name,
                             i, info[i]);
    for (uint32_t s = 0; s < code->shortened_count; s++)
        codeword[code->shortened_vars[s]] = 0;
    for (uint32_t i = 0; i < k; i++)
        codeword[positions[i]] = info[i];
    if (code->family == LDPC_FAMILY_DVB_IRA)
        encode_dvb_ira(code, codeword);
    else
        encode_generic(code, codeword);
    return LDPC_OK;
}

void ldpc_code_extract_info(const ldpc_code *code, const uint8_t *codeword, uint8_t *info)
{
    uint32_t k = ldpc_code_k(code);
    const uint32_t *positions = ldpc_code_info_positions(code);
    for (uint32_t i = 0; i < k; i++)
        info[i] = codeword[positions[i]];
}
