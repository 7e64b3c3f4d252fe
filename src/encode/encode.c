#include "encode/encode_internal.h"
#include "code/code_struct.h"
#include "ldpc/encoder.h"
#include "util/error_internal.h"

ldpc_status ldpc_encode(const ldpc_code *code, const uint8_t *info, uint8_t *codeword,
                        ldpc_error *err)
{
    for (uint32_t i = 0; i < code->k; i++)
        if (info[i] > 1)
            return ldpc_fail(err, LDPC_ERR_INVALID,
                             "%s: information bit %u is %u; expected one 0/1 per byte", code->name,
                             i, info[i]);
    if (code->family == LDPC_FAMILY_DVB_IRA)
        encode_dvb_ira(code, info, codeword);
    else
        encode_generic(code, info, codeword);
    return LDPC_OK;
}

void ldpc_code_extract_info(const ldpc_code *code, const uint8_t *codeword, uint8_t *info)
{
    for (uint32_t i = 0; i < code->k; i++)
        info[i] = codeword[code->info_positions[i]];
}
