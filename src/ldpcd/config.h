/* The daemon's configuration: a file of "key = value" lines (docs/SERVICE.md,
 * configs/ldpcd.conf), then "--set key=value" overrides from the command line.
 * Every key has a default, so an empty file is a valid configuration. The
 * parser never allocates: values live in fixed-size fields. */
#ifndef LDPCD_CONFIG_H
#define LDPCD_CONFIG_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ldpc/soft.h"

#define LDPCD_PATH_SIZE 256
#define LDPCD_CODES_SIZE 1024
#define LDPCD_TEXT_SIZE 160

typedef enum { LDPCD_INPUT_PULL = 0, LDPCD_INPUT_SUB = 1 } ldpcd_input_socket;
typedef enum { LDPCD_OUTPUT_PUSH = 0, LDPCD_OUTPUT_PUB = 1 } ldpcd_output_socket;

/* How input messages are cut into frames. */
typedef enum {
    LDPCD_FRAMING_PROTOCOL = 0, /* protocol v1 messages (docs/PROTOCOL.md) */
    LDPCD_FRAMING_GNURADIO = 1, /* headerless gr-zeromq item stream, re-framed */
    LDPCD_FRAMING_LIQUID = 2    /* headerless liquid-dsp uint8 soft bits, re-framed */
} ldpcd_framing;

typedef enum { LDPCD_TAGS_AUTO = 0, LDPCD_TAGS_NEVER = 1 } ldpcd_tag_header;

/* What follows the per-frame result header. */
typedef enum {
    LDPCD_BITS_PACKED = 0,           /* k information bits, MSB first */
    LDPCD_BITS_UNPACKED = 1,         /* k bytes of 0/1 */
    LDPCD_BITS_CODEWORD = 2,         /* n codeword bits, packed */
    LDPCD_BITS_CODEWORD_UNPACKED = 3 /* n bytes of 0/1 */
} ldpcd_output_bits;

typedef struct {
    char runtime_dir[LDPCD_PATH_SIZE];

    char input_endpoint[LDPCD_PATH_SIZE];
    int input_bind;
    ldpcd_input_socket input_socket;
    uint32_t input_hwm;
    ldpcd_framing input_framing;
    uint32_t max_frames_per_message;

    char raw_code[LDPCD_TEXT_SIZE];
    ldpc_soft_format raw_format;
    float raw_scale;
    int raw_negate;
    ldpc_soft_normalization raw_normalize;
    ldpcd_tag_header raw_tag_header;

    char output_endpoint[LDPCD_PATH_SIZE];
    int output_bind;
    ldpcd_output_socket output_socket;
    uint32_t output_hwm;
    ldpcd_output_bits output_bits;

    char stats_endpoint[LDPCD_PATH_SIZE]; /* empty: no statistics socket */
    uint32_t stats_interval_ms;

    char codes[LDPCD_CODES_SIZE];
    char decoder[LDPCD_TEXT_SIZE];
    char backend[LDPCD_TEXT_SIZE];
    int backend_fallback;
    char nonbinary_decoder[LDPCD_TEXT_SIZE]; /* Min-Max spec of the nonbinary codes */
    char nonbinary_backend[LDPCD_TEXT_SIZE];
    uint32_t workers;
    uint32_t batch_frames;
    uint32_t convert_threads; /* 0: auto */
    uint32_t io_threads;      /* 0: auto */
    uint32_t batch_wait_us;
    uint32_t queue_frames;

    int trusted_network;
    int trusted_abstract_ipc;
    char curve_secret_key_file[LDPCD_PATH_SIZE];
    char curve_clients_file[LDPCD_PATH_SIZE];

    uint32_t shutdown_timeout_ms;
    uint32_t socket_mode;
    char log_level[16];
} ldpcd_config;

/* Where each key's value came from, for --check-config. */
typedef struct {
    char origin[LDPCD_PATH_SIZE + 16]; /* "default", "FILE:LINE", "command line" */
} ldpcd_config_origin;

#define LDPCD_CONFIG_MAX_KEYS 48

typedef struct {
    ldpcd_config values;
    ldpcd_config_origin origins[LDPCD_CONFIG_MAX_KEYS];
    unsigned char seen_in_file[LDPCD_CONFIG_MAX_KEYS];
} ldpcd_config_source;

/* Every key at its default. */
void ldpcd_config_defaults(ldpcd_config_source *source);

/* Parses one "key = value" text (a whole file); `name` appears in errors as
 * NAME:LINE. Returns 0, or -1 with a message in `error`. */
int ldpcd_config_parse_text(ldpcd_config_source *source, const char *name, const char *text,
                            size_t length, char *error, size_t error_size);
int ldpcd_config_parse_file(ldpcd_config_source *source, const char *path, char *error,
                            size_t error_size);
/* One "key=value" from the command line. */
int ldpcd_config_set(ldpcd_config_source *source, const char *assignment, char *error,
                     size_t error_size);

/* Cross-key checks and expansion of "%r" (runtime_dir) in endpoints; checks
 * that do not need the library (codes, decoder spec) are made by the service. */
int ldpcd_config_finish(ldpcd_config *config, char *error, size_t error_size);

/* Writes every key with its value, origin and help (--check-config), or the
 * defaults as a commented config file (--print-default-config). */
void ldpcd_config_explain(const ldpcd_config_source *source, FILE *out);
void ldpcd_config_print_defaults(FILE *out);

size_t ldpcd_config_key_count(void);
const char *ldpcd_config_key_name(size_t index);
const char *ldpcd_config_key_default(size_t index);

/* Names for enums, used by the stats and the log. */
const char *ldpcd_framing_name(ldpcd_framing framing);
const char *ldpcd_output_bits_name(ldpcd_output_bits bits);

#endif
