#include "common/simd_layered.h"
#include "decode/workspace_layout.h"

size_t simd_workspace_bytes(const ldpc_decoder_limits *limits, uint32_t lanes)
{
    size_t per_variable = (size_t)limits->max_n * lanes;
    size_t per_check_edge = (size_t)limits->max_check_degree * lanes;
    return workspace_round_up(per_variable) * 2 +
           workspace_round_up(per_variable * sizeof(int16_t)) +
           workspace_round_up((size_t)limits->max_m *
                              simd_check_record_vectors(limits->max_check_degree) * lanes) +
           workspace_round_up(per_check_edge) +
           workspace_round_up(per_check_edge * sizeof(int16_t)) +
           workspace_round_up((size_t)limits->max_layer_snapshots * lanes * sizeof(int16_t)) +
           workspace_round_up(lanes);
}

void simd_workspace_carve(simd_workspace *ws, void *block, const ldpc_decoder_limits *limits,
                          uint32_t lanes)
{
    size_t per_variable = (size_t)limits->max_n * lanes;
    size_t per_check_edge = (size_t)limits->max_check_degree * lanes;
    unsigned char *cursor = block;
    ws->channel = workspace_take(&cursor, per_variable);
    ws->decided = workspace_take(&cursor, per_variable);
    ws->post = workspace_take(&cursor, per_variable * sizeof(int16_t));
    ws->check_records = workspace_take(
        &cursor, (size_t)limits->max_m * simd_check_record_vectors(limits->max_check_degree) * lanes);
    ws->t = workspace_take(&cursor, per_check_edge);
    ws->t_wide = workspace_take(&cursor, per_check_edge * sizeof(int16_t));
    ws->snapshot =
        workspace_take(&cursor, (size_t)limits->max_layer_snapshots * lanes * sizeof(int16_t));
    ws->lane_bytes = workspace_take(&cursor, lanes);
}
