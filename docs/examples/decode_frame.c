/* A user's program, linked against the shared library: it may reach only
 * what the public headers declare. Encodes a DVB-S2 short frame, sends it
 * through a noiseless channel and decodes it; exits 0 when the decoded
 * codeword is the one sent. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ldpc/ldpc.h"

int main(void)
{
    ldpc_code *code = NULL;
    ldpc_error err;
    if (ldpc_code_create("dvbs2-short-1/2", &code, &err) != LDPC_OK) {
        fprintf(stderr, "%s\n", err.message);
        return 1;
    }
    ldpc_decoder *decoder = NULL;
    ldpc_decoder_config config = ldpc_decoder_config_default();
    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(code, 1);
    if (ldpc_decoder_create(&config, &limits, NULL, &decoder, &err) != LDPC_OK) {
        fprintf(stderr, "%s\n", err.message);
        return 1;
    }
    size_t n = ldpc_code_n(code), k = ldpc_code_k(code);
    uint8_t *info = calloc(k, 1), *codeword = calloc(n, 1), *decoded = calloc(n, 1);
    float *llr = calloc(n, sizeof *llr);
    for (size_t i = 0; i < k; i++)
        info[i] = (uint8_t)((i * 7 + 3) % 5 == 0);
    int ok = ldpc_encode(code, info, codeword, &err) == LDPC_OK;
    for (size_t i = 0; i < n; i++)
        llr[i] = codeword[i] ? -4.0f : 4.0f;
    ok = ok && ldpc_decoder_decode_f32(decoder, code, llr, 1, decoded, NULL, &err) == LDPC_OK;
    ok = ok && memcmp(decoded, codeword, n) == 0;
    printf("%s on %s: %s\n", ldpc_code_name(code), ldpc_decoder_backend_name(decoder),
           ok ? "decoded" : err.message);
    free(info);
    free(codeword);
    free(decoded);
    free(llr);
    ldpc_decoder_destroy(decoder);
    ldpc_code_destroy(code);
    return ok ? 0 : 1;
}
