/* Name -> nonbinary code, alongside ldpc_code_create for binary codes. */
#include <string.h>

#include "nb/nb_code_internal.h"
#include "util/error_internal.h"

#define NBALIST_PREFIX "nbalist:"

ldpc_status ldpc_nb_code_create(const char *name, ldpc_nb_code **out, ldpc_error *err)
{
    if (out == NULL)
        return ldpc_fail(err, LDPC_ERR_INVALID, "no place to store the code");
    *out = NULL;
    if (name == NULL)
        return ldpc_fail(err, LDPC_ERR_INVALID, "no code name given");
    if (strncmp(name, NBALIST_PREFIX, strlen(NBALIST_PREFIX)) == 0)
        return nb_alist_load(name + strlen(NBALIST_PREFIX), name, out, err);
    ldpc_status status = nb_qc_code_create(name, out, err);
    if (status == LDPC_ERR_UNKNOWN_CODE)
        status = nb_peg_code_create(name, out, err);
    if (status == LDPC_ERR_UNKNOWN_CODE)
        return ldpc_fail(err, status,
                         "unknown nonbinary code '%.64s' (built-in: nbqc-*, nbreg-*; files: "
                         "nbalist:[FORMAT:]PATH)",
                         name);
    return status;
}

size_t ldpc_nb_builtin_code_count(void)
{
    return nb_qc_code_count() + nb_peg_code_count();
}

const char *ldpc_nb_builtin_code_name(size_t index)
{
    if (index < nb_qc_code_count())
        return nb_qc_code_name(index);
    return nb_peg_code_name(index - nb_qc_code_count());
}
