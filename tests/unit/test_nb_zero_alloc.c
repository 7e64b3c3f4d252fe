/* The static-memory guarantee for nonbinary decoders: once created, a decoder
 * decodes frames of several codes within its limits, in every configuration,
 * without one call to the allocator. The link wraps malloc and friends
 * (tests/CMakeLists.txt), as for test_zero_alloc. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "alloc_counter.h"
#include "code/code_struct.h"
#include "ldpc/nonbinary.h"
#include "nb/nb_code_struct.h"
#include "ldpc/soft.h"
#include "test_support.h"

enum { CODES = 2, FRAMES = 2, ROUNDS = 6 };

typedef struct {
    ldpc_nb_code *code;
    float *llr;
    int8_t *q;
    uint8_t *symbols;
} coded_input;

static void prepare(coded_input *in, const char *name, test_rng *rng, double ebn0_db)
{
    ldpc_error err = {{0}};
    assert_int_equal(ldpc_nb_code_create(name, &in->code, &err), LDPC_OK);
    size_t bits = (size_t)FRAMES * in->code->graph->n * in->code->bits_per_symbol;
    in->llr = malloc(bits * sizeof(float));
    in->q = malloc(bits);
    in->symbols = malloc((size_t)FRAMES * in->code->graph->n);
    uint8_t *zeros = calloc(bits, 1);
    double rate = (double)in->code->graph->k / in->code->graph->n;
    test_bpsk_awgn_llr(rng, zeros, bits, rate, ebn0_db, in->llr);
    ldpc_quantise(in->llr, bits, 2.0f, in->q);
    free(zeros);
}

static void release(coded_input *in)
{
    ldpc_nb_code_destroy(in->code);
    free(in->llr);
    free(in->q);
    free(in->symbols);
}

static void decoding_never_allocates(void **state)
{
    (void)state;
    test_rng rng;
    test_rng_seed(&rng, 2718);
    coded_input inputs[CODES];
    prepare(&inputs[0], "nbreg-gf32-620-310", &rng, 3.0);
    prepare(&inputs[1], "nbqc-gf32-744-653", &rng, 5.0);
    ldpc_nb_decoder_limits limits = ldpc_nb_decoder_limits_for_code(inputs[1].code, FRAMES);
    ldpc_nb_decoder_limits other = ldpc_nb_decoder_limits_for_code(inputs[0].code, FRAMES);
    limits.graph = ldpc_decoder_limits_union(limits.graph, other.graph);

    /* Fixed and float, both schedules, then fixed with worker threads (the
     * pool and its workspaces are made at creation), then truncated fixed
     * and float; fixed point runs the best SIMD variant of this CPU. */
    enum { DECODERS = 8 };
    ldpc_nb_decoder *decoders[DECODERS];
    ldpc_error err = {{0}};
    for (int d = 0; d < DECODERS; d++) {
        ldpc_decoder_config config = ldpc_nb_decoder_config_default();
        config.arithmetic = d == 2 || d == 3 || d == 7 ? LDPC_ARITH_FLOAT : LDPC_ARITH_FIXED8;
        config.schedule = d % 2 ? LDPC_SCHEDULE_FLOODING : LDPC_SCHEDULE_LAYERED;
        config.threads = d == 4 || d == 5 ? 2 : 1;
        config.truncation = d == 6 ? 8 : d == 7 ? 12 : 0;
        config.max_iterations = 10;
        assert_int_equal(ldpc_nb_decoder_create(&config, &limits, NULL, &decoders[d], &err), LDPC_OK);
    }
    ldpc_frame_stats stats[FRAMES];
    unsigned long allocations_before = allocations, releases_before = releases;
    for (int i = 0; i < ROUNDS * DECODERS; i++) {
        ldpc_nb_decoder *decoder = decoders[i % DECODERS];
        coded_input *in = &inputs[(i / DECODERS) % CODES];
        ldpc_status status = i % 3 == 0
                                 ? ldpc_nb_decoder_decode_i8(decoder, in->code, in->q, FRAMES,
                                                             in->symbols, stats, &err)
                                 : ldpc_nb_decoder_decode_f32(decoder, in->code, in->llr, FRAMES,
                                                              in->symbols, stats, &err);
        assert_int_equal(status, LDPC_OK);
        assert_int_equal(stats[0].converged, 1); /* real work, all-zero codeword */
        for (size_t v = 0; v < (size_t)FRAMES * in->code->graph->n; v++)
            assert_int_equal(in->symbols[v], 0);
    }
    assert_int_equal(allocations - allocations_before, 0);
    assert_int_equal(releases - releases_before, 0);
    for (int d = 0; d < DECODERS; d++)
        ldpc_nb_decoder_destroy(decoders[d]);
    assert_true(releases > releases_before);
    for (int c = 0; c < CODES; c++)
        release(&inputs[c]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(decoding_never_allocates),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
