/* Failure is not data loss: when the device cannot be used the OpenCL backend
 * decodes on the CPU, records why, and every frame still gets the reference's
 * result. Each failure is provoked for real: a device that does not exist, a
 * kernel that does not compile (the tuning key kernel_dir), a device lost between
 * two calls (fault injection). The absence of any platform is
 * test_opencl_no_platform. Raw int8 input (-128 among it, which the backend
 * maps itself) gives the reference's results on the device and on every CPU
 * route. */
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include "test_opencl_support.h"
#include "test_raw_input.h"

enum { FRAMES = 6 };

static ldpc_decoder *create_with(const ldpc_code *code, const cl_options *opencl)
{
    ldpc_decoder_config config = ldpc_decoder_config_default();
    config.max_iterations = 20;
    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(code, FRAMES);
    ldpc_decoder *decoder = NULL;
    ldpc_error err = {{0}};
    if (cl_options_decoder_create(&config, &limits, opencl, &decoder, &err) != LDPC_OK)
        fail_msg("creation must succeed and fall back: %s", err.message);
    assert_string_equal(ldpc_decoder_backend_name(decoder), "opencl");
    return decoder;
}

/* The fallback is the CPU backend "auto" picks for the same configuration
 * (the registry puts the CPU's SIMD backends before opencl), not the slow
 * portable reference where the CPU has SIMD. */
static void expect_best_cpu_backend(const ldpc_opencl_stats *stats)
{
    ldpc_decoder_config config = ldpc_decoder_config_default();
    config.max_iterations = 20;
    ldpc_code *code = test_opencl_code("dvbs2-short-1/2");
    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(code, FRAMES);
    ldpc_decoder *cpu = NULL;
    assert_int_equal(ldpc_decoder_create(&config, &limits, "auto", &cpu, NULL), LDPC_OK);
    assert_non_null(stats->cpu_backend);
    assert_string_equal(stats->cpu_backend, ldpc_decoder_backend_name(cpu));
    ldpc_decoder_destroy(cpu);
    ldpc_code_destroy(code);
}

/* The description names the CPU backend and the reason, and says that the
 * decoder runs elsewhere than its backend promises. */
static void expect_fallback(ldpc_decoder *decoder, const char *reason_part)
{
    ldpc_opencl_stats stats = test_opencl_stats(decoder);
    assert_int_equal(stats.on_device, 0);
    assert_int_equal(stats.fallbacks, 1);
    expect_best_cpu_backend(&stats);
    if (strstr(stats.fallback_reason, reason_part) == NULL)
        fail_msg("reason '%s' does not mention '%s'", stats.fallback_reason, reason_part);
    char place[512], expected[512];
    assert_int_equal(ldpc_decoder_describe(decoder, place, sizeof place), 1);
    snprintf(expected, sizeof expected, "opencl on the CPU (%s): %s", stats.cpu_backend,
             stats.fallback_reason);
    assert_string_equal(place, expected);
    ldpc_decoder_counters counters;
    ldpc_decoder_counters_get(decoder, &counters);
    assert_int_equal(counters.has_device, 1);
    assert_int_equal(counters.on_device, 0);
    assert_int_equal(counters.fallbacks, stats.fallbacks);
    assert_true(counters.frames_on_cpu == stats.frames_on_cpu);
}

static void missing_device_falls_back(void **state)
{
    (void)state;
    test_opencl_require();
    ldpc_code *code = test_opencl_code("dvbs2-short-1/2");
    float *llr = test_opencl_frames(code, FRAMES, 0.5, 3.0, 11);
    cl_options opencl = test_opencl_config(LDPC_OPENCL_DESIGN_AUTO);
    snprintf(opencl.device, sizeof opencl.device, "no-such-device-anywhere");
    ldpc_decoder *decoder = create_with(code, &opencl);
    expect_fallback(decoder, "no OpenCL device matches");
    test_opencl_expect_reference(decoder, code, llr, FRAMES);
    assert_int_equal(test_opencl_stats(decoder).frames_on_cpu, FRAMES);
    ldpc_decoder_counters counters;
    ldpc_decoder_counters_get(decoder, &counters);
    assert_true(counters.frames_on_cpu == FRAMES);
    assert_true(counters.table_uploads == 0);
    ldpc_decoder_destroy(decoder);
    free(llr);
    ldpc_code_destroy(code);
}

/* Writes `text` as the kernel file `name` in `dir`; its path goes to `path`. */
static void write_kernel_file(const char *dir, const char *name, const char *text, char *path,
                              size_t size)
{
    snprintf(path, size, "%s/%s", dir, name);
    FILE *file = fopen(path, "w");
    assert_non_null(file);
    fputs(text, file);
    fclose(file);
}

/* A kernel directory whose only file does not compile, given through the
 * environment as a developer would. */
static void broken_kernel_falls_back(void **state)
{
    (void)state;
    test_opencl_require();
    char dir[] = "/tmp/ldpc-broken-kernels-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[sizeof dir + 32];
    write_kernel_file(dir, "00_broken.cl",
                      "kernel void setup_frames(global int *x) { x[0] = this is not C; }\n", path,
                      sizeof path);

    ldpc_code *code = test_opencl_code("dvbs2-short-1/2");
    float *llr = test_opencl_frames(code, FRAMES, 0.5, 3.0, 12);
    char tuning[sizeof dir + 16];
    snprintf(tuning, sizeof tuning, "kernel_dir=%s", dir);
    setenv("LDPC_CL_TUNING", tuning, 1);
    setenv("LDPC_CL_CACHE_DIR", "off", 1);
    ldpc_decoder_config config = ldpc_decoder_config_default();
    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(code, FRAMES);
    ldpc_decoder *decoder = NULL;
    ldpc_error err = {{0}};
    assert_int_equal(ldpc_decoder_create(&config, &limits, "opencl", &decoder, &err), LDPC_OK);
    unsetenv("LDPC_CL_TUNING");
    unsetenv("LDPC_CL_CACHE_DIR");
    expect_fallback(decoder, "do not build");
    test_opencl_expect_reference(decoder, code, llr, FRAMES);
    ldpc_decoder_destroy(decoder);
    remove(path);
    rmdir(dir);
    free(llr);
    ldpc_code_destroy(code);
}

/* The development path itself works: the source tree's kernels loaded from
 * disk decode on the device. */
static void kernel_dir_with_real_kernels_runs_on_device(void **state)
{
    (void)state;
    test_opencl_require();
    ldpc_code *code = test_opencl_code("dvbs2-short-1/2");
    float *llr = test_opencl_frames(code, FRAMES, 0.5, 3.0, 13);
    cl_options opencl = test_opencl_config(LDPC_OPENCL_DESIGN_AUTO);
    snprintf(opencl.kernel_dir, sizeof opencl.kernel_dir, "%s/kernels", LDPC_SOURCE_DIR);
    ldpc_decoder *decoder = create_with(code, &opencl);
    test_opencl_expect_reference(decoder, code, llr, FRAMES);
    ldpc_opencl_stats stats = test_opencl_stats(decoder);
    assert_int_equal(stats.on_device, 1);
    assert_int_equal(stats.frames_on_cpu, 0);
    /* on the device: named with its platform, and not a fallback */
    char place[512], expected[512];
    assert_int_equal(ldpc_decoder_describe(decoder, place, sizeof place), 0);
    snprintf(expected, sizeof expected, "opencl on %s (%s)", stats.device_name,
             stats.platform_name);
    assert_string_equal(place, expected);
    ldpc_decoder_destroy(decoder);
    free(llr);
    ldpc_code_destroy(code);
}

/* Copies the source tree's kernel files into `dir`. */
static void copy_kernels(const char *dir)
{
    char source_dir[1024];
    snprintf(source_dir, sizeof source_dir, "%s/kernels", LDPC_SOURCE_DIR);
    DIR *listing = opendir(source_dir);
    assert_non_null(listing);
    for (struct dirent *entry; (entry = readdir(listing)) != NULL;) {
        if (strstr(entry->d_name, ".cl") == NULL)
            continue;
        char from[2048], to[2048];
        snprintf(from, sizeof from, "%s/%s", source_dir, entry->d_name);
        snprintf(to, sizeof to, "%s/%s", dir, entry->d_name);
        FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
        assert_non_null(in);
        assert_non_null(out);
        char chunk[4096];
        for (size_t got; (got = fread(chunk, 1, sizeof chunk, in)) > 0;)
            assert_int_equal(fwrite(chunk, 1, got, out), got);
        fclose(in);
        fclose(out);
    }
    closedir(listing);
}

/* A compiler that cannot build the kernels in groups of one DVB layer
 * (here: code under LDPC_LAYER_GROUP that is not C) costs those kernels
 * only: the program is built without them and the decoder stays on the
 * device, exact. */
static void layer_group_kernels_that_do_not_build_are_left_out(void **state)
{
    (void)state;
    test_opencl_require();
    char dir[] = "/tmp/ldpc-layer-kernels-XXXXXX";
    assert_non_null(mkdtemp(dir));
    copy_kernels(dir);
    char path[sizeof dir + 32];
    write_kernel_file(dir, "99_layer_broken.cl", "#ifdef LDPC_LAYER_GROUP\nthis is not C;\n#endif\n",
                      path, sizeof path);

    ldpc_code *code = test_opencl_code("dvbs2-short-1/2");
    float *llr = test_opencl_frames(code, FRAMES, 0.5, 3.0, 15);
    cl_options opencl = test_opencl_config(LDPC_OPENCL_DESIGN_AUTO);
    snprintf(opencl.kernel_dir, sizeof opencl.kernel_dir, "%s", dir);
    opencl.binary_cache = 0;
    ldpc_decoder *decoder = create_with(code, &opencl);
    test_opencl_expect_reference(decoder, code, llr, FRAMES);
    ldpc_opencl_stats stats = test_opencl_stats(decoder);
    assert_int_equal(stats.on_device, 1);
    assert_int_equal(stats.frames_on_cpu, 0);
    assert_int_equal(stats.layer_group_kernels, 0);
    assert_int_equal(stats.layer_group_twins, 0);
    assert_int_equal(stats.batches_layer_group, 0);
    ldpc_decoder_destroy(decoder);
    DIR *listing = opendir(dir);
    assert_non_null(listing);
    for (struct dirent *entry; (entry = readdir(listing)) != NULL;) {
        char name[2048];
        snprintf(name, sizeof name, "%s/%s", dir, entry->d_name);
        if (entry->d_name[0] != '.')
            remove(name);
    }
    closedir(listing);
    rmdir(dir);
    free(llr);
    ldpc_code_destroy(code);
}

/* The device disappears at the second call: that call's frames and all later
 * ones are decoded on the CPU, none is lost or wrong. */
static void lost_device_mid_stream_falls_back(void **state)
{
    (void)state;
    test_opencl_require();
    ldpc_code *code = test_opencl_code("dvbs2-short-1/2");
    float *llr = test_opencl_frames(code, FRAMES, 0.5, 3.0, 14);
    cl_options opencl = test_opencl_config(LDPC_OPENCL_DESIGN_AUTO);
    opencl.simulate_device_loss_at_call = 2;
    ldpc_decoder *decoder = create_with(code, &opencl);
    test_opencl_expect_reference(decoder, code, llr, FRAMES);
    ldpc_opencl_stats stats = test_opencl_stats(decoder);
    assert_int_equal(stats.on_device, 1);
    assert_int_equal(stats.frames_on_cpu, 0);
    test_opencl_expect_reference(decoder, code, llr, FRAMES);
    test_opencl_expect_reference(decoder, code, llr, FRAMES);
    expect_fallback(decoder, "CL_DEVICE_NOT_AVAILABLE");
    stats = test_opencl_stats(decoder);
    assert_int_equal(stats.frames_on_cpu, 2 * FRAMES);
    assert_int_equal(stats.batches, 1);
    ldpc_decoder_destroy(decoder);
    free(llr);
    ldpc_code_destroy(code);
}

static ldpc_decoder *create_raw(const ldpc_code *code, const ldpc_decoder_config *config,
                               const cl_options *opencl)
{
    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(code, FRAMES);
    ldpc_decoder *decoder = NULL;
    ldpc_error err = {{0}};
    if (cl_options_decoder_create(config, &limits, opencl, &decoder, &err) != LDPC_OK)
        fail_msg("create: %s", err.message);
    return decoder;
}

/* The device route (its setup kernel maps -128), then the CPU routes: no
 * device at all, and a device lost at the second call (that call's frames go
 * to the CPU after the device failed them). */
static void raw_input_on_device_and_cpu(void **state)
{
    (void)state;
    test_opencl_require();
    ldpc_code *code = test_opencl_code("dvbs2-short-1/2");
    test_raw_input in = test_raw_input_make(code, FRAMES, 15);
    ldpc_decoder_config sensitive = test_raw_sensitive_config(1);
    assert_true(test_raw_frames_telling_apart(code, &sensitive, &in) > 0);
    ldpc_decoder_config configs[2] = {sensitive, ldpc_decoder_config_default()};
    for (size_t k = 0; k < 2; k++) {
        cl_options opencl = test_opencl_config(LDPC_OPENCL_DESIGN_AUTO);
        ldpc_decoder *decoder = create_raw(code, &configs[k], &opencl);
        test_raw_expect_reference(decoder, code, &in);
        assert_int_equal(test_opencl_stats(decoder).on_device, 1);
        assert_int_equal(test_opencl_stats(decoder).frames_on_cpu, 0);
        ldpc_decoder_destroy(decoder);

        snprintf(opencl.device, sizeof opencl.device, "no-such-device-anywhere");
        decoder = create_raw(code, &configs[k], &opencl);
        test_raw_expect_reference(decoder, code, &in);
        assert_int_equal(test_opencl_stats(decoder).frames_on_cpu, FRAMES);
        ldpc_decoder_destroy(decoder);

        opencl = test_opencl_config(LDPC_OPENCL_DESIGN_AUTO);
        opencl.simulate_device_loss_at_call = 2;
        decoder = create_raw(code, &configs[k], &opencl);
        test_raw_expect_reference(decoder, code, &in);
        test_raw_expect_reference(decoder, code, &in);
        expect_fallback(decoder, "CL_DEVICE_NOT_AVAILABLE");
        assert_int_equal(test_opencl_stats(decoder).frames_on_cpu, FRAMES);
        ldpc_decoder_destroy(decoder);
    }
    test_raw_input_free(&in);
    ldpc_code_destroy(code);
}

static void stats_of_another_backend_is_an_error(void **state)
{
    (void)state;
    ldpc_code *code = test_opencl_code("dvbs2-short-1/2");
    ldpc_decoder_config config = ldpc_decoder_config_default();
    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(code, 1);
    ldpc_decoder *decoder = NULL;
    assert_int_equal(ldpc_decoder_create(&config, &limits, "reference", &decoder, NULL), LDPC_OK);
    ldpc_opencl_stats stats;
    ldpc_error err = {{0}};
    assert_int_equal(ldpc_opencl_stats_get(decoder, &stats, &err), LDPC_ERR_INVALID);
    assert_non_null(strstr(err.message, "opencl"));
    /* The generic counters exist for every backend: all zero here. */
    ldpc_decoder_counters counters;
    memset(&counters, 0xff, sizeof counters);
    ldpc_decoder_counters_get(decoder, &counters);
    assert_int_equal(counters.has_device, 0);
    assert_int_equal(counters.fallbacks, 0);
    assert_true(counters.frames_on_cpu == 0 && counters.table_uploads == 0);
    assert_string_equal(counters.note, "");
    ldpc_decoder_destroy(decoder);
    ldpc_code_destroy(code);
}

int main(void)
{
    unsetenv("LDPC_BACKEND"); /* "auto" must mean the registry's best, as the fallback's */
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(missing_device_falls_back),
        cmocka_unit_test(broken_kernel_falls_back),
        cmocka_unit_test(kernel_dir_with_real_kernels_runs_on_device),
        cmocka_unit_test(layer_group_kernels_that_do_not_build_are_left_out),
        cmocka_unit_test(lost_device_mid_stream_falls_back),
        cmocka_unit_test(raw_input_on_device_and_cpu),
        cmocka_unit_test(stats_of_another_backend_is_an_error),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
