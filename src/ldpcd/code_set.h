/* The codes a daemon accepts on the wire, built at start-up or reload from
 * the config's `codes` list. Aliases (DVB-C2 names sharing a DVB-T2 table)
 * share one description. An entry is a binary code (`code`) or a nonbinary
 * one (`nonbinary`, src/ldpcd/nb_codes.h); n_bits and k_bits are what the
 * wire carries either way (n*p soft values in, k*p information bits out). */
#ifndef LDPCD_CODE_SET_H
#define LDPCD_CODE_SET_H

#include <stddef.h>
#include <stdint.h>

#include "ldpc/code.h"
#include "ldpc/decoder.h"
#include "ldpc/nonbinary.h"
#include "protocol.h"

typedef struct {
    char name[LDPCD_WIRE_CODE_SIZE + 1]; /* the name on the wire */
    ldpc_code *code;              /* NULL for a nonbinary code */
    ldpc_nb_code *nonbinary;      /* NULL for a binary code */
    uint32_t n_bits, k_bits;      /* soft values per frame, information bits out */
    uint32_t word_bits;           /* codeword bits decided (n_bits unless the code
                                   * punctures, shortens or rate-matches) */
    int owns_code;
    int info_is_prefix; /* information bits at codeword positions 0..k-1 */
    uint32_t index;
} ldpcd_code_entry;

/* Room for every built-in code (`codes = all`: about 300 with the 5G NR
 * lifting sizes) and as many more of the user's. */
#define LDPCD_MAX_CODES 640

typedef struct {
    ldpcd_code_entry entries[LDPCD_MAX_CODES];
    size_t count;
    uint32_t max_n, max_k;      /* in bits, over every code */
    uint32_t max_word;          /* codeword bits, over every code */
    size_t nonbinary_count;
    ldpc_decoder_limits limits; /* union over the binary codes, frames per call = 1 */
    size_t footprint_bytes;
} ldpcd_code_set;

/* spec: comma- or blank-separated items: a built-in name, a shell pattern over
 * the built-in names, binary and nonbinary ("dvbs2-normal-*", "nbqc-*", "all"),
 * or NAME=alist:PATH, NAME=nbalist:PATH. A pattern
 * that matches nothing is an error (a typo would otherwise go unnoticed). */
int ldpcd_code_set_build(const char *spec, ldpcd_code_set *set, char *error, size_t error_size);
void ldpcd_code_set_destroy(ldpcd_code_set *set);

/* The set builds the DVB codes compact (ldpc_code_create_compact): this
 * replaces entry `index`'s description (an owner's) by the whole one, which
 * its aliases then share, for a decoder that needs the Tanner graph. */
int ldpcd_code_set_give_graph(ldpcd_code_set *set, size_t index, char *error,
                              size_t error_size);
const ldpcd_code_entry *ldpcd_code_set_find(const ldpcd_code_set *set, const char *name);

/* ldpcd_code_lookup over a code set (context: the set). */
const void *ldpcd_code_set_lookup(const void *set, const char *name, uint32_t *n);

#endif
