#include <string.h>

#include "common/frame_decoder.h"
#include "code/code_struct.h"
#include "opencl_latency_order.h"

#define UNPLACED UINT32_MAX

uint32_t opencl_latency_layer_slots(const ldpc_code *code, uint32_t l)
{
    uint32_t slots = 0;
    for (uint32_t i = code->layer_offsets[l]; i < code->layer_offsets[l + 1]; i++) {
        uint32_t c = code->layer_checks[i];
        uint32_t degree = code->check_offsets[c + 1] - code->check_offsets[c];
        slots = degree > slots ? degree : slots;
    }
    return slots;
}

/* A DVB code's blocks of 360 (platform/common/frame_decoder.h): the
 * information bits stay in code order, parity bit t + i q (block t) goes to
 * k + 360 t + i. */
static void dvb_block_order(const ldpc_code *code, uint32_t *position)
{
    const uint32_t k = code->k, q = code->dvb_q;
    for (uint32_t v = 0; v < k; v++)
        position[v] = v;
    for (uint32_t j = 0; j < code->m; j++)
        position[k + j] = k + (j % q) * FRAME_GROUP + j / q;
}

void opencl_latency_order(const ldpc_code *code, uint32_t *position)
{
    if (frame_code_dvb(code)) {
        dvb_block_order(code, position);
        return;
    }
    memset(position, 0xFF, (size_t)code->n * sizeof *position);
    uint32_t next = 0; /* every variable is in some check (ldpc_code refuses others) */
    for (uint32_t l = 0; l < code->layer_count; l++) {
        uint32_t slots = opencl_latency_layer_slots(code, l);
        for (uint32_t j = 0; j < slots; j++)
            for (uint32_t i = code->layer_offsets[l]; i < code->layer_offsets[l + 1]; i++) {
                uint32_t c = code->layer_checks[i], e = code->check_offsets[c] + j;
                if (e < code->check_offsets[c + 1] && position[code->check_var[e]] == UNPLACED)
                    position[code->check_var[e]] = next++;
            }
    }
}
