#include "nb_codes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error_text.h"
#include "ldpc/decoder_spec.h"
#include "ldpc/soft.h"
#include "log.h"
#include "result_bits.h"

/* Page-touching allocation, as the pipeline's: the steady state must not
 * fault memory in. */
static void *reserve(size_t bytes)
{
    void *memory = calloc(1, bytes ? bytes : 1);
    if (memory != NULL)
        memset(memory, 0, bytes);
    return memory;
}

int ldpcd_nb_code_name(const char *name)
{
    static const char *const prefixes[] = {"nbqc-", "nbreg-", "nbalist:"};
    for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++)
        if (strncmp(name, prefixes[i], strlen(prefixes[i])) == 0)
            return 1;
    return 0;
}


int ldpcd_nb_entry_open(ldpcd_code_entry *entry, const char *library_name, char *error,
                        size_t error_size)
{
    ldpc_error err;
    ldpc_nb_code *code;
    if (ldpc_nb_code_create(library_name, &code, &err) != LDPC_OK)
        return ldpcd_fail(error, error_size, "codes: %s: %s", entry->name, err.message);
    entry->code = NULL;
    entry->nonbinary = code;
    entry->owns_code = 1;
    entry->n_bits = ldpc_code_n(ldpc_nb_code_graph(code)) * ldpc_nb_code_bits_per_symbol(code);
    entry->k_bits = ldpc_code_k(ldpc_nb_code_graph(code)) * ldpc_nb_code_bits_per_symbol(code);
    entry->word_bits = entry->n_bits;
    entry->info_is_prefix = ldpcd_info_is_prefix(ldpc_nb_code_graph(code)); /* in symbols */
    return 0;
}

int ldpcd_nb_decoder_spec_parse(const char *spec, ldpc_decoder_config *out, char *error,
                                size_t error_size)
{
    if (strcmp(spec, "default") == 0) {
        *out = ldpc_nb_decoder_config_default();
        return 0;
    }
    ldpc_error err;
    if (ldpc_decoder_spec_parse(spec, out, &err) != LDPC_OK)
        return ldpcd_fail(error, error_size, "nonbinary_decoder: %s", err.message);
    if (out->rule != LDPC_RULE_MIN_MAX)
        return ldpcd_fail(error, error_size,
                    "nonbinary_decoder: \"%s\" is a binary decoder; nonbinary codes take "
                    "Min-Max (fixed-layered-minmax, float-flooding-minmax, ...)",
                    spec);
    return 0;
}

void ldpcd_nb_describe(char *text, size_t size, int binary_in_use, const char *nonbinary)
{
    size_t used = binary_in_use ? strlen(text) : 0;
    if (used < size)
        snprintf(text + used, size - used, "%s%s", binary_in_use ? " + " : "", nonbinary);
}

int ldpcd_nb_setup_build(ldpcd_nb_setup *nb, const ldpcd_code_set *codes,
                         const ldpcd_config *config, uint32_t batch_frames, char *error,
                         size_t error_size)
{
    memset(nb, 0, sizeof *nb);
    if (ldpcd_nb_decoder_spec_parse(config->nonbinary_decoder, &nb->config, error,
                                    error_size) != 0)
        return -1;
    ldpc_error err;
    if (ldpc_decoder_spec_format(&nb->config, nb->spec, sizeof nb->spec, &err) != LDPC_OK)
        snprintf(nb->spec, sizeof nb->spec, "%s", config->nonbinary_decoder);
    for (size_t i = 0; i < codes->count; i++) {
        const ldpcd_code_entry *entry = &codes->entries[i];
        if (entry->nonbinary == NULL)
            continue;
        ldpc_nb_decoder_limits limits =
            ldpc_nb_decoder_limits_for_code(entry->nonbinary, batch_frames);
        if (nb->code_count == 0) {
            nb->limits = limits;
        } else {
            nb->limits.graph = ldpc_decoder_limits_union(nb->limits.graph, limits.graph);
            if (limits.max_q > nb->limits.max_q)
                nb->limits.max_q = limits.max_q;
        }
        if (ldpc_code_n(ldpc_nb_code_graph(entry->nonbinary)) > nb->max_n_symbols)
            nb->max_n_symbols = ldpc_code_n(ldpc_nb_code_graph(entry->nonbinary));
        if (entry->k_bits > nb->max_k_bits)
            nb->max_k_bits = entry->k_bits;
        nb->code_count++;
    }
    return 0;
}

int ldpcd_nb_intake_format(const ldpcd_nb_setup *nb, const ldpc_decoder_config *binary,
                           size_t binary_codes, int *soft_is_float, float *llr_scale,
                           char *error, size_t error_size)
{
    int binary_fixed = binary_codes > 0 && binary->arithmetic == LDPC_ARITH_FIXED8;
    int nb_fixed = nb->code_count > 0 && nb->config.arithmetic == LDPC_ARITH_FIXED8;
    *soft_is_float = (binary_codes > 0 && !binary_fixed) || (nb->code_count > 0 && !nb_fixed);
    *llr_scale = binary_fixed || nb->code_count == 0 ? binary->llr_scale : nb->config.llr_scale;
    if (!*soft_is_float && binary_fixed && nb_fixed && binary->llr_scale != nb->config.llr_scale)
        return ldpcd_fail(error, error_size,
                    "nonbinary_decoder: scale=%g differs from the decoder's scale=%g; both "
                    "fixed-point decoders take the frames quantised one way: give them "
                    "the same scale",
                    (double)nb->config.llr_scale, (double)binary->llr_scale);
    return 0;
}

static int create_decoder(ldpcd_nb_worker *w, const ldpcd_nb_setup *nb, const char *backend,
                          ldpc_error *err)
{
    return ldpc_nb_decoder_create(&nb->config, &nb->limits, backend, &w->decoder, err) ==
                   LDPC_OK
               ? 0
               : -1;
}

int ldpcd_nb_worker_create(ldpcd_nb_worker *w, const ldpcd_nb_setup *nb,
                           const ldpcd_config *config, int *fallback_used, char *error,
                           size_t error_size)
{
    memset(w, 0, sizeof *w);
    *fallback_used = 0;
    if (nb->code_count == 0)
        return 0;
    const char *backend = config->nonbinary_backend;
    ldpc_error err;
    char place[LDPC_ERROR_MESSAGE_SIZE + 64];
    if (create_decoder(w, nb, backend, &err) != 0) {
        if (!config->backend_fallback || strcmp(backend, "reference") == 0)
            return ldpcd_fail(error, error_size, "nonbinary_backend %s: %s", backend, err.message);
        ldpcd_log(LDPCD_LOG_WARNING,
                  "nonbinary_backend %s: %s; falling back to the reference decoder", backend,
                  err.message);
        *fallback_used = 1;
        if (create_decoder(w, nb, "reference", &err) != 0)
            return ldpcd_fail(error, error_size, "nonbinary_backend reference: %s", err.message);
    } else if (ldpc_nb_decoder_describe(w->decoder, place, sizeof place)) {
        /* runs elsewhere than configured: opencl without a usable device */
        if (!config->backend_fallback)
            return ldpcd_fail(error, error_size,
                        "nonbinary_backend %s cannot run as configured and backend_fallback is "
                        "off: %s",
                        backend, place);
        ldpcd_log(LDPCD_LOG_WARNING, "nonbinary_backend %s: %s", backend, place);
        *fallback_used = 1;
        w->off_device = 1;
    }
    w->symbols = reserve((size_t)nb->limits.graph.max_frames * nb->max_n_symbols);
    w->info = reserve(nb->max_k_bits);
    if (w->symbols == NULL || w->info == NULL)
        return ldpcd_fail(error, error_size, "out of memory");
    return 0;
}

void ldpcd_nb_worker_destroy(ldpcd_nb_worker *w)
{
    ldpc_nb_decoder_destroy(w->decoder);
    free(w->symbols);
    free(w->info);
    memset(w, 0, sizeof *w);
}

size_t ldpcd_nb_worker_footprint(const ldpcd_nb_worker *w)
{
    return w->decoder != NULL ? ldpc_nb_decoder_footprint(w->decoder) : 0;
}

ldpc_status ldpcd_nb_decode(ldpcd_nb_worker *w, const ldpcd_code_entry *entry,
                            int soft_is_float, const void *soft, uint32_t frames, uint8_t *bits,
                            ldpc_frame_stats *stats, ldpc_error *err)
{
    const ldpc_nb_code *code = entry->nonbinary;
    ldpc_status status =
        soft_is_float
            ? ldpc_nb_decoder_decode_f32(w->decoder, code, soft, frames, w->symbols, stats, err)
            : ldpc_nb_decoder_decode_i8(w->decoder, code, soft, frames, w->symbols, stats, err);
    if (status == LDPC_OK)
        ldpc_nb_symbols_to_bits(ldpc_nb_code_bits_per_symbol(code), w->symbols,
                                (size_t)ldpc_code_n(ldpc_nb_code_graph(code)) * frames, bits);
    return status;
}

/* The information symbols' bits, in information order (unpacked). */
static void gather_info_bits(const ldpc_nb_code *code, const uint8_t *codeword_bits,
                             uint8_t *info_bits)
{
    uint32_t p = ldpc_nb_code_bits_per_symbol(code);
    const uint32_t *positions = ldpc_code_info_positions(ldpc_nb_code_graph(code));
    uint32_t k = ldpc_code_k(ldpc_nb_code_graph(code));
    for (uint32_t i = 0; i < k; i++)
        memcpy(info_bits + (size_t)i * p, codeword_bits + (size_t)positions[i] * p, p);
}

void ldpcd_nb_write_result(ldpcd_nb_worker *w, ldpcd_output_bits output_bits, ldpcd_slot *slot,
                           const uint8_t *codeword_bits)
{
    const ldpcd_code_entry *entry = slot->code;
    switch (output_bits) {
    case LDPCD_BITS_PACKED: {
        const uint8_t *info = codeword_bits;
        if (!entry->info_is_prefix) {
            gather_info_bits(entry->nonbinary, codeword_bits, w->info);
            info = w->info;
        }
        ldpc_bits_pack(info, entry->k_bits, slot->result);
        slot->result_bits = entry->k_bits;
        break;
    }
    case LDPCD_BITS_UNPACKED:
        if (entry->info_is_prefix)
            memcpy(slot->result, codeword_bits, entry->k_bits);
        else
            gather_info_bits(entry->nonbinary, codeword_bits, slot->result);
        slot->result_bits = entry->k_bits;
        break;
    case LDPCD_BITS_CODEWORD:
        ldpc_bits_pack(codeword_bits, entry->n_bits, slot->result);
        slot->result_bits = entry->n_bits;
        break;
    case LDPCD_BITS_CODEWORD_UNPACKED:
        memcpy(slot->result, codeword_bits, entry->n_bits);
        slot->result_bits = entry->n_bits;
        break;
    }
}
