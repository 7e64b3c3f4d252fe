/* gr-zeromq's optional tag header (gr-zeromq/lib/tag_headers.cc): u16 magic
 * 0x5FF0, u8 version, u64 offset, u64 tag count, then per tag a u64 offset and
 * three serialized PMTs (key, value, source id). Host byte order on the
 * sender (little-endian in practice); PMTs are big-endian. Only the length is
 * needed here: the tags themselves are skipped. */
#include <stdint.h>

#include "protocol.h"
#include "service.h"

#define GR_TAG_MAGIC 0x5FF0
#define GR_TAG_FIXED_BYTES 19
#define MAX_PMT_DEPTH 32

enum {
    PST_TRUE = 0x00, PST_FALSE = 0x01, PST_SYMBOL = 0x02, PST_INT32 = 0x03, PST_DOUBLE = 0x04,
    PST_COMPLEX = 0x05, PST_NULL = 0x06, PST_PAIR = 0x07, PST_VECTOR = 0x08, PST_DICT = 0x09,
    PST_UNIFORM_VECTOR = 0x0a, PST_UINT64 = 0x0b, PST_TUPLE = 0x0c, PST_INT64 = 0x0d,
};

static uint32_t read_be32(const uint8_t *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

/* Bytes of each uniform vector element by subtype (UVI_U8 .. UVI_C64). */
static const uint8_t uniform_element_bytes[] = {1, 1, 2, 2, 4, 4, 8, 8, 4, 8, 8, 16};

/* Advances *at past one PMT; -1 if malformed or beyond size. */
static int skip_pmt(const uint8_t *data, size_t size, size_t *at, int depth)
{
    if (depth > MAX_PMT_DEPTH || *at >= size)
        return -1;
    uint8_t tag = data[(*at)++];
    size_t fixed = 0;
    switch (tag) {
    case PST_TRUE:
    case PST_FALSE:
    case PST_NULL:
        return 0;
    case PST_INT32:
        fixed = 4;
        break;
    case PST_DOUBLE:
    case PST_UINT64:
    case PST_INT64:
        fixed = 8;
        break;
    case PST_COMPLEX:
        fixed = 16;
        break;
    case PST_SYMBOL:
        if (size - *at < 2)
            return -1;
        fixed = 2 + (((size_t)data[*at] << 8) | data[*at + 1]);
        break;
    case PST_PAIR:
    case PST_DICT:
        /* a list: car, then the cdr (usually another pair) */
        if (skip_pmt(data, size, at, depth + 1) != 0)
            return -1;
        return skip_pmt(data, size, at, depth + 1);
    case PST_VECTOR:
    case PST_TUPLE: {
        if (size - *at < 4)
            return -1;
        uint32_t items = read_be32(data + *at);
        *at += 4;
        for (uint32_t i = 0; i < items; i++)
            if (skip_pmt(data, size, at, depth + 1) != 0)
                return -1;
        return 0;
    }
    case PST_UNIFORM_VECTOR: {
        if (size - *at < 6)
            return -1;
        uint8_t subtype = data[*at] & 0x7f;
        uint32_t items = read_be32(data + *at + 1);
        uint8_t pad = data[*at + 5];
        *at += 6;
        if (subtype >= sizeof uniform_element_bytes)
            return -1;
        fixed = pad + (size_t)items * uniform_element_bytes[subtype];
        break;
    }
    default:
        return -1;
    }
    if (size - *at < fixed)
        return -1;
    *at += fixed;
    return 0;
}

uint64_t ldpcd_gr_tag_header_offset(const uint8_t *data)
{
    return ldpcd_read_u64(data + 3);
}

long ldpcd_gr_tag_header_length(const uint8_t *data, size_t size)
{
    if (size < 3 || ldpcd_read_u16(data) != GR_TAG_MAGIC || (data[2] != 1 && data[2] != 2))
        return 0;
    if (size < GR_TAG_FIXED_BYTES)
        return -1;
    uint64_t tags = ldpcd_read_u64(data + 11);
    size_t at = GR_TAG_FIXED_BYTES;
    for (uint64_t t = 0; t < tags; t++) {
        if (size - at < 8)
            return -1;
        at += 8;
        for (int part = 0; part < 3; part++)
            if (skip_pmt(data, size, &at, 0) != 0)
                return -1;
    }
    return (long)at;
}
