/* ldpcd: the LDPC decoding service (docs/SERVICE.md). Also leandvb's LDPC
 * helper when started as `ldpcd --modcod N [--shortframes]` (leandvb_helper.c). */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ldpc/decoder_spec.h"
#include "ldpc/ldpc.h"
#include "code_set.h"
#include "config.h"
#include "leandvb_helper.h"
#include "log.h"
#include "nb_codes.h"
#include "notify.h"
#include "service.h"
#include "watchdog.h"

#define MAX_OVERRIDES 64

typedef struct {
    const char *config_path; /* NULL: built-in defaults */
    const char *overrides[MAX_OVERRIDES];
    int override_count;
    int check_config;
} options;

static void usage(FILE *out)
{
    fputs("usage: ldpcd [-c FILE] [--set KEY=VALUE]... [--check-config]\n"
          "       ldpcd --print-default-config | --version | --help\n"
          "       ldpcd --modcod N [--shortframes]   (leandvb --ldpc-helper mode)\n"
          "\n"
          "Decodes LDPC frames arriving over ZeroMQ (docs/SERVICE.md, docs/PROTOCOL.md).\n"
          "Without -c every key has its built-in default. SIGHUP reloads the file,\n"
          "SIGTERM/SIGINT finishes every queued frame and exits.\n",
          out);
}

/* Reads the file and the overrides into a finished configuration. */
static int load_config(const options *opt, ldpcd_config_source *source, char *error,
                       size_t error_size)
{
    ldpcd_config_defaults(source);
    if (opt->config_path != NULL &&
        ldpcd_config_parse_file(source, opt->config_path, error, error_size) != 0)
        return -1;
    for (int i = 0; i < opt->override_count; i++)
        if (ldpcd_config_set(source, opt->overrides[i], error, error_size) != 0)
            return -1;
    return ldpcd_config_finish(&source->values, error, error_size);
}

/* What a built pipeline will run: its codes, its decoders and the backend that
 * decodes (named as falling back where backend_fallback took the reference). */
static void describe_pipeline(const ldpcd_pipeline *p, const ldpcd_stats *stats)
{
    printf("\ncodes accepted on the wire (%zu, %.1f MB of tables):", p->codes.count,
           (double)p->codes.footprint_bytes / 1e6);
    for (size_t i = 0; i < p->codes.count; i++)
        printf("%s%s", i % 6 == 0 ? "\n  " : " ", p->codes.entries[i].name);
    printf("\n");
    /* the binary decoder alone (p->decoder_spec names both when both run);
     * the pipeline has formatted this configuration already */
    char spec[LDPC_DECODER_SPEC_SIZE];
    ldpc_error err;
    if (ldpc_decoder_spec_format(&p->decoder_config, spec, sizeof spec, &err) != LDPC_OK)
        spec[0] = '\0';
    printf("decoder: %s (max %u iterations)\n", spec, p->decoder_config.max_iterations);
    if (p->nb.code_count > 0)
        printf("nonbinary decoder: %s (max %u iterations) for %u code%s; frames held as %s\n",
               p->nb.spec, p->nb.config.max_iterations, p->nb.code_count,
               p->nb.code_count == 1 ? "" : "s", p->soft_is_float ? "float LLRs" : "8-bit LLRs");
    printf("backend: %s%s\n", p->backend,
           atomic_load(&stats->fallbacks) != 0
               ? " (fallback: the configured backend cannot run here, see the warning)"
               : "");
}

/* Validates the configuration by building what start-up builds (the codes,
 * the decoders on their backend, the ring, every buffer), so that the check
 * and start-up cannot disagree; a backend that cannot run here fails it
 * unless backend_fallback allows the reference. */
static int check_config(const options *opt)
{
    static ldpcd_config_source source;
    char error[512];
    if (load_config(opt, &source, error, sizeof error) != 0) {
        fprintf(stderr, "ldpcd: %s\n", error);
        return 1;
    }
    ldpcd_config_explain(&source, stdout);
    static ldpcd_stats stats;
    ldpcd_stats_init(&stats);
    ldpcd_pipeline *pipeline = ldpcd_pipeline_create(&source.values, &stats, error, sizeof error);
    if (pipeline == NULL) {
        fprintf(stderr, "ldpcd: %s\n", error);
        return 1;
    }
    describe_pipeline(pipeline, &stats);
    ldpcd_pipeline_destroy(pipeline);
    printf("configuration OK\n");
    return 0;
}

static int parse_options(int argc, char **argv, options *opt)
{
    memset(opt, 0, sizeof *opt);
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if ((!strcmp(arg, "-c") || !strcmp(arg, "--config")) && i + 1 < argc) {
            opt->config_path = argv[++i];
        } else if ((!strcmp(arg, "--set") || !strcmp(arg, "-o")) && i + 1 < argc) {
            if (opt->override_count == MAX_OVERRIDES) {
                fprintf(stderr, "ldpcd: more than %d --set options\n", MAX_OVERRIDES);
                return -1;
            }
            opt->overrides[opt->override_count++] = argv[++i];
        } else if (!strcmp(arg, "--check-config")) {
            opt->check_config = 1;
        } else {
            fprintf(stderr, "ldpcd: unknown or incomplete option %s\n", arg);
            usage(stderr);
            return -1;
        }
    }
    return 0;
}

static void notify_ready(const ldpcd_service *service)
{
    ldpcd_notify("READY=1");
    ldpcd_notify_status("decoding: %s -> %s (%s on %s x%u)", service->config.input_endpoint,
                        service->config.output_endpoint, service->pipeline->decoder_spec,
                        service->pipeline->backend, service->pipeline->worker_count);
}

/* Every frame in is out, dropped by pub, lost or unanswered (docs/SERVICE.md). */
static void log_final_counts(ldpcd_stats *stats, uint64_t stop_ns)
{
#define COUNT(name) (unsigned long long)atomic_load(&stats->name)
    ldpcd_log(LDPCD_LOG_NOTICE,
              "stopped in %.2f s: %llu frames in (%llu decoded, %llu not converged, %llu rejected, "
              "%llu of them as shutdown); %llu out, %llu dropped by pub, %llu lost at shutdown "
              "(no consumer took them), %llu unanswered at shutdown (no room in the queue)",
              (double)stop_ns / 1e9, COUNT(frames_in), COUNT(decoded), COUNT(not_converged),
              COUNT(rejected), COUNT(rejects[LDPCD_REJECT_SHUTDOWN]), COUNT(frames_out),
              COUNT(pub_dropped), COUNT(shutdown_lost), COUNT(shutdown_unanswered));
#undef COUNT
}

static int run(const options *opt)
{
    static ldpcd_config_source source;
    static ldpcd_service service;
    char error[512];
    if (load_config(opt, &source, error, sizeof error) != 0) {
        ldpcd_log(LDPCD_LOG_ERROR, "%s", error);
        return 1;
    }
    ldpcd_log_level level;
    ldpcd_log_level_parse(source.values.log_level, &level);
    ldpcd_log_set_level(level);

    /* Signals are taken synchronously by this thread only. */
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGHUP);
    sigaddset(&signals, SIGTERM);
    sigaddset(&signals, SIGINT);
    pthread_sigmask(SIG_BLOCK, &signals, NULL);
    signal(SIGPIPE, SIG_IGN);

    if (ldpcd_service_start(&service, &source.values, error, sizeof error) != 0) {
        ldpcd_log(LDPCD_LOG_ERROR, "%s", error);
        ldpcd_notify_status("failed: %s", error);
        return 1;
    }
    notify_ready(&service);

    ldpcd_watchdog watchdog;
    ldpcd_watchdog_init(&watchdog);
    for (;;) {
        struct timespec timeout = {.tv_sec = 0, .tv_nsec = 100000000};
        int signal_number = sigtimedwait(&signals, NULL, &timeout);
        if (signal_number == SIGTERM || signal_number == SIGINT) {
            /* systemd waits at least as long as the stop may take, whatever
             * TimeoutStopSec says (extended only, never shortened) */
            char stopping[64];
            snprintf(stopping, sizeof stopping, "STOPPING=1\nEXTEND_TIMEOUT_USEC=%llu",
                     ((unsigned long long)service.config.shutdown_timeout_ms +
                      2u * LDPCD_STOP_SLACK_MS) * 1000u);
            ldpcd_notify(stopping);
            ldpcd_log(LDPCD_LOG_NOTICE, "%s: finishing queued frames",
                      signal_number == SIGTERM ? "SIGTERM" : "SIGINT");
            break;
        }
        if (signal_number == SIGHUP) {
            char reloading[64];
            struct timespec now;
            clock_gettime(CLOCK_MONOTONIC, &now);
            snprintf(reloading, sizeof reloading, "RELOADING=1\nMONOTONIC_USEC=%llu",
                     (unsigned long long)now.tv_sec * 1000000ull +
                         (unsigned long long)now.tv_nsec / 1000u);
            ldpcd_notify(reloading);
            static ldpcd_config_source next;
            int status = load_config(opt, &next, error, sizeof error);
            if (status == 0) {
                ldpcd_pipeline *pipeline =
                    ldpcd_watchdog_build(&watchdog, &service, &next.values, error, sizeof error);
                status = pipeline == NULL ? -1
                                          : ldpcd_service_reload(&service, &next.values, pipeline,
                                                                 error, sizeof error);
            }
            if (status == -2) {
                ldpcd_log(LDPCD_LOG_ERROR, "reload: %s", error);
                return 1;
            }
            if (status != 0) {
                atomic_fetch_add(&service.stats.reload_failures, 1);
                ldpcd_log(LDPCD_LOG_ERROR, "reload refused, still running the previous "
                          "configuration: %s", error);
            } else {
                ldpcd_log_level next_level;
                ldpcd_log_level_parse(service.config.log_level, &next_level);
                ldpcd_log_set_level(next_level);
                ldpcd_log(LDPCD_LOG_NOTICE, "configuration reloaded");
            }
            notify_ready(&service);
        }
        ldpcd_service_tick(&service);
        ldpcd_watchdog_tick(&watchdog, &service);
    }
    uint64_t stop_start = ldpcd_now_ns();
    ldpcd_service_stop(&service);
    log_final_counts(&service.stats, ldpcd_now_ns() - stop_start);
    return 0;
}

int main(int argc, char **argv)
{
    ldpcd_log_init();
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            return 0;
        }
        if (!strcmp(argv[i], "--version")) {
            printf("ldpcd %s\n", LDPC_VERSION_STRING);
            return 0;
        }
        if (!strcmp(argv[i], "--print-default-config")) {
            ldpcd_config_print_defaults(stdout);
            return 0;
        }
        if (!strcmp(argv[i], "--modcod"))
            return ldpcd_helper_main(argc, argv);
    }
    options opt;
    if (parse_options(argc, argv, &opt) != 0)
        return 2;
    if (opt.check_config)
        return check_config(&opt);
    return run(&opt);
}
