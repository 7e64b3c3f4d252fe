/* Configuration of the OpenCL backend: the LDPC_CL_* environment and its
 * tuning keys, device
 * selection, the program binary cache on disk and the embedded kernels. */
#include <dirent.h>
#include <unistd.h>

#include "test_opencl_support.h"
#ifdef LDPC_WITH_OPENCL
#include "opencl/cl_kernel_source.h"
#include "opencl/cl_vendor_defaults.h"
#endif

/* The library's OpenCL variables: the user's four and the tuning text. */
static const char *const variables[] = {
    "LDPC_CL_PLATFORM",          "LDPC_CL_DEVICE", "LDPC_CL_CACHE_DIR",
    "LDPC_CL_TABLE_CACHE_BYTES", "LDPC_CL_TUNING",
};

static void clear_environment(void)
{
    for (size_t i = 0; i < sizeof variables / sizeof variables[0]; i++)
        unsetenv(variables[i]);
}

static cl_options options_from_env(void)
{
    cl_options options;
    ldpc_error err = {{0}};
    if (cl_options_from_env(&options, &err) != LDPC_OK)
        fail_msg("%s", err.message);
    return options;
}

static void environment_is_parsed(void **state)
{
    (void)state;
    clear_environment();
    setenv("LDPC_CL_PLATFORM", "Portable", 1);
    setenv("LDPC_CL_DEVICE", "cpu:epyc", 1);
    setenv("LDPC_CL_TABLE_CACHE_BYTES", "1048576", 1);
    setenv("LDPC_CL_CACHE_DIR", "off", 1);
    setenv("LDPC_CL_TUNING",
           "design=item,iterations_per_launch=7,work_group_size=96,kernel_dir=/src/kernels,"
           "profile=1,copy_threads=3,max_registers=96,latency_posteriors=global,"
           "latency_tables=slots,latency_pairs=single,char_lanes=4,max_buffer_bytes=65536,"
           "pipeline_frames=32,test_device_loss_at_call=5",
           1);
    ldpc_opencl_config user = ldpc_opencl_config_default();
    assert_int_equal(ldpc_opencl_config_from_env(&user, NULL), LDPC_OK);
    assert_string_equal(user.platform, "Portable");
    assert_string_equal(user.device, "epyc");
    assert_int_equal(user.device_type, LDPC_OPENCL_DEVICE_CPU);
    assert_int_equal(user.table_cache_bytes, 1048576);
    assert_string_equal(user.cache_dir, "off");
    cl_options config = options_from_env();
    assert_string_equal(config.platform, "Portable");
    assert_string_equal(config.device, "epyc");
    assert_int_equal(config.device_type, LDPC_OPENCL_DEVICE_CPU);
    assert_int_equal(config.device_index, -1);
    assert_int_equal(config.design, LDPC_OPENCL_DESIGN_ITEM_PER_FRAME);
    assert_int_equal(config.iterations_per_launch, 7);
    assert_int_equal(config.work_group_size, 96);
    assert_int_equal(config.table_cache_bytes, 1048576);
    assert_string_equal(config.kernel_dir, "/src/kernels");
    assert_int_equal(config.binary_cache, 0);
    assert_int_equal(config.profile, 1);
    assert_int_equal(config.copy_threads, 3);
    assert_int_equal(config.max_registers, 96);
    assert_int_equal(config.latency_posteriors, LDPC_OPENCL_POSTERIORS_GLOBAL);
    assert_int_equal(config.latency_tables, LDPC_OPENCL_TABLES_SLOTS);
    assert_int_equal(config.latency_pairs, LDPC_OPENCL_PAIRS_OFF);
    assert_int_equal(config.char_lanes, 4);
    assert_int_equal(config.max_buffer_bytes, 65536);
    assert_int_equal(config.pipeline_frames, 32);
    assert_int_equal(config.simulate_device_loss_at_call, 5);
    /* A number as the device is its index among the matches; empty items are skipped. */
    setenv("LDPC_CL_DEVICE", "2", 1);
    setenv("LDPC_CL_TUNING", "latency_posteriors=local,,latency_tables=circulants,"
                             "latency_pairs=pairs",
           1);
    config = options_from_env();
    assert_string_equal(config.device, "");
    assert_int_equal(config.device_index, 2);
    assert_int_equal(config.binary_cache, 0);
    assert_int_equal(config.latency_posteriors, LDPC_OPENCL_POSTERIORS_LOCAL);
    assert_int_equal(config.latency_tables, LDPC_OPENCL_TABLES_CIRCULANTS);
    assert_int_equal(config.latency_pairs, LDPC_OPENCL_PAIRS_ON);
    assert_int_equal(config.design, LDPC_OPENCL_DESIGN_AUTO);
    /* LDPC_CL_DEVICE: a type alone, a type and an index, a name whose prefix is no type. */
    const struct {
        const char *value, *name;
        int index;
        ldpc_opencl_device_type type;
    } devices[] = {
        {"gpu", "", -1, LDPC_OPENCL_DEVICE_GPU},
        {"accelerator:1", "", 1, LDPC_OPENCL_DEVICE_ACCELERATOR},
        {"all:", "", -1, LDPC_OPENCL_DEVICE_ALL},
        {"gfx90a:xnack-", "gfx90a:xnack-", -1, LDPC_OPENCL_DEVICE_DEFAULT},
        {"gpus", "gpus", -1, LDPC_OPENCL_DEVICE_DEFAULT},
    };
    for (size_t i = 0; i < sizeof devices / sizeof devices[0]; i++) {
        setenv("LDPC_CL_DEVICE", devices[i].value, 1);
        config = options_from_env();
        assert_string_equal(config.device, devices[i].name);
        assert_int_equal(config.device_index, devices[i].index);
        assert_int_equal(config.device_type, devices[i].type);
    }
    clear_environment();
    config = options_from_env();
    assert_int_equal(config.binary_cache, 1);
    assert_int_equal(config.device_index, -1);
    assert_int_equal(config.device_type, LDPC_OPENCL_DEVICE_DEFAULT);
}

static void bad_environment_names_the_variable(void **state)
{
    (void)state;
    const struct {
        const char *variable, *value, *named; /* named: what the message must say */
    } bad[] = {
        {"LDPC_CL_TABLE_CACHE_BYTES", "-1", "LDPC_CL_TABLE_CACHE_BYTES"},
        {"LDPC_CL_DEVICE", "1001", "device index"},
        {"LDPC_CL_TUNING", "design=fast", "design"},
        {"LDPC_CL_TUNING", "iterations_per_launch=10x", "iterations_per_launch"},
        {"LDPC_CL_TUNING", "profile=2", "profile"},
        {"LDPC_CL_TUNING", "copy_threads=257", "copy_threads"},
        {"LDPC_CL_TUNING", "max_registers=256", "max_registers"},
        {"LDPC_CL_TUNING", "latency_posteriors=shared", "latency_posteriors"},
        {"LDPC_CL_TUNING", "latency_tables=blocks", "latency_tables"},
        {"LDPC_CL_TUNING", "design=item,latency_pairs=two", "latency_pairs"},
        {"LDPC_CL_TUNING", "char_lanes=32", "char_lanes"},
        {"LDPC_CL_TUNING", "speed=max", "unknown OpenCL tuning key 'speed'"},
        {"LDPC_CL_TUNING", "design", "not key=value"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        clear_environment();
        setenv(bad[i].variable, bad[i].value, 1);
        cl_options config;
        ldpc_error err = {{0}};
        assert_int_equal(cl_options_from_env(&config, &err), LDPC_ERR_INVALID);
        if (strstr(err.message, bad[i].named) == NULL)
            fail_msg("%s=%s: '%s' does not name %s", bad[i].variable, bad[i].value,
                     err.message, bad[i].named);
        /* and creating a decoder from that environment fails the same way */
        ldpc_decoder_config decoder_config = ldpc_decoder_config_default();
        ldpc_decoder_limits limits = {
            .max_n = 100, .max_m = 50, .max_edges = 300, .max_check_degree = 6, .max_frames = 1};
        ldpc_decoder *decoder = NULL;
        if (ldpc_decoder_create(&decoder_config, &limits, "opencl", &decoder, &err) !=
            LDPC_ERR_UNSUPPORTED) /* unsupported: a build without OpenCL */
            assert_non_null(strstr(err.message, bad[i].named));
        assert_null(decoder);
    }
    clear_environment();
}

static ldpc_decoder *small_decoder(const ldpc_code *code, const cl_options *opencl)
{
    ldpc_decoder_config config = ldpc_decoder_config_default();
    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(code, 2);
    ldpc_decoder *decoder = NULL;
    ldpc_error err = {{0}};
    if (cl_options_decoder_create(&config, &limits, opencl, &decoder, &err) != LDPC_OK)
        fail_msg("%s", err.message);
    return decoder;
}

/* The pair kernels' largest groups (PoCL takes groups far larger than 120):
 * the widest kernel's at most 120 unless a size is configured. */
static void widest_pair_kernel_groups(void **state)
{
    (void)state;
    test_opencl_require();
    ldpc_code *code = test_opencl_code("dvbs2-short-1/2");
    cl_options opencl = test_opencl_config(LDPC_OPENCL_DESIGN_AUTO);
    ldpc_decoder *decoder = small_decoder(code, &opencl);
    ldpc_opencl_stats stats = test_opencl_stats(decoder);
    for (size_t i = 0; i + 1 < LDPC_OPENCL_PAIR_KERNELS; i++)
        assert_true(stats.pair_group_sizes[i] > 120);
    assert_int_equal(stats.pair_group_sizes[LDPC_OPENCL_PAIR_KERNELS - 1], 120);
    ldpc_decoder_destroy(decoder);

    opencl.work_group_size = 180;
    decoder = small_decoder(code, &opencl);
    stats = test_opencl_stats(decoder);
    for (size_t i = 0; i < LDPC_OPENCL_PAIR_KERNELS; i++)
        assert_int_equal(stats.pair_group_sizes[i], 180);
    ldpc_decoder_destroy(decoder);
    ldpc_code_destroy(code);
}

#ifdef LDPC_WITH_OPENCL
/* A GPU device with these names, for the vendor table. */
static cl_device_choice gpu_named(const char *vendor, const char *device_name)
{
    cl_device_choice choice;
    memset(&choice, 0, sizeof choice);
    choice.type = CL_DEVICE_TYPE_GPU;
    snprintf(choice.vendor, sizeof choice.vendor, "%s", vendor);
    snprintf(choice.device_name, sizeof choice.device_name, "%s", device_name);
    return choice;
}
#endif

/* The kernels that require groups of one DVB layer (360 work-items) run
 * where the device reports that it runs that many for the kernel, and on
 * NVIDIA's driver, which reports 256 for every kernel and runs them. */
static void required_groups_by_vendor(void **state)
{
    (void)state;
    test_opencl_require();
#ifdef LDPC_WITH_OPENCL
    cl_device_choice nvidia = gpu_named("NVIDIA Corporation", "NVIDIA H100 80GB HBM3");
    cl_device_choice mali = gpu_named("ARM", "Mali-G610 r0p0");
    const cl_vendor_defaults *nvidia_row = cl_vendor_defaults_for(&nvidia);
    const cl_vendor_defaults *mali_row = cl_vendor_defaults_for(&mali);
    assert_string_equal(nvidia_row->name, "nvidia");
    assert_string_equal(mali_row->name, "mali");
    assert_true(cl_vendor_runs_required_group(nvidia_row, 256, 360));
    assert_false(cl_vendor_runs_required_group(mali_row, 256, 360));
    assert_true(cl_vendor_runs_required_group(mali_row, 384, 360));
#endif
}

/* PoCL is a CPU device: asking for it by platform, type and name finds it,
 * with the PoCL row of the vendor table; an index past the last device does
 * not. */
static void device_selection(void **state)
{
    (void)state;
    test_opencl_require();
    ldpc_code *code = test_opencl_code("dvbs2-short-1/2");
    cl_options opencl = test_opencl_config(LDPC_OPENCL_DESIGN_AUTO);
    snprintf(opencl.platform, sizeof opencl.platform, "portable computing");
    opencl.device_type = LDPC_OPENCL_DEVICE_CPU;
    opencl.device_index = 0;
    ldpc_decoder *decoder = small_decoder(code, &opencl);
    ldpc_opencl_stats stats = test_opencl_stats(decoder);
    if (!stats.on_device)
        fail_msg("PoCL expected: %s", stats.fallback_reason);
    assert_string_equal(stats.vendor_defaults, "pocl");
    assert_string_equal(stats.platform_name, "Portable Computing Language");
    assert_true(stats.item_group_size >= 1);
    assert_true(stats.iterations_per_launch >= 1);
    ldpc_decoder_destroy(decoder);

    opencl.device_index = 1000;
    decoder = small_decoder(code, &opencl);
    stats = test_opencl_stats(decoder);
    assert_int_equal(stats.on_device, 0);
    assert_non_null(strstr(stats.fallback_reason, "index 1000"));
    ldpc_decoder_destroy(decoder);
    ldpc_code_destroy(code);
}

static size_t count_cache_files(const char *dir)
{
    DIR *listing = opendir(dir);
    size_t count = 0;
    struct dirent *entry;
    while (listing != NULL && (entry = readdir(listing)) != NULL)
        count += strstr(entry->d_name, ".clbin") != NULL;
    if (listing != NULL)
        closedir(listing);
    return count;
}

static void remove_cache(const char *dir)
{
    DIR *listing = opendir(dir);
    struct dirent *entry;
    char path[600];
    while (listing != NULL && (entry = readdir(listing)) != NULL) {
        if (entry->d_name[0] == '.')
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, entry->d_name);
        remove(path);
    }
    if (listing != NULL)
        closedir(listing);
    rmdir(dir);
}

/* First creation compiles and stores the binary, the second loads it; a
 * corrupt file is rebuilt; an unwritable directory only costs the cache. */
static void binary_cache_on_disk(void **state)
{
    (void)state;
    test_opencl_require();
    char root[] = "/tmp/ldpc-cl-cache-XXXXXX";
    assert_non_null(mkdtemp(root));
    char dir[sizeof root + 16];
    snprintf(dir, sizeof dir, "%s/a/b", root); /* created on demand */
    ldpc_code *code = test_opencl_code("dvbs2-short-1/2");
    float *llr = test_opencl_frames(code, 2, 1.0, 3.0, 31);
    cl_options opencl = cl_options_default();
    snprintf(opencl.cache_dir, sizeof opencl.cache_dir, "%s", dir);

    ldpc_decoder *decoder = small_decoder(code, &opencl);
    ldpc_opencl_stats stats = test_opencl_stats(decoder);
    assert_int_equal(stats.on_device, 1);
    assert_int_equal(stats.program_from_cache, 0);
    assert_int_equal(count_cache_files(dir), 1);
    ldpc_decoder_destroy(decoder);

    decoder = small_decoder(code, &opencl);
    stats = test_opencl_stats(decoder);
    assert_int_equal(stats.program_from_cache, 1);
    test_opencl_expect_reference(decoder, code, llr, 2);
    ldpc_decoder_destroy(decoder);

    /* Corrupt every cached file: rebuilt from source, still on the device. */
    DIR *listing = opendir(dir);
    struct dirent *entry;
    while ((entry = readdir(listing)) != NULL) {
        if (strstr(entry->d_name, ".clbin") == NULL)
            continue;
        char path[600];
        snprintf(path, sizeof path, "%s/%s", dir, entry->d_name);
        FILE *file = fopen(path, "wb");
        fputs("garbage", file);
        fclose(file);
    }
    closedir(listing);
    decoder = small_decoder(code, &opencl);
    stats = test_opencl_stats(decoder);
    assert_int_equal(stats.on_device, 1);
    assert_int_equal(stats.program_from_cache, 0);
    assert_non_null(strstr(stats.cache_note, "corrupt"));
    test_opencl_expect_reference(decoder, code, llr, 2);
    ldpc_decoder_destroy(decoder);

    snprintf(opencl.cache_dir, sizeof opencl.cache_dir, "/proc/no-cache-here");
    decoder = small_decoder(code, &opencl);
    stats = test_opencl_stats(decoder);
    assert_int_equal(stats.on_device, 1);
    assert_non_null(strstr(stats.cache_note, "cannot"));
    ldpc_decoder_destroy(decoder);

    remove_cache(dir);
    snprintf(dir, sizeof dir, "%s/a", root);
    rmdir(dir);
    rmdir(root);
    free(llr);
    ldpc_code_destroy(code);
}

/* The bytes embedded at build time are the kernels/ files, in name order. */
static void embedded_kernels_match_the_source_tree(void **state)
{
    (void)state;
    test_opencl_require();
#ifdef LDPC_WITH_OPENCL
    char *embedded = NULL, *on_disk = NULL;
    assert_int_equal(cl_kernel_source_assemble("", &embedded, NULL), LDPC_OK);
    assert_int_equal(cl_kernel_source_assemble(LDPC_SOURCE_DIR "/kernels", &on_disk, NULL),
                     LDPC_OK);
    assert_string_equal(embedded, on_disk);
    assert_true(cl_embedded_kernel_count >= 4);
    ldpc_error err = {{0}};
    char *none = NULL;
    assert_int_equal(cl_kernel_source_assemble("/nonexistent-dir", &none, &err), LDPC_ERR_IO);
    assert_non_null(strstr(err.message, "/nonexistent-dir"));
    free(embedded);
    free(on_disk);
#endif
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(environment_is_parsed),
        cmocka_unit_test(bad_environment_names_the_variable),
        cmocka_unit_test(device_selection),
        cmocka_unit_test(required_groups_by_vendor),
        cmocka_unit_test(widest_pair_kernel_groups),
        cmocka_unit_test(binary_cache_on_disk),
        cmocka_unit_test(embedded_kernels_match_the_source_tree),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
