/* Integration tests of ldpcd with nonbinary codes (GF(q), docs/NONBINARY.md):
 * a real daemon decodes frames of n*p bit LLRs, encoded with ldpc_nb_encode
 * and sent through BPSK/AWGN, interleaved with DVB frames, through the
 * documented protocol. Run as `test_ldpcd_nonbinary GROUP`. */
#include <math.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zmq.h>

#include <cmocka.h>

#include "config.h"
#include "harness.h"
#include "ldpc/nonbinary.h"

#define MAX_BITS 16200
#define MIXED_BINARY "dvbs2-short-1/2"
#define MIXED_NONBINARY "nbqc-gf32-744-653"
#define MIXED_CONFIG                                                                              \
    "codes = " MIXED_BINARY ", " MIXED_NONBINARY "\nworkers = 2\nbatch_frames = 4\n"             \
    "batch_wait_us = 500\nqueue_frames = 32\nstats_interval_ms = 100\n"                        \
    "convert_threads = 2\n" /* helpers beside nonbinary results, which the workers write */

/* A code the test sends, binary or nonbinary, with the wire's sizes. */
typedef struct {
    ldpc_code *binary;
    ldpc_nb_code *nonbinary;
    const char *name;
    uint32_t n_bits, k_bits;
    double ebn0_db; /* nonbinary frames: BPSK/AWGN at this Eb/N0 */
    int float_decoder; /* its decoder takes the calibrated values unquantised */
} test_code;

static test_code open_binary(const char *name)
{
    test_code c = {.name = name};
    ldpc_error err;
    assert_int_equal(ldpc_code_create(name, &c.binary, &err), LDPC_OK);
    c.n_bits = ldpc_code_n(c.binary);
    c.k_bits = ldpc_code_k(c.binary);
    return c;
}

static test_code open_nonbinary(const char *name, double ebn0_db)
{
    test_code c = {.name = name, .ebn0_db = ebn0_db};
    ldpc_error err;
    assert_int_equal(ldpc_nb_code_create(name, &c.nonbinary, &err), LDPC_OK);
    c.n_bits = ldpc_code_n(ldpc_nb_code_graph(c.nonbinary)) * ldpc_nb_code_bits_per_symbol(c.nonbinary);
    c.k_bits = ldpc_code_k(ldpc_nb_code_graph(c.nonbinary)) * ldpc_nb_code_bits_per_symbol(c.nonbinary);
    return c;
}

static void close_code(test_code *c)
{
    ldpc_code_destroy(c->binary);
    ldpc_nb_code_destroy(c->nonbinary);
}

static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static double uniform(uint64_t *state)
{
    return ((double)(next_random(state) >> 11) + 0.5) * 0x1p-53;
}

static double gaussian(uint64_t *state)
{
    double u = uniform(state), v = uniform(state);
    return sqrt(-2.0 * log(u)) * cos(6.283185307179586 * v);
}

/* Frame `sequence` of a nonbinary code: random information symbols (as
 * k*p bits in the wire's order), encoded, BPSK (bit 0 -> +1) over AWGN at
 * c->ebn0_db, as bit LLRs 2y/sigma^2. codeword: the n*p sent bits. */
static void nonbinary_frame(const test_code *c, uint64_t sequence, float *llr, uint8_t *info,
                            uint8_t *codeword)
{
    const ldpc_nb_code *code = c->nonbinary;
    uint32_t n = ldpc_code_n(ldpc_nb_code_graph(code)), k = ldpc_code_k(ldpc_nb_code_graph(code)), p = ldpc_nb_code_bits_per_symbol(code);
    uint64_t state = sequence * 104729u + 17;
    uint8_t *info_symbols = malloc(k), *symbols = malloc(n);
    assert_non_null(info_symbols);
    assert_non_null(symbols);
    for (uint32_t i = 0; i < k; i++)
        info_symbols[i] = (uint8_t)(next_random(&state) % ldpc_nb_code_q(code));
    assert_int_equal(ldpc_nb_encode(code, info_symbols, symbols, NULL), LDPC_OK);
    ldpc_nb_symbols_to_bits(p, info_symbols, k, info);
    ldpc_nb_symbols_to_bits(p, symbols, n, codeword);
    double rate = (double)k / n;
    double sigma2 = 1.0 / (2.0 * rate * pow(10.0, c->ebn0_db / 10.0));
    for (uint32_t b = 0; b < c->n_bits; b++) {
        double y = (codeword[b] ? -1.0 : 1.0) + sqrt(sigma2) * gaussian(&state);
        llr[b] = (float)(2.0 * y / sigma2);
    }
    free(info_symbols);
    free(symbols);
}

/* The frame's information bits and LLRs (binary frames: the harness's). */
static void frame(const test_code *c, uint64_t sequence, float *llr, uint8_t *info,
                  uint8_t *codeword)
{
    if (c->nonbinary != NULL) {
        nonbinary_frame(c, sequence, llr, info, codeword);
        return;
    }
    test_frame_llr(c->binary, sequence, llr, info);
    assert_int_equal(ldpc_encode(c->binary, info, codeword, NULL), LDPC_OK);
}

/* Sends frames [first, first + count) of `c` as one message, f32 or i8
 * (value = LLR * 4, scale 0.25). */
static void send_frames(test_daemon *d, const test_code *c, uint64_t first, uint16_t count,
                        ldpc_soft_format format)
{
    size_t value_bytes = format == LDPC_SOFT_F32 ? sizeof(float) : 1;
    size_t frame_bytes = (size_t)c->n_bits * value_bytes;
    uint8_t *message = malloc(LDPCD_INPUT_HEADER_SIZE + count * frame_bytes);
    float *llr = malloc((size_t)c->n_bits * sizeof(float));
    uint8_t *info = malloc(c->k_bits), *codeword = malloc(c->n_bits);
    assert_true(message != NULL && llr != NULL && info != NULL && codeword != NULL);
    for (uint16_t f = 0; f < count; f++) {
        frame(c, first + f, llr, info, codeword);
        uint8_t *out = message + LDPCD_INPUT_HEADER_SIZE + f * frame_bytes;
        if (format == LDPC_SOFT_F32)
            memcpy(out, llr, frame_bytes);
        else
            ldpc_quantise(llr, c->n_bits, 4.0f, (int8_t *)out);
    }
    size_t header = test_message(message, c->name, (uint8_t)format, 0, count,
                                 format == LDPC_SOFT_F32 ? 1.0f : 0.25f, first, NULL, 0);
    assert_int_equal(test_send(d, message, header + count * frame_bytes), 0);
    free(message);
    free(llr);
    free(info);
    free(codeword);
}

/* The channel's hard-decision errors as the decoder sees the frame: bits
 * whose value, as sent (f32, or i8 quantised at 4 per LLR unit), calibrated
 * and quantised with the decoder's llr_scale (unless the decoder is float),
 * has the wrong sign, a 0 counting as bit 0. */
static uint32_t hard_decision_errors(const test_code *c, uint64_t sequence,
                                     ldpc_soft_format format)
{
    float *llr = malloc((size_t)c->n_bits * sizeof(float));
    uint8_t *info = malloc(c->k_bits), *codeword = malloc(c->n_bits);
    assert_true(llr != NULL && info != NULL && codeword != NULL);
    frame(c, sequence, llr, info, codeword);
    /* what the daemon receives, then converts (calibrated) and quantises */
    if (format == LDPC_SOFT_I8) {
        int8_t *sent = malloc(c->n_bits);
        assert_non_null(sent);
        ldpc_quantise(llr, c->n_bits, 4.0f, sent);
        ldpc_soft_input input = ldpc_soft_input_default(LDPC_SOFT_I8);
        input.scale = 0.25f;
        assert_int_equal(ldpc_soft_to_llr(&input, sent, c->n_bits, llr, NULL), LDPC_OK);
        free(sent);
    } else {
        ldpc_soft_input input = ldpc_soft_input_default(LDPC_SOFT_F32);
        assert_int_equal(ldpc_soft_to_llr(&input, llr, c->n_bits, llr, NULL), LDPC_OK);
    }
    float llr_scale = ldpc_nb_decoder_config_default().llr_scale;
    uint32_t errors = 0;
    for (uint32_t b = 0; b < c->n_bits; b++) {
        float value = c->float_decoder ? llr[b] : (float)ldpc_quantise_one(llr[b], llr_scale);
        errors += (uint32_t)((value < 0) != codeword[b]);
    }
    free(llr);
    free(info);
    free(codeword);
    return errors;
}

/* Receives one result: frame `sequence` of `c`, decoded (all checks met) to
 * the information bits sent (packed) or to the codeword (unpacked), with
 * corrected_bits equal to the channel's hard-decision errors. Returns them. */
static uint32_t expect_decoded(test_daemon *d, const test_code *c, uint64_t sequence,
                               ldpcd_output_bits kind, ldpc_soft_format format)
{
    ldpcd_result_header h;
    static uint8_t payload[MAX_BITS];
    assert_int_equal(test_receive(d, &h, payload, sizeof payload, 30000), 0);
    if (h.sequence != sequence || h.status != LDPCD_STATUS_DECODED)
        fail_msg("expected frame %llu of %s decoded, got frame %llu status %s reason %s",
                 (unsigned long long)sequence, c->name, (unsigned long long)h.sequence,
                 ldpcd_frame_status_name((ldpcd_frame_status)h.status),
                 ldpcd_reject_reason_name((ldpcd_reject_reason)h.reason));
    assert_string_equal(h.code, c->name);
    assert_int_equal(h.payload_kind, kind);
    assert_true(h.iterations >= 1);
    assert_int_equal(h.unsatisfied_checks, 0);
    float *llr = malloc((size_t)c->n_bits * sizeof(float));
    uint8_t *info = malloc(c->k_bits), *codeword = malloc(c->n_bits);
    uint8_t *packed = malloc((c->k_bits + 7) / 8);
    assert_true(llr != NULL && info != NULL && codeword != NULL && packed != NULL);
    frame(c, sequence, llr, info, codeword);
    if (kind == LDPCD_BITS_PACKED) {
        assert_int_equal(h.payload_bits, c->k_bits);
        ldpc_bits_pack(info, c->k_bits, packed);
        assert_memory_equal(payload, packed, (c->k_bits + 7) / 8);
    } else {
        assert_int_equal(kind, LDPCD_BITS_CODEWORD_UNPACKED);
        assert_int_equal(h.payload_bits, c->n_bits);
        assert_memory_equal(payload, codeword, c->n_bits);
    }
    if (c->nonbinary != NULL)
        assert_int_equal(h.corrected_bits, hard_decision_errors(c, sequence, format));
    free(llr);
    free(info);
    free(codeword);
    free(packed);
    return h.corrected_bits;
}

static void expect_rejected(test_daemon *d, uint64_t sequence, const char *code,
                            ldpcd_reject_reason reason)
{
    ldpcd_result_header h;
    assert_int_equal(test_receive(d, &h, NULL, 0, 30000), 0);
    if (h.status != LDPCD_STATUS_REJECTED || h.reason != reason || h.sequence != sequence)
        fail_msg("expected frame %llu rejected (%s), got frame %llu status %s reason %s",
                 (unsigned long long)sequence, ldpcd_reject_reason_name(reason),
                 (unsigned long long)h.sequence,
                 ldpcd_frame_status_name((ldpcd_frame_status)h.status),
                 ldpcd_reject_reason_name((ldpcd_reject_reason)h.reason));
    assert_string_equal(h.code, code);
    assert_int_equal(h.payload_bits, 0);
}

/* A nonbinary frame whose sender forgot the bits: n values (one per
 * symbol) instead of n*p. */
static void send_symbol_count_frame(test_daemon *d, const test_code *c, uint64_t sequence)
{
    size_t bytes = (size_t)ldpc_code_n(ldpc_nb_code_graph(c->nonbinary)) * sizeof(float);
    uint8_t *message = calloc(1, LDPCD_INPUT_HEADER_SIZE + bytes);
    assert_non_null(message);
    size_t header = test_message(message, c->name, LDPC_SOFT_F32, 0, 1, 1.0f, sequence, NULL, 0);
    assert_int_equal(test_send(d, message, header + bytes), 0);
    free(message);
}

static uint64_t stats_value(const char *json, const char *key)
{
    char quoted[64];
    snprintf(quoted, sizeof quoted, "\"%s\":", key);
    const char *at = strstr(json, quoted);
    assert_non_null(at);
    return strtoull(at + strlen(quoted), NULL, 10);
}

/* The first statistics document with at least min_frames_out frames out. */
static void stats_after(void *stats_socket, uint64_t min_frames_out, char *json, size_t size)
{
    for (int tries = 0; tries < 100; tries++) {
        int got = zmq_recv(stats_socket, json, size - 1, 0);
        if (got < 0)
            continue;
        json[got < (int)size ? got : (int)size - 1] = '\0';
        if (stats_value(json, "frames_out") >= min_frames_out)
            return;
    }
    fail_msg("no statistics with %llu frames out", (unsigned long long)min_frames_out);
}

/* ---- DVB and nonbinary frames interleaved, a bad nonbinary frame ----------- */

static void nonbinary_mixed_in_order(void **state)
{
    (void)state;
    test_daemon d;
    assert_int_equal(test_daemon_start(&d, LDPCD_BINARY, MIXED_CONFIG, NULL), 0);
    test_daemon_connect(&d);
    void *stats = test_daemon_subscribe_stats(&d);
    test_code codes[2] = {open_binary(MIXED_BINARY), open_nonbinary(MIXED_NONBINARY, 4.75)};
    /* ACM-like: codes interleaved, 1 to 3 frames per message */
    const test_code *sent[64];
    uint64_t sequence = 0;
    for (int m = 0; sequence < 40; m++) {
        const test_code *c = &codes[m % 3 == 0 ? 0 : 1];
        uint16_t count = (uint16_t)(1 + m % 3);
        send_frames(&d, c, sequence, count, LDPC_SOFT_F32);
        for (uint16_t f = 0; f < count; f++)
            sent[sequence + f] = c;
        sequence += count;
    }
    uint64_t bad_length = sequence++, unknown = sequence++;
    send_symbol_count_frame(&d, &codes[1], bad_length);
    /* a nonbinary name the config does not list */
    uint8_t message[LDPCD_INPUT_HEADER_SIZE + 16] = {0};
    size_t size = test_message(message, "nbqc-gf32-837-726", LDPC_SOFT_F32, 0, 1, 1.0f, unknown,
                               NULL, 0);
    assert_int_equal(test_send(&d, message, size + 16), 0);
    for (int c = 0; c < 2; c++) {
        send_frames(&d, &codes[c], sequence, 1, LDPC_SOFT_F32);
        sent[sequence++] = &codes[c];
    }

    uint64_t corrected = 0, nonbinary_frames = 0;
    for (uint64_t s = 0; s < sequence; s++) {
        if (s == bad_length) {
            expect_rejected(&d, s, MIXED_NONBINARY, LDPCD_REJECT_LENGTH_MISMATCH);
        } else if (s == unknown) {
            expect_rejected(&d, s, "nbqc-gf32-837-726", LDPCD_REJECT_UNKNOWN_CODE);
        } else {
            uint32_t bits = expect_decoded(&d, sent[s], s, LDPCD_BITS_PACKED, LDPC_SOFT_F32);
            if (sent[s]->nonbinary != NULL) {
                corrected += bits;
                nonbinary_frames++;
            }
        }
    }
    /* frames in = frames out, and nothing more */
    ldpcd_result_header extra;
    assert_int_equal(test_receive(&d, &extra, NULL, 0, 300), -1);
    char json[16384];
    stats_after(stats, sequence, json, sizeof json);
    assert_int_equal(stats_value(json, "frames_in"), sequence);
    assert_int_equal(stats_value(json, "frames_out"), sequence);
    assert_int_equal(stats_value(json, "rejected"), 2);
    printf("%llu nonbinary frames decoded, %llu channel bit errors corrected\n",
           (unsigned long long)nonbinary_frames, (unsigned long long)corrected);
    assert_true(nonbinary_frames >= 20);
    assert_true(corrected > nonbinary_frames); /* the noise made errors to correct */
    zmq_close(stats);
    assert_int_equal(test_daemon_stop(&d, 20000), 0);
    close_code(&codes[0]);
    close_code(&codes[1]);
    test_daemon_cleanup(&d);
}

/* ---- nonbinary codes only: float Min-Max, i8 input, codeword out ---------- */

static void nonbinary_only_float_codeword(void **state)
{
    (void)state;
    test_daemon d;
    assert_int_equal(test_daemon_start(&d, LDPCD_BINARY,
                                       "codes = nbreg-gf32-620-310\n"
                                       "nonbinary_decoder = float-layered-minmax,iter=30\n"
                                       "output_bits = codeword-unpacked\nworkers = 1\n"
                                       "batch_frames = 3\nbatch_wait_us = 500\n",
                                       NULL),
                     0);
    test_daemon_connect(&d);
    test_code code = open_nonbinary("nbreg-gf32-620-310", 3.5);
    code.float_decoder = 1;
    uint64_t sequence = 0;
    for (uint16_t count = 1; count <= 4; count++) {
        send_frames(&d, &code, sequence, count, LDPC_SOFT_I8);
        sequence += count;
    }
    for (uint64_t s = 0; s < sequence; s++)
        expect_decoded(&d, &code, s, LDPCD_BITS_CODEWORD_UNPACKED, LDPC_SOFT_I8);
    assert_int_equal(test_daemon_stop(&d, 20000), 0);
    close_code(&code);
    test_daemon_cleanup(&d);
}

/* ---- zero allocations with both decoders at work --------------------------- */

static void run_traffic(test_daemon *d, test_code *codes, uint64_t first, uint64_t count)
{
    for (uint64_t s = first; s < first + count; s += 2) {
        const test_code *c = &codes[(s / 2) % 2];
        send_frames(d, c, s, 2, LDPC_SOFT_F32);
        expect_decoded(d, c, s, LDPCD_BITS_PACKED, LDPC_SOFT_F32);
        expect_decoded(d, c, s + 1, LDPCD_BITS_PACKED, LDPC_SOFT_F32);
        /* a rejected nonbinary frame must not allocate either */
        send_symbol_count_frame(d, &codes[1], 9);
        expect_rejected(d, 9, MIXED_NONBINARY, LDPCD_REJECT_LENGTH_MISMATCH);
    }
}

static void nonbinary_zero_allocations(void **state)
{
    (void)state;
    test_daemon d;
    assert_int_equal(test_daemon_start(&d, LDPCD_ALLOC_COUNT_BINARY, MIXED_CONFIG, NULL), 0);
    test_daemon_connect(&d);
    void *stats = test_daemon_subscribe_stats(&d);
    test_code codes[2] = {open_binary(MIXED_BINARY), open_nonbinary(MIXED_NONBINARY, 4.75)};
    char json[16384];
    run_traffic(&d, codes, 0, 12); /* warm-up: every path taken once */
    stats_after(stats, 18, json, sizeof json);
    uint64_t before = stats_value(json, "allocations");
    run_traffic(&d, codes, 100, 40);
    stats_after(stats, 18 + 60, json, sizeof json);
    uint64_t after = stats_value(json, "allocations");
    printf("allocations after warm-up: %llu, after 40 more frames and 20 rejections: %llu\n",
           (unsigned long long)before, (unsigned long long)after);
    assert_true(before > 0); /* the counter works: start-up allocates */
    assert_int_equal(after, before);
    zmq_close(stats);
    assert_int_equal(test_daemon_stop(&d, 20000), 0);
    close_code(&codes[0]);
    close_code(&codes[1]);
    test_daemon_cleanup(&d);
}

int main(int argc, char **argv)
{
    signal(SIGPIPE, SIG_IGN);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(nonbinary_mixed_in_order),
        cmocka_unit_test(nonbinary_only_float_codeword),
        cmocka_unit_test(nonbinary_zero_allocations),
    };
    if (argc > 1)
        cmocka_set_test_filter(argv[1]);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
