/* libFuzzer harness: the alist loaders, binary (ldpc_code_load_alist) and
 * nonbinary (nb_alist_load), on arbitrary file contents: both read files a
 * user names in ldpcd's `codes` or the tool's --code. Properties checked
 * beyond memory safety: every refusal explains itself, and an accepted
 * binary code's edges name its variables. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "code/code_struct.h"
#include "ldpc/nonbinary.h"
#include "nb/nb_code_internal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* In the working directory (run_fuzzers.sh's work_dir), so that nothing
     * is left in /tmp. */
    static const char path[] = "fuzz_alist_input.alist";
    FILE *file = fopen(path, "wb");
    if (file == NULL || fwrite(data, 1, size, file) != size || fclose(file) != 0)
        abort();

    ldpc_code *code = NULL;
    ldpc_error err = {{0}};
    if (ldpc_code_load_alist(path, &code, &err) == LDPC_OK) {
        for (uint32_t e = 0; e < code->edges; e++)
            if (code->check_var[e] >= code->n)
                abort();
        ldpc_code_destroy(code);
    } else if (err.message[0] == '\0') {
        abort();
    }

    ldpc_nb_code *nb_code = NULL;
    ldpc_error nb_err = {{0}};
    if (nb_alist_load(path, "fuzz", &nb_code, &nb_err) == LDPC_OK)
        ldpc_nb_code_destroy(nb_code);
    else if (nb_err.message[0] == '\0')
        abort();
    return 0;
}
