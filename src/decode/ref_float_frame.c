/* What the two float schedules share: workspace layout, dispatch and exit
 * statistics. */
#include "decode/early_termination.h"
#include "code/code_struct.h"
#include "decode/ref_float.h"
#include "decode/workspace_layout.h"

size_t ref_float_workspace_bytes(const ldpc_decoder_limits *limits, ldpc_schedule schedule)
{
    size_t per_check = workspace_round_up((size_t)limits->max_check_degree * sizeof(float));
    size_t per_edge = workspace_round_up((size_t)limits->max_edges * sizeof(float));
    size_t per_var = workspace_round_up((size_t)limits->max_n * sizeof(float));
    size_t v2c = schedule == LDPC_SCHEDULE_FLOODING ? per_edge : per_check;
    size_t next = schedule == LDPC_SCHEDULE_FLOODING ? 0 : per_edge;
    return per_edge + v2c + per_check + per_var + next;
}

void ref_float_workspace_carve(ref_float_workspace *ws, void *memory,
                               const ldpc_decoder_limits *limits, ldpc_schedule schedule)
{
    unsigned char *cursor = memory;
    size_t per_check = (size_t)limits->max_check_degree * sizeof(float);
    size_t per_edge = (size_t)limits->max_edges * sizeof(float);
    ws->c2v = workspace_take(&cursor, per_edge);
    ws->v2c = workspace_take(&cursor, schedule == LDPC_SCHEDULE_FLOODING ? per_edge : per_check);
    ws->scratch = workspace_take(&cursor, per_check);
    ws->post = workspace_take(&cursor, (size_t)limits->max_n * sizeof(float));
    ws->c2v_next = schedule == LDPC_SCHEDULE_FLOODING ? NULL : workspace_take(&cursor, per_edge);
}

void ref_float_decode_frame(const ldpc_code *code, const ldpc_decoder_config *config,
                            ref_float_workspace *ws, const float *llr, uint8_t *bits,
                            ldpc_frame_stats *stats)
{
    if (config->schedule == LDPC_SCHEDULE_FLOODING)
        ref_float_flooding_decode_frame(code, config, ws, llr, bits, stats);
    else
        ref_float_layered_decode_frame(code, config, ws, llr, bits, stats);
}

void ref_float_finish_frame(const ldpc_code *code, const float *llr, const uint8_t *bits,
                            uint32_t iterations, ldpc_frame_stats *stats)
{
    uint32_t corrected = 0;
    for (uint32_t v = 0; v < code->n; v++)
        corrected += bits[v] != (uint8_t)(llr[v] < 0.0f);
    frame_stats_finish(code, bits, iterations, corrected, stats);
}
