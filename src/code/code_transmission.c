/* What a frame of a code carries on the channel: puncturing (variables never
 * sent, erasures to the decoder), shortening (information bits fixed to 0,
 * never sent, certain to the decoder) and rate matching (a list of variables
 * in transmission order, repetitions allowed; a value sent for a shortened
 * bit is a fill bit, a known zero). The Tanner graph stays the mother code's;
 * only the edges of a frame change. */
#include <stdlib.h>
#include <string.h>

#include "code/code_internal.h"
#include "util/error_internal.h"

static int sends_everything_once(const uint32_t *sent, uint32_t count, uint32_t n)
{
    if (count != n)
        return 0;
    for (uint32_t j = 0; j < count; j++)
        if (sent[j] != j)
            return 0;
    return 1;
}

/* What each variable is, as bits of one byte per variable. */
enum { ROLE_SENT = 1, ROLE_SHORTENED = 2, ROLE_INFO = 4, ROLE_SEEN = 8 };

/* Fills `role` and checks every rule of code_set_transmission. */
static ldpc_status check_lists(const ldpc_code *code, const uint32_t *sent, uint32_t sent_count,
                               const uint32_t *shortened, uint32_t shortened_count,
                               uint8_t *role, ldpc_error *err)
{
    if (sent_count == 0)
        return ldpc_fail(err, LDPC_ERR_INVALID, "%s: a frame must send at least one bit",
                         code->name);
    for (uint32_t i = 0; i < code->k; i++)
        role[code->info_positions[i]] = ROLE_INFO;
    for (uint32_t j = 0; j < sent_count; j++) {
        if (sent[j] >= code->n)
            return ldpc_fail(err, LDPC_ERR_INVALID,
                             "%s: transmitted value %u is bit %u, beyond the %u bits of the code",
                             code->name, j, sent[j], code->n);
        role[sent[j]] |= ROLE_SENT;
    }
    for (uint32_t s = 0; s < shortened_count; s++) {
        uint32_t v = shortened[s];
        if (v >= code->n || (s > 0 && v <= shortened[s - 1]))
            return ldpc_fail(err, LDPC_ERR_INVALID,
                             "%s: shortened bit %u (entry %u) is out of range or out of "
                             "ascending order",
                             code->name, v, s);
        if (!(role[v] & ROLE_INFO))
            return ldpc_fail(err, LDPC_ERR_INVALID,
                             "%s: shortened bit %u is not an information bit (only information "
                             "bits can be fixed to 0)",
                             code->name, v);
        role[v] |= ROLE_SHORTENED;
    }
    if (shortened_count >= code->k)
        return ldpc_fail(err, LDPC_ERR_INVALID,
                         "%s: %u shortened bits leave no information bit (k = %u)", code->name,
                         shortened_count, code->k);
    return LDPC_OK;
}

ldpc_status code_set_transmission(ldpc_code *code, const uint32_t *sent, uint32_t sent_count,
                                  const uint32_t *shortened, uint32_t shortened_count,
                                  ldpc_error *err)
{
    if (shortened_count == 0 && sends_everything_once(sent, sent_count, code->n))
        return LDPC_OK;
    uint8_t *role = calloc(code->n, 1);
    if (role == NULL)
        return ldpc_fail(err, LDPC_ERR_NO_MEMORY, "%s: out of memory", code->name);
    ldpc_status status =
        check_lists(code, sent, sent_count, shortened, shortened_count, role, err);
    uint32_t data_k = code->k - shortened_count, punctured = 0, summed = 0;
    for (uint32_t v = 0; status == LDPC_OK && v < code->n; v++)
        punctured += (role[v] & (ROLE_SENT | ROLE_SHORTENED)) == 0;
    for (uint32_t j = 0; status == LDPC_OK && j < sent_count; j++) {
        uint8_t *r = &role[sent[j]];
        summed += (*r & (ROLE_SEEN | ROLE_SHORTENED)) == ROLE_SEEN;
        *r |= ROLE_SEEN;
    }
    size_t bytes =
        ((size_t)sent_count + shortened_count + data_k + punctured) * sizeof(uint32_t);
    uint32_t *block = status == LDPC_OK ? malloc(bytes) : NULL;
    if (status == LDPC_OK && block == NULL)
        status = ldpc_fail(err, LDPC_ERR_NO_MEMORY, "%s: out of memory", code->name);
    if (status != LDPC_OK) {
        free(role);
        return status;
    }
    uint32_t *tx_vars = block, *short_vars = block + sent_count;
    uint32_t *data = short_vars + shortened_count, *punctured_vars = data + data_k;
    memcpy(tx_vars, sent, (size_t)sent_count * sizeof(uint32_t));
    if (shortened_count > 0)
        memcpy(short_vars, shortened, (size_t)shortened_count * sizeof(uint32_t));
    uint32_t d = 0;
    for (uint32_t i = 0; i < code->k; i++)
        if (!(role[code->info_positions[i]] & ROLE_SHORTENED))
            data[d++] = code->info_positions[i];
    uint32_t p = 0;
    for (uint32_t v = 0; v < code->n; v++)
        if ((role[v] & (ROLE_SENT | ROLE_SHORTENED)) == 0)
            punctured_vars[p++] = v;
    free(role);

    free(code->transmission_block);
    code->transmission_block = block;
    code->tx_n = sent_count;
    code->tx_summed = summed;
    code->tx_vars = tx_vars;
    code->shortened_count = shortened_count;
    code->shortened_vars = shortened_count > 0 ? short_vars : NULL;
    code->punctured_count = punctured;
    code->punctured_vars = punctured > 0 ? punctured_vars : NULL;
    code->data_positions = data;
    code->footprint_bytes += bytes;
    return LDPC_OK;
}

uint32_t ldpc_code_transmitted_n(const ldpc_code *code)
{
    return code->tx_vars != NULL ? code->tx_n : code->n;
}

const uint32_t *ldpc_code_transmitted_bits(const ldpc_code *code) { return code->tx_vars; }
uint32_t ldpc_code_punctured_count(const ldpc_code *code) { return code->punctured_count; }
uint32_t ldpc_code_shortened_count(const ldpc_code *code) { return code->shortened_count; }
const uint32_t *ldpc_code_punctured_bits(const ldpc_code *code) { return code->punctured_vars; }
const uint32_t *ldpc_code_shortened_bits(const ldpc_code *code) { return code->shortened_vars; }

uint32_t ldpc_code_k(const ldpc_code *code) { return code->k - code->shortened_count; }

const uint32_t *ldpc_code_info_positions(const ldpc_code *code)
{
    return code->data_positions != NULL ? code->data_positions : code->info_positions;
}

void ldpc_code_transmit(const ldpc_code *code, const uint8_t *codeword, uint8_t *sent)
{
    if (code->tx_vars == NULL) {
        memcpy(sent, codeword, code->n);
        return;
    }
    for (uint32_t j = 0; j < code->tx_n; j++)
        sent[j] = codeword[code->tx_vars[j]];
}

void ldpc_code_receive_f32(const ldpc_code *code, const float *sent, float known, float *word)
{
    if (code->tx_vars == NULL) {
        memcpy(word, sent, (size_t)code->n * sizeof(float));
        return;
    }
    memset(word, 0, (size_t)code->n * sizeof(float));
    for (uint32_t j = 0; j < code->tx_n; j++)
        word[code->tx_vars[j]] += sent[j];
    for (uint32_t s = 0; s < code->shortened_count; s++)
        word[code->shortened_vars[s]] = known;
}
