/* Systematic encoding. Stateless: everything it needs is in the code
 * description (DVB: the address table; other codes: the dense generator). */
#ifndef LDPC_ENCODER_H
#define LDPC_ENCODER_H

#include <stdint.h>

#include "ldpc/code.h"
#include "ldpc/export.h"

/* info: k bytes of 0/1; codeword: n bytes of 0/1, information bits at
 * code->info_positions (the first k for DVB). Any byte other than 0/1 in info
 * is an error (LDPC_ERR_INVALID). */
LDPC_API ldpc_status ldpc_encode(const ldpc_code *code, const uint8_t *info, uint8_t *codeword,
                                 ldpc_error *err);

/* Copies the k information bits out of a codeword (n bytes -> k bytes). */
LDPC_API void ldpc_code_extract_info(const ldpc_code *code, const uint8_t *codeword, uint8_t *info);

#endif
