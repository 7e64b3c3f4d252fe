/* ldpc channel: codeword bits in, noisy soft values out (a test and demo
 * source for ldpc decode). */
#include <getopt.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>

#include "commands.h"
#include "sim_channel.h"
#include "tool_code.h"
#include "tool_common.h"
#include "tool_rng.h"

#define CHANNEL_FRAMES_PER_READ 16

typedef struct {
    const char *code_name;
    double snr_db;
    int snr_is_esn0, snr_given;
    uint64_t seed;
    ldpc_soft_format output;
    double scale;
    sim_modulation modulation;
    sim_demod demod;
} channel_options;

static void usage(FILE *out)
{
    fprintf(out,
            "usage: ldpc channel --code NAME (--ebn0 DB | --esn0 DB) [--seed S]\n"
            "                    [--modulation bpsk|qpsk|8psk|16apsk|32apsk]\n"
            "                    [--demod exact|maxlog|liquid] [--output f32|i8|liquid]\n"
            "                    [--scale S]\n\n"
            "Reads codewords (n bytes of 0/1 per frame, as ldpc encode writes them),\n"
            "sends them over AWGN (Es/N0 = Eb/N0 + 10 log10(k/n * bits per symbol)) and\n"
            "writes n soft values per frame, ready for ldpc decode --input FORMAT:\n"
            "  f32     float LLRs (default)\n"
            "  i8      round(LLR * S) clamped to [-127, 127] (S = --scale, default 1)\n"
            "  liquid  127 - round(LLR * S), clamped to [0, 255] (liquid-dsp soft bits)\n"
            "The same --seed gives the same noise. For a nonbinary code over GF(2^p), n is\n"
            "n*p bits (p bits per symbol, most significant first).\n");
}

static int parse_options(int argc, char **argv, channel_options *o)
{
    enum { OPT_CODE = 1, OPT_EBN0, OPT_ESN0, OPT_SEED, OPT_OUTPUT, OPT_SCALE, OPT_MODULATION,
           OPT_DEMOD, OPT_HELP };
    static const struct option options[] = {
        {"code", required_argument, NULL, OPT_CODE},
        {"ebn0", required_argument, NULL, OPT_EBN0},
        {"esn0", required_argument, NULL, OPT_ESN0},
        {"seed", required_argument, NULL, OPT_SEED},
        {"output", required_argument, NULL, OPT_OUTPUT},
        {"scale", required_argument, NULL, OPT_SCALE},
        {"modulation", required_argument, NULL, OPT_MODULATION},
        {"demod", required_argument, NULL, OPT_DEMOD},
        {"help", no_argument, NULL, OPT_HELP},
        {NULL, 0, NULL, 0}};
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "", options, NULL)) != -1) {
        ldpc_error err = {{0}};
        switch (c) {
        case OPT_CODE: o->code_name = optarg; break;
        case OPT_EBN0:
        case OPT_ESN0:
            if (o->snr_given) {
                tool_error("give one of --ebn0 and --esn0, once");
                return TOOL_EXIT_USAGE;
            }
            if (tool_parse_double(c == OPT_EBN0 ? "--ebn0" : "--esn0", optarg, &o->snr_db) != 0)
                return TOOL_EXIT_USAGE;
            o->snr_given = 1;
            o->snr_is_esn0 = c == OPT_ESN0;
            break;
        case OPT_SEED:
            if (tool_parse_uint("--seed", optarg, 0, UINT64_MAX, &o->seed) != 0)
                return TOOL_EXIT_USAGE;
            break;
        case OPT_OUTPUT:
            if (ldpc_soft_format_parse(optarg, &o->output, &err) != LDPC_OK) {
                tool_error("--output: %s", err.message);
                return TOOL_EXIT_USAGE;
            }
            break;
        case OPT_SCALE:
            if (tool_parse_double("--scale", optarg, &o->scale) != 0)
                return TOOL_EXIT_USAGE;
            break;
        case OPT_MODULATION:
            if (sim_modulation_parse(optarg, &o->modulation) != 0)
                return TOOL_EXIT_USAGE;
            break;
        case OPT_DEMOD:
            if (sim_demod_parse(optarg, &o->demod) != 0)
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
    if (!o->snr_given) {
        tool_error("--ebn0 DB or --esn0 DB is required");
        return TOOL_EXIT_USAGE;
    }
    return -1; /* go on */
}

/* LLRs -> the requested wire format, in place into `out`. */
static void format_soft(const channel_options *o, const float *llr, uint32_t n, uint8_t *out)
{
    switch (o->output) {
    case LDPC_SOFT_F32: memcpy(out, llr, sizeof *llr * n); return;
    case LDPC_SOFT_I8:
        for (uint32_t i = 0; i < n; i++)
            out[i] = (uint8_t)ldpc_quantise_one(llr[i], (float)o->scale);
        return;
    case LDPC_SOFT_LIQUID:
        for (uint32_t i = 0; i < n; i++)
            out[i] = (uint8_t)(127 - ldpc_quantise_one(llr[i], (float)o->scale));
        return;
    }
}

static int channel_stream(const tool_code *code, const channel_options *o, sim_channel *channel)
{
    uint32_t n = code->sent_bits;
    double esn0 = o->snr_is_esn0 ? o->snr_db
                                 : sim_esn0_from_ebn0(o->snr_db, tool_code_rate(code),
                                                      o->modulation);
    size_t out_bytes = n * ldpc_soft_value_size(o->output);
    uint8_t *input = malloc((size_t)n * CHANNEL_FRAMES_PER_READ);
    float *llr = malloc(sizeof *llr * n);
    uint8_t *output = malloc(out_bytes);
    int result = TOOL_EXIT_FAILURE;
    if (!input || !llr || !output) {
        tool_error("out of memory");
        goto done;
    }
    tool_rng rng;
    tool_rng_seed(&rng, o->seed, 0, 0);
    size_t frame_index = 0;
    for (;;) {
        size_t frames, partial;
        int end;
        if (tool_read_frames(STDIN_FILENO, input, n, CHANNEL_FRAMES_PER_READ, &frames, &partial,
                             &end) != 0)
            goto done;
        for (size_t f = 0; f < frames; f++, frame_index++) {
            const uint8_t *word = input + f * n;
            for (uint32_t i = 0; i < n; i++)
                if (word[i] > 1) {
                    tool_error("frame %zu: codeword bit %u is %u; expected one 0/1 per byte",
                               frame_index, i, word[i]);
                    goto done;
                }
            sim_channel_run(channel, &rng, word, esn0, llr);
            format_soft(o, llr, n, output);
            if (tool_write(stdout, output, out_bytes) != 0)
                goto done;
        }
        fflush(stdout); /* frames from a slow source leave at once */
        if (partial != 0) {
            tool_report_partial_frame(partial, n, frame_index);
            goto done;
        }
        if (end)
            break;
    }
    if (tool_finish_output(stdout) == 0)
        result = TOOL_EXIT_OK;
done:
    free(input);
    free(llr);
    free(output);
    return result;
}

int command_channel(int argc, char **argv)
{
    channel_options o = {.seed = 1, .output = LDPC_SOFT_F32, .scale = 1.0};
    int parsed = parse_options(argc, argv, &o);
    if (parsed >= 0)
        return parsed;
    tool_code code;
    if (tool_code_open(o.code_name, &code) != 0)
        return o.code_name == NULL ? TOOL_EXIT_USAGE : TOOL_EXIT_FAILURE;
    char why[128];
    sim_channel *channel = sim_channel_create(o.modulation, o.demod, code.sent_bits, why, sizeof why);
    int result = TOOL_EXIT_USAGE;
    if (channel == NULL)
        tool_error("%s", why);
    else
        result = channel_stream(&code, &o, channel);
    sim_channel_destroy(channel);
    tool_code_close(&code);
    return result;
}
