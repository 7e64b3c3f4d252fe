/* ldpcd's wire protocol (src/ldpcd/protocol.c, docs/PROTOCOL.md) and the
 * gr-zeromq tag header skipper (src/ldpcd/gr_tags.c). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ldpc/soft.h"
#include "protocol.h"
#include "service.h"

/* Two fake codes: "short8" (n = 8) and "long16" (n = 16). */
static const int short_code = 1, long_code = 2;

static const void *lookup(const void *context, const char *name, uint32_t *n)
{
    (void)context;
    if (strcmp(name, "short8") == 0) {
        *n = 8;
        return &short_code;
    }
    if (strcmp(name, "long16") == 0) {
        *n = 16;
        return &long_code;
    }
    *n = 0;
    return NULL;
}

#define MAX_FRAMES 4
#define MAX_SIZE (LDPCD_INPUT_HEADER_SIZE + MAX_FRAMES * 16 * 4)

static uint8_t message[1024];

static size_t build(const char *code, uint8_t format, uint8_t flags, uint16_t frames, float scale,
                    uint64_t sequence, size_t payload)
{
    ldpcd_input_header h = {.version = 1,
                            .header_size = LDPCD_INPUT_HEADER_SIZE,
                            .format = format,
                            .flags = flags,
                            .frame_count = frames,
                            .scale = scale,
                            .sequence = sequence};
    strcpy(h.code, code);
    memset(message, 0x5a, sizeof message);
    ldpcd_encode_input_header(&h, message);
    return LDPCD_INPUT_HEADER_SIZE + payload;
}

static ldpcd_parsed_message parse(size_t size)
{
    ldpcd_parsed_message parsed;
    /* a copy of exactly `size` bytes, so that ASan sees any over-read */
    uint8_t *copy = malloc(size ? size : 1);
    memcpy(copy, message, size);
    ldpcd_parse_input(copy, size, lookup, NULL, MAX_FRAMES, MAX_SIZE, &parsed);
    parsed.payload = parsed.payload ? message + (parsed.payload - copy) : NULL;
    free(copy);
    return parsed;
}

static void valid_message(void **state)
{
    (void)state;
    size_t size = build("long16", LDPC_SOFT_F32, LDPCD_FLAG_NEGATE | LDPCD_FLAG_NORMALIZE, 3, 0.5f,
                        0x0102030405060708ull, 3 * 16 * 4);
    /* the layout is little-endian and fixed: spot-check the bytes */
    assert_memory_equal(message, "LDPC\x01\x00\x40\x00long16", 14);
    assert_int_equal(message[40], LDPC_SOFT_F32);
    assert_int_equal(message[42], 3);
    assert_int_equal(message[48], 0x08);
    assert_int_equal(message[55], 0x01);
    ldpcd_parsed_message p = parse(size);
    assert_int_equal(p.reason, LDPCD_REJECT_NONE);
    assert_ptr_equal(p.code, &long_code);
    assert_int_equal(p.n, 16);
    assert_int_equal(p.frame_size, 64);
    assert_int_equal(p.records, 3);
    assert_int_equal(p.header.sequence, 0x0102030405060708ull);
    assert_true(p.header.scale == 0.5f);
    assert_int_equal(p.header.flags, 3);
    assert_ptr_equal(p.payload, message + LDPCD_INPUT_HEADER_SIZE);

    size = build("short8", LDPC_SOFT_LIQUID, 0, 4, 1.0f, 9, 4 * 8);
    p = parse(size);
    assert_int_equal(p.reason, LDPCD_REJECT_NONE);
    assert_int_equal(p.frame_size, 8);
}

static void expect(size_t size, ldpcd_reject_reason reason, uint32_t records, int sequence_known)
{
    ldpcd_parsed_message p = parse(size);
    if (p.reason != reason)
        fail_msg("expected %s, got %s", ldpcd_reject_reason_name(reason),
                 ldpcd_reject_reason_name(p.reason));
    assert_int_equal(p.records, records);
    int counted = reason == LDPCD_REJECT_UNKNOWN_CODE || reason == LDPCD_REJECT_BAD_FORMAT ||
                  reason == LDPCD_REJECT_BAD_SCALE || reason == LDPCD_REJECT_LENGTH_MISMATCH;
    assert_int_equal(p.frames_counted, counted);
    assert_int_equal(p.sequence_known, sequence_known);
    assert_null(p.payload);
}

static void every_reject_reason(void **state)
{
    (void)state;
    build("short8", LDPC_SOFT_I8, 0, 1, 1.0f, 77, 8);
    expect(0, LDPCD_REJECT_TRUNCATED, 1, 0);
    expect(10, LDPCD_REJECT_TRUNCATED, 1, 0);
    expect(LDPCD_INPUT_HEADER_SIZE - 1, LDPCD_REJECT_TRUNCATED, 1, 1);
    expect(MAX_SIZE + 1, LDPCD_REJECT_OVERSIZE, 1, 1);
    size_t size = build("short8", LDPC_SOFT_I8, 0, 1, 1.0f, 77, 8);
    message[3] = 'X';
    expect(size, LDPCD_REJECT_BAD_MAGIC, 1, 0);
    size = build("short8", LDPC_SOFT_I8, 0, 1, 1.0f, 77, 8);
    message[4] = 2;
    expect(size, LDPCD_REJECT_BAD_VERSION, 1, 1);
    size = build("short8", LDPC_SOFT_I8, 0, 1, 1.0f, 77, 8);
    message[6] = 65; /* header size */
    expect(size, LDPCD_REJECT_BAD_HEADER, 1, 1);
    size = build("short8", LDPC_SOFT_I8, 0x08, 1, 1.0f, 77, 8); /* unknown flag */
    expect(size, LDPCD_REJECT_BAD_HEADER, 1, 1);
    size = build("short8", LDPC_SOFT_I8, LDPCD_FLAG_NORMALIZE | LDPCD_FLAG_CALIBRATED, 1, 1.0f, 77,
                 8); /* two normalisations at once */
    expect(size, LDPCD_REJECT_BAD_HEADER, 1, 1);
    size = build("short8", LDPC_SOFT_I8, 0, 1, 1.0f, 77, 8);
    message[60] = 1; /* reserved */
    expect(size, LDPCD_REJECT_BAD_HEADER, 1, 1);
    size = build("short8", LDPC_SOFT_I8, 0, 0, 1.0f, 77, 0);
    expect(size, LDPCD_REJECT_ZERO_FRAMES, 1, 1);
    size = build("short8", LDPC_SOFT_I8, 0, 5, 1.0f, 77, 40);
    expect(size, LDPCD_REJECT_TOO_MANY_FRAMES, 1, 1);
    size = build("nosuch", LDPC_SOFT_I8, 0, 2, 1.0f, 77, 16);
    expect(size, LDPCD_REJECT_UNKNOWN_CODE, 2, 1);
    size = build("short8", LDPC_SOFT_I8, 0, 2, 1.0f, 77, 16);
    memset(message + 8, 'a', LDPCD_WIRE_CODE_SIZE); /* no NUL in the name field */
    expect(size, LDPCD_REJECT_UNKNOWN_CODE, 2, 1);
    size = build("short8", 3, 0, 1, 1.0f, 77, 8);
    expect(size, LDPCD_REJECT_BAD_FORMAT, 1, 1);
    size = build("short8", LDPC_SOFT_I8, 0, 1, 0.0f, 77, 8);
    expect(size, LDPCD_REJECT_BAD_SCALE, 1, 1);
    size = build("short8", LDPC_SOFT_I8, 0, 1, -1.0f, 77, 8);
    expect(size, LDPCD_REJECT_BAD_SCALE, 1, 1);
    size = build("short8", LDPC_SOFT_I8, 0, 1, INFINITY, 77, 8);
    expect(size, LDPCD_REJECT_BAD_SCALE, 1, 1);
    size = build("short8", LDPC_SOFT_F32, 0, 2, 1.0f, 77, 2 * 8 * 4 - 1);
    expect(size, LDPCD_REJECT_LENGTH_MISMATCH, 2, 1);
    size = build("short8", LDPC_SOFT_F32, 0, 2, 1.0f, 77, 2 * 8 * 4 + 4);
    expect(size, LDPCD_REJECT_LENGTH_MISMATCH, 2, 1);
    for (int r = 0; r < LDPCD_REJECT_REASON_COUNT; r++)
        assert_string_not_equal(ldpcd_reject_reason_name((ldpcd_reject_reason)r), "unknown");
    assert_string_equal(ldpcd_reject_reason_name(LDPCD_REJECT_REASON_COUNT), "unknown");
}

static void result_header_round_trip(void **state)
{
    (void)state;
    ldpcd_result_header h = {.sequence = 123456789012ull,
                             .status = LDPCD_STATUS_NOT_CONVERGED,
                             .reason = 0,
                             .payload_kind = 0,
                             .flags = 0,
                             .iterations = 50,
                             .unsatisfied_checks = 3,
                             .corrected_bits = 1234,
                             .latency_us = 777,
                             .payload_bits = 13};
    strcpy(h.code, "dvbs2-normal-9/10");
    uint8_t out[LDPCD_RESULT_HEADER_SIZE + 2];
    ldpcd_encode_result_header(&h, out);
    assert_memory_equal(out, "LDPR\x01\x00\x48\x00", 8);
    ldpcd_result_header back;
    assert_int_equal(ldpcd_decode_result_header(out, sizeof out, &back), 0);
    assert_memory_equal(&back, &h, sizeof h);
    /* the size must match the payload the header announces */
    assert_int_equal(ldpcd_decode_result_header(out, sizeof out - 1, &back), -1);
    assert_int_equal(ldpcd_result_payload_bytes(0, 13), 2);
    assert_int_equal(ldpcd_result_payload_bytes(1, 13), 13);
    assert_int_equal(ldpcd_result_payload_bytes(2, 64800), 8100);
    assert_int_equal(ldpcd_result_payload_bytes(3, 16200), 16200);
}

static void gr_tag_headers(void **state)
{
    (void)state;
    uint8_t data[256] = {0};
    /* no header: any other start */
    assert_int_equal(ldpcd_gr_tag_header_length(data, 100), 0);
    data[0] = 0xF0;
    data[1] = 0x5F;
    data[2] = 0x03; /* unknown version: not a header */
    assert_int_equal(ldpcd_gr_tag_header_length(data, 100), 0);
    data[2] = 0x01;
    assert_int_equal(ldpcd_gr_tag_header_length(data, 19), 19); /* no tags */
    assert_int_equal(ldpcd_gr_tag_header_length(data, 18), -1);
    /* two tags: symbol/int/symbol, then pair(double, u8vector)/tuple/null */
    ldpcd_write_u64(data + 11, 2);
    size_t at = 19;
    const uint8_t tag1[] = {0, 0, 0, 0, 0, 0, 0, 5, 0x02, 0x00, 0x01, 'k', 0x03, 0, 0, 0, 7,
                            0x02, 0x00, 0x00};
    memcpy(data + at, tag1, sizeof tag1);
    at += sizeof tag1;
    const uint8_t tag2[] = {0, 0, 0, 0, 0, 0, 0, 6,
                            0x07, 0x04, 1, 2, 3, 4, 5, 6, 7, 8, /* pair: double, */
                            0x0a, 0x00, 0, 0, 0, 3, 1, 0, 9, 9, 9, /* u8vector[3], pad 1 */
                            0x0c, 0, 0, 0, 2, 0x00, 0x0b, 1, 2, 3, 4, 5, 6, 7, 8, /* tuple */
                            0x06};
    memcpy(data + at, tag2, sizeof tag2);
    at += sizeof tag2;
    assert_int_equal(ldpcd_gr_tag_header_length(data, at + 10), (long)at);
    assert_int_equal(ldpcd_gr_tag_header_length(data, at), (long)at);
    for (size_t cut = 19; cut < at; cut++)
        assert_int_equal(ldpcd_gr_tag_header_length(data, cut), -1);
    /* an unknown PMT type */
    data[19 + 8] = 0x3f;
    assert_int_equal(ldpcd_gr_tag_header_length(data, at), -1);
    /* nesting without end is bounded */
    uint8_t deep[200];
    memset(deep, 0x07, sizeof deep);
    memcpy(deep, data, 19);
    ldpcd_write_u64(deep + 11, 1);
    memset(deep + 19, 0, 8);
    assert_int_equal(ldpcd_gr_tag_header_length(deep, sizeof deep), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(valid_message),
        cmocka_unit_test(every_reject_reason),
        cmocka_unit_test(result_header_round_trip),
        cmocka_unit_test(gr_tag_headers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
