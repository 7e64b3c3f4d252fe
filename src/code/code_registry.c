/* Name -> code: the single entry point that the tool, the config and the wire
 * protocol use to turn a code name into a description. */
#include <string.h>

#include "code/code_internal.h"
#include "util/error_internal.h"

/* The built-in families in listing order, DVB first; each answers
 * LDPC_ERR_UNKNOWN_CODE for a name not its own, DVB's with the message that
 * says what names exist, so it is asked last. */
static const struct {
    ldpc_status (*create)(const char *name, ldpc_code **out, ldpc_error *err);
    size_t (*count)(void);
    const char *(*name)(size_t index);
} families[] = {
    {dvb_code_create, dvb_code_count, dvb_code_name},
    {qc_code_create, qc_code_count, qc_code_name},
    {ft8_code_create, ft8_code_count, ft8_code_name},
    {ccsds_code_create, ccsds_code_count, ccsds_code_name},
    {ccsds_c2_code_create, ccsds_c2_code_count, ccsds_c2_code_name},
    {ar4ja_code_create, ar4ja_code_count, ar4ja_code_name},
    {nr_code_create, nr_code_count, nr_code_name},
};

#define FAMILY_COUNT (sizeof families / sizeof families[0])

ldpc_status ldpc_code_create(const char *name, ldpc_code **out, ldpc_error *err)
{
    *out = NULL;
    if (name == NULL)
        return ldpc_fail(err, LDPC_ERR_INVALID, "no code name given");
    if (strncmp(name, "alist:", 6) == 0)
        return ldpc_code_load_alist(name + 6, out, err);
    for (size_t i = 1; i <= FAMILY_COUNT; i++) { /* 1, 2, ..., then 0 (DVB) */
        ldpc_status status = families[i % FAMILY_COUNT].create(name, out, err);
        if (status != LDPC_ERR_UNKNOWN_CODE || i == FAMILY_COUNT)
            return status;
    }
    return LDPC_ERR_UNKNOWN_CODE;
}

size_t ldpc_builtin_code_count(void)
{
    size_t count = 0;
    for (size_t f = 0; f < FAMILY_COUNT; f++)
        count += families[f].count();
    return count;
}

const char *ldpc_builtin_code_name(size_t index)
{
    for (size_t f = 0; f < FAMILY_COUNT; f++) {
        if (index < families[f].count())
            return families[f].name(index);
        index -= families[f].count();
    }
    return NULL;
}

const char *ldpc_builtin_code_alias_of(size_t index)
{
    return index < dvb_code_count() ? dvb_code_alias_of(index) : NULL;
}

ldpc_status ldpc_code_create_compact(const char *name, ldpc_code **out, ldpc_error *err)
{
    ldpc_code *whole;
    ldpc_status status = ldpc_code_create(name, &whole, err);
    *out = whole;
    if (status != LDPC_OK || whole->family != LDPC_FAMILY_DVB_IRA)
        return status;
    *out = code_compact_copy(whole);
    ldpc_code_destroy(whole);
    if (*out == NULL)
        return ldpc_fail(err, LDPC_ERR_NO_MEMORY, "%s: cannot allocate its compact description",
                         name);
    return LDPC_OK;
}

size_t ldpc_code_builtin_footprint(const char *name)
{
    return dvb_code_footprint(name);
}
