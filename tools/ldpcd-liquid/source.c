/* ldpc-tx: random frames -> ldpc_encode -> liquid-dsp modem ->
 * AWGN -> liquid-dsp soft demodulation -> protocol v1 messages to ldpcd.
 * The information bits follow demo_frames.h, so ldpc-rx can check
 * every decoded frame with the same --seed and --pool. */
#include <complex.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zmq.h>

#include <liquid/liquid.h>

#include "demo_frames.h"
#include "ldpc/ldpc.h"
#include "protocol.h"
#include "replay.h"

typedef struct {
    const char *endpoint;
    int bind;
    const char *code_name;
    const char *modem_name;
    double esn0_db;
    uint64_t frames; /* 0: until --seconds */
    double seconds;
    uint64_t seed;
    uint32_t pool;
    uint32_t frames_per_message;
    double rate_fps; /* 0: as fast as ldpcd takes them */
    uint64_t first_sequence; /* several sources into one ldpcd: disjoint ranges */
    int io_threads;          /* ZeroMQ's: one feeding several ldpcd instances */
} source_options;

static void usage(void)
{
    fputs("usage: ldpc-tx --endpoint EP [--bind] [--code NAME] [--modem NAME]\n"
          "         [--esn0 DB] [--frames N | --seconds S] [--seed S] [--pool P]\n"
          "         [--frames-per-message F] [--rate FPS] [--first-sequence S]\n"
          "         [--io-threads N]\n"
          "modems: bpsk qpsk 8psk 16apsk 32apsk. --pool P replays P distinct frames\n"
          "(generation is then not the bottleneck of a throughput measurement);\n"
          "several sources feeding one ldpcd take disjoint --first-sequence ranges.\n",
          stderr);
}

static modulation_scheme modem_scheme(const char *name)
{
    if (!strcmp(name, "bpsk"))
        return LIQUID_MODEM_BPSK;
    if (!strcmp(name, "qpsk"))
        return LIQUID_MODEM_QPSK;
    if (!strcmp(name, "8psk"))
        return LIQUID_MODEM_PSK8;
    if (!strcmp(name, "16apsk"))
        return LIQUID_MODEM_APSK16;
    if (!strcmp(name, "32apsk"))
        return LIQUID_MODEM_APSK32;
    return LIQUID_MODEM_UNKNOWN;
}

/* One frame of liquid soft bits (the code's transmitted n bytes): encode,
 * take the bits the frame sends, modulate, add noise, demodulate.
 * codeword: the code's n bits, then room for the transmitted ones. */
static void make_frame(const ldpc_code *code, modemcf modem, unsigned bps, double sigma,
                       uint64_t seed, uint64_t sequence, uint32_t pool, uint8_t *info,
                       uint8_t *codeword, uint8_t *soft)
{
    demo_info_bits(seed, sequence, pool, info, ldpc_code_k(code));
    ldpc_encode(code, info, codeword, NULL);
    uint8_t *sent = codeword + ldpc_code_n(code);
    ldpc_code_transmit(code, codeword, sent);
    uint64_t noise = seed ^ (sequence * 0x9E3779B97F4A7C15ull) ^ 0x5DEECE66Dull;
    for (uint32_t at = 0; at < ldpc_code_transmitted_n(code); at += bps) {
        unsigned symbol = 0;
        for (unsigned b = 0; b < bps; b++)
            symbol = (symbol << 1) | sent[at + b]; /* first bit most significant */
        float complex x, y;
        modemcf_modulate(modem, symbol, &x);
        y = x + (float)(sigma * demo_gaussian(&noise)) + (float)(sigma * demo_gaussian(&noise)) * I;
        unsigned decided;
        modemcf_demodulate_soft(modem, y, &decided, soft + at);
    }
}

int main(int argc, char **argv)
{
    source_options o = {NULL, 0, "dvbs2-normal-1/2", "qpsk", 3.0, 100, 0, 1, 0, 1, 0, 0, 1};
    for (int i = 1; i < argc; i++) {
        const char *v;
        if ((v = demo_arg(argc, argv, &i, "--endpoint")))
            o.endpoint = v;
        else if (!strcmp(argv[i], "--bind"))
            o.bind = 1;
        else if ((v = demo_arg(argc, argv, &i, "--code")))
            o.code_name = v;
        else if ((v = demo_arg(argc, argv, &i, "--modem")))
            o.modem_name = v;
        else if ((v = demo_arg(argc, argv, &i, "--esn0")))
            o.esn0_db = atof(v);
        else if ((v = demo_arg(argc, argv, &i, "--frames")))
            o.frames = strtoull(v, NULL, 10);
        else if ((v = demo_arg(argc, argv, &i, "--seconds")))
            o.seconds = atof(v), o.frames = 0;
        else if ((v = demo_arg(argc, argv, &i, "--seed")))
            o.seed = strtoull(v, NULL, 10);
        else if ((v = demo_arg(argc, argv, &i, "--pool")))
            o.pool = (uint32_t)strtoul(v, NULL, 10);
        else if ((v = demo_arg(argc, argv, &i, "--frames-per-message")))
            o.frames_per_message = (uint32_t)strtoul(v, NULL, 10);
        else if ((v = demo_arg(argc, argv, &i, "--rate")))
            o.rate_fps = atof(v);
        else if ((v = demo_arg(argc, argv, &i, "--first-sequence")))
            o.first_sequence = strtoull(v, NULL, 10);
        else if ((v = demo_arg(argc, argv, &i, "--io-threads")))
            o.io_threads = atoi(v) > 0 ? atoi(v) : 1;
        else {
            usage();
            return 2;
        }
    }
    modulation_scheme scheme = modem_scheme(o.modem_name);
    if (o.endpoint == NULL || scheme == LIQUID_MODEM_UNKNOWN || o.frames_per_message == 0 ||
        o.frames_per_message > 65535 || (o.frames == 0 && o.seconds <= 0)) {
        usage();
        return 2;
    }
    ldpc_error err;
    ldpc_code *code;
    if (ldpc_code_create(o.code_name, &code, &err) != LDPC_OK) {
        fprintf(stderr, "ldpc-tx: %s\n", err.message);
        return 1;
    }
    modemcf modem = modemcf_create(scheme);
    uint32_t sent_n = ldpc_code_transmitted_n(code);
    unsigned bps = modemcf_get_bps(modem);
    if (sent_n % bps != 0) {
        fprintf(stderr, "ldpc-tx: n = %u is not a multiple of %u bits per symbol\n",
                sent_n, bps);
        return 1;
    }
    /* liquid's constellations have unit average energy: Es = 1 */
    double sigma = sqrt(pow(10.0, -o.esn0_db / 10.0) / 2.0);
    uint32_t per_message = o.frames_per_message;
    uint8_t *info = malloc(ldpc_code_k(code));
    uint8_t *codeword = malloc((size_t)ldpc_code_n(code) + sent_n);
    uint32_t pool_frames = o.pool;
    uint8_t *pool = pool_frames ? malloc((size_t)pool_frames * sent_n) : NULL;
    if (info == NULL || codeword == NULL || (pool_frames && pool == NULL)) {
        fprintf(stderr, "ldpc-tx: out of memory\n");
        return 1;
    }
    for (uint32_t p = 0; p < pool_frames; p++)
        make_frame(code, modem, bps, sigma, o.seed, p, pool_frames, info, codeword,
                   pool + (size_t)p * sent_n);

    void *context = zmq_ctx_new();
    zmq_ctx_set(context, ZMQ_IO_THREADS, o.io_threads);
    void *socket = zmq_socket(context, ZMQ_PUSH);
    int hwm = 64;
    zmq_setsockopt(socket, ZMQ_SNDHWM, &hwm, sizeof hwm);
    if ((o.bind ? zmq_bind(socket, o.endpoint) : zmq_connect(socket, o.endpoint)) != 0) {
        fprintf(stderr, "ldpc-tx: %s: %s\n", o.endpoint, zmq_strerror(errno));
        return 1;
    }
    replay *replayed =
        pool_frames ? replay_create(pool, pool_frames, sent_n, per_message, (uint32_t)hwm) : NULL;
    if (pool_frames && replayed == NULL) {
        fprintf(stderr, "ldpc-tx: out of memory\n");
        return 1;
    }
    uint64_t start = demo_now_ns(), sent = 0;
    for (;;) {
        double elapsed = (double)(demo_now_ns() - start) / 1e9;
        if (o.frames ? sent >= o.frames : elapsed >= o.seconds)
            break;
        if (o.rate_fps > 0 && (double)sent > elapsed * o.rate_fps) {
            struct timespec pause = {0, 1000000};
            nanosleep(&pause, NULL);
            continue;
        }
        uint32_t count = per_message;
        if (o.frames && o.frames - sent < count)
            count = (uint32_t)(o.frames - sent);
        ldpcd_input_header header = {.version = LDPCD_PROTOCOL_VERSION,
                                     .header_size = LDPCD_INPUT_HEADER_SIZE,
                                     .format = LDPC_SOFT_LIQUID,
                                     .flags = 0,
                                     .frame_count = (uint16_t)count,
                                     .scale = 1.0f,
                                     .sequence = o.first_sequence + sent};
        snprintf(header.code, sizeof header.code, "%s", o.code_name);
        if (replayed != NULL) {
            uint8_t encoded[LDPCD_INPUT_HEADER_SIZE];
            ldpcd_encode_input_header(&header, encoded);
            if (replay_send(replayed, socket, encoded, o.first_sequence + sent, count) < 0) {
                fprintf(stderr, "ldpc-tx: send: %s\n", zmq_strerror(errno));
                return 1;
            }
            sent += count;
            continue;
        }
        /* built in ZeroMQ's own buffer: sent without another copy */
        zmq_msg_t message;
        if (zmq_msg_init_size(&message, LDPCD_INPUT_HEADER_SIZE + (size_t)count * sent_n) != 0) {
            fprintf(stderr, "ldpc-tx: out of memory\n");
            return 1;
        }
        uint8_t *bytes = zmq_msg_data(&message);
        ldpcd_encode_input_header(&header, bytes);
        for (uint32_t f = 0; f < count; f++)
            make_frame(code, modem, bps, sigma, o.seed, o.first_sequence + sent + f, 0, info,
                       codeword, bytes + LDPCD_INPUT_HEADER_SIZE + (size_t)f * sent_n);
        if (zmq_msg_send(&message, socket, 0) < 0) {
            fprintf(stderr, "ldpc-tx: send: %s\n", zmq_strerror(errno));
            zmq_msg_close(&message);
            return 1;
        }
        sent += count;
    }
    double elapsed = (double)(demo_now_ns() - start) / 1e9;
    fprintf(stderr, "ldpc-tx: sent %llu frames of %s (%s, Es/N0 %.2f dB) in %.2f s: "
            "%.1f frames/s\n", (unsigned long long)sent, o.code_name, o.modem_name, o.esn0_db,
            elapsed, (double)sent / elapsed);
    int linger = -1; /* every frame reaches ldpcd before we exit */
    zmq_setsockopt(socket, ZMQ_LINGER, &linger, sizeof linger);
    zmq_close(socket);
    zmq_ctx_term(context);
    replay_destroy(replayed);
    modemcf_destroy(modem);
    ldpc_code_destroy(code);
    free(info);
    free(codeword);
    free(pool);
    return 0;
}
