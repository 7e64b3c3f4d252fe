/* Decoder configuration and limits: defaults, validation, and the limits a
 * set of codes needs. */
#include <math.h>

#include "ldpc/decoder.h"
#include "code/code_struct.h"
#include "util/error_internal.h"

#define MAX_ITERATIONS_BOUND 1000u

ldpc_decoder_config ldpc_decoder_config_default(void)
{
    ldpc_decoder_config config = {
        .arithmetic = LDPC_ARITH_FIXED8,
        /* Offset min-sum: at the default one fractional bit, normalization
         * cannot shrink messages of 0.5 or 1 LLR (they round back to
         * themselves), which makes normalized min-sum behave like plain min-sum
         * near the threshold; docs/DECODERS.md has the measurements. */
        .rule = LDPC_RULE_MIN_SUM_OFFSET,
        .schedule = LDPC_SCHEDULE_LAYERED,
        .max_iterations = 50,
        .syndrome_period = 1,
        .normalization = 0.8125f, /* when rule is normalized */
        .offset = 0.5f,
        .normalization_q4 = 13,
        .offset_q = 1, /* 1/3 in LLR units at the default llr_scale */
        /* 3 rather than 2 (an offset of 1/3 LLR, not 1/2): with calibrated
         * LLRs FER 1e-2 comes 0.05 dB (DVB-S2 normal 1/2) and 0.15 dB (short
         * 1/2) sooner at 20 iterations; short frames do best near 3.5, normal
         * ones near 2.5 (docs/curves/README.md, "Input scale"). */
        .llr_scale = 3.0f,
        .posterior_bits = 16,
        .message_cap = LDPC_MESSAGE_CAP_NONE,
        .saturated_order = LDPC_SATURATED_BY_CHECK,
    };
    return config;
}

ldpc_status ldpc_decoder_config_validate(const ldpc_decoder_config *config, ldpc_error *err)
{
    if (config == NULL)
        return ldpc_fail(err, LDPC_ERR_INVALID, "no decoder configuration given");
    if (config->arithmetic != LDPC_ARITH_FIXED8 && config->arithmetic != LDPC_ARITH_FLOAT)
        return ldpc_fail(err, LDPC_ERR_INVALID, "decoder arithmetic %d is not fixed8 (0) or float (1)",
                         (int)config->arithmetic);
    if (config->rule != LDPC_RULE_MIN_SUM_NORMALIZED && config->rule != LDPC_RULE_MIN_SUM_OFFSET &&
        config->rule != LDPC_RULE_SUM_PRODUCT)
        return ldpc_fail(err, LDPC_ERR_INVALID, "decoder check rule %d is unknown", (int)config->rule);
    if (config->schedule != LDPC_SCHEDULE_LAYERED && config->schedule != LDPC_SCHEDULE_FLOODING)
        return ldpc_fail(err, LDPC_ERR_INVALID, "decoder schedule %d is unknown",
                         (int)config->schedule);
    if (config->rule == LDPC_RULE_SUM_PRODUCT && config->arithmetic != LDPC_ARITH_FLOAT)
        return ldpc_fail(err, LDPC_ERR_INVALID,
                         "sum-product needs float arithmetic (8-bit decoders are min-sum)");
    if (config->max_iterations < 1 || config->max_iterations > MAX_ITERATIONS_BOUND)
        return ldpc_fail(err, LDPC_ERR_INVALID, "max_iterations %u is outside 1..%u",
                         config->max_iterations, MAX_ITERATIONS_BOUND);
    if (!(isfinite(config->normalization) && config->normalization > 0.0f &&
          config->normalization <= 1.0f))
        return ldpc_fail(err, LDPC_ERR_INVALID, "normalization %g is outside (0, 1]",
                         (double)config->normalization);
    if (!(isfinite(config->offset) && config->offset >= 0.0f))
        return ldpc_fail(err, LDPC_ERR_INVALID, "offset %g is not a finite value >= 0",
                         (double)config->offset);
    if (config->normalization_q4 < 1 || config->normalization_q4 > 16)
        return ldpc_fail(err, LDPC_ERR_INVALID, "normalization_q4 %u is outside 1..16",
                         (unsigned)config->normalization_q4);
    if (config->offset_q > 127)
        return ldpc_fail(err, LDPC_ERR_INVALID, "offset_q %u is outside 0..127",
                         (unsigned)config->offset_q);
    if (config->truncation != 0)
        return ldpc_fail(err, LDPC_ERR_INVALID,
                         "truncation (nm = %u) applies to nonbinary Min-Max decoders only",
                         config->truncation);
    if (config->posterior_bits != 16 && config->posterior_bits != 8)
        return ldpc_fail(err, LDPC_ERR_INVALID, "posterior_bits %u is not 16 or 8",
                         (unsigned)config->posterior_bits);
    if (config->posterior_bits == 8 && (config->arithmetic != LDPC_ARITH_FIXED8 ||
                                        config->schedule != LDPC_SCHEDULE_LAYERED))
        return ldpc_fail(err, LDPC_ERR_INVALID,
                         "8-bit (saturated) posteriors need fixed-point arithmetic and the "
                         "layered schedule");
    if (config->message_cap < 1 || config->message_cap > LDPC_MESSAGE_CAP_NONE)
        return ldpc_fail(err, LDPC_ERR_INVALID, "message_cap %u is outside 1..127",
                         (unsigned)config->message_cap);
    if (config->message_cap != LDPC_MESSAGE_CAP_NONE && config->posterior_bits != 8)
        return ldpc_fail(err, LDPC_ERR_INVALID,
                         "message_cap %u needs 8-bit (saturated) posteriors; 16-bit posteriors "
                         "take 127 (no cap)",
                         (unsigned)config->message_cap);
    if (config->saturated_order != LDPC_SATURATED_BY_CHECK &&
        config->saturated_order != LDPC_SATURATED_BY_LAYER)
        return ldpc_fail(err, LDPC_ERR_INVALID, "saturated_order %u is not by check (0) or by "
                         "layer (1)", (unsigned)config->saturated_order);
    if (config->saturated_order == LDPC_SATURATED_BY_LAYER && config->posterior_bits != 8)
        return ldpc_fail(err, LDPC_ERR_INVALID,
                         "saturated_order by layer needs 8-bit (saturated) posteriors");
    if (!(isfinite(config->llr_scale) && config->llr_scale > 0.0f))
        return ldpc_fail(err, LDPC_ERR_INVALID, "llr_scale %g is not a finite value > 0",
                         (double)config->llr_scale);
    return LDPC_OK;
}

ldpc_decoder_limits ldpc_decoder_limits_for_code(const ldpc_code *code, uint32_t frames)
{
    ldpc_decoder_limits limits = {
        .max_n = code->n,
        .max_m = code->m,
        .max_edges = code->edges,
        .max_check_degree = code->max_check_degree,
        .max_layer_snapshots = code->max_layer_snapshots,
        .max_frames = frames,
        .families = 1u << code->family,
    };
    return limits;
}

static uint32_t larger(uint32_t a, uint32_t b)
{
    return a > b ? a : b;
}

ldpc_decoder_limits ldpc_decoder_limits_union(ldpc_decoder_limits a, ldpc_decoder_limits b)
{
    ldpc_decoder_limits limits = {
        .max_n = larger(a.max_n, b.max_n),
        .max_m = larger(a.max_m, b.max_m),
        .max_edges = larger(a.max_edges, b.max_edges),
        .max_check_degree = larger(a.max_check_degree, b.max_check_degree),
        .max_layer_snapshots = larger(a.max_layer_snapshots, b.max_layer_snapshots),
        .max_frames = larger(a.max_frames, b.max_frames),
        .families = a.families == 0 || b.families == 0 ? 0 : a.families | b.families,
    };
    return limits;
}
