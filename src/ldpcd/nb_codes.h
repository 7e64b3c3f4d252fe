/* Nonbinary codes (GF(q), docs/NONBINARY.md) in the daemon: the same wire
 * protocol as the binary codes, with n*p bit LLRs per frame in the library's
 * bit order (symbol v = bits v*p .. v*p+p-1, most significant first) and k*p
 * information bits out. A code entry holds either a binary code or a
 * nonbinary one; this file names, opens and sizes the nonbinary ones, and the
 * workers decode them through the one handle of worker_decoders.h. */
#ifndef LDPCD_NB_CODES_H
#define LDPCD_NB_CODES_H

#include <stddef.h>
#include <stdint.h>

#include "ldpc/decoder.h"
#include "ldpc/nonbinary.h"
#include "code_set.h"
#include "config.h"

/* 1 if `name` is a name ldpc_nb_code_create takes (nbqc-, nbreg-, nbalist:). */
int ldpcd_nb_code_name(const char *name);

/* Builds the nonbinary code `library_name` into `entry` (name and index are
 * the caller's): entry->code stays NULL, so that no binary path can take a
 * symbol graph for a bit graph. */
int ldpcd_nb_entry_open(ldpcd_code_entry *entry, const char *library_name, char *error,
                        size_t error_size);

/* The `nonbinary_decoder` key: "default" is ldpc_nb_decoder_config_default();
 * anything else must be a Min-Max spec (fixed-layered-minmax, ...). */
int ldpcd_nb_decoder_spec_parse(const char *spec, ldpc_decoder_config *out, char *error,
                                size_t error_size);

/* Completes a description of the binary decoder (its spec, its backend) in
 * `text` with the nonbinary one's: "BINARY + NONBINARY", or NONBINARY alone
 * when no binary code is configured (binary_in_use = 0). */
void ldpcd_nb_describe(char *text, size_t size, int binary_in_use, const char *nonbinary);

/* What the pipeline keeps for its nonbinary codes. */
typedef struct {
    uint32_t code_count; /* 0: no nonbinary decoder is created */
    ldpc_decoder_config config;
    char spec[LDPCD_TEXT_SIZE];
    ldpc_nb_decoder_limits limits; /* union over the nonbinary codes, batch frames */
    uint32_t max_n_symbols;
    uint32_t max_k_bits;
} ldpcd_nb_setup;

int ldpcd_nb_setup_build(ldpcd_nb_setup *nb, const ldpcd_code_set *codes,
                         const ldpcd_config *config, uint32_t batch_frames, char *error,
                         size_t error_size);

/* The slots' soft values, one format for both kinds of code: float when a
 * decoder in use is float, else int8 quantised with the llr_scale of the
 * fixed-point decoders in use, which must then agree (frames are quantised
 * once, at intake, before anyone knows which decoder takes them). */
int ldpcd_nb_intake_format(const ldpcd_nb_setup *nb, const ldpc_decoder_config *binary,
                           size_t binary_codes, int *soft_is_float, float *llr_scale,
                           char *error, size_t error_size);

#endif
