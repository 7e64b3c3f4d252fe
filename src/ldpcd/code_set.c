#include "code_set.h"

#include <ctype.h>
#include <fnmatch.h>
#include <stdio.h>
#include <string.h>

#include "error_text.h"
#include "log.h"
#include "nb_codes.h"
#include "result_bits.h"

const ldpcd_code_entry *ldpcd_code_set_find(const ldpcd_code_set *set, const char *name)
{
    for (size_t i = 0; i < set->count; i++)
        if (strcmp(set->entries[i].name, name) == 0)
            return &set->entries[i];
    return NULL;
}

const void *ldpcd_code_set_lookup(const void *set, const char *name, uint32_t *n)
{
    const ldpcd_code_entry *entry = ldpcd_code_set_find(set, name);
    *n = entry != NULL ? entry->n_bits : 0;
    return entry;
}

static int add_entry(ldpcd_code_set *set, const char *wire_name, const char *library_name,
                     char *error, size_t error_size)
{
    if (ldpcd_code_set_find(set, wire_name) != NULL)
        return 0; /* listed twice, e.g. by two patterns */
    if (strlen(wire_name) > LDPCD_WIRE_CODE_SIZE - 1)
        return ldpcd_fail(error, error_size,
                    "codes: \"%s\" is longer than %d characters; give it a short name "
                    "(NAME=alist:PATH)", wire_name, LDPCD_WIRE_CODE_SIZE - 1);
    if (set->count == LDPCD_MAX_CODES)
        return ldpcd_fail(error, error_size, "codes: more than %d codes", LDPCD_MAX_CODES);
    ldpcd_code_entry *entry = &set->entries[set->count];
    memset(entry, 0, sizeof *entry);
    snprintf(entry->name, sizeof entry->name, "%s", wire_name);
    entry->index = (uint32_t)set->count;
    if (ldpcd_nb_code_name(library_name)) {
        if (ldpcd_nb_entry_open(entry, library_name, error, error_size) != 0)
            return -1;
        set->count++;
        return 0;
    }
    ldpc_error err;
    if (ldpc_code_create_compact(library_name, &entry->code, &err) != LDPC_OK)
        return ldpcd_fail(error, error_size, "codes: %s: %s", wire_name, err.message);
    entry->owns_code = 1;
    entry->n_bits = ldpc_code_transmitted_n(entry->code);
    entry->word_bits = ldpc_code_n(entry->code);
    entry->k_bits = ldpc_code_k(entry->code);
    entry->info_is_prefix = ldpcd_info_is_prefix(entry->code);
    set->count++;
    return 0;
}

/* An alias whose target is already in the set shares its description. */
static int add_alias(ldpcd_code_set *set, const char *alias, const char *target)
{
    const ldpcd_code_entry *shared = ldpcd_code_set_find(set, target);
    if (shared == NULL || set->count == LDPCD_MAX_CODES || ldpcd_code_set_find(set, alias) != NULL)
        return -1;
    ldpcd_code_entry *entry = &set->entries[set->count];
    memset(entry, 0, sizeof *entry);
    snprintf(entry->name, sizeof entry->name, "%s", alias);
    entry->code = shared->code;
    entry->n_bits = shared->n_bits;
    entry->word_bits = shared->word_bits;
    entry->k_bits = shared->k_bits;
    entry->info_is_prefix = shared->info_is_prefix;
    entry->index = (uint32_t)set->count;
    set->count++;
    return 0;
}

/* The nonbinary built-ins matching `pattern` (they have no aliases). */
static int add_nonbinary_builtins(ldpcd_code_set *set, const char *pattern, int *matched,
                                  char *error, size_t error_size)
{
    for (size_t i = 0; i < ldpc_nb_builtin_code_count(); i++) {
        const char *name = ldpc_nb_builtin_code_name(i);
        if (fnmatch(pattern, name, 0) != 0)
            continue;
        *matched = 1;
        if (add_entry(set, name, name, error, error_size) != 0)
            return -1;
    }
    return 0;
}

static int add_item(ldpcd_code_set *set, const char *item, char *error, size_t error_size)
{
    const char *equals = strchr(item, '=');
    if (equals != NULL) {
        char wire_name[LDPCD_WIRE_CODE_SIZE + 1];
        size_t length = (size_t)(equals - item);
        if (length == 0 || length > LDPCD_WIRE_CODE_SIZE - 1)
            return ldpcd_fail(error, error_size, "codes: \"%s\": the name before '=' must have 1 to %d "
                        "characters", item, LDPCD_WIRE_CODE_SIZE - 1);
        memcpy(wire_name, item, length);
        wire_name[length] = '\0';
        return add_entry(set, wire_name, equals + 1, error, error_size);
    }
    const char *pattern = strcmp(item, "all") == 0 ? "*" : item;
    int matched = 0;
    size_t builtins = ldpc_builtin_code_count();
    /* Originals first, so that every alias finds its target already built. */
    for (int pass = 0; pass < 2; pass++) {
        for (size_t i = 0; i < builtins; i++) {
            const char *name = ldpc_builtin_code_name(i);
            const char *alias_of = ldpc_builtin_code_alias_of(i);
            if ((alias_of != NULL) != (pass == 1) || fnmatch(pattern, name, 0) != 0)
                continue;
            matched = 1;
            if (alias_of != NULL && add_alias(set, name, alias_of) == 0)
                continue;
            if (add_entry(set, name, name, error, error_size) != 0)
                return -1;
        }
    }
    if (add_nonbinary_builtins(set, pattern, &matched, error, error_size) != 0)
        return -1;
    if (!matched) {
        if (strpbrk(pattern, "*?[") == NULL)
            return add_entry(set, pattern, pattern, error, error_size);
        return ldpcd_fail(error, error_size, "codes: \"%s\" matches no built-in code (ldpc codes "
                    "lists them)", item);
    }
    return 0;
}

int ldpcd_code_set_build(const char *spec, ldpcd_code_set *set, char *error, size_t error_size)
{
    memset(set, 0, sizeof *set);
    const char *p = spec;
    while (*p != '\0') {
        while (*p == ',' || isspace((unsigned char)*p))
            p++;
        size_t length = strcspn(p, ", \t");
        if (length == 0)
            break;
        char item[512];
        if (length >= sizeof item) {
            ldpcd_code_set_destroy(set);
            return ldpcd_fail(error, error_size, "codes: item longer than %zu characters",
                        sizeof item - 1);
        }
        memcpy(item, p, length);
        item[length] = '\0';
        p += length;
        if (add_item(set, item, error, error_size) != 0) {
            ldpcd_code_set_destroy(set);
            return -1;
        }
    }
    if (set->count == 0)
        return ldpcd_fail(error, error_size, "codes: no code configured");
    size_t binary_count = 0;
    for (size_t i = 0; i < set->count; i++) {
        const ldpcd_code_entry *entry = &set->entries[i];
        if (entry->n_bits > set->max_n)
            set->max_n = entry->n_bits;
        if (entry->k_bits > set->max_k)
            set->max_k = entry->k_bits;
        if (entry->word_bits > set->max_word)
            set->max_word = entry->word_bits;
        if (entry->nonbinary != NULL) {
            set->nonbinary_count++;
            set->footprint_bytes += ldpc_nb_code_footprint(entry->nonbinary);
            continue;
        }
        ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(entry->code, 1);
        set->limits = binary_count++ == 0 ? limits : ldpc_decoder_limits_union(set->limits, limits);
        if (entry->owns_code)
            set->footprint_bytes += ldpc_code_footprint(entry->code);
    }
    return 0;
}

int ldpcd_code_set_give_graph(ldpcd_code_set *set, size_t index, char *error,
                              size_t error_size)
{
    ldpcd_code_entry *entry = &set->entries[index];
    ldpc_code *compact = entry->code;
    ldpc_code *whole;
    ldpc_error err;
    if (ldpc_code_create(ldpc_code_name(compact), &whole, &err) != LDPC_OK)
        return ldpcd_fail(error, error_size, "codes: %s: %s", entry->name, err.message);
    for (size_t i = 0; i < set->count; i++)
        if (set->entries[i].code == compact)
            set->entries[i].code = whole;
    set->footprint_bytes += ldpc_code_footprint(whole) - ldpc_code_footprint(compact);
    ldpc_code_destroy(compact);
    return 0;
}

void ldpcd_code_set_destroy(ldpcd_code_set *set)
{
    for (size_t i = 0; i < set->count; i++)
        if (set->entries[i].owns_code) {
            ldpc_code_destroy(set->entries[i].code);
            ldpc_nb_code_destroy(set->entries[i].nonbinary);
        }
    set->count = 0;
}
