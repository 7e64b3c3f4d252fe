/* ldpcd: the LDPC decoding service (docs/SERVICE.md). Also leandvb's LDPC
 * helper when started as `ldpcd --modcod N [--shortframes]` (helper.c). */
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
#include "helper.h"
#include "log.h"
#include "nb_codes.h"
#include "notify.h"
#include "service.h"

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

/* The nonbinary decoder's spec, and that it can share the frames' format
 * with the binary one (as the pipeline would check it). */
static int check_nonbinary(const ldpcd_config *config, const ldpcd_code_set *codes,
                           const ldpc_decoder_config *binary)
{
    static ldpcd_nb_setup nb;
    char error[512];
    int soft_is_float;
    float llr_scale;
    if (ldpcd_nb_setup_build(&nb, codes, config, config->batch_frames, error, sizeof error) != 0 ||
        ldpcd_nb_intake_format(&nb, binary, codes->count - codes->nonbinary_count,
                               &soft_is_float, &llr_scale, error, sizeof error) != 0) {
        fprintf(stderr, "ldpcd: %s\n", error);
        return 1;
    }
    if (nb.code_count > 0)
        printf("nonbinary decoder: %s (max %u iterations) for %u code%s; frames held as %s\n",
               nb.spec, nb.config.max_iterations, nb.code_count, nb.code_count == 1 ? "" : "s",
               soft_is_float ? "float LLRs" : "8-bit LLRs");
    return 0;
}

/* Builds what start-up builds (the decoders on their backend, the ring, every
 * buffer) and says which backend decodes: a backend that cannot run here fails
 * the check, or is reported as falling back where backend_fallback allows it. */
static int check_pipeline(const ldpcd_config *config)
{
    static ldpcd_stats stats;
    ldpcd_stats_init(&stats);
    char error[512];
    ldpcd_pipeline *pipeline = ldpcd_pipeline_create(config, &stats, error, sizeof error);
    if (pipeline == NULL) {
        fprintf(stderr, "ldpcd: %s\n", error);
        return 1;
    }
    printf("backend: %s%s\n", pipeline->backend,
           atomic_load(&stats.fallbacks) != 0
               ? " (fallback: the configured backend cannot run here, see the warning)"
               : "");
    ldpcd_pipeline_destroy(pipeline);
    return 0;
}

static int check_config(const options *opt)
{
    static ldpcd_config_source source;
    char error[512];
    if (load_config(opt, &source, error, sizeof error) != 0) {
        fprintf(stderr, "ldpcd: %s\n", error);
        return 1;
    }
    ldpcd_config_explain(&source, stdout);
    const ldpcd_config *config = &source.values;
    static ldpcd_code_set codes;
    if (ldpcd_code_set_build(config->codes, &codes, error, sizeof error) != 0) {
        fprintf(stderr, "ldpcd: %s\n", error);
        return 1;
    }
    printf("\ncodes accepted on the wire (%zu, %.1f MB of tables):", codes.count,
           (double)codes.footprint_bytes / 1e6);
    for (size_t i = 0; i < codes.count; i++)
        printf("%s%s", i % 6 == 0 ? "\n  " : " ", codes.entries[i].name);
    printf("\n");
    ldpc_decoder_config decoder;
    ldpc_error err;
    char spec[LDPC_DECODER_SPEC_SIZE];
    if (ldpc_decoder_spec_parse(config->decoder, &decoder, &err) != LDPC_OK ||
        ldpc_decoder_spec_format(&decoder, spec, sizeof spec, &err) != LDPC_OK) {
        ldpcd_code_set_destroy(&codes);
        fprintf(stderr, "ldpcd: decoder: %s\n", err.message);
        return 1;
    }
    printf("decoder: %s (max %u iterations)\n", spec, decoder.max_iterations);
    int status = check_nonbinary(config, &codes, &decoder);
    ldpcd_code_set_destroy(&codes);
    if (status == 0)
        status = check_pipeline(config);
    if (status == 0)
        printf("configuration OK\n");
    return status;
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

    uint64_t watchdog_ns = ldpcd_watchdog_usec() * 1000u;
    uint64_t last_watchdog = 0;
    int watchdog_withheld = 0;
    for (;;) {
        struct timespec timeout = {.tv_sec = 0, .tv_nsec = 100000000};
        int signal_number = sigtimedwait(&signals, NULL, &timeout);
        if (signal_number == SIGTERM || signal_number == SIGINT) {
            ldpcd_notify("STOPPING=1");
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
            if (status == 0)
                status = ldpcd_service_reload(&service, &next.values, error, sizeof error);
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
        uint64_t now = ldpcd_now_ns();
        if (watchdog_ns != 0 && now - last_watchdog >= watchdog_ns / 4) {
            /* Only while every decoding thread shows life: a hung decoder
             * (a GPU that never returns) lets systemd's watchdog fire. */
            if (ldpcd_service_workers_alive(&service, watchdog_ns / 2)) {
                ldpcd_notify("WATCHDOG=1");
                last_watchdog = now;
                watchdog_withheld = 0;
            } else if (!watchdog_withheld) {
                ldpcd_log(LDPCD_LOG_ERROR, "a decoding thread is stuck: watchdog withheld");
                watchdog_withheld = 1;
            }
        }
    }
    ldpcd_service_stop(&service);
    ldpcd_log(LDPCD_LOG_NOTICE,
              "stopped: %llu frames in, %llu out, %llu rejected, %llu dropped by pub, %llu lost "
              "at shutdown",
              (unsigned long long)atomic_load(&service.stats.frames_in),
              (unsigned long long)atomic_load(&service.stats.frames_out),
              (unsigned long long)atomic_load(&service.stats.rejected),
              (unsigned long long)atomic_load(&service.stats.pub_dropped),
              (unsigned long long)atomic_load(&service.stats.shutdown_lost));
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
