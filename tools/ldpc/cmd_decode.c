/* ldpc decode: n soft values in, k (or n) decided bits out, per frame. */
#include <getopt.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>

#include "commands.h"
#include "tool_common.h"
#include "tool_decoder.h"

#define DECODE_DEFAULT_BATCH 64 /* one AVX-512 vector of 8-bit lanes */
#define DECODE_MAX_BATCH 4096

typedef struct {
    const char *code_name;
    const char *decoder_spec;
    const char *backend;
    ldpc_soft_input soft;
    int normalize_option; /* -1: the default (calibrate), 0: as is, 1: mean target */
    float normalize_target;
    double scale;
    int negate;
    uint64_t max_iterations; /* 0: the spec's */
    int output_codeword;
    int packed;
    int stats;
    uint64_t batch;
} decode_options;

static void usage(FILE *out)
{
    fprintf(out,
            "usage: ldpc decode --code NAME [--input f32|i8|liquid] [--scale S] [--negate]\n"
            "                   [--normalize[=TARGET] | --calibrated] [--max-iter N]\n"
            "                   [--decoder SPEC] [--backend NAME] [--output info|codeword]\n"
            "                   [--packed] [--stats] [--batch F]\n\n"
            "Reads n soft values per frame on stdin and writes the decided bits on stdout:\n"
            "k information bits (default) or the n codeword bits, one 0/1 byte per bit or\n"
            "packed MSB first (ceil(bits/8) bytes per frame) with --packed.\n\n"
            "  --input f32     native float LLRs, positive = bit 0 (default)\n"
            "  --input i8      int8 LLRs, positive = bit 0\n"
            "  --input liquid  liquid-dsp soft bits: 0 = certain 0, 255 = certain 1,\n"
            "                  127 = erasure (LLR = 127 - s)\n"
            "  --scale S       multiply the LLRs by S (default 1)\n"
            "  --negate        the source's positive values mean bit 1\n"
            "By default each frame's LLR scale is estimated from its values (as a\n"
            "consistent Gaussian, what BPSK and QPSK over AWGN give) and the frame is\n"
            "rescaled to true LLRs, so values at any scale decode alike.\n"
            "  --normalize[=T] rescale each frame to mean |LLR| = T instead (default %g)\n"
            "  --calibrated    the values are true LLRs (times --scale): decode them\n"
            "                  unchanged (also --no-normalize)\n"
            "  --decoder SPEC  e.g. fixed-layered-nms, float-flooding-spa,iter=100 (default:\n"
            "                  the library default, fixed-layered-oms; for nonbinary codes\n"
            "                  fixed-layered-minmax)\n"
            "  --max-iter N    overrides the iteration limit of SPEC\n"
            "  --backend NAME  auto (default), reference, ...\n"
            "  --stats         one JSON line per frame on stderr\n"
            "  --batch F       frames per decoder call (default %d)\n"
            "Nonbinary codes over GF(2^p) (nbqc-*, nbreg-*, nbalist:PATH) take n*p soft\n"
            "values per frame (bit LLRs, p per symbol, most significant first) and write\n"
            "k*p (or n*p) bits.\n",
            (double)LDPC_SOFT_DEFAULT_NORMALIZE_TARGET, DECODE_DEFAULT_BATCH);
}

static int parse_options(int argc, char **argv, decode_options *o)
{
    enum {
        OPT_CODE = 1, OPT_INPUT, OPT_SCALE, OPT_NEGATE, OPT_NORMALIZE, OPT_NO_NORMALIZE,
        OPT_MAX_ITER, OPT_DECODER, OPT_BACKEND, OPT_OUTPUT, OPT_PACKED, OPT_STATS, OPT_BATCH,
        OPT_HELP
    };
    static const struct option options[] = {
        {"code", required_argument, NULL, OPT_CODE},
        {"input", required_argument, NULL, OPT_INPUT},
        {"scale", required_argument, NULL, OPT_SCALE},
        {"negate", no_argument, NULL, OPT_NEGATE},
        {"normalize", optional_argument, NULL, OPT_NORMALIZE},
        {"no-normalize", no_argument, NULL, OPT_NO_NORMALIZE},
        {"calibrated", no_argument, NULL, OPT_NO_NORMALIZE},
        {"max-iter", required_argument, NULL, OPT_MAX_ITER},
        {"decoder", required_argument, NULL, OPT_DECODER},
        {"backend", required_argument, NULL, OPT_BACKEND},
        {"output", required_argument, NULL, OPT_OUTPUT},
        {"packed", no_argument, NULL, OPT_PACKED},
        {"stats", no_argument, NULL, OPT_STATS},
        {"batch", required_argument, NULL, OPT_BATCH},
        {"help", no_argument, NULL, OPT_HELP},
        {NULL, 0, NULL, 0}};
    ldpc_soft_format format = LDPC_SOFT_F32;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "", options, NULL)) != -1) {
        ldpc_error err = {{0}};
        double number;
        switch (c) {
        case OPT_CODE: o->code_name = optarg; break;
        case OPT_INPUT:
            if (ldpc_soft_format_parse(optarg, &format, &err) != LDPC_OK) {
                tool_error("--input: %s", err.message);
                return TOOL_EXIT_USAGE;
            }
            break;
        case OPT_SCALE:
            if (tool_parse_double("--scale", optarg, &o->scale) != 0)
                return TOOL_EXIT_USAGE;
            if (o->scale == 0.0) {
                tool_error("--scale must not be 0");
                return TOOL_EXIT_USAGE;
            }
            break;
        case OPT_NEGATE: o->negate = 1; break;
        case OPT_NORMALIZE:
            o->normalize_option = 1;
            if (optarg != NULL) {
                if (tool_parse_double("--normalize", optarg, &number) != 0)
                    return TOOL_EXIT_USAGE;
                if (number <= 0.0) {
                    tool_error("--normalize target must be positive");
                    return TOOL_EXIT_USAGE;
                }
                o->normalize_target = (float)number;
            }
            break;
        case OPT_NO_NORMALIZE: o->normalize_option = 0; break;
        case OPT_MAX_ITER:
            if (tool_parse_uint("--max-iter", optarg, 1, 1000000, &o->max_iterations) != 0)
                return TOOL_EXIT_USAGE;
            break;
        case OPT_DECODER: o->decoder_spec = optarg; break;
        case OPT_BACKEND: o->backend = optarg; break;
        case OPT_OUTPUT:
            if (strcmp(optarg, "info") == 0)
                o->output_codeword = 0;
            else if (strcmp(optarg, "codeword") == 0)
                o->output_codeword = 1;
            else {
                tool_error("--output: '%s' is neither info nor codeword", optarg);
                return TOOL_EXIT_USAGE;
            }
            break;
        case OPT_PACKED: o->packed = 1; break;
        case OPT_STATS: o->stats = 1; break;
        case OPT_BATCH:
            if (tool_parse_uint("--batch", optarg, 1, DECODE_MAX_BATCH, &o->batch) != 0)
                return TOOL_EXIT_USAGE;
            break;
        case OPT_HELP: usage(stdout); return TOOL_EXIT_OK;
        default: usage(stderr); return TOOL_EXIT_USAGE;
        }
    }
    if (optind < argc) {
        tool_error("unexpected argument '%s'", argv[optind]);
        return TOOL_EXIT_USAGE;
    }
    o->soft = ldpc_soft_input_default(format);
    o->soft.scale = (float)o->scale;
    o->soft.negate = o->negate;
    if (o->normalize_option >= 0)
        o->soft.normalization = o->normalize_option ? LDPC_SOFT_MEAN_TARGET : LDPC_SOFT_AS_IS;
    if (o->normalize_target > 0.0f)
        o->soft.normalize_target = o->normalize_target;
    return -1; /* go on */
}

static void print_stats(size_t frame, const ldpc_frame_stats *s)
{
    fprintf(stderr,
            "{\"frame\":%zu,\"iterations\":%u,\"converged\":%s,\"unsatisfied_checks\":%u,"
            "\"corrected_bits\":%u}\n",
            frame, s->iterations, s->converged ? "true" : "false", s->unsatisfied_checks,
            s->corrected_bits);
}

typedef struct {
    const tool_code *code;
    tool_decoder decoder;
    size_t batch;
    size_t raw_bytes; /* one frame of input */
    uint8_t *raw;
    float *llr;
    uint8_t *bits;
    uint8_t *info;
    uint8_t *packed;
    ldpc_frame_stats *stats;
} decode_buffers;

/* Decodes `frames` frames of llr and writes them; `first` is the index of the
 * first one in the stream. */
static int decode_and_write(decode_buffers *b, const decode_options *o, size_t first,
                            size_t frames)
{
    if (frames == 0)
        return 0;
    const tool_code *code = b->code;
    ldpc_error err = {{0}};
    ldpc_status status = tool_decoder_decode_f32(&b->decoder, code, b->llr, (uint32_t)frames,
                                                 b->bits, b->stats, &err);
    if (status != LDPC_OK) {
        tool_error("frames %zu..%zu: %s", first, first + frames - 1, err.message);
        return -1;
    }
    size_t out_bits = o->output_codeword ? code->n_bits : code->k_bits;
    for (size_t f = 0; f < frames; f++) {
        const uint8_t *word = b->bits + f * code->n_bits;
        const uint8_t *out = word;
        if (!o->output_codeword) {
            tool_code_extract_info(code, word, b->info);
            out = b->info;
        }
        if (o->packed) {
            ldpc_bits_pack(out, out_bits, b->packed);
            out = b->packed;
        }
        if (tool_write(stdout, out, o->packed ? (out_bits + 7) / 8 : out_bits) != 0)
            return -1;
        if (o->stats)
            print_stats(first + f, &b->stats[f]);
    }
    return 0;
}

static int decode_stream(decode_buffers *b, const decode_options *o)
{
    const tool_code *code = b->code;
    size_t frame_index = 0;
    for (;;) {
        size_t frames, partial;
        int end;
        if (tool_read_frames(STDIN_FILENO, b->raw, b->raw_bytes, b->batch, &frames, &partial, &end) != 0)
            return -1;
        for (size_t f = 0; f < frames; f++) {
            ldpc_error err = {{0}};
            if (ldpc_soft_to_llr(&o->soft, b->raw + f * b->raw_bytes, code->sent_bits,
                                 b->llr + f * code->sent_bits, &err) != LDPC_OK) {
                /* Frames before the bad one still go out. */
                if (decode_and_write(b, o, frame_index, f) != 0)
                    return -1;
                tool_error("frame %zu: %s", frame_index + f, err.message);
                return -1;
            }
        }
        if (decode_and_write(b, o, frame_index, frames) != 0)
            return -1;
        frame_index += frames;
        fflush(stdout); /* frames from a slow source leave at once */
        if (partial != 0) {
            tool_report_partial_frame(partial, b->raw_bytes, frame_index);
            return -1;
        }
        if (end)
            return 0;
    }
}

static int make_decoder(const tool_code *code, const decode_options *o, size_t batch,
                        tool_decoder *decoder)
{
    ldpc_decoder_config config;
    ldpc_error err = {{0}};
    const char *spec = o->decoder_spec ? o->decoder_spec : "default";
    if (tool_decoder_spec_parse(code, spec, &config, &err) != LDPC_OK) {
        tool_error("--decoder: %s", err.message);
        return TOOL_EXIT_USAGE;
    }
    if (o->max_iterations != 0)
        config.max_iterations = (uint32_t)o->max_iterations;
    ldpc_status status =
        tool_decoder_create(decoder, code, &config, o->backend, (uint32_t)batch, &err);
    if (status != LDPC_OK) {
        tool_error("creating decoder '%s': %s", spec, err.message);
        return status == LDPC_ERR_INVALID || status == LDPC_ERR_UNSUPPORTED ? TOOL_EXIT_USAGE
                                                                            : TOOL_EXIT_FAILURE;
    }
    return -1; /* go on */
}

int command_decode(int argc, char **argv)
{
    decode_options o = {.normalize_option = -1, .scale = 1.0, .batch = DECODE_DEFAULT_BATCH};
    int parsed = parse_options(argc, argv, &o);
    if (parsed >= 0)
        return parsed;
    tool_code code;
    if (tool_code_open(o.code_name, &code) != 0)
        return o.code_name == NULL ? TOOL_EXIT_USAGE : TOOL_EXIT_FAILURE;

    decode_buffers b = {.code = &code, .batch = (size_t)o.batch};
    int result = make_decoder(&code, &o, b.batch, &b.decoder);
    if (result >= 0) {
        tool_code_close(&code);
        return result;
    }
    result = TOOL_EXIT_FAILURE;
    b.raw_bytes = code.sent_bits * ldpc_soft_value_size(o.soft.format);
    b.raw = malloc(b.raw_bytes * b.batch);
    b.llr = malloc(sizeof *b.llr * code.sent_bits * b.batch);
    b.bits = malloc((size_t)code.n_bits * b.batch);
    b.info = malloc(code.k_bits);
    b.packed = malloc((code.n_bits + 7) / 8);
    b.stats = malloc(sizeof *b.stats * b.batch);
    if (!b.raw || !b.llr || !b.bits || !b.info || !b.packed || !b.stats)
        tool_error("out of memory");
    else if (decode_stream(&b, &o) == 0 && tool_finish_output(stdout) == 0)
        result = TOOL_EXIT_OK;
    else
        tool_finish_output(stdout); /* frames before an error still reach the reader */
    free(b.raw);
    free(b.llr);
    free(b.bits);
    free(b.info);
    free(b.packed);
    free(b.stats);
    tool_decoder_destroy(&b.decoder);
    tool_code_close(&code);
    return result;
}
