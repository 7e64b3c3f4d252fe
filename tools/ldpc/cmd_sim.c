/* ldpc sim: BER/SER/FER Monte Carlo over AWGN, one curve per decoder. */
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "sim_channel.h"
#include "sim_plot.h"
#include "sim_report.h"
#include "sim_run.h"
#include "tool_code.h"
#include "tool_common.h"
#include "tool_decoder.h"

#define SIM_MAX_DECODERS 16
#define SIM_MAX_POINTS 1000

typedef struct {
    const char *code_name;
    const char *decoder_specs[SIM_MAX_DECODERS];
    size_t decoder_count;
    const char *backend;
    double start_db, stop_db, step_db;
    int sweep_esn0, sweep_given;
    sim_modulation modulation;
    sim_demod demod;
    double input_scale;
    int calibrated, json;
    uint64_t max_errors, max_frames, threads, seed, batch;
    const char *csv_path, *png_path, *title;
} sim_options;

static void usage(FILE *out)
{
    fprintf(out,
            "usage: ldpc sim --code NAME (--ebn0 RANGE | --esn0 RANGE) [--decoder SPEC]...\n"
            "                [--modulation bpsk|qpsk|8psk|16apsk|32apsk]\n"
            "                [--demod exact|maxlog|liquid] [--input-scale S] [--calibrated]\n"
            "                [--max-errors E] [--max-frames N]\n"
            "                [--threads T] [--seed S] [--batch F] [--backend NAME]\n"
            "                [--csv FILE] [--png FILE] [--title TEXT] [--json]\n\n"
            "Monte Carlo over AWGN: random information bits, ldpc_encode, modulation,\n"
            "noise, soft demodulation, decoding; counts information bit, symbol and frame\n"
            "errors (BER, SER, FER; SER = BER for binary codes). RANGE is START:STOP:STEP\n"
            "in dB, or one value. Each point stops at E frame errors (default 100) or N\n"
            "frames (default 100000). Every --decoder (default: default) is one curve; all\n"
            "see the same noise.\n\n"
            "  --modulation    bpsk (default, computed directly) or a liquid-dsp modem\n"
            "  --demod exact   exact LLR from liquid's constellation and the known noise\n"
            "                  variance (default); maxlog: its max-log approximation;\n"
            "                  liquid: modemcf_demodulate_soft soft bits, auto-normalised\n"
            "  --input-scale S the receiver sees the LLRs times S (default 1), as from an\n"
            "                  uncalibrated demodulator\n"
            "  --calibrated    decode the LLRs unchanged; by default each frame's scale is\n"
            "                  estimated and undone, as ldpc decode and ldpcd do\n"
            "  --threads T     worker threads (default: all cores)\n"
            "  --seed S        results depend only on S, not on T (default 1)\n"
            "  --batch F       frames per decoder call (default 64, a full AVX-512 vector)\n"
            "  --csv FILE      decoder,code,modulation,ebn0_db,esn0_db,frames,frame_errors,\n"
            "                  bit_errors,ber,fer,avg_iterations,ser,fer_low,fer_high\n"
            "                  (fer_low, fer_high: Wilson's 95%% interval of the FER)\n"
            "  --png FILE      BER and FER plots, SER too for nonbinary codes (needs gnuplot);\n"
            "                  a point without errors is marked at its FER's 95%% upper bound\n"
            "  --json          one JSON object per point on stdout instead of the table\n"
            "On a terminal a progress bar on stderr gives each point's share done (of its\n"
            "frame errors or frames, whichever comes first) and the time left.\n"
            "Eb/N0 -> Es/N0: Es/N0 = Eb/N0 + 10 log10(k/n * bits per symbol).\n"
            "Nonbinary codes (nbqc-*, nbreg-*, nbalist:PATH) take Min-Max decoders\n"
            "(default fixed-layered-minmax; e.g. float-flooding-minmax,iter=15).\n");
}

static int parse_range(const char *option, const char *text, sim_options *o)
{
    char copy[128];
    if (strlen(text) >= sizeof copy) {
        tool_error("%s: '%s' is too long", option, text);
        return -1;
    }
    strcpy(copy, text);
    char *second = strchr(copy, ':');
    if (second == NULL) {
        if (tool_parse_double(option, copy, &o->start_db) != 0)
            return -1;
        o->stop_db = o->start_db;
        o->step_db = 1.0;
        return 0;
    }
    *second++ = '\0';
    char *third = strchr(second, ':');
    if (third == NULL) {
        tool_error("%s: '%s' is neither START:STOP:STEP nor one value", option, text);
        return -1;
    }
    *third++ = '\0';
    if (tool_parse_double(option, copy, &o->start_db) != 0 ||
        tool_parse_double(option, second, &o->stop_db) != 0 ||
        tool_parse_double(option, third, &o->step_db) != 0)
        return -1;
    if (o->step_db <= 0.0 || o->stop_db < o->start_db) {
        tool_error("%s: '%s' needs STEP > 0 and STOP >= START", option, text);
        return -1;
    }
    if ((o->stop_db - o->start_db) / o->step_db >= SIM_MAX_POINTS) {
        tool_error("%s: '%s' has more than %d points", option, text, SIM_MAX_POINTS);
        return -1;
    }
    return 0;
}

static int parse_options(int argc, char **argv, sim_options *o)
{
    enum {
        OPT_CODE = 1, OPT_DECODER, OPT_BACKEND, OPT_EBN0, OPT_ESN0, OPT_MODULATION, OPT_DEMOD,
        OPT_MAX_ERRORS, OPT_MAX_FRAMES, OPT_THREADS, OPT_SEED, OPT_BATCH, OPT_CSV, OPT_PNG,
        OPT_TITLE, OPT_INPUT_SCALE, OPT_CALIBRATED, OPT_JSON, OPT_HELP
    };
    static const struct option options[] = {
        {"code", required_argument, NULL, OPT_CODE},
        {"decoder", required_argument, NULL, OPT_DECODER},
        {"backend", required_argument, NULL, OPT_BACKEND},
        {"ebn0", required_argument, NULL, OPT_EBN0},
        {"esn0", required_argument, NULL, OPT_ESN0},
        {"modulation", required_argument, NULL, OPT_MODULATION},
        {"demod", required_argument, NULL, OPT_DEMOD},
        {"max-errors", required_argument, NULL, OPT_MAX_ERRORS},
        {"max-frames", required_argument, NULL, OPT_MAX_FRAMES},
        {"threads", required_argument, NULL, OPT_THREADS},
        {"seed", required_argument, NULL, OPT_SEED},
        {"batch", required_argument, NULL, OPT_BATCH},
        {"csv", required_argument, NULL, OPT_CSV},
        {"png", required_argument, NULL, OPT_PNG},
        {"title", required_argument, NULL, OPT_TITLE},
        {"input-scale", required_argument, NULL, OPT_INPUT_SCALE},
        {"calibrated", no_argument, NULL, OPT_CALIBRATED},
        {"json", no_argument, NULL, OPT_JSON},
        {"help", no_argument, NULL, OPT_HELP},
        {NULL, 0, NULL, 0}};
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "", options, NULL)) != -1) {
        switch (c) {
        case OPT_CODE: o->code_name = optarg; break;
        case OPT_DECODER:
            if (o->decoder_count == SIM_MAX_DECODERS) {
                tool_error("at most %d --decoder options", SIM_MAX_DECODERS);
                return TOOL_EXIT_USAGE;
            }
            o->decoder_specs[o->decoder_count++] = optarg;
            break;
        case OPT_BACKEND: o->backend = optarg; break;
        case OPT_EBN0:
        case OPT_ESN0:
            if (o->sweep_given) {
                tool_error("give one of --ebn0 and --esn0, once");
                return TOOL_EXIT_USAGE;
            }
            if (parse_range(c == OPT_EBN0 ? "--ebn0" : "--esn0", optarg, o) != 0)
                return TOOL_EXIT_USAGE;
            o->sweep_given = 1;
            o->sweep_esn0 = c == OPT_ESN0;
            break;
        case OPT_MODULATION:
            if (sim_modulation_parse(optarg, &o->modulation) != 0)
                return TOOL_EXIT_USAGE;
            break;
        case OPT_DEMOD:
            if (sim_demod_parse(optarg, &o->demod) != 0)
                return TOOL_EXIT_USAGE;
            break;
        case OPT_MAX_ERRORS:
            if (tool_parse_uint("--max-errors", optarg, 1, UINT64_MAX, &o->max_errors) != 0)
                return TOOL_EXIT_USAGE;
            break;
        case OPT_MAX_FRAMES:
            if (tool_parse_uint("--max-frames", optarg, 1, UINT64_MAX / 2, &o->max_frames) != 0)
                return TOOL_EXIT_USAGE;
            break;
        case OPT_THREADS:
            if (tool_parse_uint("--threads", optarg, 1, 1024, &o->threads) != 0)
                return TOOL_EXIT_USAGE;
            break;
        case OPT_SEED:
            if (tool_parse_uint("--seed", optarg, 0, UINT64_MAX, &o->seed) != 0)
                return TOOL_EXIT_USAGE;
            break;
        case OPT_BATCH:
            if (tool_parse_uint("--batch", optarg, 1, 4096, &o->batch) != 0)
                return TOOL_EXIT_USAGE;
            break;
        case OPT_CSV: o->csv_path = optarg; break;
        case OPT_PNG: o->png_path = optarg; break;
        case OPT_TITLE: o->title = optarg; break;
        case OPT_INPUT_SCALE:
            if (tool_parse_double("--input-scale", optarg, &o->input_scale) != 0)
                return TOOL_EXIT_USAGE;
            if (!(o->input_scale > 0.0) || !isfinite(o->input_scale)) {
                tool_error("--input-scale must be positive and finite");
                return TOOL_EXIT_USAGE;
            }
            break;
        case OPT_CALIBRATED: o->calibrated = 1; break;
        case OPT_JSON: o->json = 1; break;
        case OPT_HELP: usage(stdout); return TOOL_EXIT_OK;
        default: usage(stderr); return TOOL_EXIT_USAGE;
        }
    }
    if (optind < argc) {
        tool_error("unexpected argument '%s'", argv[optind]);
        return TOOL_EXIT_USAGE;
    }
    if (!o->sweep_given) {
        tool_error("--ebn0 RANGE or --esn0 RANGE is required (e.g. --ebn0 0:3:0.5)");
        return TOOL_EXIT_USAGE;
    }
    if (o->modulation == MODULATION_BPSK && o->demod == DEMOD_LIQUID) {
        tool_error("--demod liquid needs a liquid-dsp modulation (qpsk, 8psk, 16apsk, 32apsk)");
        return TOOL_EXIT_USAGE;
    }
    if (o->decoder_count == 0)
        o->decoder_specs[o->decoder_count++] = "default";
    if (o->png_path != NULL && !sim_plot_available()) {
        tool_error("--png needs gnuplot, which is not on PATH (Debian: apt-get install "
                   "gnuplot-nox)");
        return TOOL_EXIT_USAGE;
    }
    return -1; /* go on */
}

typedef struct {
    const sim_options *options;
    const tool_code *code;
    FILE *csv;
    size_t point_count;
    sim_plot_point *plot_points; /* decoder_count * point_count */
    char labels[SIM_MAX_DECODERS][LDPC_DECODER_SPEC_SIZE];
} sim_session;

static void report_point(const sim_session *s, const sim_point_report *r)
{
    if (s->options->json)
        sim_report_json(stdout, r);
    else
        sim_report_table_row(stdout, r);
    if (s->csv != NULL)
        sim_report_csv_row(s->csv, r);
}

/* Runs every point for decoder d; fills its plot points. */
static int run_decoder(sim_session *s, size_t d, const ldpc_decoder_config *config)
{
    const sim_options *o = s->options;
    double rate = tool_code_rate(s->code);
    sim_setup setup = {
        .code = s->code, .config = *config, .backend = o->backend,
        .modulation = o->modulation, .demod = o->demod, .batch = (uint32_t)o->batch,
        .threads = (unsigned)o->threads, .seed = o->seed, .max_frame_errors = o->max_errors,
        .max_frames = o->max_frames, .receiver = ldpc_soft_input_default(LDPC_SOFT_F32)};
    setup.receiver.scale = (float)o->input_scale;
    if (o->calibrated)
        setup.receiver.normalization = LDPC_SOFT_AS_IS;
    char why[LDPC_ERROR_MESSAGE_SIZE + 64];
    sim_runner *runner = sim_runner_create(&setup, why, sizeof why);
    if (runner == NULL) {
        tool_error("decoder '%s': %s", s->labels[d], why);
        return -1;
    }
    const char *backend = sim_runner_backend_name(runner);
    if (!o->json)
        printf("# %s: backend %s\n", s->labels[d], backend);
    int terminal = isatty(STDERR_FILENO);
    sim_progress progress = {.decoder = s->labels[d], .points = s->point_count,
                             .max_frames = o->max_frames, .max_errors = o->max_errors};
    int result = 0;
    for (size_t p = 0; p < s->point_count; p++) {
        double swept = o->start_db + (double)p * o->step_db;
        double offset = sim_esn0_from_ebn0(0.0, rate, o->modulation);
        double ebn0 = o->sweep_esn0 ? swept - offset : swept;
        double esn0 = o->sweep_esn0 ? swept : swept + offset;
        progress.ebn0_db = ebn0;
        progress.point = p + 1;
        progress.started = tool_now_seconds();
        sim_tally tally;
        if (sim_runner_run_point(runner, p, esn0, terminal ? sim_report_progress : NULL,
                                 &progress, &tally, why, sizeof why) != 0) {
            if (terminal)
                fputs("\r\033[K", stderr);
            tool_error("decoder '%s', Eb/N0 %.2f dB: %s", s->labels[d], ebn0, why);
            result = -1;
            break;
        }
        if (terminal)
            fputs("\r\033[K", stderr);
        sim_point_report report = {
            .decoder = s->labels[d], .backend = backend, .code = s->code->name,
            .modulation = sim_modulation_name(o->modulation), .ebn0_db = ebn0, .esn0_db = esn0,
            .seconds = tool_now_seconds() - progress.started, .k_bits = s->code->k_bits,
            .k_symbols = s->code->k_symbols, .tally = &tally};
        report_point(s, &report);
        sim_point_rates rates = sim_report_rates(&report);
        s->plot_points[d * s->point_count + p] = (sim_plot_point){
            .snr_db = swept, .ber = rates.ber, .fer = rates.fer, .ser = rates.ser,
            .no_error_bound = tally.frame_errors == 0 ? rates.fer_high : 0.0};
    }
    sim_runner_destroy(runner);
    return result;
}

static int draw_png(const sim_session *s)
{
    const sim_options *o = s->options;
    sim_plot_curve curves[SIM_MAX_DECODERS];
    for (size_t d = 0; d < o->decoder_count; d++) {
        curves[d].label = s->labels[d];
        curves[d].points = &s->plot_points[d * s->point_count];
        curves[d].count = s->point_count;
    }
    char title[512];
    if (o->title != NULL)
        snprintf(title, sizeof title, "%s", o->title);
    else
        snprintf(title, sizeof title, "%s, %s over AWGN", s->code->name,
                 sim_modulation_name(o->modulation));
    char why[256];
    if (sim_plot_png(o->png_path, title, o->sweep_esn0 ? "Es/N0 (dB)" : "Eb/N0 (dB)", curves,
                     o->decoder_count, s->code->nonbinary != NULL, why, sizeof why) != 0) {
        tool_error("%s", why);
        return -1;
    }
    return 0;
}

/* The table's heading: the code, the channel and the stopping rule. */
static void print_heading(const sim_options *o, const tool_code *code)
{
    if (code->nonbinary != NULL)
        printf("# code %s (GF(%u), n %u symbols = %u bits, k %u symbols = %u bits, rate %.4f), %s",
               code->name, 1u << code->bits_per_symbol, code->n_symbols, code->n_bits,
               code->k_symbols, code->k_bits, tool_code_rate(code),
               sim_modulation_name(o->modulation));
    else
        printf("# code %s (n %u, k %u, rate %.4f), %s", code->name, code->n_bits, code->k_bits,
               tool_code_rate(code), sim_modulation_name(o->modulation));
    if (o->modulation != MODULATION_BPSK)
        printf(" (%s demod)", sim_demod_name(o->demod));
    printf(", %llu threads, seed %llu, stop at %llu frame errors or %llu frames\n",
           (unsigned long long)o->threads, (unsigned long long)o->seed,
           (unsigned long long)o->max_errors, (unsigned long long)o->max_frames);
    sim_report_table_header(stdout);
}

static int simulate(sim_session *s, const ldpc_decoder_config *configs)
{
    const sim_options *o = s->options;
    if (s->csv != NULL)
        sim_report_csv_header(s->csv);
    if (!o->json) /* with --json stdout holds JSON lines only */
        print_heading(o, s->code);
    for (size_t d = 0; d < o->decoder_count; d++)
        if (run_decoder(s, d, &configs[d]) != 0)
            return -1;
    if (o->png_path != NULL && draw_png(s) != 0)
        return -1;
    return 0;
}

/* Frames per decoder call: the SIMD backends decode one frame per 8-bit lane,
 * 64 lanes on AVX-512, so smaller batches leave most of each vector idle
 * (16 frames per call ran dvbs2-normal-1/2 at about half the speed). */
#define SIM_DEFAULT_BATCH 64

int command_sim(int argc, char **argv)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    sim_options o = {.max_errors = 100, .max_frames = 100000, .threads = cores > 0 ? (uint64_t)cores : 1,
                     .seed = 1, .batch = SIM_DEFAULT_BATCH, .modulation = MODULATION_BPSK,
                     .demod = DEMOD_EXACT, .input_scale = 1.0};
    int parsed = parse_options(argc, argv, &o);
    if (parsed >= 0)
        return parsed;

    tool_code code;
    if (tool_code_open(o.code_name, &code) != 0)
        return o.code_name == NULL ? TOOL_EXIT_USAGE : TOOL_EXIT_FAILURE;
    sim_session s = {.options = &o, .code = &code};
    ldpc_decoder_config configs[SIM_MAX_DECODERS];
    for (size_t d = 0; d < o.decoder_count; d++) {
        ldpc_error err = {{0}};
        if (tool_decoder_spec_parse(&code, o.decoder_specs[d], &configs[d], &err) != LDPC_OK ||
            ldpc_decoder_spec_format(&configs[d], s.labels[d], sizeof s.labels[d], &err) !=
                LDPC_OK) {
            tool_error("--decoder: %s", err.message);
            tool_code_close(&code);
            return TOOL_EXIT_USAGE;
        }
    }
    s.point_count = (size_t)floor((o.stop_db - o.start_db) / o.step_db + 1e-9) + 1;
    s.plot_points = calloc(o.decoder_count * s.point_count, sizeof *s.plot_points);
    int result = TOOL_EXIT_FAILURE;
    if (s.plot_points == NULL) {
        tool_error("out of memory");
        goto done;
    }
    if (o.csv_path != NULL && (s.csv = fopen(o.csv_path, "w")) == NULL) {
        tool_error("cannot write %s", o.csv_path);
        goto done;
    }
    if (simulate(&s, configs) == 0)
        result = TOOL_EXIT_OK;
    if (s.csv != NULL && fclose(s.csv) != 0) {
        tool_error("writing %s failed", o.csv_path);
        result = TOOL_EXIT_FAILURE;
    }
done:
    free(s.plot_points);
    tool_code_close(&code);
    return result;
}
