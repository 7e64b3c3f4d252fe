/* ldpcd's config parser (src/ldpcd/config.c): defaults, syntax, every kind
 * of error with its FILE:LINE, overrides and the cross-key checks. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "config.h"
#include "service.h"

static ldpcd_config_source source;
static char error[512];

static int parse(const char *text)
{
    ldpcd_config_defaults(&source);
    error[0] = '\0';
    return ldpcd_config_parse_text(&source, "test.conf", text, strlen(text), error, sizeof error);
}

static void expect_error(const char *text, const char *fragment)
{
    assert_int_equal(parse(text), -1);
    if (strstr(error, fragment) == NULL)
        fail_msg("error \"%s\" lacks \"%s\"", error, fragment);
}

static void defaults_are_valid(void **state)
{
    (void)state;
    ldpcd_config_defaults(&source);
    ldpcd_config *c = &source.values;
    assert_string_equal(c->input_endpoint, "ipc://%r/input");
    assert_int_equal(c->input_bind, 1);
    assert_int_equal(c->input_socket, LDPCD_INPUT_PULL);
    assert_int_equal(c->output_socket, LDPCD_OUTPUT_PUSH);
    assert_int_equal(c->workers, 0); /* auto: the service chooses from the cores */
    assert_int_equal(c->batch_wait_us, 2000);
    assert_int_equal(c->socket_mode, 0660);
    assert_int_equal(c->raw_normalize, LDPC_SOFT_CALIBRATE);
    assert_true(c->raw_scale == 1.0f);
    strcpy(c->runtime_dir, "/run/test");
    assert_int_equal(ldpcd_config_finish(c, error, sizeof error), 0);
    assert_string_equal(c->input_endpoint, "ipc:///run/test/input");
    assert_string_equal(c->stats_endpoint, "ipc:///run/test/stats");
    /* every key has a default that parses back through the file syntax */
    for (size_t i = 0; i < ldpcd_config_key_count(); i++) {
        char line[512];
        snprintf(line, sizeof line, "%s = %s\n", ldpcd_config_key_name(i),
                 ldpcd_config_key_default(i));
        assert_int_equal(parse(line), 0);
    }
}

static void parses_values_and_comments(void **state)
{
    (void)state;
    assert_int_equal(parse("# comment\n\n  workers=4   # four threads\n"
                           "input_endpoint = tcp://127.0.0.1:5555\r\n"
                           "input_bind = no\ninput_socket = sub\noutput_socket = pub\n"
                           "codes = dvbs2-normal-*, x#y\nraw_scale = 0.25\n"
                           "raw_normalize = mean\noutput_bits = codeword-unpacked\n"
                           "socket_mode = 0600\nruntime_dir =\n"),
                     0);
    ldpcd_config *c = &source.values;
    assert_int_equal(c->workers, 4);
    assert_string_equal(c->input_endpoint, "tcp://127.0.0.1:5555");
    assert_int_equal(c->input_bind, 0);
    assert_int_equal(c->input_socket, LDPCD_INPUT_SUB);
    assert_int_equal(c->output_socket, LDPCD_OUTPUT_PUB);
    assert_string_equal(c->codes, "dvbs2-normal-*, x#y"); /* '#' not after a blank */
    assert_true(c->raw_scale == 0.25f);
    assert_int_equal(c->raw_normalize, LDPC_SOFT_MEAN_TARGET);
    assert_int_equal(c->output_bits, LDPCD_BITS_CODEWORD_UNPACKED);
    assert_int_equal(c->socket_mode, 0600);
    assert_string_equal(c->runtime_dir, "");
    assert_int_equal(parse("raw_normalize = no\n"), 0);
    assert_int_equal(source.values.raw_normalize, LDPC_SOFT_AS_IS);
    assert_int_equal(parse("raw_normalize = auto\n"), 0); /* the earlier name of calibrate */
    assert_int_equal(source.values.raw_normalize, LDPC_SOFT_CALIBRATE);
}

static void reports_errors_with_line(void **state)
{
    (void)state;
    expect_error("workers = 2\nbogus = 1\n", "test.conf:2: unknown key \"bogus\"");
    expect_error("workers = 2\n\nworkers = 3\n", "test.conf:3: workers is set twice");
    expect_error("workers = 0\n", "test.conf:1: workers must be auto or an integer in 1..256");
    expect_error("workers = 257\n", "test.conf:1: workers must be auto or an integer in 1..256");
    expect_error("socket_mode = 1000\n", "socket_mode must be an integer in");
    expect_error("workers = -1\n", "workers must be auto or an integer");
    expect_error("workers = 99999999999999999999\n", "workers must be auto or an integer");
    expect_error("workers = 2x\n", "workers must be auto or an integer");
    expect_error("input_bind = maybe\n", "input_bind must be yes or no");
    expect_error("output_socket = dealer\n", "output_socket must be one of push, pub");
    expect_error("raw_scale = 0\n", "raw_scale must be a positive number");
    expect_error("raw_scale = nan\n", "raw_scale must be a positive number");
    expect_error("just words\n", "test.conf:1: expected \"key = value\"");
    expect_error("= value\n", "unknown key \"\"");
    char long_value[2048];
    memset(long_value, 'a', sizeof long_value);
    memcpy(long_value, "decoder = ", 10);
    long_value[sizeof long_value - 2] = '\n';
    long_value[sizeof long_value - 1] = '\0';
    expect_error(long_value, "test.conf:1: line longer than");
    char with_nul[] = "workers = 2\0\n";
    assert_int_equal(ldpcd_config_parse_text(&source, "nul.conf", with_nul, sizeof with_nul - 1,
                                             error, sizeof error),
                     -1);
    assert_non_null(strstr(error, "nul.conf:1: NUL byte"));
}

static void overrides_and_origins(void **state)
{
    (void)state;
    assert_int_equal(parse("workers = 3\n"), 0);
    assert_int_equal(ldpcd_config_set(&source, "workers=5", error, sizeof error), 0);
    assert_int_equal(source.values.workers, 5);
    assert_int_equal(ldpcd_config_set(&source, "workers", error, sizeof error), -1);
    assert_int_equal(ldpcd_config_set(&source, "nope=1", error, sizeof error), -1);
    assert_non_null(strstr(error, "command line: unknown key \"nope\""));
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    ldpcd_config_explain(&source, out);
    fclose(out);
    assert_non_null(strstr(text, "workers = 5\n    (command line; default \"auto\")"));
    assert_non_null(strstr(text, "batch_frames = auto\n    (default;"));
    free(text);
    /* auto is 0 (the service chooses); a number stays a number */
    assert_int_equal(ldpcd_config_set(&source, "queue_frames=100", error, sizeof error), 0);
    assert_int_equal(source.values.queue_frames, 100);
    assert_int_equal(ldpcd_config_set(&source, "queue_frames=auto", error, sizeof error), 0);
    assert_int_equal(source.values.queue_frames, 0);
    assert_int_equal(ldpcd_config_set(&source, "queue_frames=0", error, sizeof error), -1);
    assert_non_null(strstr(error, "must be auto or an integer in 1..1000000"));
    assert_int_equal(ldpcd_config_set(&source, "workers=auto", error, sizeof error), 0);
    assert_int_equal(source.values.workers, 0);
    assert_int_equal(ldpcd_config_set(&source, "input_hwm=auto", error, sizeof error), -1);
}

static void cross_key_checks(void **state)
{
    (void)state;
    assert_int_equal(parse("batch_frames = 64\nqueue_frames = 8\nruntime_dir = /r\n"), 0);
    assert_int_equal(ldpcd_config_finish(&source.values, error, sizeof error), -1);
    assert_non_null(strstr(error, "must not exceed queue_frames"));

    assert_int_equal(parse("curve_secret_key_file = /k\nruntime_dir = /r\n"), 0);
    assert_int_equal(ldpcd_config_finish(&source.values, error, sizeof error), -1);
    assert_non_null(strstr(error, "go together"));

    assert_int_equal(parse("log_level = loud\nruntime_dir = /r\n"), 0);
    assert_int_equal(ldpcd_config_finish(&source.values, error, sizeof error), -1);

    assert_int_equal(parse("input_framing = liquid\nraw_format = f32\nruntime_dir = /r\n"), 0);
    assert_int_equal(ldpcd_config_finish(&source.values, error, sizeof error), 0);
    assert_int_equal(source.values.raw_format, LDPC_SOFT_LIQUID);

    assert_int_equal(parse("input_framing = gnuradio\nraw_format = liquid\nruntime_dir = /r\n"),
                     0);
    assert_int_equal(ldpcd_config_finish(&source.values, error, sizeof error), -1);

    /* runtime_dir from systemd's RuntimeDirectory= (first of several) */
    setenv("RUNTIME_DIRECTORY", "/run/ldpcd-a:/run/other", 1);
    assert_int_equal(parse("output_endpoint = ipc://%r/out%r\n"), 0);
    assert_int_equal(ldpcd_config_finish(&source.values, error, sizeof error), 0);
    assert_string_equal(source.values.runtime_dir, "/run/ldpcd-a");
    assert_string_equal(source.values.output_endpoint, "ipc:///run/ldpcd-a/out/run/ldpcd-a");
    unsetenv("RUNTIME_DIRECTORY");
}

/* Which endpoints may go without CURVE (docs/SERVICE.md, "Security"): ipc,
 * inproc and tcp on loopback written as loopback; not a host name that merely
 * starts like a loopback address, a source;destination pair, or other
 * transports. */
static void endpoint_locality(void **state)
{
    (void)state;
    const char *local[] = {"ipc:///run/ldpcd/input", "inproc://x", "tcp://127.0.0.1:5555",
                           "tcp://127.1.2.3:5555", "tcp://localhost:5555", "tcp://[::1]:5555",
                           "tcp://lo:5555"};
    const char *remote[] = {"tcp://10.0.0.1:5555", "tcp://127.example.org:5555",
                            "tcp://127.0.0.1;10.0.0.1:5555", "tcp://*:5555",
                            "tcp://0.0.0.0:5555", "tcp://127.0.0.1", "tcp://localhost.example:1",
                            "udp://127.0.0.1:5555", "pgm://eth0;239.0.0.1:5555"};
    for (size_t i = 0; i < sizeof local / sizeof local[0]; i++)
        if (!ldpcd_endpoint_is_local(local[i]))
            fail_msg("%s taken for remote", local[i]);
    for (size_t i = 0; i < sizeof remote / sizeof remote[0]; i++)
        if (ldpcd_endpoint_is_local(remote[i]))
            fail_msg("%s taken for local", remote[i]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(defaults_are_valid),
        cmocka_unit_test(parses_values_and_comments),
        cmocka_unit_test(reports_errors_with_line),
        cmocka_unit_test(overrides_and_origins),
        cmocka_unit_test(cross_key_checks),
        cmocka_unit_test(endpoint_locality),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
