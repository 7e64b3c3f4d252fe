#include "worker_decoders.h"

#include <stdlib.h>
#include <string.h>

#include "error_text.h"
#include "ldpc/encoder.h"
#include "log.h"
#include "result_bits.h"

/* What differs between the two kinds of decoder; everything else (the
 * fallback rule, the device's counters, the logs) is shared. */
typedef struct {
    const char *setting;   /* the config key of its backend */
    const char *adjective; /* how log lines name it */
    ldpc_status (*create)(const ldpcd_decoders_setup *setup, const char *backend, void **out,
                          ldpc_error *err);
    void (*destroy)(void *decoder);
    int (*describe)(const void *decoder, char *out, size_t size);
    void (*counters)(const void *decoder, ldpc_decoder_counters *out);
    size_t (*footprint)(const void *decoder);
} decoder_kind;

static ldpc_status binary_create(const ldpcd_decoders_setup *setup, const char *backend,
                                 void **out, ldpc_error *err)
{
    ldpc_decoder *decoder = NULL;
    ldpc_status status =
        ldpc_decoder_create(setup->binary, &setup->binary_limits, backend, &decoder, err);
    *out = decoder;
    return status;
}
static void binary_destroy(void *decoder) { ldpc_decoder_destroy(decoder); }
static int binary_describe(const void *decoder, char *out, size_t size)
{
    return ldpc_decoder_describe(decoder, out, size);
}
static void binary_counters(const void *decoder, ldpc_decoder_counters *out)
{
    ldpc_decoder_counters_get(decoder, out);
}
static size_t binary_footprint(const void *decoder) { return ldpc_decoder_footprint(decoder); }

static ldpc_status nonbinary_create(const ldpcd_decoders_setup *setup, const char *backend,
                                    void **out, ldpc_error *err)
{
    ldpc_nb_decoder *decoder = NULL;
    ldpc_status status = ldpc_nb_decoder_create(&setup->nonbinary->config,
                                                &setup->nonbinary->limits, backend, &decoder, err);
    *out = decoder;
    return status;
}
static void nonbinary_destroy(void *decoder) { ldpc_nb_decoder_destroy(decoder); }
static int nonbinary_describe(const void *decoder, char *out, size_t size)
{
    return ldpc_nb_decoder_describe(decoder, out, size);
}
static void nonbinary_counters(const void *decoder, ldpc_decoder_counters *out)
{
    ldpc_nb_decoder_counters_get(decoder, out);
}
static size_t nonbinary_footprint(const void *decoder)
{
    return ldpc_nb_decoder_footprint(decoder);
}

static const decoder_kind kinds[LDPCD_CODE_KINDS] = {
    [LDPCD_BINARY] = {"backend", "", binary_create, binary_destroy, binary_describe,
                      binary_counters, binary_footprint},
    [LDPCD_NONBINARY] = {"nonbinary_backend", "nonbinary ", nonbinary_create, nonbinary_destroy,
                         nonbinary_describe, nonbinary_counters, nonbinary_footprint},
};

ldpcd_code_kind ldpcd_entry_kind(const ldpcd_code_entry *entry)
{
    return entry->nonbinary != NULL ? LDPCD_NONBINARY : LDPCD_BINARY;
}

/* Page-touching allocation, as the pipeline's: the steady state must not
 * fault memory in. */
static void *reserve(size_t bytes)
{
    void *memory = calloc(1, bytes ? bytes : 1);
    if (memory != NULL)
        memset(memory, 0, bytes);
    return memory;
}

/* One kind's decoder with the fallback rule of ldpcd_decoders_create. */
static int create_kind(ldpcd_kind_decoder *slot, const decoder_kind *kind,
                       const ldpcd_decoders_setup *setup, const char *backend,
                       int backend_fallback, ldpcd_stats *stats, char *error, size_t error_size)
{
    ldpc_error err;
    if (kind->create(setup, backend, &slot->decoder, &err) != LDPC_OK) {
        if (!backend_fallback || strcmp(backend, "reference") == 0)
            return ldpcd_fail(error, error_size, "%s %s: %s", kind->setting, backend,
                              err.message);
        ldpcd_log(LDPCD_LOG_WARNING, "%s %s: %s; falling back to the reference decoder",
                  kind->setting, backend, err.message);
        atomic_fetch_add(&stats->fallbacks, 1);
        if (kind->create(setup, "reference", &slot->decoder, &err) != LDPC_OK)
            return ldpcd_fail(error, error_size, "%s reference: %s", kind->setting, err.message);
        return 0;
    }
    char place[LDPC_ERROR_MESSAGE_SIZE + 64];
    if (!kind->describe(slot->decoder, place, sizeof place))
        return 0;
    if (!backend_fallback)
        return ldpcd_fail(error, error_size,
                          "%s %s cannot run as configured and backend_fallback is off: %s",
                          kind->setting, backend, place);
    ldpcd_log(LDPCD_LOG_WARNING, "%s %s: %s", kind->setting, backend, place);
    atomic_fetch_add(&stats->fallbacks, 1);
    slot->off_device = 1;
    return 0;
}

int ldpcd_decoders_create(ldpcd_decoders *d, const ldpcd_decoders_setup *setup,
                          const ldpcd_config *config, ldpcd_stats *stats, char *error,
                          size_t error_size)
{
    memset(d, 0, sizeof *d);
    if (setup->binary_codes > 0 &&
        create_kind(&d->kinds[LDPCD_BINARY], &kinds[LDPCD_BINARY], setup, config->backend,
                    config->backend_fallback, stats, error, error_size) != 0)
        return -1;
    const ldpcd_nb_setup *nb = setup->nonbinary;
    if (nb->code_count == 0)
        return 0;
    if (create_kind(&d->kinds[LDPCD_NONBINARY], &kinds[LDPCD_NONBINARY], setup,
                    config->nonbinary_backend, config->backend_fallback, stats, error,
                    error_size) != 0)
        return -1;
    d->symbols = reserve((size_t)nb->limits.graph.max_frames * nb->max_n_symbols);
    d->info = reserve(nb->max_k_bits);
    if (d->symbols == NULL || d->info == NULL)
        return ldpcd_fail(error, error_size, "out of memory");
    return 0;
}

void ldpcd_decoders_destroy(ldpcd_decoders *d)
{
    for (int k = 0; k < LDPCD_CODE_KINDS; k++)
        if (d->kinds[k].decoder != NULL)
            kinds[k].destroy(d->kinds[k].decoder);
    free(d->symbols);
    free(d->info);
    memset(d, 0, sizeof *d);
}

size_t ldpcd_decoders_footprint(const ldpcd_decoders *d)
{
    size_t bytes = 0;
    for (int k = 0; k < LDPCD_CODE_KINDS; k++)
        if (d->kinds[k].decoder != NULL)
            bytes += kinds[k].footprint(d->kinds[k].decoder);
    return bytes;
}

void ldpcd_decoders_describe(const ldpcd_decoders *d, char *text, size_t size)
{
    text[0] = '\0';
    for (int k = 0; k < LDPCD_CODE_KINDS; k++) {
        if (d->kinds[k].decoder == NULL)
            continue;
        char place[LDPC_ERROR_MESSAGE_SIZE + 64];
        kinds[k].describe(d->kinds[k].decoder, place, sizeof place);
        ldpcd_nb_describe(text, size, text[0] != '\0', place);
    }
}

void ldpcd_decoders_log_notes(const ldpcd_decoders *d)
{
    for (int k = 0; k < LDPCD_CODE_KINDS; k++) {
        if (d->kinds[k].decoder == NULL)
            continue;
        ldpc_decoder_counters counters;
        kinds[k].counters(d->kinds[k].decoder, &counters);
        if (counters.note[0] != '\0')
            ldpcd_log(LDPCD_LOG_WARNING, "%sOpenCL program cache: %s", kinds[k].adjective,
                      counters.note);
    }
}

int ldpcd_decoders_need_graph(const ldpcd_decoders *d, const ldpc_code *code)
{
    const ldpc_decoder *binary = d->kinds[LDPCD_BINARY].decoder;
    return binary != NULL && ldpc_decoder_needs_graph(binary, code);
}

void ldpcd_decoders_staging(ldpcd_decoders *d, int soft_is_float, void **soft, uint8_t **bits)
{
    ldpc_decoder *binary = d->kinds[LDPCD_BINARY].decoder;
    *soft = NULL;
    *bits = NULL;
    if (binary == NULL || soft_is_float || d->kinds[LDPCD_NONBINARY].decoder != NULL)
        return;
    int8_t *input = ldpc_decoder_input_area(binary);
    uint8_t *output = ldpc_decoder_output_area(binary);
    if (input != NULL && output != NULL) {
        *soft = input;
        *bits = output;
    }
}

ldpc_status ldpcd_decoders_decode(ldpcd_decoders *d, const ldpcd_code_entry *entry,
                                  int soft_is_float, const void *soft, uint32_t frames,
                                  uint8_t *bits, ldpc_frame_stats *stats, ldpc_error *err)
{
    if (ldpcd_entry_kind(entry) == LDPCD_BINARY) {
        ldpc_decoder *decoder = d->kinds[LDPCD_BINARY].decoder;
        return soft_is_float
                   ? ldpc_decoder_decode_f32(decoder, entry->code, soft, frames, bits, stats, err)
                   : ldpc_decoder_decode_i8(decoder, entry->code, soft, frames, bits, stats, err);
    }
    ldpc_nb_decoder *decoder = d->kinds[LDPCD_NONBINARY].decoder;
    const ldpc_nb_code *code = entry->nonbinary;
    ldpc_status status =
        soft_is_float
            ? ldpc_nb_decoder_decode_f32(decoder, code, soft, frames, d->symbols, stats, err)
            : ldpc_nb_decoder_decode_i8(decoder, code, soft, frames, d->symbols, stats, err);
    if (status == LDPC_OK)
        ldpc_nb_symbols_to_bits(ldpc_nb_code_bits_per_symbol(code), d->symbols,
                                (size_t)ldpc_code_n(ldpc_nb_code_graph(code)) * frames, bits);
    return status;
}

void ldpcd_decoders_follow_device(ldpcd_decoders *d, ldpcd_code_kind kind, ldpcd_stats *stats)
{
    ldpcd_kind_decoder *slot = &d->kinds[kind];
    ldpc_decoder_counters now;
    kinds[kind].counters(slot->decoder, &now);
    if (!now.has_device)
        return;
    atomic_fetch_add_explicit(&stats->table_uploads, now.table_uploads - slot->table_uploads_seen,
                              memory_order_relaxed);
    atomic_fetch_add_explicit(&stats->frames_on_cpu, now.frames_on_cpu - slot->frames_on_cpu_seen,
                              memory_order_relaxed);
    slot->table_uploads_seen = now.table_uploads;
    slot->frames_on_cpu_seen = now.frames_on_cpu;
    if (now.on_device || slot->off_device)
        return;
    slot->off_device = 1;
    char place[LDPC_ERROR_MESSAGE_SIZE + 64];
    kinds[kind].describe(slot->decoder, place, sizeof place);
    ldpcd_log(LDPCD_LOG_WARNING, "a worker's %sdecoder left its device: %s", kinds[kind].adjective,
              place);
    atomic_fetch_add_explicit(&stats->fallbacks, 1, memory_order_relaxed);
}

/* The information symbols' bits of a nonbinary codeword, in information
 * order (unpacked). */
static void gather_symbol_bits(const ldpc_nb_code *code, const uint8_t *codeword_bits,
                               uint8_t *info_bits)
{
    uint32_t p = ldpc_nb_code_bits_per_symbol(code);
    const uint32_t *positions = ldpc_code_info_positions(ldpc_nb_code_graph(code));
    uint32_t k = ldpc_code_k(ldpc_nb_code_graph(code));
    for (uint32_t i = 0; i < k; i++)
        memcpy(info_bits + (size_t)i * p, codeword_bits + (size_t)positions[i] * p, p);
}

/* A codeword's information bits, unpacked, where the code does not keep
 * them in front. */
static void gather_info_bits(const ldpcd_code_entry *entry, const uint8_t *codeword,
                             uint8_t *info_bits)
{
    if (ldpcd_entry_kind(entry) == LDPCD_BINARY)
        ldpc_code_extract_info(entry->code, codeword, info_bits);
    else
        gather_symbol_bits(entry->nonbinary, codeword, info_bits);
}

void ldpcd_decoders_write_result(ldpcd_decoders *d, ldpcd_output_bits output_bits,
                                 ldpcd_slot *slot, const uint8_t *codeword)
{
    const ldpcd_code_entry *entry = slot->code;
    switch (output_bits) {
    case LDPCD_BITS_PACKED:
        if (entry->info_is_prefix) {
            ldpcd_pack_bits(codeword, entry->k_bits, slot->result);
        } else if (ldpcd_entry_kind(entry) == LDPCD_BINARY) {
            ldpcd_pack_info_bits(entry->code, codeword, slot->result); /* no scratch */
        } else {
            gather_info_bits(entry, codeword, d->info);
            ldpcd_pack_bits(d->info, entry->k_bits, slot->result);
        }
        slot->result_bits = entry->k_bits;
        break;
    case LDPCD_BITS_UNPACKED:
        if (entry->info_is_prefix)
            memcpy(slot->result, codeword, entry->k_bits);
        else
            gather_info_bits(entry, codeword, slot->result);
        slot->result_bits = entry->k_bits;
        break;
    case LDPCD_BITS_CODEWORD:
        ldpcd_pack_bits(codeword, entry->word_bits, slot->result);
        slot->result_bits = entry->word_bits;
        break;
    case LDPCD_BITS_CODEWORD_UNPACKED:
        memcpy(slot->result, codeword, entry->word_bits);
        slot->result_bits = entry->word_bits;
        break;
    }
}

int ldpcd_decoders_result_shared(const ldpcd_code_entry *entry)
{
    return ldpcd_entry_kind(entry) == LDPCD_BINARY;
}
