/* Inter-frame SIMD layered min-sum: each 8-bit vector lane decodes a different
 * frame of the same code (Gronroos et al.; aff3ct; gr-dvbs2rx). Two algorithms,
 * each written once and instantiated per instruction set: exact 16-bit
 * posteriors (simd_layered_template.h) and saturated 8-bit posteriors,
 * config->posterior_bits 8 (simd_saturated_template.h). Every instance
 * reproduces the reference decoder of src/decode bit for bit, statistics
 * included. */
#ifndef LDPC_SIMD_LAYERED_H
#define LDPC_SIMD_LAYERED_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "ldpc/decoder.h"
#include "code/code_struct.h"

/* How the saturated decoder keeps its messages: one int8 vector per edge, or
 * (AVX-512) two minima per check and two lane masks per edge; auto takes the
 * masks where the code's per-edge messages would be large enough for memory
 * traffic to bound the decoder (docs/CPU.md). Every form gives the same
 * results; the tests force each through simd_force_message_store. The
 * decoder resolves auto once per call (saturated_form_for in
 * saturated_byte_messages.h). */
typedef enum {
    SIMD_MESSAGES_AUTO,
    SIMD_MESSAGES_EDGES,
    SIMD_MESSAGES_MASKS
} simd_message_store;

/* A test hook: the form of every SIMD decoder created after the call
 * (SIMD_MESSAGES_AUTO restores the decoders' own choice). Not synchronised:
 * a test sets it while no other thread creates a decoder. */
void simd_force_message_store(simd_message_store store);

/* Scratch of one vector of lanes, reserved at decoder creation: interleaved
 * [index][lane] arrays, 64-byte aligned. Its layout depends on
 * config->posterior_bits.
 * 16: the lanes' channel values in `channel`; posteriors are exact 16-bit
 * sums, as in the reference, stored as two vectors per variable in whatever
 * lane order the instruction set's widening produces; `decided` receives them
 * narrowed to 8 bits in natural lane order whenever lanes are reported;
 * `messages` is unused (NULL).
 * 8: `decided` is the int8 posteriors themselves (natural lane order, so
 * always ready to report), which a lane's frame is spread into when it
 * starts, `messages` one int8 message per edge, `t` the entering messages of
 * one check; channel, post, check_records, t_wide and snapshot are unused
 * (NULL). */
typedef struct {
    int8_t *channel;  /* max_n * lanes */
    int16_t *post;    /* max_n * lanes, instruction-set lane order */
    int8_t *decided;  /* max_n * lanes: saturated posteriors, natural lane order */
    int8_t *check_records; /* max_m records of simd_check_record_bytes */
    int8_t *t;        /* max_check_degree * lanes: messages entering one check */
    int16_t *t_wide;  /* max_check_degree * lanes: posterior - old message */
    int16_t *snapshot; /* max_layer_snapshots * lanes: layer-start posteriors of
                        * the variables a layer's checks share */
    int8_t *lane_bytes; /* lanes: one vector stored for per-lane inspection */
    int8_t *messages; /* the messages of each edge, in the order the checks are
                       * updated (layer_checks) */
    simd_message_store message_store; /* how `messages` holds them, when the
                                       * instruction set has a choice */
} simd_workspace;

/* The messages a check sent at the previous iteration, stored as one record of
 * vectors instead of one message per edge (they are all min1 or min2 with a
 * sign): sent_min1, sent_min2, the edge that got min2, then one bit per edge
 * of the signs (edge j: vector 3 + j/8, bit j%8). For a DVB 1/2 code that is 4
 * vectors per check instead of 7, for 9/10 7 instead of 30: the messages are
 * most of the memory traffic of a batch. */
static inline size_t simd_check_record_vectors(uint32_t max_check_degree)
{
    return 3 + ((size_t)max_check_degree + 7) / 8;
}
/* Bytes for the saturated decoder's messages in either form of its message
 * store: a vector per edge, or two minima vectors per check and two lane masks
 * (lanes / 8 bytes each) per edge. */
static inline size_t simd_saturated_message_bytes(const ldpc_decoder_limits *limits, uint32_t lanes)
{
    size_t per_edge = (size_t)limits->max_edges * lanes;
    size_t as_masks = (size_t)limits->max_m * 2 * lanes + (size_t)limits->max_edges * (lanes / 4);
    return per_edge > as_masks ? per_edge : as_masks;
}

static inline size_t simd_check_record_bytes(const ldpc_code *code, uint32_t lanes)
{
    return simd_check_record_vectors(code->max_check_degree) * lanes;
}
static inline int8_t *simd_check_record(const simd_workspace *ws, const ldpc_code *code,
                                        uint32_t check, uint32_t lanes)
{
    return ws->check_records + (size_t)check * simd_check_record_bytes(code, lanes);
}

/* Bytes of the workspace for the given limits, configuration (its
 * posterior_bits) and lane count. */
size_t simd_workspace_bytes(const ldpc_decoder_limits *limits, const ldpc_decoder_config *config,
                            uint32_t lanes);
/* Carves a workspace out of `block` (64-byte aligned, simd_workspace_bytes long). */
void simd_workspace_carve(simd_workspace *ws, void *block, const ldpc_decoder_limits *limits,
                          const ldpc_decoder_config *config, uint32_t lanes);

/* The frames of one call, shared by the workers: each lane of each worker
 * takes the next frame nobody has taken yet when its frame has finished
 * (simd_lane_results.c), so that a vector does not wait for its slowest
 * frame under early termination. Frame f is at llr + f * code->n (already
 * quantised; -128 is read as -127); bits and stats as in
 * ldpc_decoder_decode_i8. */
typedef struct {
    const int8_t *llr;
    uint8_t *bits;
    ldpc_frame_stats *stats; /* or NULL */
    uint32_t frames;
    atomic_uint next; /* the first frame not yet taken */
} simd_frame_source;

/* Decodes frames taken from `source` with the layered schedule and config's
 * fixed-point rule until the source has none left and every frame taken has
 * finished; each worker runs it on its own workspace. The same signature
 * serves both algorithms, each on its workspace layout. */
typedef void (*simd_layered_decode_fn)(const ldpc_code *code, const ldpc_decoder_config *config,
                                       simd_workspace *ws, simd_frame_source *source);

typedef struct {
    const char *name;  /* "sse4.1", "avx2", "avx512bw", "neon" */
    uint32_t lanes;    /* frames per vector */
    int (*cpu_supports)(void);
    simd_layered_decode_fn decode;           /* posterior_bits 16 */
    simd_layered_decode_fn decode_saturated; /* posterior_bits 8 */
} simd_variant;

/* The variants compiled for this architecture, best first (platform/x86 or
 * platform/arm provide it). */
size_t simd_variant_count(void);
const simd_variant *simd_variant_at(size_t index);

#endif
