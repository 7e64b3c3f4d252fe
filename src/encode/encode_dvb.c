/* DVB IRA encoding as EN 302 307-1 clause 5.3.2 describes it: information bit
 * 360 g + s adds into the parity accumulators (x + s q) mod (n - k), x running
 * over row g of the address table; then p_j ^= p_{j-1}. Linear in the number
 * of edges, no generator matrix. */
#include <string.h>

#include "encode/encode_internal.h"
#include "code/code_struct.h"

#define DVB_GROUP_SIZE 360u

void encode_dvb_ira(const ldpc_code *code, uint8_t *codeword)
{
    uint32_t k = code->k, m = code->n - code->k, q = code->dvb_q;
    const uint8_t *info = codeword; /* information bits 0 .. k-1 */
    uint8_t *parity = codeword + k;
    memset(parity, 0, m);
    for (uint32_t g = 0; g < code->dvb_groups; g++) {
        const uint8_t *bits = info + (size_t)g * DVB_GROUP_SIZE;
        for (uint32_t a = code->dvb_row_offsets[g]; a < code->dvb_row_offsets[g + 1]; a++) {
            /* Walk the 360 accumulators of this address: x, x + q, ... (mod m). */
            uint32_t acc = code->dvb_addresses[a];
            for (uint32_t s = 0; s < DVB_GROUP_SIZE; s++) {
                parity[acc] ^= bits[s];
                acc += q;
                if (acc >= m)
                    acc -= m;
            }
        }
    }
    for (uint32_t j = 1; j < m; j++)
        parity[j] ^= parity[j - 1];
}
