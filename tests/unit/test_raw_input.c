/* The CPU backends that take the caller's raw int8 values and map -128 to
 * -127 on their workers (maps_input: the frame-path backends, plain and
 * combined, and the inter-frame SIMD ones), against the reference given the
 * mapped values: identical bits and statistics, on one thread and on three,
 * for DVB codes (the frame path) and a code that is not DVB (the reference or
 * inter-frame fallback), and the caller's buffer untouched. The input is one
 * where a backend that forgot the mapping would differ (checked first).
 * Float input, which the frame-path backends check and quantise on their
 * workers (decode_quantising): the reference's results, and for a value that
 * is not finite the reference's error, naming the first one, with no output
 * written. */
#include <math.h>

#include "api/backend_registry.h"
#include "test_decoder_codes.h"
#include "test_raw_input.h"

enum { FRAMES = 5, CODES = 3 };

static ldpc_code *make_code(size_t index)
{
    if (index == 2)
        return test_code_random_regular("regular-360", 360, 3, 6, 0, 21); /* not DVB */
    ldpc_code *code = NULL;
    ldpc_error err;
    assert_int_equal(
        ldpc_code_create(index == 0 ? "dvbs2-short-1/2" : "dvbs2-short-8/9", &code, &err),
        LDPC_OK);
    return code;
}

static ldpc_decoder_config long_config(uint32_t threads)
{
    ldpc_decoder_config config = ldpc_decoder_config_default();
    config.max_iterations = 20;
    config.threads = threads;
    return config;
}

/* The input tells -128 from -127 on every code: without this the comparison
 * below could not catch a backend that forgets to map. */
static void input_tells_minus_128_apart(void **state)
{
    (void)state;
    for (size_t c = 0; c < CODES; c++) {
        ldpc_code *code = make_code(c);
        test_raw_input in = test_raw_input_make(code, FRAMES, 100 + c);
        ldpc_decoder_config config = test_raw_sensitive_config(1);
        uint32_t differing = test_raw_frames_telling_apart(code, &config, &in);
        if (differing == 0)
            fail_msg("%s: no frame where -128 and -127 decode differently", code->name);
        test_raw_input_free(&in);
        ldpc_code_destroy(code);
    }
}

static void raw_input_gives_reference_results(void **state)
{
    (void)state;
    ldpc_code *codes[CODES];
    test_raw_input inputs[CODES];
    ldpc_decoder_limits limits = {0};
    for (size_t c = 0; c < CODES; c++) {
        codes[c] = make_code(c);
        inputs[c] = test_raw_input_make(codes[c], FRAMES, 100 + c);
        limits = c == 0 ? ldpc_decoder_limits_for_code(codes[c], FRAMES)
                        : ldpc_decoder_limits_union(
                              limits, ldpc_decoder_limits_for_code(codes[c], FRAMES));
    }
    uint32_t frame_backends_tested = 0;
    for (size_t b = 0; b < backend_count(); b++) {
        const decode_backend *backend = backend_at(b);
        /* OpenCL: test_opencl_fallback (device and CPU routes). */
        if (!backend->maps_input || backend->kind == BACKEND_KIND_DEVICE ||
            !backend->available(backend))
            continue;
        for (uint32_t threads = 1; threads <= 3; threads += 2) {
            ldpc_decoder_config configs[2] = {test_raw_sensitive_config(threads),
                                              long_config(threads)};
            for (size_t k = 0; k < 2; k++) {
                if (!backend->supports(backend, &configs[k]))
                    continue;
                ldpc_decoder *decoder = NULL;
                ldpc_error err;
                if (ldpc_decoder_create(&configs[k], &limits, backend->name, &decoder, &err) !=
                    LDPC_OK)
                    fail_msg("create %s: %s", backend->name, err.message);
                for (size_t c = 0; c < CODES; c++)
                    test_raw_expect_reference(decoder, codes[c], &inputs[c]);
                ldpc_decoder_destroy(decoder);
                frame_backends_tested += backend->kind == BACKEND_KIND_FRAME ||
                                         backend->kind == BACKEND_KIND_FRAME_COMBINED;
            }
        }
    }
    /* portable-frame runs everywhere; the SIMD ones, plain and combined, add. */
    if (frame_backends_tested < 4)
        fail_msg("only %u frame-backend runs", frame_backends_tested);
    for (size_t c = 0; c < CODES; c++) {
        test_raw_input_free(&inputs[c]);
        ldpc_code_destroy(codes[c]);
    }
}

/* Noisy float frames of the all-zero codeword (a codeword of every code). */
static float *float_frames(const ldpc_code *code, uint32_t frames, uint64_t seed)
{
    float *llr = malloc((size_t)frames * code->n * sizeof(float));
    uint8_t *zero = calloc(code->n, 1);
    assert_non_null(llr);
    assert_non_null(zero);
    test_rng rng;
    test_rng_seed(&rng, seed);
    double rate = (double)(code->n - code->m) / code->n;
    for (uint32_t f = 0; f < frames; f++)
        test_bpsk_awgn_llr(&rng, zero, code->n, rate, 1.0 + 0.5 * f,
                           llr + (size_t)f * code->n);
    free(zero);
    return llr;
}

/* decoder and reference on the same float frames: same status, message,
 * bits and statistics; on failure the bits stay as they were (0x5a). */
static void expect_float_reference(ldpc_decoder *decoder, ldpc_decoder *reference,
                                   const ldpc_code *code, const float *llr)
{
    size_t values = (size_t)FRAMES * code->n;
    uint8_t *bits[2] = {malloc(values), malloc(values)};
    ldpc_frame_stats stats[2][FRAMES];
    ldpc_error err[2] = {{{0}}, {{0}}};
    ldpc_decoder *decoders[2] = {decoder, reference};
    ldpc_status status[2];
    for (int i = 0; i < 2; i++) {
        assert_non_null(bits[i]);
        memset(bits[i], 0x5a, values);
        memset(stats[i], 0, sizeof stats[i]);
        status[i] = ldpc_decoder_decode_f32(decoders[i], code, llr, FRAMES, bits[i], stats[i],
                                            &err[i]);
    }
    const char *name = ldpc_decoder_backend_name(decoder);
    if (status[0] != status[1] || strcmp(err[0].message, err[1].message) != 0)
        fail_msg("%s on %s: status %d '%s', reference %d '%s'", name, code->name, status[0],
                 err[0].message, status[1], err[1].message);
    if (memcmp(bits[0], bits[1], values) != 0 || memcmp(stats[0], stats[1], sizeof stats[0]) != 0)
        fail_msg("%s on %s: float input not decoded as the reference", name, code->name);
    free(bits[0]);
    free(bits[1]);
}

static void float_input_gives_reference_results(void **state)
{
    (void)state;
    ldpc_code *codes[CODES];
    float *llr[CODES];
    ldpc_decoder_limits limits = {0};
    for (size_t c = 0; c < CODES; c++) {
        codes[c] = make_code(c);
        llr[c] = float_frames(codes[c], FRAMES, 200 + c);
        limits = c == 0 ? ldpc_decoder_limits_for_code(codes[c], FRAMES)
                        : ldpc_decoder_limits_union(
                              limits, ldpc_decoder_limits_for_code(codes[c], FRAMES));
    }
    uint32_t quantising_tested = 0;
    for (size_t b = 0; b < backend_count(); b++) {
        const decode_backend *backend = backend_at(b);
        if (backend->decode_quantising == NULL || !backend->available(backend))
            continue;
        for (uint32_t threads = 1; threads <= 3; threads += 2) {
            ldpc_decoder_config config = long_config(threads);
            if (!backend->supports(backend, &config))
                continue;
            ldpc_decoder *decoder = NULL, *reference = NULL;
            ldpc_error err;
            assert_int_equal(ldpc_decoder_create(&config, &limits, backend->name, &decoder, &err),
                             LDPC_OK);
            assert_int_equal(ldpc_decoder_create(&config, &limits, "reference", &reference, &err),
                             LDPC_OK);
            for (size_t c = 0; c < CODES; c++) {
                size_t n = codes[c]->n;
                expect_float_reference(decoder, reference, codes[c], llr[c]);
                /* Two bad values: the error names the first (in frame order,
                 * whichever worker met it). */
                float saved[2] = {llr[c][4 * n + 9], llr[c][2 * n + n - 1]};
                llr[c][4 * n + 9] = NAN;
                llr[c][2 * n + n - 1] = -INFINITY;
                expect_float_reference(decoder, reference, codes[c], llr[c]);
                llr[c][4 * n + 9] = saved[0];
                llr[c][2 * n + n - 1] = saved[1];
            }
            ldpc_decoder_destroy(decoder);
            ldpc_decoder_destroy(reference);
            quantising_tested++;
        }
    }
    if (quantising_tested < 2)
        fail_msg("only %u decoders that quantise on their workers", quantising_tested);
    for (size_t c = 0; c < CODES; c++) {
        free(llr[c]);
        ldpc_code_destroy(codes[c]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(input_tells_minus_128_apart),
        cmocka_unit_test(raw_input_gives_reference_results),
        cmocka_unit_test(float_input_gives_reference_results),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
