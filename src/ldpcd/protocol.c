#include "protocol.h"

#include <math.h>
#include <string.h>

#include "ldpc/soft.h"

/* Input header layout (docs/PROTOCOL.md) */
enum {
    IN_MAGIC = 0,
    IN_VERSION = 4,
    IN_HEADER_SIZE = 6,
    IN_CODE = 8,
    IN_FORMAT = 40,
    IN_FLAGS = 41,
    IN_FRAME_COUNT = 42,
    IN_SCALE = 44,
    IN_SEQUENCE = 48,
    IN_RESERVED = 56, /* 8 bytes, zero in v1 */
};

/* Result header layout */
enum {
    OUT_MAGIC = 0,
    OUT_VERSION = 4,
    OUT_HEADER_SIZE = 6,
    OUT_SEQUENCE = 8,
    OUT_CODE = 16,
    OUT_STATUS = 48,
    OUT_REASON = 49,
    OUT_PAYLOAD_KIND = 50,
    OUT_FLAGS = 51,
    OUT_ITERATIONS = 52,
    OUT_RESERVED = 54,
    OUT_UNSATISFIED = 56,
    OUT_CORRECTED = 60,
    OUT_LATENCY = 64,
    OUT_PAYLOAD_BITS = 68,
};

static const char *const reason_names[LDPCD_REJECT_REASON_COUNT] = {
    "none",          "truncated",       "bad_magic",   "bad_version",       "bad_header",
    "unknown_code",  "bad_format",      "bad_scale",   "zero_frames",       "too_many_frames",
    "length_mismatch", "oversize",      "non_finite",  "bad_tag_header",  "decoder_error", "shutdown",
};

const char *ldpcd_reject_reason_name(ldpcd_reject_reason reason)
{
    return (unsigned)reason < LDPCD_REJECT_REASON_COUNT ? reason_names[reason] : "unknown";
}

const char *ldpcd_frame_status_name(ldpcd_frame_status status)
{
    switch (status) {
    case LDPCD_STATUS_DECODED:
        return "decoded";
    case LDPCD_STATUS_NOT_CONVERGED:
        return "not_converged";
    case LDPCD_STATUS_REJECTED:
        return "rejected";
    }
    return "unknown";
}

uint16_t ldpcd_read_u16(const uint8_t *p)
{
    return (uint16_t)(p[0] | (p[1] << 8));
}

uint32_t ldpcd_read_u32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

uint64_t ldpcd_read_u64(const uint8_t *p)
{
    return (uint64_t)ldpcd_read_u32(p) | ((uint64_t)ldpcd_read_u32(p + 4) << 32);
}

float ldpcd_read_f32(const uint8_t *p)
{
    uint32_t bits = ldpcd_read_u32(p);
    float value;
    memcpy(&value, &bits, sizeof value);
    return value;
}

void ldpcd_write_u16(uint8_t *p, uint16_t value)
{
    p[0] = (uint8_t)value;
    p[1] = (uint8_t)(value >> 8);
}

void ldpcd_write_u32(uint8_t *p, uint32_t value)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(value >> (8 * i));
}

void ldpcd_write_u64(uint8_t *p, uint64_t value)
{
    ldpcd_write_u32(p, (uint32_t)value);
    ldpcd_write_u32(p + 4, (uint32_t)(value >> 32));
}

void ldpcd_write_f32(uint8_t *p, float value)
{
    uint32_t bits;
    memcpy(&bits, &value, sizeof bits);
    ldpcd_write_u32(p, bits);
}

/* NUL-padded; a name of 32 characters fills the field without a NUL (and
 * is then refused by the parser). */
static void copy_code_name(uint8_t *field, const char *name)
{
    size_t length = strnlen(name, LDPCD_WIRE_CODE_SIZE);
    memset(field, 0, LDPCD_WIRE_CODE_SIZE);
    memcpy(field, name, length);
}

static int parse_format(uint8_t format)
{
    return format == LDPC_SOFT_F32 || format == LDPC_SOFT_I8 || format == LDPC_SOFT_LIQUID;
}

void ldpcd_parse_input(const uint8_t *message, size_t size, ldpcd_code_lookup lookup,
                       const void *lookup_context, uint32_t max_frames,
                       size_t max_message_size, ldpcd_parsed_message *out)
{
    memset(out, 0, sizeof *out);
    out->records = 1;
    ldpcd_input_header *h = &out->header;
    if (size >= IN_SEQUENCE + 8) {
        h->sequence = ldpcd_read_u64(message + IN_SEQUENCE);
        out->sequence_known = 1;
    }
    if (size < LDPCD_INPUT_HEADER_SIZE) {
        out->reason = LDPCD_REJECT_TRUNCATED;
        return;
    }
    if (size > max_message_size) {
        out->reason = LDPCD_REJECT_OVERSIZE;
        return;
    }
    if (ldpcd_read_u32(message + IN_MAGIC) != LDPCD_INPUT_MAGIC) {
        out->reason = LDPCD_REJECT_BAD_MAGIC;
        out->sequence_known = 0; /* not ours: the field means nothing */
        h->sequence = 0;
        return;
    }
    h->version = ldpcd_read_u16(message + IN_VERSION);
    h->header_size = ldpcd_read_u16(message + IN_HEADER_SIZE);
    memcpy(h->code, message + IN_CODE, LDPCD_WIRE_CODE_SIZE);
    h->code[LDPCD_WIRE_CODE_SIZE] = '\0';
    h->format = message[IN_FORMAT];
    h->flags = message[IN_FLAGS];
    h->frame_count = ldpcd_read_u16(message + IN_FRAME_COUNT);
    h->scale = ldpcd_read_f32(message + IN_SCALE);
    if (h->version != LDPCD_PROTOCOL_VERSION) {
        out->reason = LDPCD_REJECT_BAD_VERSION;
        return;
    }
    const unsigned both = LDPCD_FLAG_NORMALIZE | LDPCD_FLAG_CALIBRATED;
    if (h->header_size != LDPCD_INPUT_HEADER_SIZE || (h->flags & ~LDPCD_FLAGS_KNOWN) != 0 ||
        (h->flags & both) == both ||
        ldpcd_read_u64(message + IN_RESERVED) != 0) {
        out->reason = LDPCD_REJECT_BAD_HEADER;
        return;
    }
    if (h->frame_count == 0) {
        out->reason = LDPCD_REJECT_ZERO_FRAMES;
        return;
    }
    if (h->frame_count > max_frames) {
        out->reason = LDPCD_REJECT_TOO_MANY_FRAMES;
        return;
    }
    /* From here on the frames can be counted: each gets its own record. */
    out->records = h->frame_count;
    out->frames_counted = 1;
    /* The name must be NUL-padded: a field without a NUL is not a name. */
    if (memchr(message + IN_CODE, '\0', LDPCD_WIRE_CODE_SIZE) == NULL) {
        out->reason = LDPCD_REJECT_UNKNOWN_CODE;
        return;
    }
    out->code = lookup(lookup_context, h->code, &out->n);
    if (out->code == NULL) {
        out->reason = LDPCD_REJECT_UNKNOWN_CODE;
        return;
    }
    if (!parse_format(h->format)) {
        out->reason = LDPCD_REJECT_BAD_FORMAT;
        return;
    }
    if (!isfinite(h->scale) || !(h->scale > 0.0f)) {
        out->reason = LDPCD_REJECT_BAD_SCALE;
        return;
    }
    out->frame_size = (size_t)out->n * ldpc_soft_value_size((ldpc_soft_format)h->format);
    if (size - LDPCD_INPUT_HEADER_SIZE != out->frame_size * h->frame_count) {
        out->reason = LDPCD_REJECT_LENGTH_MISMATCH;
        return;
    }
    out->payload = message + LDPCD_INPUT_HEADER_SIZE;
}

void ldpcd_encode_input_header(const ldpcd_input_header *header, uint8_t out[LDPCD_INPUT_HEADER_SIZE])
{
    memset(out, 0, LDPCD_INPUT_HEADER_SIZE);
    ldpcd_write_u32(out + IN_MAGIC, LDPCD_INPUT_MAGIC);
    ldpcd_write_u16(out + IN_VERSION, header->version);
    ldpcd_write_u16(out + IN_HEADER_SIZE, header->header_size);
    copy_code_name(out + IN_CODE, header->code);
    out[IN_FORMAT] = header->format;
    out[IN_FLAGS] = header->flags;
    ldpcd_write_u16(out + IN_FRAME_COUNT, header->frame_count);
    ldpcd_write_f32(out + IN_SCALE, header->scale);
    ldpcd_write_u64(out + IN_SEQUENCE, header->sequence);
}

void ldpcd_encode_result_header(const ldpcd_result_header *header,
                                uint8_t out[LDPCD_RESULT_HEADER_SIZE])
{
    memset(out, 0, LDPCD_RESULT_HEADER_SIZE);
    ldpcd_write_u32(out + OUT_MAGIC, LDPCD_RESULT_MAGIC);
    ldpcd_write_u16(out + OUT_VERSION, LDPCD_PROTOCOL_VERSION);
    ldpcd_write_u16(out + OUT_HEADER_SIZE, LDPCD_RESULT_HEADER_SIZE);
    ldpcd_write_u64(out + OUT_SEQUENCE, header->sequence);
    copy_code_name(out + OUT_CODE, header->code);
    out[OUT_STATUS] = header->status;
    out[OUT_REASON] = header->reason;
    out[OUT_PAYLOAD_KIND] = header->payload_kind;
    out[OUT_FLAGS] = header->flags;
    ldpcd_write_u16(out + OUT_ITERATIONS, header->iterations);
    ldpcd_write_u16(out + OUT_RESERVED, 0);
    ldpcd_write_u32(out + OUT_UNSATISFIED, header->unsatisfied_checks);
    ldpcd_write_u32(out + OUT_CORRECTED, header->corrected_bits);
    ldpcd_write_u32(out + OUT_LATENCY, header->latency_us);
    ldpcd_write_u32(out + OUT_PAYLOAD_BITS, header->payload_bits);
}

int ldpcd_decode_result_header(const uint8_t *message, size_t size, ldpcd_result_header *out)
{
    memset(out, 0, sizeof *out);
    if (size < LDPCD_RESULT_HEADER_SIZE || ldpcd_read_u32(message) != LDPCD_RESULT_MAGIC ||
        ldpcd_read_u16(message + OUT_VERSION) != LDPCD_PROTOCOL_VERSION ||
        ldpcd_read_u16(message + OUT_HEADER_SIZE) != LDPCD_RESULT_HEADER_SIZE)
        return -1;
    out->sequence = ldpcd_read_u64(message + OUT_SEQUENCE);
    memcpy(out->code, message + OUT_CODE, LDPCD_WIRE_CODE_SIZE);
    out->code[LDPCD_WIRE_CODE_SIZE] = '\0';
    out->status = message[OUT_STATUS];
    out->reason = message[OUT_REASON];
    out->payload_kind = message[OUT_PAYLOAD_KIND];
    out->flags = message[OUT_FLAGS];
    out->iterations = ldpcd_read_u16(message + OUT_ITERATIONS);
    out->unsatisfied_checks = ldpcd_read_u32(message + OUT_UNSATISFIED);
    out->corrected_bits = ldpcd_read_u32(message + OUT_CORRECTED);
    out->latency_us = ldpcd_read_u32(message + OUT_LATENCY);
    out->payload_bits = ldpcd_read_u32(message + OUT_PAYLOAD_BITS);
    if (size != LDPCD_RESULT_HEADER_SIZE + ldpcd_result_payload_bytes(out->payload_kind,
                                                                       out->payload_bits))
        return -1;
    return 0;
}

size_t ldpcd_result_payload_bytes(uint8_t payload_kind, uint32_t payload_bits)
{
    /* kinds 0 and 2 are packed, 1 and 3 one byte per bit (ldpcd_output_bits) */
    return (payload_kind & 1) ? payload_bits : (payload_bits + 7u) / 8u;
}
