/* The low-latency path: one frame at a time, vectorised inside the frame
 * across the checks of a layer (docs/DECODERS.md, "Low-latency DVB path"),
 * for DVB codes and for quasi-cyclic ones (code->circulant_size).
 *
 * Both are made of z x z circulants: a DVB code (z = 360) once its checks
 * are taken in layers t, t + q, ..., t + 359 q; a quasi-cyclic code (z =
 * circulant_size) as it is, a layer being a block row. A layer meets each
 * variable block through a circulant, a "block edge" with a rotation. The
 * window a block edge sees, check position i in lane i, is the block's
 * posteriors read cyclically from `offset`: lane i holds variable (offset +
 * i) mod z. A vector of the window is one unaligned load, or two blended
 * where it crosses position z (z >= 64, the widest vector, so it crosses
 * once). Lanes z.. pad the window to a multiple of 64 lanes; they read the
 * same posteriors and messages as lanes 0, 1, ... and so compute exact
 * duplicates of them, which makes storing them back harmless. */
#ifndef LDPC_FRAME_DECODER_H
#define LDPC_FRAME_DECODER_H

#include <stddef.h>
#include <stdint.h>

#include "ldpc/decoder.h"

#define FRAME_GROUP 360u     /* a DVB code's checks per layer, variables per block */
#define FRAME_MIN_GROUP 64u  /* the smallest circulant: a vector's run wraps once */
#define FRAME_LANES 384u     /* the most lanes: the largest circulant, a multiple of 64 */
/* Slack before and after a block's z posteriors: a vector of a window that
 * crosses position z is loaded from both sides (the lanes outside [0, z)
 * are blended away) and stored to both sides (they land here). */
#define FRAME_MARGIN 64u

/* The lanes of a layer of z checks, and the distance in int16 between two
 * blocks' posteriors: MARGIN + z + MARGIN rounded to 64 bytes and then one
 * cache line more, so that blocks do not fall into the same cache sets (DVB:
 * 544, not exactly 1 KiB apart). */
#define FRAME_LANES_FOR(z) (((z) + 63u) / 64u * 64u)
#define FRAME_BLOCK_STRIDE(z) (((z) + 2u * FRAME_MARGIN + 31u) / 32u * 32u + 32u)

/* One circulant between a layer and a variable block. */
typedef struct {
    uint32_t block;      /* DVB: information group g, or groups + t for parity
                          * block t; quasi-cyclic: the block column */
    uint16_t offset;     /* window start: DVB (360 - rotation) mod 360 */
    uint8_t check0_gap;  /* 1 for the staircase edge of layer 0 that check 0 lacks
                          * (its lanes 0 and 360 carry no edge) */
    uint8_t repeated;    /* 1 if an earlier block edge of the layer has the same
                          * block: its update must start from the current values */
} frame_block_edge;

/* The block schedule of one code: layer t's block edges are
 * edges[layer_offsets[t] .. layer_offsets[t + 1] - 1]; the messages of block
 * edge e are c2v[e * lanes ...]. DVB: q layers, and parity block t holds the
 * parity bits t, t + q, ..., t + 359 q (codeword positions k + t + i q);
 * quasi-cyclic: q block rows, and block b holds bits b z .. b z + z - 1. */
typedef struct {
    const ldpc_code *code; /* the code it was derived from (NULL: none yet) */
    char code_name[LDPC_CODE_NAME_SIZE];
    uint32_t q;              /* layers */
    uint32_t groups;         /* the first blocks, whose bits are consecutive (DVB: the
                              * information groups; quasi-cyclic: every block) */
    uint32_t blocks;         /* variable blocks */
    uint32_t group, lanes, block_stride; /* z, FRAME_LANES_FOR(z), FRAME_BLOCK_STRIDE(z) */
    uint32_t *layer_offsets; /* q + 1 */
    frame_block_edge *edges; /* layer_offsets[q] */
} frame_schedule;

/* The arrays of the frame path, reserved at creation from the limits. The
 * decoder copies this set of pointers into a local before its loops: read
 * through the workspace, every int8 store (which may alias anything) would
 * force them to be loaded again. */
typedef struct {
    uint32_t group, lanes, block_stride; /* the schedule's */
    int16_t *post;      /* blocks * block_stride: block b's variable i at
                         * post[b * block_stride + FRAME_MARGIN + i] */
    int8_t *c2v;        /* block edges * lanes */
    int8_t *t;          /* max_check_degree * lanes: one layer's check inputs */
    int16_t *extrinsic; /* max_check_degree * lanes: posterior - old message */
    int8_t *min1;       /* FRAME_LANES each: per check of the layer being updated */
    int8_t *sent_min1;
    int8_t *sent_min2;
    int8_t *signs;
    int16_t *window;    /* FRAME_LANES: a repeated block's new window before write-back */
    /* In the lane order of the variant's int8 vectors (FRAME_LANE_POSITION of
     * frame_decoder_template.h), written by its decoder: */
    int8_t *check0_gap_lanes; /* FRAME_LANES: -1 at lanes 0 and z, else 0 */
    int8_t *padding_lanes;    /* FRAME_LANES: -1 at lanes z.., else 0 */
    int16_t *lanes_from; /* 2 * FRAME_MARGIN: 0, then -1 from index FRAME_MARGIN on */
    const frame_block_edge *edges; /* schedule.edges */
} frame_arrays;

typedef struct {
    frame_schedule schedule;
    frame_arrays a;
} frame_workspace;

size_t frame_workspace_bytes(const ldpc_decoder_limits *limits);
void frame_workspace_carve(frame_workspace *ws, void *block, const ldpc_decoder_limits *limits);

/* 1 if `code` is a DVB IRA code with the 360-periodic structure the frame
 * path relies on (its schedule then needs only the DVB table, not the graph). */
int frame_code_dvb(const ldpc_code *code);

/* 1 if the frame path can decode `code`: a DVB code, or a quasi-cyclic one
 * whose circulant size z is FRAME_MIN_GROUP..FRAME_LANES. */
int frame_code_supported(const ldpc_code *code);

/* The share of the frame path's lanes that a supported code's checks fill, in
 * 1/256: a layer's z checks are padded to a multiple of 64 lanes, whose
 * copies compute nothing new (DVB: 360 of 384, 240). */
uint32_t frame_lane_use(const ldpc_code *code);

/* Derives the block schedule of a supported code into s, unless it already
 * holds that code's (O(block edges), no allocation). s->layer_offsets and
 * s->edges hold at least the capacities below for the largest code; set
 * s->code to NULL before the first use. The OpenCL backend derives its
 * circulant tables from it too (platform/opencl/opencl_circulant_tables.h). */
void frame_schedule_prepare(frame_schedule *s, const ldpc_code *code);

/* Entries of layer_offsets and of edges for codes up to max_m checks and
 * max_edges edges (circulants of FRAME_MIN_GROUP and more). */
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
