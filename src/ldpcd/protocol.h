/* Protocol v1 on the wire (docs/PROTOCOL.md): the input message header, the
 * per-frame result header, and the reasons a message or frame is refused.
 * Everything is little-endian and read byte by byte, so the daemon never
 * depends on the host's alignment or byte order. */
#ifndef LDPCD_PROTOCOL_H
#define LDPCD_PROTOCOL_H

#include <stddef.h>
#include <stdint.h>

#define LDPCD_PROTOCOL_VERSION 1
#define LDPCD_INPUT_MAGIC 0x4350444Cu  /* bytes "LDPC" */
#define LDPCD_RESULT_MAGIC 0x5250444Cu /* bytes "LDPR" */
#define LDPCD_INPUT_HEADER_SIZE 64
#define LDPCD_RESULT_HEADER_SIZE 72
#define LDPCD_WIRE_CODE_SIZE 32 /* NUL-padded code name field */

/* Input flags */
#define LDPCD_FLAG_NEGATE 0x01    /* positive values mean bit 1 */
#define LDPCD_FLAG_NORMALIZE 0x02 /* rescale each frame to a fixed mean |LLR| */
/* The values are true LLRs (times the header's scale): decode them unchanged.
 * Without this flag or NORMALIZE each frame's scale is estimated and undone
 * (LDPC_SOFT_CALIBRATE); the two flags together are a bad header. */
#define LDPCD_FLAG_CALIBRATED 0x04
#define LDPCD_FLAGS_KNOWN 0x07

typedef enum {
    LDPCD_STATUS_DECODED = 0,
    LDPCD_STATUS_NOT_CONVERGED = 1,
    LDPCD_STATUS_REJECTED = 2
} ldpcd_frame_status;

/* Reject reasons; the numbers are part of the protocol. */
typedef enum {
    LDPCD_REJECT_NONE = 0,
    LDPCD_REJECT_TRUNCATED = 1,       /* shorter than the header */
    LDPCD_REJECT_BAD_MAGIC = 2,
    LDPCD_REJECT_BAD_VERSION = 3,
    LDPCD_REJECT_BAD_HEADER = 4,      /* header size, flags or reserved fields */
    LDPCD_REJECT_UNKNOWN_CODE = 5,    /* not among the configured codes */
    LDPCD_REJECT_BAD_FORMAT = 6,      /* soft-value format */
    LDPCD_REJECT_BAD_SCALE = 7,       /* scale not finite or not > 0 */
    LDPCD_REJECT_ZERO_FRAMES = 8,
    LDPCD_REJECT_TOO_MANY_FRAMES = 9, /* more than max_frames_per_message */
    LDPCD_REJECT_LENGTH_MISMATCH = 10, /* payload != frames * n * value size */
    LDPCD_REJECT_OVERSIZE = 11,       /* larger than the largest valid message */
    LDPCD_REJECT_NON_FINITE = 12,     /* NaN or infinity among the frame's values */
    LDPCD_REJECT_BAD_TAG_HEADER = 13, /* raw mode: unparsable gr-zeromq tag header */
    LDPCD_REJECT_DECODER_ERROR = 14,  /* the decoder failed (an internal error, logged) */
    LDPCD_REJECT_SHUTDOWN = 15,       /* read while the daemon was stopping: send it again */
    LDPCD_REJECT_REASON_COUNT = 16
} ldpcd_reject_reason;

const char *ldpcd_reject_reason_name(ldpcd_reject_reason reason);
const char *ldpcd_frame_status_name(ldpcd_frame_status status);

typedef struct {
    uint16_t version;
    uint16_t header_size;
    char code[LDPCD_WIRE_CODE_SIZE + 1]; /* always NUL-terminated */
    uint8_t format;
    uint8_t flags;
    uint16_t frame_count;
    float scale;
    uint64_t sequence;
} ldpcd_input_header;

/* The outcome of parsing one input message. When reason is NONE, frames of
 * `frame_size` bytes start at `payload`. When the header could be read far
 * enough, sequence_known/frame_count say how many rejection records the
 * message is owed (one per frame when frame_count is known and acceptable,
 * else one for the whole message). */
typedef struct {
    ldpcd_reject_reason reason;
    ldpcd_input_header header;
    int sequence_known;
    uint32_t records; /* results owed for this message: frame_count, or 1 */
    int frames_counted; /* records == frame_count (else one record for the message) */
    const void *code; /* the lookup's result */
    uint32_t n;
    const uint8_t *payload;
    size_t frame_size;
} ldpcd_parsed_message;

/* Returns the code's user data and its length n, or NULL for an unknown name. */
typedef const void *(*ldpcd_code_lookup)(const void *context, const char *name, uint32_t *n);

/* Never reads beyond size; never allocates. max_message_size: the largest
 * message any configured code can make (larger ones are OVERSIZE). */
void ldpcd_parse_input(const uint8_t *message, size_t size, ldpcd_code_lookup lookup,
                       const void *lookup_context, uint32_t max_frames,
                       size_t max_message_size, ldpcd_parsed_message *out);

void ldpcd_encode_input_header(const ldpcd_input_header *header, uint8_t out[LDPCD_INPUT_HEADER_SIZE]);

typedef struct {
    uint64_t sequence;
    char code[LDPCD_WIRE_CODE_SIZE + 1];
    uint8_t status;
    uint8_t reason;
    uint8_t payload_kind; /* ldpcd_output_bits */
    uint8_t flags;        /* LDPCD_RESULT_WHOLE_MESSAGE */
    uint16_t iterations;
    uint32_t unsatisfied_checks;
    uint32_t corrected_bits;
    uint32_t latency_us;
    uint32_t payload_bits;
} ldpcd_result_header;

/* The record stands for a whole message whose frames could not be counted. */
#define LDPCD_RESULT_WHOLE_MESSAGE 0x01

void ldpcd_encode_result_header(const ldpcd_result_header *header,
                                uint8_t out[LDPCD_RESULT_HEADER_SIZE]);
/* 0 if `message` starts with a valid result header (for clients and tests). */
int ldpcd_decode_result_header(const uint8_t *message, size_t size, ldpcd_result_header *out);

/* Bytes of the payload that follows a result header. */
size_t ldpcd_result_payload_bytes(uint8_t payload_kind, uint32_t payload_bits);

/* Little-endian helpers, shared with the raw framings. */
uint16_t ldpcd_read_u16(const uint8_t *p);
uint32_t ldpcd_read_u32(const uint8_t *p);
uint64_t ldpcd_read_u64(const uint8_t *p);
float ldpcd_read_f32(const uint8_t *p);
void ldpcd_write_u16(uint8_t *p, uint16_t value);
void ldpcd_write_u32(uint8_t *p, uint32_t value);
void ldpcd_write_u64(uint8_t *p, uint64_t value);
void ldpcd_write_f32(uint8_t *p, float value);

#endif
