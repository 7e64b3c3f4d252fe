/* Per-family encoders behind ldpc_encode: the information bits are already
 * in the codeword, at the code's info_positions; they write the parity. */
#ifndef LDPC_ENCODE_INTERNAL_H
#define LDPC_ENCODE_INTERNAL_H

#include <stdint.h>

#include "ldpc/code.h"

/* DVB IRA: parity addresses from the table, then the accumulator (linear time). */
void encode_dvb_ira(const ldpc_code *code, uint8_t *codeword);
/* Any other code: the dense systematic generator or the triangular encoder
 * prepared at load time. */
void encode_generic(const ldpc_code *code, uint8_t *codeword);

#endif
