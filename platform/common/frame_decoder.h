/* The low-latency path: one DVB frame at a time, vectorised inside the frame
 * across the 360 checks of a layer (docs/DECODERS.md, "Low-latency DVB path").
 *
 * A DVB code is quasi-cyclic in blocks of 360: layer t (checks t, t + q, ...,
 * t + 359 q) meets each variable block through a 360x360 circulant, a "block
 * edge" with a rotation. The window a block edge sees, check position i in
 * lane i, is the block's posteriors read cyclically from `offset` =
 * (360 - rotation) mod 360: lane i holds variable (offset + i) mod 360. A
 * vector of the window is one unaligned load, or two blended where it crosses
 * position 360. Lanes 360..383 pad the window to a whole number of vectors;
 * they read the same posteriors and messages as lanes 0..23 and so compute
 * exact duplicates of them, which makes storing them back harmless. */
#ifndef LDPC_FRAME_DECODER_H
#define LDPC_FRAME_DECODER_H

#include <stddef.h>
#include <stdint.h>

#include "ldpc/decoder.h"

#define FRAME_GROUP 360u  /* checks per layer, variables per block */
#define FRAME_LANES 384u  /* FRAME_GROUP padded to a multiple of 64 lanes */
/* Slack before and after a block's 360 posteriors: a vector of a window that
 * crosses position 360 is loaded from both sides (the lanes outside [0, 360)
 * are blended away) and stored to both sides (they land here). */
#define FRAME_MARGIN 64u
/* MARGIN + 360 + MARGIN = 488, rounded to 64 bytes and then one cache line
 * more: at exactly 1 KiB apart, blocks fall into the same cache sets. */
#define FRAME_BLOCK_STRIDE 544u

/* One circulant between a layer and a variable block. */
typedef struct {
    uint32_t block;      /* information group g, or groups + t for parity block t */
    uint16_t offset;     /* window start: (360 - rotation) mod 360 */
    uint8_t check0_gap;  /* 1 for the staircase edge of layer 0 that check 0 lacks
                          * (its lanes 0 and 360 carry no edge) */
    uint8_t repeated;    /* 1 if an earlier block edge of the layer has the same
                          * block: its update must start from the current values */
} frame_block_edge;

/* The block schedule of one DVB code: layer t's block edges are
 * edges[layer_offsets[t] .. layer_offsets[t + 1] - 1]; the messages of block
 * edge e are c2v[e * FRAME_LANES ...]. Parity block t holds the parity bits
 * t, t + q, ..., t + 359 q (codeword positions k + t + i q). */
typedef struct {
    const ldpc_code *code; /* the code it was derived from (NULL: none yet) */
    char code_name[LDPC_CODE_NAME_SIZE];
    uint32_t q, groups;
    uint32_t *layer_offsets; /* q + 1 */
    frame_block_edge *edges; /* layer_offsets[q] */
} frame_schedule;

/* The arrays of the frame path, reserved at creation from the limits. The
 * decoder copies this set of pointers into a local before its loops: read
 * through the workspace, every int8 store (which may alias anything) would
 * force them to be loaded again. */
typedef struct {
    int16_t *post;      /* blocks * FRAME_BLOCK_STRIDE: block b's variable i at
                         * post[b * FRAME_BLOCK_STRIDE + FRAME_MARGIN + i] */
    int8_t *c2v;        /* block edges * FRAME_LANES */
    int8_t *t;          /* max_check_degree * FRAME_LANES: one layer's check inputs */
    int16_t *extrinsic; /* max_check_degree * FRAME_LANES: posterior - old message */
    int8_t *min1;       /* FRAME_LANES each: per check of the layer being updated */
    int8_t *sent_min1;
    int8_t *sent_min2;
    int8_t *signs;
    int16_t *window;    /* FRAME_LANES: a repeated block's new window before write-back */
    /* In the lane order of the variant's int8 vectors (FRAME_LANE_POSITION of
     * frame_decoder_template.h), written by its decoder: */
    int8_t *check0_gap_lanes; /* FRAME_LANES: -1 at lanes 0 and 360, else 0 */
    int8_t *padding_lanes;    /* FRAME_LANES: -1 at lanes 360.., else 0 */
    int16_t *lanes_from; /* 2 * FRAME_MARGIN: 0, then -1 from index FRAME_MARGIN on */
    const frame_block_edge *edges; /* schedule.edges */
} frame_arrays;

typedef struct {
    frame_schedule schedule;
    frame_arrays a;
} frame_workspace;

size_t frame_workspace_bytes(const ldpc_decoder_limits *limits);
void frame_workspace_carve(frame_workspace *ws, void *block, const ldpc_decoder_limits *limits);

/* 1 if the frame path can decode `code` (a DVB IRA code with the 360-periodic
 * structure it relies on). */
int frame_code_supported(const ldpc_code *code);

/* Derives the block schedule of a supported code into s, unless it already
 * holds that code's (O(block edges), no allocation). s->layer_offsets and
 * s->edges hold at least the capacities below for the largest code; set
 * s->code to NULL before the first use. The OpenCL backend derives its
 * circulant tables from it too (platform/opencl/opencl_circulant_tables.h). */
void frame_schedule_prepare(frame_schedule *s, const ldpc_code *code);

/* Entries of layer_offsets and of edges for codes up to max_m checks and
 * max_edges edges. */
size_t frame_schedule_layer_capacity(uint32_t max_m);
size_t frame_schedule_edge_capacity(uint32_t max_edges);

/* Decodes one frame (q: code->n raw values in [-128, 127], -128 read as -127
 * while loading) of the code whose schedule ws holds; bits and stats as in
 * ldpc_decoder_decode_i8. */
typedef void (*frame_decode_fn)(const ldpc_code *code, const ldpc_decoder_config *config,
                                frame_workspace *ws, const int8_t *q, uint8_t *bits,
                                ldpc_frame_stats *stats);

typedef struct {
    const char *name; /* "avx512bw-frame", ..., "portable-frame" */
    /* The instruction set, named as its inter-frame variant ("avx512bw"), or
     * NULL for the portable one: the registry pairs the two by it. */
    const char *isa;
    int (*cpu_supports)(void);
    frame_decode_fn decode;
} frame_variant;

/* Variants for this architecture, best first (platform/x86, platform/arm or
 * frame_variants_none.c), and the portable one (frame_backend.c). */
size_t frame_arch_variant_count(void);
const frame_variant *frame_arch_variant_at(size_t index);
extern const frame_variant portable_frame_variant;

/* The instances of frame_decoder_template.h (each a frame_decode_fn). */
#define FRAME_DECODE_DECLARE(prefix)                                                         \
    void prefix##_frame_decode(const ldpc_code *code, const ldpc_decoder_config *config,     \
                               frame_workspace *ws, const int8_t *q, uint8_t *bits,          \
                               ldpc_frame_stats *stats)
FRAME_DECODE_DECLARE(portable);
FRAME_DECODE_DECLARE(sse41);
FRAME_DECODE_DECLARE(avx2);
FRAME_DECODE_DECLARE(avx512);
FRAME_DECODE_DECLARE(neon);

#endif
