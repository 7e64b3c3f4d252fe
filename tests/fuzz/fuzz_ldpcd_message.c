/* libFuzzer harness: ldpcd's input message parser and the gr-zeromq tag
 * header skipper, on arbitrary bytes. Properties checked beyond memory
 * safety: an accepted message's frames lie inside the message, and a
 * rejection owes at least one record. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "protocol.h"
#include "service.h"

static const int code_a = 1, code_b = 2;

static const void *lookup(const void *context, const char *name, uint32_t *n)
{
    (void)context;
    if (strcmp(name, "dvbs2-short-1/2") == 0) {
        *n = 16200;
        return &code_a;
    }
    if (strcmp(name, "tiny") == 0) {
        *n = 8;
        return &code_b;
    }
    *n = 0;
    return NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ldpcd_parsed_message parsed;
    ldpcd_parse_input(data, size, lookup, NULL, 4, LDPCD_INPUT_HEADER_SIZE + 4 * 16200 * 4,
                      &parsed);
    if (parsed.reason == LDPCD_REJECT_NONE) {
        size_t end = (size_t)(parsed.payload - data) + parsed.frame_size * parsed.header.frame_count;
        if (parsed.payload < data + LDPCD_INPUT_HEADER_SIZE || end != size || parsed.code == NULL)
            abort();
    } else if (parsed.records == 0 || parsed.records > 4) {
        abort();
    }
    long header = ldpcd_gr_tag_header_length(data, size);
    if (header > (long)size)
        abort();
    return 0;
}
