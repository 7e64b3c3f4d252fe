#include "config.h"

#include "error_text.h"
#include "log.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef enum { KEY_TEXT, KEY_BOOL, KEY_UINT, KEY_FLOAT, KEY_ENUM } key_type;

typedef struct {
    const char *name;
    const char *default_value;
    key_type type;
    size_t offset;
    size_t size;              /* KEY_TEXT: buffer size */
    uint32_t min, max;        /* KEY_UINT bounds */
    const char *const *names; /* KEY_ENUM: NULL-terminated, value = index */
    const char *help;
} config_key;

static const char *const input_socket_names[] = {"pull", "sub", NULL};
static const char *const output_socket_names[] = {"push", "pub", NULL};
static const char *const framing_names[] = {"protocol", "gnuradio", "liquid", NULL};
static const char *const soft_format_names[] = {"f32", "i8", "liquid", NULL};
/* "auto" and "yes" are the earlier names of calibrate and mean. */
static const char *const normalize_names[] = {"calibrate", "mean", "no", "auto", "yes", NULL};
static const int normalize_values[] = {LDPC_SOFT_CALIBRATE, LDPC_SOFT_MEAN_TARGET,
                                       LDPC_SOFT_AS_IS, LDPC_SOFT_CALIBRATE,
                                       LDPC_SOFT_MEAN_TARGET};
static const char *const tag_header_names[] = {"auto", "never", NULL};
static const char *const output_bits_names[] = {"packed", "unpacked", "codeword",
                                                "codeword-unpacked", NULL};

#define FIELD(f) offsetof(ldpcd_config, f)
#define TEXT(f) KEY_TEXT, FIELD(f), sizeof(((ldpcd_config *)0)->f), 0, 0, NULL
#define BOOL(f) KEY_BOOL, FIELD(f), sizeof(int), 0, 1, NULL
#define UINT(f, lo, hi) KEY_UINT, FIELD(f), sizeof(uint32_t), lo, hi, NULL
/* A number, or "auto" (stored as 0: the service chooses, pipeline.c). */
static const char *const auto_names[] = {"auto", NULL};
#define UINT_AUTO(f, lo, hi) KEY_UINT, FIELD(f), sizeof(uint32_t), lo, hi, auto_names
#define FLOAT(f) KEY_FLOAT, FIELD(f), sizeof(float), 0, 0, NULL
#define ENUM(f, names) KEY_ENUM, FIELD(f), sizeof(int), 0, 0, names

static const config_key keys[] = {
    {"runtime_dir", "", TEXT(runtime_dir),
     "directory of the ipc sockets; %r in endpoints expands to it. Empty: $RUNTIME_DIRECTORY "
     "(set by systemd's RuntimeDirectory=), else /run/ldpcd"},
    {"input_endpoint", "ipc://%r/input", TEXT(input_endpoint),
     "ZeroMQ endpoint the soft values arrive on"},
    {"input_bind", "yes", BOOL(input_bind), "yes: bind the endpoint; no: connect to it"},
    {"input_socket", "pull", ENUM(input_socket, input_socket_names),
     "pull (load-balanced, lossless) or sub (subscribes to everything)"},
    {"input_hwm", "16", UINT(input_hwm, 1, 1000000),
     "ZeroMQ receive high-water mark in messages (backpressure towards PUSH senders)"},
    {"input_framing", "protocol", ENUM(input_framing, framing_names),
     "protocol: protocol v1 messages; gnuradio: headerless gr-zeromq items of raw_format; "
     "liquid: headerless liquid-dsp soft bits (one uint8 per bit)"},
    {"max_frames_per_message", "64", UINT(max_frames_per_message, 1, 65535),
     "largest frame count a protocol message may carry; larger ones are rejected"},
    {"raw_code", "dvbs2-normal-1/2", TEXT(raw_code), "code of the raw (headerless) framings"},
    {"raw_format", "f32", ENUM(raw_format, soft_format_names),
     "item type of input_framing = gnuradio (liquid framing always uses liquid)"},
    {"raw_scale", "1", FLOAT(raw_scale), "raw value to LLR factor of the raw framings (> 0)"},
    {"raw_negate", "no", BOOL(raw_negate),
     "yes if the raw source's positive values mean bit 1"},
    {"raw_normalize", "calibrate", ENUM(raw_normalize, normalize_names),
     "calibrate: estimate each raw frame's LLR scale and undo it (any source's scale decodes "
     "alike); mean: rescale to a mean |LLR| of 4; no: the values are calibrated LLRs"},
    {"raw_tag_header", "auto", ENUM(raw_tag_header, tag_header_names),
     "auto: skip gr-zeromq's tag header (magic 0x5FF0) when a message starts with one"},
    {"output_endpoint", "ipc://%r/output", TEXT(output_endpoint),
     "ZeroMQ endpoint the decoded frames leave on"},
    {"output_bind", "yes", BOOL(output_bind), "yes: bind the endpoint; no: connect to it"},
    {"output_socket", "push", ENUM(output_socket, output_socket_names),
     "push (lossless, waits for the consumer) or pub (never waits, counts what it drops)"},
    {"output_hwm", "1000", UINT(output_hwm, 1, 1000000),
     "ZeroMQ send high-water mark in messages"},
    {"output_bits", "packed", ENUM(output_bits, output_bits_names),
     "payload of each result: packed or unpacked information bits, or the whole codeword"},
    {"stats_endpoint", "ipc://%r/stats", TEXT(stats_endpoint),
     "PUB endpoint (bound) of the statistics JSON; empty: none"},
    {"stats_interval_ms", "5000", UINT(stats_interval_ms, 100, 3600000),
     "period of the statistics on stats_endpoint and in the log"},
    {"codes", "dvbs2-*", TEXT(codes),
     "codes accepted on the wire: comma-separated built-in names or shell patterns "
     "(dvbs2-normal-*, all), or NAME=alist:PATH; nonbinary codes too (nbqc-gf32-744-653, "
     "nbreg-*, NAME=nbalist:PATH), decoded by nonbinary_decoder"},
    {"decoder", "default", TEXT(decoder),
     "decoder specification (ldpc(1): fixed-layered-nms,iter=50, ...); "
     "fixed-layered-oms,posterior=8 is the throughput variant with saturated 8-bit posteriors "
     "(docs/SERVICE.md, \"Batching\"); fixed-flooding-oms,iter=40 the lowest latency per "
     "frame on a large GPU (backend = opencl)"},
    {"backend", "auto", TEXT(backend), "decoder backend: auto, reference, or a named backend"},
    {"backend_fallback", "yes", BOOL(backend_fallback),
     "if the backend cannot be created, use the reference backend; if it runs elsewhere than "
     "configured (opencl without a usable device decodes on the CPU), go on with a warning "
     "(both counted as fallbacks); `no` stops start-up instead"},
    {"nonbinary_decoder", "default", TEXT(nonbinary_decoder),
     "decoder of the nonbinary codes in `codes` (nbqc-*, nbreg-*, nbalist:), a Min-Max spec: "
     "default (= fixed-layered-minmax, 20 iterations), float-flooding-minmax,iter=15, ...; "
     "when both decoders are fixed point they must share llr_scale (frames are quantised "
     "one way for both)"},
    {"nonbinary_backend", "auto", TEXT(nonbinary_backend),
     "backend of the nonbinary decoder: auto (the best SIMD variant of this CPU), reference, "
     "or a named nonbinary backend (avx512bw, avx2, ...); backend_fallback applies"},
    {"workers", "auto", UINT_AUTO(workers, 1, 256),
     "decoding threads; auto: on the CPU three of every four cores (the fourth for the frames' "
     "I/O and their source), with an OpenCL backend 2"},
    {"io_threads", "auto", UINT_AUTO(io_threads, 1, 63),
     "ZeroMQ I/O threads (read at start-up; a reload keeps them); auto: one per 2 cores, at "
     "most 8 (each connection is served by one); with several, the output has one of its own so that reading a fast input "
     "never holds up the results"},
    {"batch_frames", "auto", UINT_AUTO(batch_frames, 1, 4096),
     "largest number of frames of one code decoded together (fewer when frames come slowly: "
     "batch_wait_us); auto: up to 4096 for the OpenCL backends (a GPU wants thousands per "
     "call; fewer where an eighth of the memory cannot hold the workers' batches); on the "
     "CPU what the backend decodes side by side (the inter-frame SIMD decoders 16 (NEON) to "
     "64 (AVX-512) frames; the frame path, the default for DVB codes, one per worker), at "
     "least 8 per worker (the intake wakes a worker per batch) and at most 64"},
    {"convert_threads", "auto", UINT_AUTO(convert_threads, 1, 256),
     "threads that help the workers convert soft values and write results; auto: the cores "
     "the workers leave "
     "free with an OpenCL backend (its workers mostly wait for the GPU), none otherwise"},
    {"batch_wait_us", "2000", UINT(batch_wait_us, 0, 10000000),
     "longest time a frame waits for its batch to fill before it is decoded anyway"},
    {"queue_frames", "auto", UINT_AUTO(queue_frames, 1, 1000000),
     "frames held between intake and output (received, decoding, waiting to be sent); "
     "workers x batch_frames are being decoded, and as many again must wait ready for the "
     "workers to stay busy: at least 2 x workers x batch_frames, which auto is (and at "
     "least 64)"},
    {"trusted_network", "no", BOOL(trusted_network),
     "yes: allow tcp endpoints on addresses other than loopback without CURVE"},
    {"trusted_abstract_ipc", "no", BOOL(trusted_abstract_ipc),
     "yes: allow abstract ipc endpoints (ipc://@name), which any process of the host's "
     "network namespace may connect to: they have no file permissions"},
    {"curve_secret_key_file", "", TEXT(curve_secret_key_file),
     "file holding the server's Z85 CURVE secret key (40 characters); enables CURVE on tcp"},
    {"curve_clients_file", "", TEXT(curve_clients_file),
     "file of allowed clients' Z85 CURVE public keys, one per line"},
    {"shutdown_timeout_ms", "10000", UINT(shutdown_timeout_ms, 0, 3600000),
     "on SIGTERM, the bound of the whole stop (plus at most 1 s): the first half decodes the "
     "frames still queued, the second answers the rest as `shutdown` and gives consumers "
     "time to take every result; what no consumer took by then is counted lost"},
    {"socket_mode", "0660", UINT(socket_mode, 0, 0777),
     "permissions of the ipc socket files (octal)"},
    {"log_level", "info", TEXT(log_level), "error, warning, notice, info or debug"},
};

#define KEY_COUNT (sizeof keys / sizeof keys[0])
_Static_assert(KEY_COUNT <= LDPCD_CONFIG_MAX_KEYS, "raise LDPCD_CONFIG_MAX_KEYS");

static const config_key *find_key(const char *name, size_t length, size_t *index)
{
    for (size_t i = 0; i < KEY_COUNT; i++) {
        if (strlen(keys[i].name) == length && memcmp(keys[i].name, name, length) == 0) {
            *index = i;
            return &keys[i];
        }
    }
    return NULL;
}

static int parse_bool(const char *value, int *out)
{
    if (!strcmp(value, "yes") || !strcmp(value, "true") || !strcmp(value, "on") ||
        !strcmp(value, "1")) {
        *out = 1;
        return 0;
    }
    if (!strcmp(value, "no") || !strcmp(value, "false") || !strcmp(value, "off") ||
        !strcmp(value, "0")) {
        *out = 0;
        return 0;
    }
    return -1;
}

/* Stores `value` (NUL-terminated) into the field of `key`; `where` names the
 * place for the error message. */
static int store_value(ldpcd_config *config, const config_key *key, const char *value,
                       const char *where, char *error, size_t error_size)
{
    char *field = (char *)config + key->offset;
    switch (key->type) {
    case KEY_TEXT:
        if (strlen(value) >= key->size)
            return ldpcd_fail(error, error_size, "%s: value of %s is longer than %zu characters", where,
                        key->name, key->size - 1);
        memcpy(field, value, strlen(value) + 1);
        return 0;
    case KEY_BOOL:
        if (parse_bool(value, (int *)(void *)field) != 0)
            return ldpcd_fail(error, error_size, "%s: %s must be yes or no, not \"%s\"", where, key->name,
                        value);
        return 0;
    case KEY_UINT: {
        if (key->names != NULL && strcmp(value, key->names[0]) == 0) {
            *(uint32_t *)(void *)field = 0;
            return 0;
        }
        char *end;
        errno = 0;
        /* socket_mode is written in octal (0660), everything else in decimal */
        unsigned long long number = strtoull(value, &end, key->offset == FIELD(socket_mode) ? 8 : 10);
        if (errno != 0 || end == value || *end != '\0' || value[0] == '-' || number < key->min ||
            number > key->max)
            return ldpcd_fail(error, error_size, "%s: %s must be %san integer in %u..%u, not \"%s\"",
                        where, key->name, key->names != NULL ? "auto or " : "", key->min,
                        key->max, value);
        *(uint32_t *)(void *)field = (uint32_t)number;
        return 0;
    }
    case KEY_FLOAT: {
        char *end;
        errno = 0;
        float number = strtof(value, &end);
        if (errno != 0 || end == value || *end != '\0' || !isfinite(number) || number <= 0.0f)
            return ldpcd_fail(error, error_size, "%s: %s must be a positive number, not \"%s\"", where,
                        key->name, value);
        *(float *)(void *)field = number;
        return 0;
    }
    case KEY_ENUM:
        for (int i = 0; key->names[i] != NULL; i++) {
            if (strcmp(value, key->names[i]) == 0) {
                *(int *)(void *)field = key->names == normalize_names ? normalize_values[i] : i;
                return 0;
            }
        }
        {
            char choices[256] = "";
            for (int i = 0; key->names[i] != NULL; i++) {
                strncat(choices, i ? ", " : "", sizeof choices - strlen(choices) - 1);
                strncat(choices, key->names[i], sizeof choices - strlen(choices) - 1);
            }
            return ldpcd_fail(error, error_size, "%s: %s must be one of %s, not \"%s\"", where,
                        key->name, choices, value);
        }
    }
    return ldpcd_fail(error, error_size, "%s: internal error", where);
}

void ldpcd_config_defaults(ldpcd_config_source *source)
{
    memset(source, 0, sizeof *source);
    for (size_t i = 0; i < KEY_COUNT; i++) {
        char error[256];
        int status = store_value(&source->values, &keys[i], keys[i].default_value, "default",
                                 error, sizeof error);
        (void)status; /* the defaults are valid by construction (unit-tested) */
        snprintf(source->origins[i].origin, sizeof source->origins[i].origin, "default");
    }
}

static const char *trim(char *start, char *end)
{
    while (start < end && isspace((unsigned char)*start))
        start++;
    while (end > start && isspace((unsigned char)end[-1]))
        end--;
    *end = '\0';
    return start;
}

static int assign(ldpcd_config_source *source, const char *key_name, size_t key_length,
                  const char *value, const char *where, int from_file, char *error,
                  size_t error_size)
{
    size_t index;
    const config_key *key = find_key(key_name, key_length, &index);
    if (key == NULL)
        return ldpcd_fail(error, error_size, "%s: unknown key \"%.*s\" (ldpcd --print-default-config "
                    "lists them)", where, (int)key_length, key_name);
    if (from_file && source->seen_in_file[index])
        return ldpcd_fail(error, error_size, "%s: %s is set twice (first at %s)", where, key->name,
                    source->origins[index].origin);
    if (store_value(&source->values, key, value, where, error, error_size) != 0)
        return -1;
    source->seen_in_file[index] |= (unsigned char)from_file;
    snprintf(source->origins[index].origin, sizeof source->origins[index].origin, "%s", where);
    return 0;
}

int ldpcd_config_parse_text(ldpcd_config_source *source, const char *name, const char *text,
                            size_t length, char *error, size_t error_size)
{
    size_t position = 0;
    for (unsigned line_number = 1; position < length; line_number++) {
        char line[LDPCD_CODES_SIZE + 128];
        size_t line_length = 0;
        int too_long = 0;
        while (position < length && text[position] != '\n') {
            if (line_length + 1 < sizeof line)
                line[line_length++] = text[position];
            else
                too_long = 1;
            position++;
        }
        position++; /* the newline */
        char where[LDPCD_PATH_SIZE + 16];
        snprintf(where, sizeof where, "%.*s:%u", LDPCD_PATH_SIZE - 1, name, line_number);
        if (too_long)
            return ldpcd_fail(error, error_size, "%s: line longer than %zu characters", where,
                        sizeof line - 1);
        if (memchr(line, '\0', line_length) != NULL)
            return ldpcd_fail(error, error_size, "%s: NUL byte in line", where);
        line[line_length] = '\0';
        /* '#' starts a comment at the start of a line or after a blank */
        for (size_t i = 0; i < line_length; i++) {
            if (line[i] == '#' && (i == 0 || isspace((unsigned char)line[i - 1]))) {
                line[i] = '\0';
                line_length = i;
                break;
            }
        }
        const char *content = trim(line, line + line_length);
        if (*content == '\0')
            continue;
        const char *equals = strchr(content, '=');
        if (equals == NULL)
            return ldpcd_fail(error, error_size, "%s: expected \"key = value\", got \"%s\"", where,
                        content);
        char *key_end = (char *)equals;
        while (key_end > content && isspace((unsigned char)key_end[-1]))
            key_end--;
        char *value_start = (char *)equals + 1;
        const char *value = trim(value_start, value_start + strlen(value_start));
        if (assign(source, content, (size_t)(key_end - content), value, where, 1, error,
                   error_size) != 0)
            return -1;
    }
    return 0;
}

int ldpcd_config_parse_file(ldpcd_config_source *source, const char *path, char *error,
                            size_t error_size)
{
    FILE *file = fopen(path, "rb");
    if (file == NULL)
        return ldpcd_fail(error, error_size, "%s: cannot open: %s", path, strerror(errno));
    static char text[256 * 1024];
    size_t length = fread(text, 1, sizeof text, file);
    int read_error = ferror(file);
    int too_big = !read_error && length == sizeof text && fgetc(file) != EOF;
    fclose(file);
    if (read_error)
        return ldpcd_fail(error, error_size, "%s: read error", path);
    if (too_big)
        return ldpcd_fail(error, error_size, "%s: larger than %zu bytes", path, sizeof text);
    return ldpcd_config_parse_text(source, path, text, length, error, error_size);
}

int ldpcd_config_set(ldpcd_config_source *source, const char *assignment, char *error,
                     size_t error_size)
{
    const char *equals = strchr(assignment, '=');
    if (equals == NULL)
        return ldpcd_fail(error, error_size, "--set %s: expected key=value", assignment);
    return assign(source, assignment, (size_t)(equals - assignment), equals + 1, "command line",
                  0, error, error_size);
}

/* Replaces every "%r" of `text` by `runtime_dir`. */
static int expand_runtime_dir(char *text, size_t size, const char *runtime_dir, const char *key,
                              char *error, size_t error_size)
{
    char expanded[LDPCD_PATH_SIZE];
    size_t out = 0;
    for (const char *p = text; *p != '\0'; p++) {
        const char *piece = p;
        size_t piece_length = 1;
        if (p[0] == '%' && p[1] == 'r') {
            piece = runtime_dir;
            piece_length = strlen(runtime_dir);
            p++;
        }
        if (out + piece_length >= sizeof expanded || out + piece_length >= size)
            return ldpcd_fail(error, error_size, "%s: too long once %%r is expanded", key);
        memcpy(expanded + out, piece, piece_length);
        out += piece_length;
    }
    expanded[out] = '\0';
    memcpy(text, expanded, out + 1);
    return 0;
}

int ldpcd_config_finish(ldpcd_config *config, char *error, size_t error_size)
{
    if (config->runtime_dir[0] == '\0') {
        const char *from_systemd = getenv("RUNTIME_DIRECTORY");
        const char *dir = from_systemd != NULL && from_systemd[0] != '\0' ? from_systemd
                                                                           : "/run/ldpcd";
        /* systemd may list several directories separated by ':' */
        size_t length = strcspn(dir, ":");
        if (length >= sizeof config->runtime_dir)
            return ldpcd_fail(error, error_size, "runtime_dir: RUNTIME_DIRECTORY is too long");
        memcpy(config->runtime_dir, dir, length);
        config->runtime_dir[length] = '\0';
    }
    if (expand_runtime_dir(config->input_endpoint, sizeof config->input_endpoint,
                           config->runtime_dir, "input_endpoint", error, error_size) != 0 ||
        expand_runtime_dir(config->output_endpoint, sizeof config->output_endpoint,
                           config->runtime_dir, "output_endpoint", error, error_size) != 0 ||
        expand_runtime_dir(config->stats_endpoint, sizeof config->stats_endpoint,
                           config->runtime_dir, "stats_endpoint", error, error_size) != 0)
        return -1;
    if (config->input_endpoint[0] == '\0')
        return ldpcd_fail(error, error_size, "input_endpoint: must not be empty");
    if (config->output_endpoint[0] == '\0')
        return ldpcd_fail(error, error_size, "output_endpoint: must not be empty");
    ldpcd_log_level level;
    if (ldpcd_log_level_parse(config->log_level, &level) != 0)
        return ldpcd_fail(error, error_size,
                    "log_level: must be error, warning, notice, info or debug, not \"%s\"",
                    config->log_level);
    if (config->input_framing == LDPCD_FRAMING_LIQUID)
        config->raw_format = LDPC_SOFT_LIQUID;
    if (config->input_framing == LDPCD_FRAMING_GNURADIO && config->raw_format == LDPC_SOFT_LIQUID)
        return ldpcd_fail(error, error_size,
                    "raw_format: liquid soft bits need input_framing = liquid");
    if (config->batch_frames != 0 && config->queue_frames != 0 &&
        config->batch_frames > config->queue_frames)
        return ldpcd_fail(error, error_size,
                    "batch_frames (%u) must not exceed queue_frames (%u): a batch could never fill",
                    config->batch_frames, config->queue_frames);
    if ((config->curve_secret_key_file[0] == '\0') != (config->curve_clients_file[0] == '\0'))
        return ldpcd_fail(error, error_size,
                    "curve_secret_key_file and curve_clients_file go together: set both or none");
    return 0;
}

static void print_value(const ldpcd_config *config, const config_key *key, FILE *out)
{
    const char *field = (const char *)config + key->offset;
    switch (key->type) {
    case KEY_TEXT:
        fputs(field, out);
        break;
    case KEY_BOOL:
        fputs(*(const int *)(const void *)field ? "yes" : "no", out);
        break;
    case KEY_UINT:
        if (key->names != NULL && *(const uint32_t *)(const void *)field == 0)
            fputs(key->names[0], out);
        else if (key->offset == FIELD(socket_mode))
            fprintf(out, "0%o", *(const uint32_t *)(const void *)field);
        else
            fprintf(out, "%u", *(const uint32_t *)(const void *)field);
        break;
    case KEY_FLOAT:
        fprintf(out, "%g", (double)*(const float *)(const void *)field);
        break;
    case KEY_ENUM: {
        int value = *(const int *)(const void *)field;
        fputs(value < 0 ? "auto" : key->names[value], out);
        break;
    }
    }
}

void ldpcd_config_explain(const ldpcd_config_source *source, FILE *out)
{
    for (size_t i = 0; i < KEY_COUNT; i++) {
        fprintf(out, "%s = ", keys[i].name);
        print_value(&source->values, &keys[i], out);
        fprintf(out, "\n    (%s; default \"%s\") %s\n", source->origins[i].origin,
                keys[i].default_value, keys[i].help);
    }
}

void ldpcd_config_print_defaults(FILE *out)
{
    fputs("# ldpcd configuration: every key at its default (docs/SERVICE.md).\n", out);
    for (size_t i = 0; i < KEY_COUNT; i++)
        fprintf(out, "\n# %s\n%s = %s\n", keys[i].help, keys[i].name, keys[i].default_value);
}

size_t ldpcd_config_key_count(void)
{
    return KEY_COUNT;
}

const char *ldpcd_config_key_name(size_t index)
{
    return index < KEY_COUNT ? keys[index].name : NULL;
}

const char *ldpcd_config_key_default(size_t index)
{
    return index < KEY_COUNT ? keys[index].default_value : NULL;
}

const char *ldpcd_framing_name(ldpcd_framing framing)
{
    return framing_names[framing];
}

const char *ldpcd_output_bits_name(ldpcd_output_bits bits)
{
    return output_bits_names[bits];
}
