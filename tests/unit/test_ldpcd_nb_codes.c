/* ldpcd's nonbinary codes (src/ldpcd/nb_codes.c, code_set.c): names and
 * patterns in `codes`, wire sizes in bits, the nonbinary_decoder key and the
 * one soft format both decoders share (their decoding: test_ldpcd_worker_decoders.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "code_set.h"
#include "code/code_struct.h"
#include "nb/nb_code_struct.h"
#include "config.h"
#include "ldpc/decoder_spec.h"
#include "ldpc/soft.h"
#include "nb_codes.h"
#include "test_support.h"

static void names_and_patterns(void **state)
{
    (void)state;
    assert_true(ldpcd_nb_code_name("nbqc-gf32-744-653"));
    assert_true(ldpcd_nb_code_name("nbalist:/x"));
    assert_false(ldpcd_nb_code_name("dvbs2-short-1/2"));
    assert_false(ldpcd_nb_code_name("alist:nbqc"));

    static ldpcd_code_set set;
    char error[256];
    assert_int_equal(ldpcd_code_set_build("dvbs2-short-1/2, nbqc-gf32-744-653 nbreg-*", &set,
                                          error, sizeof error),
                     0);
    assert_int_equal(set.count, 3);
    assert_int_equal(set.nonbinary_count, 2);
    const ldpcd_code_entry *dvb = ldpcd_code_set_find(&set, "dvbs2-short-1/2");
    const ldpcd_code_entry *qc = ldpcd_code_set_find(&set, "nbqc-gf32-744-653");
    const ldpcd_code_entry *reg = ldpcd_code_set_find(&set, "nbreg-gf32-620-310");
    assert_non_null(dvb);
    assert_non_null(qc);
    assert_non_null(reg);
    assert_null(dvb->nonbinary);
    assert_null(qc->code); /* no binary path can mistake symbols for bits */
    assert_int_equal(qc->n_bits, 744 * 5);
    assert_int_equal(qc->k_bits, 653 * 5);
    assert_int_equal(reg->n_bits, 620 * 5);
    assert_false(qc->info_is_prefix);
    assert_true(reg->info_is_prefix);
    assert_int_equal(set.max_n, 16200); /* bits, over both kinds */
    uint32_t n = 0;
    assert_ptr_equal(ldpcd_code_set_lookup(&set, "nbqc-gf32-744-653", &n), qc);
    assert_int_equal(n, 3720);
    /* the binary decoder's limits ignore the symbol graphs */
    assert_int_equal(set.limits.max_n, 16200);
    assert_int_equal(set.limits.max_m, dvb->code->m);
    ldpcd_code_set_destroy(&set);

    assert_int_equal(ldpcd_code_set_build("nb*", &set, error, sizeof error), 0);
    assert_int_equal(set.count, ldpc_nb_builtin_code_count());
    assert_int_equal(set.nonbinary_count, set.count);
    ldpcd_code_set_destroy(&set);
    assert_int_equal(ldpcd_code_set_build("short=nbqc-gf32-837-726", &set, error, sizeof error),
                     0);
    assert_int_equal(set.entries[0].n_bits, 837 * 5);
    assert_string_equal(set.entries[0].name, "short");
    ldpcd_code_set_destroy(&set);
    assert_int_not_equal(ldpcd_code_set_build("nbqc-gf32-1-1", &set, error, sizeof error), 0);
    assert_non_null(strstr(error, "nbqc-gf32-1-1"));
}

/* Field by field: the struct's padding bytes are not part of its value. */
static void assert_config_equal(const ldpc_decoder_config *a, const ldpc_decoder_config *b)
{
    assert_int_equal(a->arithmetic, b->arithmetic);
    assert_int_equal(a->rule, b->rule);
    assert_int_equal(a->schedule, b->schedule);
    assert_int_equal(a->max_iterations, b->max_iterations);
    assert_int_equal(a->syndrome_period, b->syndrome_period);
    assert_true(a->normalization == b->normalization);
    assert_true(a->offset == b->offset);
    assert_int_equal(a->normalization_q4, b->normalization_q4);
    assert_int_equal(a->offset_q, b->offset_q);
    assert_true(a->llr_scale == b->llr_scale);
    assert_int_equal(a->threads, b->threads);
    assert_int_equal(a->truncation, b->truncation);
    assert_int_equal(a->posterior_bits, b->posterior_bits);
    assert_int_equal(a->message_cap, b->message_cap);
}

static void decoder_spec_key(void **state)
{
    (void)state;
    ldpc_decoder_config config;
    char error[256];
    assert_int_equal(ldpcd_nb_decoder_spec_parse("default", &config, error, sizeof error), 0);
    ldpc_decoder_config expected = ldpc_nb_decoder_config_default();
    assert_config_equal(&config, &expected);
    assert_int_equal(ldpcd_nb_decoder_spec_parse("float-flooding-minmax,iter=15", &config, error,
                                                 sizeof error),
                     0);
    assert_int_equal(config.arithmetic, LDPC_ARITH_FLOAT);
    assert_int_equal(config.schedule, LDPC_SCHEDULE_FLOODING);
    assert_int_equal(config.max_iterations, 15);
    assert_int_not_equal(
        ldpcd_nb_decoder_spec_parse("fixed-layered-nms", &config, error, sizeof error), 0);
    assert_non_null(strstr(error, "Min-Max"));
    assert_int_not_equal(ldpcd_nb_decoder_spec_parse("minmax", &config, error, sizeof error), 0);
    assert_non_null(strstr(error, "nonbinary_decoder"));
}

/* The setup for `codes` and `nonbinary_decoder`, through the config parser. */
static void setup_for(const char *codes, const char *nonbinary_decoder, ldpcd_code_set *set,
                      ldpcd_nb_setup *nb, ldpcd_config *config)
{
    static ldpcd_config_source source;
    char error[256];
    ldpcd_config_defaults(&source);
    snprintf(source.values.nonbinary_decoder, sizeof source.values.nonbinary_decoder, "%s",
             nonbinary_decoder);
    *config = source.values;
    assert_int_equal(ldpcd_code_set_build(codes, set, error, sizeof error), 0);
    assert_int_equal(ldpcd_nb_setup_build(nb, set, config, 4, error, sizeof error), 0);
}

static int intake_format(const char *codes, const char *binary_spec, const char *nb_spec,
                         int *soft_is_float, float *llr_scale)
{
    static ldpcd_code_set set;
    static ldpcd_nb_setup nb;
    ldpcd_config config;
    ldpc_decoder_config binary;
    char error[256];
    setup_for(codes, nb_spec, &set, &nb, &config);
    assert_int_equal(ldpc_decoder_spec_parse(binary_spec, &binary, NULL), LDPC_OK);
    int status = ldpcd_nb_intake_format(&nb, &binary, set.count - set.nonbinary_count,
                                        soft_is_float, llr_scale, error, sizeof error);
    if (status != 0)
        assert_non_null(strstr(error, "same scale"));
    ldpcd_code_set_destroy(&set);
    return status;
}

static void one_soft_format_for_both(void **state)
{
    (void)state;
    int is_float;
    float scale;
    const char *mixed = "dvbs2-short-1/2, nbreg-gf32-620-310";
    assert_int_equal(intake_format(mixed, "default", "default", &is_float, &scale), 0);
    assert_false(is_float);
    assert_true(scale == ldpc_decoder_config_default().llr_scale);
    assert_int_equal(intake_format(mixed, "float-layered-oms", "default", &is_float, &scale), 0);
    assert_true(is_float);
    assert_int_equal(
        intake_format(mixed, "default", "float-layered-minmax", &is_float, &scale), 0);
    assert_true(is_float);
    assert_int_not_equal(
        intake_format(mixed, "default", "fixed-layered-minmax,scale=4", &is_float, &scale), 0);
    assert_int_equal(intake_format(mixed, "fixed-layered-oms,scale=4",
                                   "fixed-layered-minmax,scale=4", &is_float, &scale),
                     0);
    assert_true(scale == 4.0f);
    /* a decoder without codes does not count */
    assert_int_equal(intake_format("nbreg-gf32-620-310", "float-layered-oms",
                                   "fixed-layered-minmax,scale=4", &is_float, &scale),
                     0);
    assert_false(is_float);
    assert_true(scale == 4.0f);
    assert_int_equal(intake_format("dvbs2-short-1/2", "default", "float-layered-minmax",
                                   &is_float, &scale),
                     0);
    assert_false(is_float);
    assert_true(scale == ldpc_decoder_config_default().llr_scale);
}

static void descriptions_join(void **state)
{
    (void)state;
    char text[32] = "fixed-layered-oms";
    ldpcd_nb_describe(text, sizeof text, 1, "fixed-layered-minmax");
    assert_string_equal(text, "fixed-layered-oms + fixed-layer"); /* cut to fit */
    ldpcd_nb_describe(text, sizeof text, 0, "fixed-layered-minmax");
    assert_string_equal(text, "fixed-layered-minmax");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(names_and_patterns),
        cmocka_unit_test(decoder_spec_key),
        cmocka_unit_test(one_soft_format_for_both),
        cmocka_unit_test(descriptions_join),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
