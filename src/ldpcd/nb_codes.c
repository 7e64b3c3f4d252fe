#include "nb_codes.h"

#include <stdio.h>
#include <string.h>

#include "error_text.h"
#include "ldpc/decoder_spec.h"
#include "result_bits.h"

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
