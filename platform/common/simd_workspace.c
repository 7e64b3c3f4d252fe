/* The two workspace layouts of the inter-frame decoders (simd_layered.h), one
 * per posterior width. One table of array sizes serves both the sizing and the
 * carving, so that the two can never disagree. */
#include "common/simd_layered.h"
#include "decode/workspace_layout.h"

/* Bytes of each array, in carving order; 0 for an array the layout lacks. */
typedef struct {
    size_t channel, decided, post, check_records, t, t_wide, snapshot, lane_bytes, messages;
} workspace_sizes;

static workspace_sizes sizes_for(const ldpc_decoder_limits *limits,
                                 const ldpc_decoder_config *config, uint32_t lanes)
{
    size_t per_variable = (size_t)limits->max_n * lanes;
    size_t per_check_edge = (size_t)limits->max_check_degree * lanes;
    if (config->posterior_bits == 8) /* the posteriors are `decided` */
        return (workspace_sizes){.decided = per_variable,
                                 .t = per_check_edge,
                                 .lane_bytes = lanes,
                                 .messages = simd_saturated_message_bytes(limits, lanes)};
    return (workspace_sizes){
        .channel = per_variable,
        .decided = per_variable,
        .post = per_variable * sizeof(int16_t),
        .check_records = (size_t)limits->max_m *
                         simd_check_record_vectors(limits->max_check_degree) * lanes,
        .t = per_check_edge,
        .t_wide = per_check_edge * sizeof(int16_t),
        .snapshot = (size_t)limits->max_layer_snapshots * lanes * sizeof(int16_t),
        .lane_bytes = lanes};
}

size_t simd_workspace_bytes(const ldpc_decoder_limits *limits, const ldpc_decoder_config *config,
                            uint32_t lanes)
{
    workspace_sizes s = sizes_for(limits, config, lanes);
    return workspace_round_up(s.channel) + workspace_round_up(s.decided) +
           workspace_round_up(s.post) + workspace_round_up(s.check_records) +
           workspace_round_up(s.t) + workspace_round_up(s.t_wide) +
           workspace_round_up(s.snapshot) + workspace_round_up(s.lane_bytes) +
           workspace_round_up(s.messages);
}

/* The array at *cursor, or NULL where the layout has none. */
static void *take_if_any(unsigned char **cursor, size_t bytes)
{
    return bytes > 0 ? workspace_take(cursor, bytes) : NULL;
}

void simd_workspace_carve(simd_workspace *ws, void *block, const ldpc_decoder_limits *limits,
                          const ldpc_decoder_config *config, uint32_t lanes)
{
    workspace_sizes s = sizes_for(limits, config, lanes);
    unsigned char *cursor = block;
    ws->channel = take_if_any(&cursor, s.channel);
    ws->decided = take_if_any(&cursor, s.decided);
    ws->post = take_if_any(&cursor, s.post);
    ws->check_records = take_if_any(&cursor, s.check_records);
    ws->t = take_if_any(&cursor, s.t);
    ws->t_wide = take_if_any(&cursor, s.t_wide);
    ws->snapshot = take_if_any(&cursor, s.snapshot);
    ws->lane_bytes = take_if_any(&cursor, s.lane_bytes);
    ws->messages = take_if_any(&cursor, s.messages);
}
