/* The block schedule of a DVB or quasi-cyclic code and the workspace of the
 * frame path.
 *
 * Derived at decode time into memory reserved at creation rather than stored
 * in ldpc_code: it is a view only this path uses, costs O(block edges) to
 * derive (a few hundred entries), and keeping it here leaves the code
 * description format untouched. The bounds come from the existing limits:
 * a DVB code has 360 a + 2 m - 1 edges for a table addresses and
 * a + 2 m / 360 block edges, a quasi-cyclic one edges / z, so block edges <=
 * max_edges / FRAME_MIN_GROUP + 1. */
#include <string.h>

#include "common/frame_decoder.h"
#include "code/code_struct.h"
#include "decode/workspace_layout.h"

/* The smallest circulant the limits admit: DVB's alone, or any the path takes. */
static uint32_t smallest_group(const ldpc_decoder_limits *limits)
{
    return limits->families == (1u << LDPC_FAMILY_DVB_IRA) ? FRAME_GROUP : FRAME_MIN_GROUP;
}

/* The posteriors and the messages of the largest code the limits admit,
 * whatever its circulant size (a few hundred sizes to try). */
static size_t posterior_capacity(const ldpc_decoder_limits *limits)
{
    size_t most = 0;
    for (uint32_t z = smallest_group(limits); z <= FRAME_LANES; z++) {
        size_t need = (size_t)(limits->max_n / z) * FRAME_BLOCK_STRIDE(z);
        most = need > most ? need : most;
    }
    return most;
}

static size_t message_capacity(const ldpc_decoder_limits *limits)
{
    size_t most = 0;
    for (uint32_t z = smallest_group(limits); z <= FRAME_LANES; z++) {
        size_t need = (size_t)(limits->max_edges / z + 1) * FRAME_LANES_FOR(z);
        most = need > most ? need : most;
    }
    return most;
}

size_t frame_schedule_layer_capacity(uint32_t max_m)
{
    return max_m / FRAME_MIN_GROUP + 1;
}

size_t frame_schedule_edge_capacity(uint32_t max_edges)
{
    return max_edges / FRAME_MIN_GROUP + 1;
}

size_t frame_workspace_bytes(const ldpc_decoder_limits *limits)
{
    const size_t block_edges = frame_schedule_edge_capacity(limits->max_edges);
    return workspace_round_up(posterior_capacity(limits) * sizeof(int16_t)) +
           workspace_round_up(message_capacity(limits)) +
           workspace_round_up((size_t)limits->max_check_degree * FRAME_LANES) +
           workspace_round_up((size_t)limits->max_check_degree * FRAME_LANES * sizeof(int16_t)) +
           6 * workspace_round_up(FRAME_LANES) +
           workspace_round_up(FRAME_LANES * sizeof(int16_t)) +
           workspace_round_up(2 * FRAME_MARGIN * sizeof(int16_t)) +
           workspace_round_up(frame_schedule_layer_capacity(limits->max_m) * sizeof(uint32_t)) +
           workspace_round_up(block_edges * sizeof(frame_block_edge));
}

void frame_workspace_carve(frame_workspace *ws, void *block, const ldpc_decoder_limits *limits)
{
    unsigned char *cursor = block;
    const size_t block_edges = frame_schedule_edge_capacity(limits->max_edges);
    ws->a.post = workspace_take(&cursor, posterior_capacity(limits) * sizeof(int16_t));
    ws->a.c2v = workspace_take(&cursor, message_capacity(limits));
    ws->a.t = workspace_take(&cursor, (size_t)limits->max_check_degree * FRAME_LANES);
    ws->a.extrinsic = workspace_take(&cursor, (size_t)limits->max_check_degree * FRAME_LANES *
                                                sizeof(int16_t));
    ws->a.min1 = workspace_take(&cursor, FRAME_LANES);
    ws->a.sent_min1 = workspace_take(&cursor, FRAME_LANES);
    ws->a.sent_min2 = workspace_take(&cursor, FRAME_LANES);
    ws->a.signs = workspace_take(&cursor, FRAME_LANES);
    ws->a.check0_gap_lanes = workspace_take(&cursor, FRAME_LANES);
    ws->a.padding_lanes = workspace_take(&cursor, FRAME_LANES);
    ws->a.window = workspace_take(&cursor, FRAME_LANES * sizeof(int16_t));
    ws->a.lanes_from = workspace_take(&cursor, 2 * FRAME_MARGIN * sizeof(int16_t));
    ws->schedule.layer_offsets =
        workspace_take(&cursor, frame_schedule_layer_capacity(limits->max_m) * sizeof(uint32_t));
    ws->schedule.edges = workspace_take(&cursor, block_edges * sizeof(frame_block_edge));
    ws->schedule.code = NULL;
    ws->a.edges = ws->schedule.edges;
    for (uint32_t i = 0; i < 2 * FRAME_MARGIN; i++)
        ws->a.lanes_from[i] = (int16_t)(i < FRAME_MARGIN ? 0 : -1);
}

int frame_code_dvb(const ldpc_code *code)
{
    if (code->family != LDPC_FAMILY_DVB_IRA || code->dvb_q == 0)
        return 0;
    const uint32_t q = code->dvb_q, m = code->m;
    uint32_t addresses = code->dvb_row_offsets[code->dvb_groups];
    if (m != FRAME_GROUP * q || code->k != FRAME_GROUP * code->dvb_groups ||
        code->n != code->k + m || code->layer_count != q ||
        code->edges != FRAME_GROUP * addresses + 2 * m - 1)
        return 0;
    for (uint32_t a = 0; a < addresses; a++)
        if (code->dvb_addresses[a] >= m)
            return 0;
    return 1;
}

int frame_code_supported(const ldpc_code *code)
{
    const uint32_t z = code->circulant_size;
    return frame_code_dvb(code) || (z >= FRAME_MIN_GROUP && z <= FRAME_LANES);
}

uint32_t frame_lane_use(const ldpc_code *code)
{
    const uint32_t z = frame_code_dvb(code) ? FRAME_GROUP : code->circulant_size;
    return 256u * z / FRAME_LANES_FOR(z);
}

static int schedule_holds(const frame_schedule *s, const ldpc_code *code)
{
    return s->code == code && strcmp(s->code_name, code->name) == 0 &&
           s->blocks * s->group == code->n && s->q * s->group == code->m;
}

static void set_group(frame_schedule *s, uint32_t z)
{
    s->group = z;
    s->lanes = FRAME_LANES_FOR(z);
    s->block_stride = FRAME_BLOCK_STRIDE(z);
}

/* Appends a block edge to layer `layer`; layer_offsets[layer] is its cursor. */
static void push_edge(frame_schedule *s, uint32_t layer, uint32_t block, uint32_t rotation,
                      uint8_t check0_gap)
{
    frame_block_edge *e = &s->edges[s->layer_offsets[layer]++];
    e->block = block;
    e->offset = (uint16_t)((FRAME_GROUP - rotation) % FRAME_GROUP);
    e->check0_gap = check0_gap;
    e->repeated = 0;
}

/* Marks the block edges whose block an earlier edge of the same layer has
 * (the repeats of docs/DECODERS.md): O(degree^2) per layer, a few thousand
 * comparisons per code. */
static void mark_repeats(frame_schedule *s)
{
    for (uint32_t t = 0; t < s->q; t++)
        for (uint32_t e = s->layer_offsets[t]; e < s->layer_offsets[t + 1]; e++)
            for (uint32_t earlier = s->layer_offsets[t]; earlier < e; earlier++)
                if (s->edges[earlier].block == s->edges[e].block)
                    s->edges[e].repeated = 1;
}

/* Block row r: check r z's variable b z + s is block b read from offset s
 * (code_struct.h, circulant_size); one block edge per block, none repeated. */
static void prepare_circulants(frame_schedule *s, const ldpc_code *code)
{
    const uint32_t z = code->circulant_size;
    uint32_t next = 0;
    for (uint32_t row = 0; row < code->layer_count; row++) {
        s->layer_offsets[row] = next;
        for (uint32_t e = code->check_offsets[row * z]; e < code->check_offsets[row * z + 1];
             e++)
            s->edges[next++] = (frame_block_edge){.block = code->check_var[e] / z,
                                                  .offset = (uint16_t)(code->check_var[e] % z)};
    }
    s->layer_offsets[code->layer_count] = next;
    s->q = code->layer_count;
    s->groups = code->n / z;
    s->blocks = s->groups;
    set_group(s, z);
}

/* Address x = xr + xd q of table row g: bit s of group g reaches check
 * (x + s q) mod m = xr + ((xd + s) mod 360) q, i.e. layer xr, position
 * (xd + s) mod 360: a circulant with rotation xd. Parity bit j = t + i q is
 * position i of parity block t; check (t, i) holds parity (t, i), and parity
 * (t - 1, i) for t > 0 or (q - 1, i - 1) for t = 0 (rotation 1, absent for
 * i = 0). Counting sort by layer, layer_offsets serving as cursors. */
static void prepare_dvb(frame_schedule *s, const ldpc_code *code)
{
    const uint32_t q = code->dvb_q, groups = code->dvb_groups;
    uint32_t *offsets = s->layer_offsets;
    for (uint32_t t = 0; t <= q; t++)
        offsets[t] = t < q ? 2 : 0; /* the two staircase block edges */
    for (uint32_t a = 0; a < code->dvb_row_offsets[groups]; a++)
        offsets[code->dvb_addresses[a] % q]++;
    uint32_t start = 0;
    for (uint32_t t = 0; t < q; t++) {
        uint32_t count = offsets[t];
        offsets[t] = start;
        start += count;
    }
    for (uint32_t g = 0; g < groups; g++)
        for (uint32_t a = code->dvb_row_offsets[g]; a < code->dvb_row_offsets[g + 1]; a++)
            push_edge(s, code->dvb_addresses[a] % q, g, code->dvb_addresses[a] / q, 0);
    for (uint32_t t = 0; t < q; t++) {
        if (t > 0)
            push_edge(s, t, groups + t - 1, 0, 0);
        else
            push_edge(s, 0, groups + q - 1, 1, 1);
        push_edge(s, t, groups + t, 0, 0);
    }
    for (uint32_t t = q; t > 0; t--) /* cursors now mark the ends */
        offsets[t] = offsets[t - 1];
    offsets[0] = 0;
    s->q = q;
    s->groups = groups;
    s->blocks = groups + q;
    set_group(s, FRAME_GROUP);
    mark_repeats(s);
}

void frame_schedule_prepare(frame_schedule *s, const ldpc_code *code)
{
    if (schedule_holds(s, code))
        return;
    if (frame_code_dvb(code))
        prepare_dvb(s, code);
    else
        prepare_circulants(s, code);
    s->code = code;
    memcpy(s->code_name, code->name, sizeof s->code_name);
}
