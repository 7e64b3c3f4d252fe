/* Name -> code: the single entry point that the tool, the config and the wire
 * protocol use to turn a code name into a description. */
#include <string.h>

#include "code/code_internal.h"
#include "util/error_internal.h"

ldpc_status ldpc_code_create(const char *name, ldpc_code **out, ldpc_error *err)
{
    *out = NULL;
    if (name == NULL)
        return ldpc_fail(err, LDPC_ERR_INVALID, "no code name given");
    if (strncmp(name, "alist:", 6) == 0)
        return ldpc_code_load_alist(name + 6, out, err);
    ldpc_status status = qc_code_create(name, out, err);
    if (status != LDPC_ERR_UNKNOWN_CODE)
        return status;
    return dvb_code_create(name, out, err);
}

/* The DVB codes first, then the quasi-cyclic ones. */
size_t ldpc_builtin_code_count(void)
{
    return dvb_code_count() + qc_code_count();
}

const char *ldpc_builtin_code_name(size_t index)
{
    return index < dvb_code_count() ? dvb_code_name(index) : qc_code_name(index - dvb_code_count());
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
