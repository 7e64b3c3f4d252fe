/* ldpc encode --code NAME: k information bits in, n codeword bits out, per frame. */
#include <getopt.h>
#include <stdlib.h>
#include <unistd.h>

#include "commands.h"
#include "tool_code.h"
#include "tool_common.h"

#define ENCODE_FRAMES_PER_READ 64

static void usage(FILE *out)
{
    fprintf(out,
            "usage: ldpc encode --code NAME [--packed-in] [--packed-out]\n\n"
            "Reads frames of k information bits on stdin, one 0/1 byte per bit (or\n"
            "ceil(k/8) bytes, most significant bit first, with --packed-in), and writes\n"
            "n codeword bits per frame on stdout (systematic bits first for DVB codes),\n"
            "one 0/1 byte per bit or packed with --packed-out. NAME is a built-in code\n"
            "(ldpc codes), alist:PATH or nbalist:PATH. Nonbinary codes over GF(2^p) read\n"
            "k*p bits and write n*p bits, p bits per symbol, most significant first.\n");
}

typedef struct {
    const char *code_name;
    int packed_in, packed_out;
} encode_options;

static int parse_options(int argc, char **argv, encode_options *o)
{
    enum { OPT_CODE = 1, OPT_PACKED_IN, OPT_PACKED_OUT, OPT_HELP };
    static const struct option options[] = {
        {"code", required_argument, NULL, OPT_CODE},
        {"packed-in", no_argument, NULL, OPT_PACKED_IN},
        {"packed-out", no_argument, NULL, OPT_PACKED_OUT},
        {"help", no_argument, NULL, OPT_HELP},
        {NULL, 0, NULL, 0}};
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "", options, NULL)) != -1) {
        switch (c) {
        case OPT_CODE: o->code_name = optarg; break;
        case OPT_PACKED_IN: o->packed_in = 1; break;
        case OPT_PACKED_OUT: o->packed_out = 1; break;
        case OPT_HELP: usage(stdout); return TOOL_EXIT_OK;
        default: usage(stderr); return TOOL_EXIT_USAGE;
        }
    }
    if (optind < argc) {
        tool_error("unexpected argument '%s'", argv[optind]);
        return TOOL_EXIT_USAGE;
    }
    return -1; /* go on */
}

static int encode_stream(const tool_code *code, const encode_options *o)
{
    size_t in_bytes = o->packed_in ? (code->k_bits + 7) / 8 : code->k_bits;
    size_t out_bytes = o->packed_out ? (code->sent_bits + 7) / 8 : code->sent_bits;
    uint8_t *input = malloc(in_bytes * ENCODE_FRAMES_PER_READ);
    uint8_t *info = malloc(code->k_bits);
    uint8_t *codeword = malloc(code->n_bits), *sent = malloc(code->sent_bits);
    uint8_t *packed = malloc(out_bytes);
    uint8_t *scratch = malloc(tool_code_encode_scratch_bytes(code) + 1); /* never malloc(0) */
    int result = TOOL_EXIT_FAILURE;
    if (!input || !info || !codeword || !sent || !packed || !scratch) {
        tool_error("out of memory");
        goto done;
    }
    size_t frame_index = 0;
    for (;;) {
        size_t frames, partial;
        int end;
        if (tool_read_frames(STDIN_FILENO, input, in_bytes, ENCODE_FRAMES_PER_READ, &frames, &partial,
                             &end) != 0)
            goto done;
        for (size_t f = 0; f < frames; f++, frame_index++) {
            const uint8_t *frame = input + f * in_bytes;
            if (o->packed_in)
                ldpc_bits_unpack(frame, code->k_bits, info);
            ldpc_error err = {{0}};
            if (tool_code_encode(code, o->packed_in ? info : frame, codeword, scratch, &err) !=
                LDPC_OK) {
                tool_error("frame %zu: %s", frame_index, err.message);
                goto done;
            }
            tool_code_transmit(code, codeword, sent);
            if (o->packed_out)
                ldpc_bits_pack(sent, code->sent_bits, packed);
            if (tool_write(stdout, o->packed_out ? packed : sent, out_bytes) != 0)
                goto done;
        }
        fflush(stdout); /* frames from a slow source leave at once */
        if (partial != 0) {
            tool_report_partial_frame(partial, in_bytes, frame_index);
            goto done;
        }
        if (end)
            break;
    }
    if (tool_finish_output(stdout) == 0)
        result = TOOL_EXIT_OK;
done:
    free(input);
    free(info);
    free(codeword);
    free(sent);
    free(packed);
    free(scratch);
    return result;
}

int command_encode(int argc, char **argv)
{
    encode_options o = {0};
    int parsed = parse_options(argc, argv, &o);
    if (parsed >= 0)
        return parsed;
    tool_code code;
    if (tool_code_open(o.code_name, &code) != 0)
        return o.code_name == NULL ? TOOL_EXIT_USAGE : TOOL_EXIT_FAILURE;
    int result = encode_stream(&code, &o);
    tool_code_close(&code);
    return result;
}
