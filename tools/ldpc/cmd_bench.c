/* ldpc bench: decoder throughput and latency, against a baseline backend
 * (optionally with its own decoder configuration) measured in the same run. Frames are generated (random codewords, BPSK over
 * AWGN) and quantised before the clock starts, so the timing covers decoding
 * only; --mode full also times the float-to-8-bit quantisation, --mode
 * calibrate the per-frame calibration before it as well. Binary and
 * nonbinary codes alike (tool_code.h, tool_decoder.h): frames of bits, and a
 * nonbinary decoder's symbols turned into bits inside the timed call. The
 * timing itself is bench_run.c's; --rounds alternates the two backends,
 * --instances runs several decoders at once as ldpcd's workers do
 * (bench_group.c). */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench_frames.h"
#include "bench_group.h"
#include "bench_run.h"
#include "commands.h"
#include "ldpc/decoder_spec.h"
#include "ldpc/opencl.h"
#include "tool_code.h"
#include "tool_common.h"
#include "tool_decoder.h"

typedef struct {
    const char *code_name;
    const char *decoder_spec;
    const char *backend;
    const char *baseline;
    const char *baseline_spec; /* NULL: the same decoder as the measured backend */
    uint64_t threads;
    uint64_t batch;     /* 0: 64 frames per thread */
    uint64_t fixed_iterations; /* fixed count, no early termination */
    uint64_t max_iterations;   /* early termination within this many */
    double ebn0_db;
    double seconds;
    uint64_t rounds;    /* alternating timed windows per backend */
    uint64_t instances; /* decoders per backend, each driven by its own thread */
    bench_mode mode;
    int json;
} bench_options;

typedef struct {
    const char *backend;
    uint64_t frames, calls;
    double seconds;           /* wall time of the windows */
    double decode_seconds;    /* time inside decode calls, summed over the instances */
    double frames_per_second; /* of decoding, summed over the instances */
    double median_ms, p99_ms;
    double average_iterations;
    double frame_error_rate;
    double create_ms, first_call_ms; /* untimed setup: decoder creation, warm-up call */
    uint32_t rounds;
    const double *round_mbps; /* coded Mbit/s of each timed window */
    char device_note[640]; /* opencl: device, designs, table upload, time split */
} bench_result;

static void usage(FILE *out)
{
    fprintf(out,
            "usage: ldpc bench [--code NAME] [--decoder SPEC] [--backend NAME] [--baseline NAME]\n"
            "                  [--threads T] [--batch F] [--iterations N | --max-iter N] [--ebn0 DB]\n"
            "                  [--seconds S] [--rounds R] [--instances N] [--mode decode|full|calibrate]\n"
            "                  [--json]\n\n"
            "  --code NAME      default dvbs2-normal-1/2; nonbinary: nbqc-*, nbreg-*, nbalist:\n"
            "  --decoder SPEC   default: the library default (fixed-layered-oms, or\n"
            "                   fixed-layered-minmax for nonbinary codes)\n"
            "  --backend NAME   auto (default), reference, avx512bw, avx2, sse4.1, neon, opencl;\n"
            "                   one frame per thread (DVB codes; latency with --batch 1):\n"
            "                   avx512bw-frame, avx2-frame, sse4.1-frame, neon-frame,\n"
            "                   portable-frame; DVB codes on the frame path, others\n"
            "                   inter-frame (what auto picks): avx512bw-frame+avx512bw, ...;\n"
            "                   nonbinary codes: auto, reference, avx512bw, avx2, neon, opencl\n"
            "  --baseline NAME  measured in the same run for the ratio (default reference;\n"
            "                   none to skip)\n"
            "  --baseline-decoder SPEC  the baseline's decoder (default: --decoder's), e.g.\n"
            "                   --decoder fixed-layered-oms,posterior=8 --baseline auto\n"
            "                   --baseline-decoder default; same iterations and threads\n"
            "  --threads T      worker threads of the decoder (default 1)\n"
            "  --batch F        frames per decoder call (default 64 per thread)\n"
            "  --iterations N   fixed iteration count, no early termination (default 20)\n"
            "  --max-iter N     early termination instead: syndrome after every iteration,\n"
            "                   at most N iterations\n"
            "  --ebn0 DB        Eb/N0 of the generated frames (default 1.0)\n"
            "  --seconds S      minimum timed duration per backend (default 2)\n"
            "  --rounds R       split it into R windows, the backend's and the baseline's\n"
            "                   alternating, and report each window and the ratio per\n"
            "                   round (default 1: the backend's window, then the baseline's)\n"
            "  --instances N    N decoders of --threads workers each, each driven by its own\n"
            "                   thread over the same frames, as ldpcd's workers run them\n"
            "                   (default 1); throughput is all instances' together\n"
            "  --mode full      time quantisation of float LLRs too (decode_f32)\n"
            "  --mode calibrate and before it each frame's calibration (ldpc_soft_to_llr,\n"
            "                   the default of every path)\n");
}

static int parse_options(int argc, char **argv, bench_options *o)
{
    enum { OPT_CODE = 1, OPT_DECODER, OPT_BACKEND, OPT_BASELINE, OPT_BASELINE_DECODER,
           OPT_THREADS, OPT_BATCH, OPT_ITERATIONS, OPT_EBN0, OPT_MAX_ITER, OPT_SECONDS,
           OPT_ROUNDS, OPT_INSTANCES, OPT_MODE, OPT_JSON, OPT_HELP };
    static const struct option options[] = {
        {"code", required_argument, NULL, OPT_CODE},
        {"decoder", required_argument, NULL, OPT_DECODER},
        {"backend", required_argument, NULL, OPT_BACKEND},
        {"baseline", required_argument, NULL, OPT_BASELINE},
        {"baseline-decoder", required_argument, NULL, OPT_BASELINE_DECODER},
        {"threads", required_argument, NULL, OPT_THREADS},
        {"batch", required_argument, NULL, OPT_BATCH},
        {"iterations", required_argument, NULL, OPT_ITERATIONS},
        {"ebn0", required_argument, NULL, OPT_EBN0},
        {"max-iter", required_argument, NULL, OPT_MAX_ITER},
        {"seconds", required_argument, NULL, OPT_SECONDS},
        {"rounds", required_argument, NULL, OPT_ROUNDS},
        {"instances", required_argument, NULL, OPT_INSTANCES},
        {"mode", required_argument, NULL, OPT_MODE},
        {"json", no_argument, NULL, OPT_JSON},
        {"help", no_argument, NULL, OPT_HELP},
        {NULL, 0, NULL, 0}};
    *o = (bench_options){.code_name = "dvbs2-normal-1/2", .decoder_spec = "default",
                         .backend = "auto", .baseline = "reference", .threads = 1,
                         .ebn0_db = 1.0, .seconds = 2.0, .rounds = 1,
                         .instances = 1};
    int c;
    while ((c = getopt_long(argc, argv, "", options, NULL)) != -1) {
        int bad = 0;
        switch (c) {
        case OPT_CODE: o->code_name = optarg; break;
        case OPT_DECODER: o->decoder_spec = optarg; break;
        case OPT_BACKEND: o->backend = optarg; break;
        case OPT_BASELINE: o->baseline = optarg; break;
        case OPT_BASELINE_DECODER: o->baseline_spec = optarg; break;
        case OPT_THREADS: bad = tool_parse_uint("--threads", optarg, 1, 256, &o->threads); break;
        case OPT_BATCH: bad = tool_parse_uint("--batch", optarg, 1, 1u << 20, &o->batch); break;
        case OPT_ITERATIONS:
            bad = tool_parse_uint("--iterations", optarg, 1, 1000, &o->fixed_iterations);
            break;
        case OPT_EBN0:
            bad = tool_parse_double("--ebn0", optarg, &o->ebn0_db);
            break;
        case OPT_MAX_ITER:
            bad = tool_parse_uint("--max-iter", optarg, 1, 1000, &o->max_iterations);
            break;
        case OPT_SECONDS:
            bad = tool_parse_double("--seconds", optarg, &o->seconds);
            break;
        case OPT_ROUNDS:
            bad = tool_parse_uint("--rounds", optarg, 1, BENCH_MAX_ROUNDS, &o->rounds);
            break;
        case OPT_INSTANCES:
            bad = tool_parse_uint("--instances", optarg, 1, BENCH_MAX_INSTANCES, &o->instances);
            break;
        case OPT_MODE:
            if (strcmp(optarg, "full") == 0)
                o->mode = BENCH_QUANTISE;
            else if (strcmp(optarg, "calibrate") == 0)
                o->mode = BENCH_CALIBRATE;
            else if (strcmp(optarg, "decode") != 0) {
                tool_error("--mode must be decode, full or calibrate, not '%s'", optarg);
                bad = -1;
            }
            break;
        case OPT_JSON: o->json = 1; break;
        case OPT_HELP: usage(stdout); exit(TOOL_EXIT_OK);
        default: usage(stderr); return -1;
        }
        if (bad)
            return -1;
    }
    if (optind < argc) {
        tool_error("unexpected argument '%s'", argv[optind]);
        return -1;
    }
    if (o->fixed_iterations != 0 && o->max_iterations != 0) {
        tool_error("--iterations (fixed count) and --max-iter (early termination) exclude each "
                   "other");
        return -1;
    }
    if (o->fixed_iterations == 0 && o->max_iterations == 0)
        o->fixed_iterations = 20;
    return 0;
}

/* For the opencl backend: where the calls ran and, with LDPC_CL_TUNING=profile=1, the
 * device time per call split into kernels and transfers (the untimed warm-up
 * call included in the average). Empty for other backends. */
static void opencl_note(const tool_decoder *decoder, uint64_t calls, char *out, size_t size)
{
    ldpc_opencl_stats s;
    ldpc_error err;
    out[0] = '\0';
    if (decoder->binary == NULL || ldpc_opencl_stats_get(decoder->binary, &s, &err) != LDPC_OK)
        return;
    double per_call = 1e-6 / (double)(calls + 1);
    char fallback[LDPC_ERROR_MESSAGE_SIZE + 64];
    snprintf(fallback, sizeof fallback, "CPU fallback to %s (%llu frames) because: %s",
             s.cpu_backend, (unsigned long long)s.frames_on_cpu, s.fallback_reason);
    int used = snprintf(out, size,
                        "%s (%s), %s; device passes by design latency/group/item/spread "
                        "%llu/%llu/%llu/%llu (latency with local posteriors %llu, with circulant "
                        "tables %llu, in pairs of frames %llu, in groups of one layer %llu); latency "
                        "groups up to %u/%u/%u "
                        "(circulant %u/%u/%u); "
                        "table upload %.3f ms",
                        s.device_name, s.platform_name, s.on_device ? "on device" : fallback,
                        (unsigned long long)s.batches_latency,
                        (unsigned long long)s.batches_group_per_frame,
                        (unsigned long long)s.batches_item_per_frame,
                        (unsigned long long)s.batches_spread,
                        (unsigned long long)s.batches_latency_local,
                        (unsigned long long)s.batches_circulant,
                        (unsigned long long)s.batches_pairs,
                        (unsigned long long)s.batches_layer_group, s.latency_group_sizes[0],
                        s.latency_group_sizes[1], s.latency_group_sizes[2],
                        s.circulant_group_sizes[0], s.circulant_group_sizes[1],
                        s.circulant_group_sizes[2],
                        (double)s.last_upload_ns * 1e-6);
    if (used > 0 && (size_t)used < size)
        used += snprintf(out + used, size - (size_t)used,
                         "; up to %u frames per pass (%llu calls split); pipelined "
                         "passes from %u frames (%llu calls)",
                         s.frames_per_pass, (unsigned long long)s.split_calls, s.pipeline_frames,
                         (unsigned long long)s.pipelined_calls);
    for (size_t i = 0; i < LDPC_OPENCL_PAIR_KERNELS && s.batches_pairs > 0; i++)
        if (used > 0 && (size_t)used < size)
            used += snprintf(out + used, size - (size_t)used, "%s%u: %llu",
                             i == 0 ? "; pair passes by check degree bound " : ", ",
                             s.pair_kernel_bounds[i], (unsigned long long)s.batches_pairs_bound[i]);
    if (used > 0 && (size_t)used < size && s.max_registers > 0)
        used += snprintf(out + used, size - (size_t)used, "; registers <= %u", s.max_registers);
    if (used > 0 && (size_t)used < size)
        used += snprintf(out + used, size - (size_t)used,
                         "; posterior=8 frames per work-item %u", s.char_lanes);
    if (used > 0 && (size_t)used < size && s.kernel_ns + s.transfer_ns > 0)
        snprintf(out + used, size - (size_t)used,
                 "; per call: kernels %.3f ms, transfers %.3f ms", (double)s.kernel_ns * per_call,
                 (double)s.transfer_ns * per_call);
}

/* A backend's figures after its windows. */
static void bench_summary(bench_group *group, bench_result *result)
{
    uint64_t iterations, frame_errors;
    *result = (bench_result){.backend = group->runs[0].backend, .seconds = group->seconds,
                             .create_ms = group->runs[0].create_ms,
                             .first_call_ms = group->runs[0].first_call_ms,
                             .rounds = group->rounds, .round_mbps = group->round_mbps};
    bench_group_totals(group, &result->frames, &result->calls, &iterations, &frame_errors);
    result->frames_per_second = bench_group_frames_per_second(group);
    result->decode_seconds = bench_group_decode_seconds(group);
    bench_group_latency(group, &result->median_ms, &result->p99_ms);
    if (result->frames > 0) {
        result->average_iterations = (double)iterations / (double)result->frames;
        result->frame_error_rate = (double)frame_errors / (double)result->frames;
    }
    opencl_note(&group->runs[0].decoder, group->runs[0].calls, result->device_note,
                sizeof result->device_note);
}

static void machine_name(char *out, size_t size)
{
    snprintf(out, size, "unknown CPU");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (f == NULL)
        return;
    char line[256];
    while (fgets(line, sizeof line, f) != NULL) {
        char *colon = strchr(line, ':');
        if (colon != NULL && strncmp(line, "model name", 10) == 0) {
            snprintf(out, size, "%s", colon + 2);
            out[strcspn(out, "\n")] = '\0';
            break;
        }
    }
    fclose(f);
}

static double coded_mbps(const tool_code *code, const bench_result *r)
{
    return r->frames_per_second * code->sent_bits / 1e6;
}

static double info_mbps(const tool_code *code, const bench_result *r)
{
    return coded_mbps(code, r) * tool_code_rate(code);
}

/* The backend's throughput over the baseline's in each round; the count. */
static uint32_t round_ratios(const bench_result *results, size_t count, double *ratios)
{
    if (count < 2)
        return 0;
    uint32_t rounds = results[0].rounds < results[1].rounds ? results[0].rounds
                                                            : results[1].rounds;
    for (uint32_t r = 0; r < rounds; r++)
        ratios[r] = results[0].round_mbps[r] / results[1].round_mbps[r];
    return rounds;
}

/* With several rounds: each backend's slowest and fastest window, and the
 * spread of the per-round ratio, which a drifting machine moves less than
 * either throughput. */
static void print_rounds(const bench_options *o, const bench_result *results, size_t count)
{
    printf("rounds    %u alternating windows of %.2f s per backend:", results[0].rounds,
           o->seconds / (double)o->rounds);
    for (size_t i = 0; i < count; i++) {
        double low = results[i].round_mbps[0], high = low;
        for (uint32_t r = 1; r < results[i].rounds; r++) {
            low = results[i].round_mbps[r] < low ? results[i].round_mbps[r] : low;
            high = results[i].round_mbps[r] > high ? results[i].round_mbps[r] : high;
        }
        printf("%s %s %.2f-%.2f Mb/s", i ? ";" : "", results[i].backend, low, high);
    }
    double ratios[BENCH_MAX_ROUNDS];
    uint32_t rounds = round_ratios(results, count, ratios);
    if (rounds > 0) {
        bench_sort(ratios, rounds);
        printf("; ratio per round %.2fx-%.2fx, median %.2fx", ratios[0], ratios[rounds - 1],
               (ratios[(rounds - 1) / 2] + ratios[rounds / 2]) / 2);
    }
    printf("\n");
}

static void print_table(const bench_options *o, const tool_code *code, const char *spec,
                        const char *baseline_spec, const bench_frames *frames,
                        const bench_result *results, size_t count, const char *machine)
{
    if (code->nonbinary != NULL)
        printf("code      %s (GF(%u), n %u, k %u symbols = %u, %u bits, %u edges)\n", code->name,
               ldpc_nb_code_q(code->nonbinary), code->n_symbols, code->k_symbols, code->n_bits, code->k_bits,
               ldpc_code_edges(ldpc_nb_code_graph(code->nonbinary)));
    else if (code->sent_bits != code->n_bits)
        printf("code      %s (n %u of a %u-bit codeword, k %u, %u edges)\n", code->name,
               code->sent_bits, code->n_bits, code->k_bits, ldpc_code_edges(code->binary));
    else
        printf("code      %s (n %u, k %u, %u edges)\n", code->name, code->n_bits, code->k_bits,
               ldpc_code_edges(code->binary));
    printf("decoder   %s, %s\n", spec,
           o->fixed_iterations ? "fixed iteration count" : "early termination");
    if (strcmp(baseline_spec, spec) != 0)
        printf("baseline  decoder %s\n", baseline_spec);
    printf("frames    Eb/N0 %.2f dB BPSK/AWGN, %u per call, generated before timing; timed: %s "
           "calls (results checked between them, untimed)\n",
           o->ebn0_db, (unsigned)o->batch, bench_mode_name(o->mode));
    printf("machine   %s, %ld online CPUs, ", machine, sysconf(_SC_NPROCESSORS_ONLN));
    if (o->instances > 1)
        printf("%u instances of ", (unsigned)o->instances);
    printf("%u decoder thread(s)\n\n", (unsigned)o->threads);
    printf("%-10s %9s %7s %11s %11s %10s %10s %10s %8s %8s %9s\n", "backend", "frames", "calls",
           "coded Mb/s", "info Mb/s", "frames/s", "lat med ms", "lat p99 ms", "avg iter", "FER",
           "vs base");
    for (size_t i = 0; i < count; i++) {
        const bench_result *r = &results[i];
        double ratio = coded_mbps(code, r) / coded_mbps(code, &results[count - 1]);
        printf("%-10s %9llu %7llu %11.2f %11.2f %10.1f %10.3f %10.3f %8.2f %8.4f %8.2fx\n",
               r->backend, (unsigned long long)r->frames, (unsigned long long)r->calls,
               coded_mbps(code, r), info_mbps(code, r),
               r->frames_per_second, r->median_ms, r->p99_ms, r->average_iterations,
               r->frame_error_rate, ratio);
    }
    printf("\nsetup     (untimed) frames generated in %.1f s on %u threads",
           frames->seconds, frames->threads);
    for (size_t i = 0; i < count; i++)
        printf("; %s created in %.1f ms, first call %.1f ms", results[i].backend,
               results[i].create_ms, results[i].first_call_ms);
    printf("\n");
    if (o->rounds > 1)
        print_rounds(o, results, count);
    for (size_t i = 0; i < count; i++)
        if (results[i].device_note[0] != '\0')
            printf("\n%-10s %s\n", results[i].backend, results[i].device_note);
}

static void print_json(const bench_options *o, const tool_code *code, const char *spec,
                       const char *baseline_spec, const bench_frames *frames,
                       const bench_result *results, size_t count, const char *machine)
{
    printf("{\"code\":\"%s\",\"n\":%u,\"k\":%u,\"bits_per_symbol\":%u,\"decoder\":\"%s\","
           "\"baseline_decoder\":\"%s\",\"fixed_iterations\":%s,"
           "\"ebn0_db\":%.3f,\"batch\":%u,\"threads\":%u,\"timed\":\"%s\",\"machine\":\"%s\","
           "\"results\":[",
           code->name, code->sent_bits, code->k_bits, code->bits_per_symbol, spec, baseline_spec,
           o->fixed_iterations ? "true" : "false",
           o->ebn0_db, (unsigned)o->batch, (unsigned)o->threads,
           bench_mode_name(o->mode), machine);
    for (size_t i = 0; i < count; i++) {
        const bench_result *r = &results[i];
        printf("%s{\"backend\":\"%s\",\"frames\":%llu,\"calls\":%llu,\"seconds\":%.6f,"
               "\"decode_seconds\":%.9f,"
               "\"coded_mbps\":%.3f,\"info_mbps\":%.3f,\"frames_per_second\":%.2f,"
               "\"latency_median_ms\":%.4f,\"latency_p99_ms\":%.4f,\"average_iterations\":%.3f,"
               "\"fer\":%.6f,\"ratio_to_baseline\":%.3f,\"create_ms\":%.3f,"
               "\"first_call_ms\":%.3f,\"round_coded_mbps\":[",
               i ? "," : "", r->backend, (unsigned long long)r->frames,
               (unsigned long long)r->calls, r->seconds, r->decode_seconds, coded_mbps(code, r),
               info_mbps(code, r), r->frames_per_second,
               r->median_ms, r->p99_ms, r->average_iterations, r->frame_error_rate,
               coded_mbps(code, r) / coded_mbps(code, &results[count - 1]), r->create_ms,
               r->first_call_ms);
        for (uint32_t w = 0; w < r->rounds; w++)
            printf("%s%.3f", w ? "," : "", r->round_mbps[w]);
        printf("]}");
    }
    double ratios[BENCH_MAX_ROUNDS];
    uint32_t rounds = round_ratios(results, count, ratios);
    printf("],\"rounds\":%u,\"instances\":%u,\"round_ratios\":[", (unsigned)o->rounds,
           (unsigned)o->instances);
    for (uint32_t r = 0; r < rounds; r++)
        printf("%s%.4f", r ? "," : "", ratios[r]);
    printf("],\"frames_generated_s\":%.3f,\"generator_threads\":%u}\n", frames->seconds,
           frames->threads);
}

/* The decoder configuration of `spec` with the run's threads and iterations;
 * its formatted spec in `formatted`. */
static ldpc_status bench_config(const bench_options *o, const tool_code *code, const char *spec,
                                ldpc_decoder_config *config, char *formatted, ldpc_error *err)
{
    ldpc_status status = tool_decoder_spec_parse(code, spec, config, err);
    if (status != LDPC_OK)
        return status;
    config->threads = (uint32_t)o->threads;
    config->max_iterations =
        (uint32_t)(o->fixed_iterations ? o->fixed_iterations : o->max_iterations);
    config->syndrome_period = o->fixed_iterations ? 0 : 1;
    ldpc_error ignored;
    if (ldpc_decoder_spec_format(config, formatted, LDPC_DECODER_SPEC_SIZE, &ignored) != LDPC_OK)
        snprintf(formatted, LDPC_DECODER_SPEC_SIZE, "%s", spec);
    return LDPC_OK;
}

int command_bench(int argc, char **argv)
{
    bench_options o;
    if (parse_options(argc, argv, &o) != 0)
        return TOOL_EXIT_USAGE;
    tool_code code;
    if (tool_code_open(o.code_name, &code) != 0)
        return TOOL_EXIT_FAILURE;
    ldpc_decoder_config configs[2]; /* the measured backend's, the baseline's */
    char specs[2][LDPC_DECODER_SPEC_SIZE];
    ldpc_error err;
    if (bench_config(&o, &code, o.decoder_spec, &configs[0], specs[0], &err) != LDPC_OK ||
        bench_config(&o, &code, o.baseline_spec ? o.baseline_spec : o.decoder_spec, &configs[1],
                     specs[1], &err) != LDPC_OK) {
        tool_error("%s", err.message);
        tool_code_close(&code);
        return TOOL_EXIT_USAGE;
    }
    /* Both decode the same quantised frames. */
    if (configs[1].llr_scale != configs[0].llr_scale) {
        tool_error("--baseline-decoder %s has llr_scale %g, --decoder %g: they must agree",
                   specs[1], (double)configs[1].llr_scale, (double)configs[0].llr_scale);
        tool_code_close(&code);
        return TOOL_EXIT_USAGE;
    }
    if (o.batch == 0)
        o.batch = 64 * o.threads;

    bench_frames frames;
    if (bench_frames_make(&code, configs[0].llr_scale, (uint32_t)o.batch, o.ebn0_db, &frames) !=
        0) {
        tool_code_close(&code);
        return TOOL_EXIT_FAILURE;
    }
    fprintf(stderr, "ldpc bench: %u frames generated in %.1f s on %u threads\n", frames.frames,
            frames.seconds, frames.threads);
    size_t count = strcmp(o.baseline, "none") == 0 ? 1 : 2;
    const char *backends[2] = {o.backend, o.baseline};
    bench_group groups[2];
    size_t opened = 0;
    while (opened < count && bench_group_open(&groups[opened], (uint32_t)o.instances, &code,
                                              &configs[opened], &frames, backends[opened]) == 0)
        opened++;
    int ok = opened == count;
    for (uint64_t round = 0; round < o.rounds && ok; round++)
        for (size_t i = 0; i < count && ok; i++)
            ok = bench_group_window(&groups[i], &code, &frames, o.mode,
                                    o.seconds / (double)o.rounds) == 0;
    int status = TOOL_EXIT_FAILURE;
    if (ok) {
        bench_result results[2];
        for (size_t i = 0; i < count; i++)
            bench_summary(&groups[i], &results[i]);
        char machine[128];
        machine_name(machine, sizeof machine);
        if (o.json)
            print_json(&o, &code, specs[0], specs[1], &frames, results, count, machine);
        else
            print_table(&o, &code, specs[0], specs[1], &frames, results, count, machine);
        status = TOOL_EXIT_OK;
    }
    for (size_t i = 0; i < opened; i++)
        bench_group_close(&groups[i]);
    bench_frames_free(&frames);
    tool_code_close(&code);
    return status;
}
