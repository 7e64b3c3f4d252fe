#include <string.h>

#include "util/env_choice.h"
#include "util/error_internal.h"

ldpc_status env_choice(const char *variable, const char *value, const char *const *names,
                       int *out, ldpc_error *err)
{
    for (int i = 0; names[i] != NULL; i++)
        if (strcmp(value, names[i]) == 0) {
            *out = i;
            return LDPC_OK;
        }
    char list[128] = "";
    for (int i = 0; names[i] != NULL; i++) {
        strncat(list, i ? "|" : "", sizeof list - strlen(list) - 1);
        strncat(list, names[i], sizeof list - strlen(list) - 1);
    }
    return ldpc_fail(err, LDPC_ERR_INVALID, "%s='%s': expected %s", variable, value, list);
}
