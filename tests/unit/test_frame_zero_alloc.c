/* The static-memory guarantee for the threaded frame-path backends: once
 * created with several workers, a plain frame backend and a combined one
 * decode hundreds of calls, switching between two DVB codes, a quasi-cyclic
 * one (802.16e, also on the frame path) and a code the frame path hands to its
 * fallback (the reference, or the inter-frame
 * decoder), with one frame per call (the calling thread alone) and several
 * (every worker), int8 and float input (checked and quantised on the
 * workers), without a single call to the allocator. The link wraps the
 * allocator (tests/CMakeLists.txt) as for test_zero_alloc. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "alloc_counter.h"
#include "test_backend_kinds.h"
#include "ldpc/ldpc.h"
#include "test_decoder_codes.h"
#include "test_support.h"

enum { CODES = 4, FRAMES = 4, DECODES = 240 };

/* The first plain frame backend and the first combined one that run here
 * (portable-frame always does; a combined one needs a SIMD variant). */
static size_t backends_to_test(const char *names[2])
{
    size_t count = 0;
    for (size_t i = 0; i < test_backend_count(BACKEND_KIND_FRAME) && count == 0; i++)
        if (test_backend_runs(test_backend_at(BACKEND_KIND_FRAME, i)))
            names[count++] = test_backend_at(BACKEND_KIND_FRAME, i)->name;
    for (size_t i = 0; i < test_backend_count(BACKEND_KIND_FRAME_COMBINED) && count < 2; i++)
        if (test_backend_runs(test_backend_at(BACKEND_KIND_FRAME_COMBINED, i)))
            names[count++] = test_backend_at(BACKEND_KIND_FRAME_COMBINED, i)->name;
    return count;
}

static void threaded_frame_decoding_never_allocates(void **state)
{
    (void)state;
    ldpc_code *codes[CODES];
    int8_t *q[CODES];
    ldpc_error err;
    assert_int_equal(ldpc_code_create("dvbs2-short-1/2", &codes[0], &err), LDPC_OK);
    assert_int_equal(ldpc_code_create("dvbs2-short-8/9", &codes[1], &err), LDPC_OK);
    codes[2] = test_code_random_regular("regular-240", 240, 3, 6, 0, 9); /* not DVB */
    assert_int_equal(ldpc_code_create("wimax-2304-1/2", &codes[3], &err), LDPC_OK);
    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(codes[0], FRAMES);
    for (size_t c = 0; c < 2; c++)
        q[c] = test_make_quantised_frames(codes[c], FRAMES, c == 0 ? 3.0 : 4.5, 40 + c);
    q[3] = test_make_quantised_frames(codes[3], FRAMES, 2.5, 44);
    /* The random code has no encoder: values around the all-zero codeword. */
    q[2] = malloc((size_t)FRAMES * 240);
    assert_non_null(q[2]);
    test_rng rng;
    test_rng_seed(&rng, 43);
    for (size_t v = 0; v < (size_t)FRAMES * 240; v++)
        q[2][v] = (int8_t)((int)(test_rng_next(&rng) % 41) - 10);
    for (size_t c = 0; c < CODES; c++)
        limits = ldpc_decoder_limits_union(limits, ldpc_decoder_limits_for_code(codes[c], FRAMES));
    const char *names[2];
    size_t count = backends_to_test(names);
    assert_true(count >= 1);
    ldpc_decoder *decoders[2];
    unsigned long allocations_at_creation = allocations;
    for (size_t d = 0; d < count; d++) {
        ldpc_decoder_config config = ldpc_decoder_config_default();
        config.max_iterations = 10;
        config.threads = 3;
        assert_int_equal(ldpc_decoder_create(&config, &limits, names[d], &decoders[d], &err),
                         LDPC_OK);
        print_message("  %s, 3 threads\n", names[d]);
    }
    /* The counters see the library's calls (creation allocates, and starts threads). */
    assert_true(allocations > allocations_at_creation);
    uint8_t *bits = malloc((size_t)FRAMES * 16200);
    ldpc_frame_stats stats[FRAMES];
    assert_non_null(bits);
    /* The same frames as float LLRs (llr_scale 2), for decode_f32, which the
     * frame backends check and quantise on their workers. */
    float *llr[CODES];
    for (size_t c = 0; c < CODES; c++) {
        size_t values = (size_t)FRAMES * codes[c]->n;
        llr[c] = malloc(values * sizeof(float));
        assert_non_null(llr[c]);
        for (size_t v = 0; v < values; v++)
            llr[c][v] = q[c][v] / 2.0f;
    }

    unsigned long allocations_before = allocations, releases_before = releases;
    uint32_t converged = 0;
    for (int i = 0; i < DECODES; i++) {
        /* Every combination of decoder, input kind, frame count and code. */
        ldpc_decoder *decoder = decoders[(size_t)i % count];
        int float_input = (i / 2) % 2;
        uint32_t frames = (i / 4) % 2 ? FRAMES : 1;
        size_t c = (size_t)(i / 8) % CODES;
        ldpc_status status =
            float_input
                ? ldpc_decoder_decode_f32(decoder, codes[c], llr[c], frames, bits, stats, &err)
                : ldpc_decoder_decode_i8(decoder, codes[c], q[c], frames, bits, stats, &err);
        assert_int_equal(status, LDPC_OK);
        converged += stats[0].converged;
    }
    assert_int_equal(allocations - allocations_before, 0);
    assert_int_equal(releases - releases_before, 0);
    assert_true(converged > DECODES / 2); /* the decodes did real work */

    for (size_t d = 0; d < count; d++)
        ldpc_decoder_destroy(decoders[d]);
    assert_true(releases > releases_before);
    free(bits);
    for (size_t c = 0; c < CODES; c++) {
        free(q[c]);
        free(llr[c]);
        ldpc_code_destroy(codes[c]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(threaded_frame_decoding_never_allocates),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
