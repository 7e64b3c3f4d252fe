/* What the two fixed-point schedules share: workspace layout, dispatch and
 * exit statistics. */
#include "decode/early_termination.h"
#include "code/code_struct.h"
#include "decode/ref_fixed.h"
#include "decode/workspace_layout.h"

size_t ref_fixed_workspace_bytes(const ldpc_decoder_limits *limits, ldpc_schedule schedule)
{
    size_t bytes = workspace_round_up(limits->max_edges);
    if (schedule == LDPC_SCHEDULE_FLOODING) {
        bytes += workspace_round_up(limits->max_edges);
        bytes += workspace_round_up((size_t)limits->max_n * sizeof(int32_t));
    } else {
        bytes += workspace_round_up(limits->max_check_degree);
        bytes += workspace_round_up(limits->max_edges);
        bytes += workspace_round_up((size_t)limits->max_n * sizeof(int16_t));
    }
    return bytes;
}

void ref_fixed_workspace_carve(ref_fixed_workspace *ws, void *memory,
                               const ldpc_decoder_limits *limits, ldpc_schedule schedule)
{
    unsigned char *cursor = memory;
    ws->c2v = workspace_take(&cursor, limits->max_edges);
    ws->post = NULL;
    ws->total = NULL;
    ws->c2v_next = NULL;
    if (schedule == LDPC_SCHEDULE_FLOODING) {
        ws->v2c = workspace_take(&cursor, limits->max_edges);
        ws->total = workspace_take(&cursor, (size_t)limits->max_n * sizeof(int32_t));
    } else {
        ws->v2c = workspace_take(&cursor, limits->max_check_degree);
        ws->c2v_next = workspace_take(&cursor, limits->max_edges);
        ws->post = workspace_take(&cursor, (size_t)limits->max_n * sizeof(int16_t));
    }
}

void ref_fixed_decode_frame(const ldpc_code *code, const ldpc_decoder_config *config,
                            ref_fixed_workspace *ws, const int8_t *q, uint8_t *bits,
                            ldpc_frame_stats *stats)
{
    if (config->schedule == LDPC_SCHEDULE_FLOODING)
        ref_fixed_flooding_decode_frame(code, config, ws, q, bits, stats);
    else
        ref_fixed_layered_decode_frame(code, config, ws, q, bits, stats);
}

void ref_fixed_finish_frame(const ldpc_code *code, const int8_t *q, const uint8_t *bits,
                            uint32_t iterations, ldpc_frame_stats *stats)
{
    uint32_t corrected = 0;
    for (uint32_t v = 0; v < code->n; v++)
        corrected += bits[v] != (uint8_t)(q[v] < 0);
    frame_stats_finish(code, bits, iterations, corrected, stats);
}
