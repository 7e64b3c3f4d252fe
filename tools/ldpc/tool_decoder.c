#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tool_common.h"
#include "tool_decoder.h"

static ldpc_status refuse(ldpc_error *err, ldpc_status status, const char *format, ...)
    TOOL_PRINTF(3, 4);

/* The library's way of failing, for the tool's own checks. */
static ldpc_status refuse(ldpc_error *err, ldpc_status status, const char *format, ...)
{
    if (err != NULL) {
        va_list args;
        va_start(args, format);
        vsnprintf(err->message, sizeof err->message, format, args);
        va_end(args);
    }
    return status;
}

ldpc_status tool_decoder_spec_parse(const tool_code *code, const char *spec,
                                    ldpc_decoder_config *out, ldpc_error *err)
{
    if (code->nonbinary != NULL && spec != NULL && strcmp(spec, "default") == 0) {
        *out = ldpc_nb_decoder_config_default();
        return LDPC_OK;
    }
    ldpc_decoder_config config;
    ldpc_status status = ldpc_decoder_spec_parse(spec, &config, err);
    if (status != LDPC_OK)
        return status;
    int min_max = config.rule == LDPC_RULE_MIN_MAX;
    if (code->nonbinary != NULL && !min_max)
        return refuse(err, LDPC_ERR_INVALID,
                      "'%s' is a binary decoder; the nonbinary code %s takes Min-Max "
                      "(fixed-layered-minmax, float-flooding-minmax, ...)",
                      spec, code->name);
    if (code->binary != NULL && min_max)
        return refuse(err, LDPC_ERR_INVALID,
                      "'%s' decodes nonbinary codes (nbqc-*, nbreg-*, nbalist:) only, not %s",
                      spec, code->name);
    *out = config;
    return LDPC_OK;
}

static ldpc_status create_nonbinary(tool_decoder *d, const tool_code *code,
                                    const ldpc_decoder_config *config, const char *backend,
                                    uint32_t max_frames, ldpc_error *err)
{
    ldpc_nb_decoder_limits limits = ldpc_nb_decoder_limits_for_code(code->nonbinary, max_frames);
    ldpc_status status =
        ldpc_nb_decoder_create(config, &limits, backend, &d->nonbinary, err);
    if (status != LDPC_OK)
        return status;
    d->symbols = malloc((size_t)code->n_symbols * max_frames);
    if (d->symbols == NULL) {
        return refuse(err, LDPC_ERR_NO_MEMORY, "out of memory");
    }
    return LDPC_OK;
}

ldpc_status tool_decoder_create(tool_decoder *d, const tool_code *code,
                                const ldpc_decoder_config *config, const char *backend,
                                uint32_t max_frames, ldpc_error *err)
{
    memset(d, 0, sizeof *d);
    ldpc_status status;
    if (code->nonbinary != NULL) {
        status = create_nonbinary(d, code, config, backend, max_frames, err);
    } else {
        ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(code->binary, max_frames);
        status = ldpc_decoder_create(config, &limits, backend, &d->binary, err);
    }
    if (status != LDPC_OK)
        tool_decoder_destroy(d);
    return status;
}

void tool_decoder_destroy(tool_decoder *d)
{
    ldpc_decoder_destroy(d->binary);
    ldpc_nb_decoder_destroy(d->nonbinary);
    free(d->symbols);
    memset(d, 0, sizeof *d);
}

const char *tool_decoder_backend_name(const tool_decoder *d)
{
    return d->binary != NULL ? ldpc_decoder_backend_name(d->binary)
                             : ldpc_nb_decoder_backend_name(d->nonbinary);
}

/* The symbols of a nonbinary call, as bits in the stream order. */
static ldpc_status symbols_to_bits(const tool_decoder *d, const tool_code *code, uint32_t frames,
                                   uint8_t *codeword, ldpc_status status)
{
    if (status == LDPC_OK)
        ldpc_nb_symbols_to_bits(code->bits_per_symbol, d->symbols,
                                (size_t)code->n_symbols * frames, codeword);
    return status;
}

ldpc_status tool_decoder_decode_f32(tool_decoder *d, const tool_code *code, const float *llr,
                                    uint32_t frames, uint8_t *codeword, ldpc_frame_stats *stats,
                                    ldpc_error *err)
{
    if (d->binary != NULL)
        return ldpc_decoder_decode_f32(d->binary, code->binary, llr, frames, codeword, stats,
                                       err);
    return symbols_to_bits(d, code, frames, codeword,
                           ldpc_nb_decoder_decode_f32(d->nonbinary, code->nonbinary, llr, frames,
                                                      d->symbols, stats, err));
}

ldpc_status tool_decoder_decode_i8(tool_decoder *d, const tool_code *code, const int8_t *llr,
                                   uint32_t frames, uint8_t *codeword, ldpc_frame_stats *stats,
                                   ldpc_error *err)
{
    if (d->binary != NULL)
        return ldpc_decoder_decode_i8(d->binary, code->binary, llr, frames, codeword, stats, err);
    return symbols_to_bits(d, code, frames, codeword,
                           ldpc_nb_decoder_decode_i8(d->nonbinary, code->nonbinary, llr, frames,
                                                     d->symbols, stats, err));
}
