/* Decoder spec strings: parsing, errors, and format -> parse round trips. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "ldpc/decoder_spec.h"
#include "ldpc/nonbinary.h"

static ldpc_decoder_config parse_ok(const char *spec)
{
    ldpc_decoder_config config;
    ldpc_error err = {{0}};
    ldpc_status status = ldpc_decoder_spec_parse(spec, &config, &err);
    if (status != LDPC_OK)
        fail_msg("'%s' did not parse: %s", spec, err.message);
    return config;
}

/* Parses `spec`, expects failure, and checks the message mentions `needle`. */
static void parse_fails(const char *spec, const char *needle)
{
    ldpc_decoder_config config;
    ldpc_error err = {{0}};
    if (ldpc_decoder_spec_parse(spec, &config, &err) == LDPC_OK)
        fail_msg("'%s' parsed but should not", spec);
    if (strstr(err.message, needle) == NULL)
        fail_msg("'%s': message '%s' lacks '%s'", spec, err.message, needle);
}

static void bases_set_arithmetic_schedule_and_rule(void **state)
{
    (void)state;
    ldpc_decoder_config defaults = ldpc_decoder_config_default();
    ldpc_decoder_config c = parse_ok("fixed-layered-nms");
    assert_int_equal(c.arithmetic, LDPC_ARITH_FIXED8);
    assert_int_equal(c.schedule, LDPC_SCHEDULE_LAYERED);
    assert_int_equal(c.rule, LDPC_RULE_MIN_SUM_NORMALIZED);
    assert_int_equal(c.normalization_q4, 13);
    assert_int_equal(c.max_iterations, defaults.max_iterations);
    assert_int_equal(c.syndrome_period, defaults.syndrome_period);
    assert_true(c.llr_scale == defaults.llr_scale);

    c = parse_ok("float-flooding-spa");
    assert_int_equal(c.arithmetic, LDPC_ARITH_FLOAT);
    assert_int_equal(c.schedule, LDPC_SCHEDULE_FLOODING);
    assert_int_equal(c.rule, LDPC_RULE_SUM_PRODUCT);

    c = parse_ok("float-layered-ms");
    assert_int_equal(c.rule, LDPC_RULE_MIN_SUM_NORMALIZED);
    assert_true(c.normalization == 1.0f);
    c = parse_ok("fixed-layered-ms");
    assert_int_equal(c.normalization_q4, 16);

    c = parse_ok("fixed-layered-oms");
    assert_int_equal(c.rule, LDPC_RULE_MIN_SUM_OFFSET);
    assert_int_equal(c.offset_q, 1);
    c = parse_ok("float-layered-oms");
    assert_true(c.offset == 0.5f);

    c = parse_ok("default");
    assert_memory_equal(&c, &defaults, sizeof c);
    /* "default" takes keys like any base */
    c = parse_ok("default,iter=20");
    defaults.max_iterations = 20;
    assert_memory_equal(&c, &defaults, sizeof c);
    c = parse_ok("default,posterior=8,order=layer");
    assert_int_equal(c.posterior_bits, 8);
    assert_int_equal(c.saturated_order, LDPC_SATURATED_BY_LAYER);
}

static void overrides_apply(void **state)
{
    (void)state;
    ldpc_decoder_config c = parse_ok("fixed-layered-nms,norm=0.8125,iter=20,period=2,scale=4");
    assert_int_equal(c.normalization_q4, 13);
    assert_int_equal(c.max_iterations, 20);
    assert_int_equal(c.syndrome_period, 2);
    assert_true(c.llr_scale == 4.0f);

    c = parse_ok("fixed-layered-nms,norm=0.75");
    assert_int_equal(c.normalization_q4, 12);
    c = parse_ok("fixed-layered-nms,norm=1");
    assert_int_equal(c.normalization_q4, 16);
    c = parse_ok("float-layered-nms,norm=0.8");
    assert_true(c.normalization == 0.8f);
    c = parse_ok("fixed-flooding-oms,offset=3");
    assert_int_equal(c.offset_q, 3);
    c = parse_ok("float-flooding-oms,offset=0.25");
    assert_true(c.offset == 0.25f);
    c = parse_ok("float-layered-spa,period=0");
    assert_int_equal(c.syndrome_period, 0);
}

static void minmax_starts_from_the_nonbinary_defaults(void **state)
{
    (void)state;
    ldpc_decoder_config nb = ldpc_nb_decoder_config_default();
    ldpc_decoder_config c = parse_ok("fixed-layered-minmax");
    assert_int_equal(c.rule, LDPC_RULE_MIN_MAX);
    assert_int_equal(c.arithmetic, LDPC_ARITH_FIXED8);
    assert_int_equal(c.schedule, LDPC_SCHEDULE_LAYERED);
    assert_int_equal(c.max_iterations, nb.max_iterations);
    assert_int_equal(c.syndrome_period, nb.syndrome_period);
    assert_true(c.llr_scale == nb.llr_scale);
    assert_int_equal(ldpc_nb_decoder_config_validate(&c, NULL), LDPC_OK);
    /* The binary validator must keep refusing it. */
    assert_int_equal(ldpc_decoder_config_validate(&c, NULL), LDPC_ERR_INVALID);

    c = parse_ok("float-flooding-minmax,iter=15,period=0,scale=4");
    assert_int_equal(c.arithmetic, LDPC_ARITH_FLOAT);
    assert_int_equal(c.schedule, LDPC_SCHEDULE_FLOODING);
    assert_int_equal(c.max_iterations, 15);
    assert_int_equal(c.syndrome_period, 0);
    assert_true(c.llr_scale == 4.0f);

    parse_fails("fixed-layered-minmax,norm=0.75", "nms rule only");
    parse_fails("float-layered-minmax,offset=1", "oms rule only");
    parse_fails("fixed-layered-minmax,iter=0", "iter=0");
}

static void malformed_specs_are_rejected_with_a_reason(void **state)
{
    (void)state;
    parse_fails("", "arithmetic-schedule-rule");
    parse_fails("fixed", "arithmetic-schedule-rule");
    parse_fails("fixed-layered", "arithmetic-schedule-rule");
    parse_fails("double-layered-nms", "arithmetic 'double'");
    parse_fails("fixed-serial-nms", "schedule 'serial'");
    parse_fails("fixed-layered-bp", "rule 'bp'");
    parse_fails("fixed-layered-nms-x", "rule 'nms-x'");
    parse_fails("fixed-layered-spa", "float");               /* validate: spa is float only */
    parse_fails("fixed-layered-nms,norm=0.8", "nearest is 0.8125 (13/16)");
    parse_fails("fixed-layered-nms,norm=0", "(0, 1]");
    parse_fails("float-layered-nms,norm=1.5", "(0, 1]");
    parse_fails("fixed-layered-ms,norm=0.75", "nms rule only");
    parse_fails("fixed-layered-nms,offset=1", "oms rule only");
    parse_fails("fixed-layered-oms,offset=1.5", "integer");
    parse_fails("fixed-layered-oms,offset=200", "127");
    parse_fails("float-layered-oms,offset=-1", ">= 0");
    parse_fails("fixed-layered-nms,iter=0", "iter=0");
    parse_fails("fixed-layered-nms,iter=abc", "not a number");
    parse_fails("fixed-layered-nms,iter=5000", "max_iterations"); /* validate's bound */
    parse_fails("fixed-layered-nms,scale=0", "scale=0");
    parse_fails("fixed-layered-nms,scale=nan", "not a number");
    parse_fails("fixed-layered-nms,colour=red", "unknown key 'colour'");
    parse_fails("fixed-layered-nms,iter", "not key=value");
    parse_fails("fixed-layered-nms,iter=", "not key=value");
    parse_fails("fixed-layered-nms,", "empty");
    parse_fails("fixed-layered-nms,iter=5,iter=6", "given twice");
    ldpc_decoder_config c;
    assert_int_equal(ldpc_decoder_spec_parse(NULL, &c, NULL), LDPC_ERR_INVALID);
}

static void format_is_shortest_and_parses_back(void **state)
{
    (void)state;
    static const struct {
        const char *in, *canonical;
    } cases[] = {
        {"default", "fixed-layered-oms"},
        {"fixed-layered-nms,norm=0.8125", "fixed-layered-nms"},
        {"fixed-layered-nms,norm=0.75", "fixed-layered-nms,norm=0.75"},
        {"fixed-layered-nms,norm=1", "fixed-layered-ms"},
        {"fixed-layered-nms,norm=0.875,iter=20", "fixed-layered-nms,norm=0.875,iter=20"},
        {"float-flooding-spa,scale=5,period=0", "float-flooding-spa,period=0,scale=5"},
        {"float-layered-nms,norm=0.1", "float-layered-nms,norm=0.1"},
        {"fixed-flooding-oms,offset=2", "fixed-flooding-oms,offset=2"},
        {"float-layered-oms,offset=0.5", "float-layered-oms"},
        {"float-layered-ms,iter=7", "float-layered-ms,iter=7"},
        {"fixed-layered-minmax,iter=20", "fixed-layered-minmax"},
        {"float-flooding-minmax,iter=50,scale=5", "float-flooding-minmax,iter=50,scale=5"},
        {"fixed-layered-oms,posterior=8", "fixed-layered-oms,posterior=8"},
        {"fixed-layered-oms,posterior=8,cap=31", "fixed-layered-oms,posterior=8"},
        {"fixed-layered-nms,cap=24,posterior=8", "fixed-layered-nms,posterior=8,cap=24"},
        {"fixed-layered-oms,order=layer,posterior=8", "fixed-layered-oms,posterior=8,order=layer"},
        {"fixed-layered-oms,posterior=8,order=check", "fixed-layered-oms,posterior=8"},
        {"fixed-layered-oms,posterior=16", "fixed-layered-oms"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ldpc_decoder_config c = parse_ok(cases[i].in);
        char text[LDPC_DECODER_SPEC_SIZE];
        assert_int_equal(ldpc_decoder_spec_format(&c, text, sizeof text, NULL), LDPC_OK);
        assert_string_equal(text, cases[i].canonical);
        ldpc_decoder_config back = parse_ok(text);
        assert_int_equal(back.arithmetic, c.arithmetic);
        assert_int_equal(back.rule, c.rule);
        assert_int_equal(back.schedule, c.schedule);
        assert_int_equal(back.max_iterations, c.max_iterations);
        assert_int_equal(back.syndrome_period, c.syndrome_period);
        assert_int_equal(back.normalization_q4, c.normalization_q4);
        assert_int_equal(back.offset_q, c.offset_q);
        assert_true(back.normalization == c.normalization);
        assert_true(back.offset == c.offset);
        assert_true(back.llr_scale == c.llr_scale);
        assert_int_equal(back.posterior_bits, c.posterior_bits);
        assert_int_equal(back.message_cap, c.message_cap);
    }
}

static void saturated_posteriors_and_cap(void **state)
{
    (void)state;
    ldpc_decoder_config c = parse_ok("fixed-layered-oms");
    assert_int_equal(c.posterior_bits, 16);
    assert_int_equal(c.message_cap, LDPC_MESSAGE_CAP_NONE);
    c = parse_ok("fixed-layered-oms,posterior=8");
    assert_int_equal(c.posterior_bits, 8);
    assert_int_equal(c.message_cap, 31); /* what posterior=8 implies */
    c = parse_ok("fixed-layered-nms,cap=127,posterior=8"); /* order does not matter */
    assert_int_equal(c.message_cap, 127);
    parse_fails("fixed-layered-oms,posterior=12", "must be 16 (exact) or 8");
    parse_fails("fixed-layered-oms,cap=31", "needs 8-bit (saturated) posteriors");
    parse_fails("fixed-layered-oms,posterior=8,cap=0", "cap=0");
    parse_fails("fixed-layered-oms,posterior=8,cap=128", "[1, 127]");
    parse_fails("fixed-flooding-oms,posterior=8", "layered schedule");
    parse_fails("float-layered-oms,posterior=8", "fixed-point arithmetic");
    parse_fails("fixed-layered-minmax,posterior=8", "binary min-sum only");
    assert_int_equal(c.saturated_order, LDPC_SATURATED_BY_CHECK);
    c = parse_ok("fixed-layered-oms,posterior=8,order=layer");
    assert_int_equal(c.saturated_order, LDPC_SATURATED_BY_LAYER);
    assert_int_equal(c.message_cap, 31);
    parse_fails("fixed-layered-oms,order=layer", "needs 8-bit (saturated) posteriors");
    parse_fails("fixed-layered-oms,posterior=8,order=frame", "order=frame must be check or layer");
    parse_fails("fixed-layered-minmax,order=layer", "by layer needs 8-bit");
}

static void format_reports_a_small_buffer(void **state)
{
    (void)state;
    ldpc_decoder_config c = parse_ok("fixed-layered-nms,iter=20");
    char text[12];
    ldpc_error err = {{0}};
    assert_int_equal(ldpc_decoder_spec_format(&c, text, sizeof text, &err), LDPC_ERR_INVALID);
    assert_non_null(strstr(err.message, "too small"));
    char exact[sizeof "fixed-layered-nms,iter=20"];
    assert_int_equal(ldpc_decoder_spec_format(&c, exact, sizeof exact, NULL), LDPC_OK);
    assert_int_equal(ldpc_decoder_spec_format(&c, exact, sizeof exact - 1, NULL),
                     LDPC_ERR_INVALID);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bases_set_arithmetic_schedule_and_rule),
        cmocka_unit_test(overrides_apply),
        cmocka_unit_test(minmax_starts_from_the_nonbinary_defaults),
        cmocka_unit_test(malformed_specs_are_rejected_with_a_reason),
        cmocka_unit_test(format_is_shortest_and_parses_back),
        cmocka_unit_test(format_reports_a_small_buffer),
        cmocka_unit_test(saturated_posteriors_and_cap),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
