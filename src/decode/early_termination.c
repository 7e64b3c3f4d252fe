#include "decode/early_termination.h"
#include "code/code_struct.h"

int syndrome_all_satisfied(const ldpc_code *code, const uint8_t *bits)
{
    for (uint32_t chk = 0; chk < code->m; chk++) {
        uint8_t parity = 0;
        for (uint32_t e = code->check_offsets[chk]; e < code->check_offsets[chk + 1]; e++)
            parity ^= bits[code->check_var[e]];
        if (parity & 1u)
            return 0;
    }
    return 1;
}

void frame_stats_finish(const ldpc_code *code, const uint8_t *bits, uint32_t iterations,
                        uint32_t corrected_bits, ldpc_frame_stats *stats)
{
    if (stats == NULL)
        return;
    stats->iterations = iterations;
    stats->unsatisfied_checks = ldpc_code_unsatisfied_checks(code, bits);
    stats->converged = stats->unsatisfied_checks == 0;
    stats->corrected_bits = corrected_bits;
}
