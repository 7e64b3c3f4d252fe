/* Decoder description strings <-> ldpc_decoder_config (grammar in
 * include/ldpc/decoder_spec.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ldpc/decoder_spec.h"
#include "ldpc/nonbinary.h"
#include "util/error_internal.h"

#define FLOAT_OFFSET_DEFAULT 0.5f
#define FIXED_OFFSET_DEFAULT 1
#define NORMALIZATION_DEFAULT_Q4 13 /* 0.8125: 0.75 loses about 0.3 dB more on DVB-S2 1/2 */
/* The cap that posterior=8 implies: at 31 saturated posteriors lose nothing
 * against exact ones on DVB-S2 1/2 at 0.95 dB; at 63 they diverge
 * (docs/DECODERS.md, "Saturated posteriors"). */
#define SATURATED_MESSAGE_CAP_DEFAULT 31

typedef enum { RULE_MS, RULE_NMS, RULE_OMS, RULE_SPA, RULE_MINMAX } spec_rule;

static const char *const rule_names[] = {"ms", "nms", "oms", "spa", "minmax"};

/* The configuration that a base alone ("fixed-layered-nms") stands for. */
static ldpc_decoder_config base_config(ldpc_arithmetic arithmetic, ldpc_schedule schedule,
                                       spec_rule rule)
{
    ldpc_decoder_config c = ldpc_decoder_config_default();
    c.arithmetic = arithmetic;
    c.schedule = schedule;
    switch (rule) {
    case RULE_MS:
        c.rule = LDPC_RULE_MIN_SUM_NORMALIZED;
        c.normalization = 1.0f;
        c.normalization_q4 = 16;
        break;
    case RULE_NMS:
        c.rule = LDPC_RULE_MIN_SUM_NORMALIZED;
        c.normalization = NORMALIZATION_DEFAULT_Q4 / 16.0f;
        c.normalization_q4 = NORMALIZATION_DEFAULT_Q4;
        break;
    case RULE_OMS:
        c.rule = LDPC_RULE_MIN_SUM_OFFSET;
        c.offset = FLOAT_OFFSET_DEFAULT;
        c.offset_q = FIXED_OFFSET_DEFAULT;
        break;
    case RULE_SPA:
        c.rule = LDPC_RULE_SUM_PRODUCT;
        break;
    case RULE_MINMAX:
        /* The nonbinary defaults (20 iterations), not the binary ones. */
        c = ldpc_nb_decoder_config_default();
        c.arithmetic = arithmetic;
        c.schedule = schedule;
        break;
    }
    return c;
}

static ldpc_status parse_base(const char *base, size_t length, ldpc_arithmetic *arithmetic,
                              ldpc_schedule *schedule, spec_rule *rule, ldpc_error *err)
{
    char text[64];
    if (length == 0 || length >= sizeof text)
        return ldpc_fail(err, LDPC_ERR_INVALID,
                         "decoder spec '%.*s': expected arithmetic-schedule-rule, e.g. "
                         "fixed-layered-nms",
                         (int)length, base);
    memcpy(text, base, length);
    text[length] = '\0';

    char *schedule_text = strchr(text, '-');
    char *rule_text = schedule_text ? strchr(schedule_text + 1, '-') : NULL;
    if (rule_text == NULL)
        return ldpc_fail(err, LDPC_ERR_INVALID,
                         "decoder spec '%s': expected arithmetic-schedule-rule, e.g. "
                         "fixed-layered-nms",
                         text);
    *schedule_text++ = '\0';
    *rule_text++ = '\0';

    if (strcmp(text, "fixed") == 0)
        *arithmetic = LDPC_ARITH_FIXED8;
    else if (strcmp(text, "float") == 0)
        *arithmetic = LDPC_ARITH_FLOAT;
    else
        return ldpc_fail(err, LDPC_ERR_INVALID,
                         "decoder spec: unknown arithmetic '%s' (expected fixed or float)", text);

    if (strcmp(schedule_text, "layered") == 0)
        *schedule = LDPC_SCHEDULE_LAYERED;
    else if (strcmp(schedule_text, "flooding") == 0)
        *schedule = LDPC_SCHEDULE_FLOODING;
    else
        return ldpc_fail(err, LDPC_ERR_INVALID,
                         "decoder spec: unknown schedule '%s' (expected layered or flooding)",
                         schedule_text);

    for (size_t r = 0; r < sizeof rule_names / sizeof rule_names[0]; r++)
        if (strcmp(rule_text, rule_names[r]) == 0) {
            *rule = (spec_rule)r;
            return LDPC_OK;
        }
    return ldpc_fail(err, LDPC_ERR_INVALID,
                     "decoder spec: unknown check rule '%s' (expected ms, nms, oms, spa or "
                     "minmax)",
                     rule_text);
}

static ldpc_status parse_number(const char *key, const char *value, double *out, ldpc_error *err)
{
    char *end;
    errno = 0;
    double number = strtod(value, &end);
    if (end == value || *end != '\0' || errno != 0 || !isfinite(number))
        return ldpc_fail(err, LDPC_ERR_INVALID, "decoder spec: %s='%s' is not a number", key,
                         value);
    *out = number;
    return LDPC_OK;
}

static ldpc_status parse_count(const char *key, const char *value, uint32_t min, uint32_t *out,
                               ldpc_error *err)
{
    double number = 0.0;
    ldpc_status status = parse_number(key, value, &number, err);
    if (status != LDPC_OK)
        return status;
    if (number != floor(number) || number < min || number > 1000000.0)
        return ldpc_fail(err, LDPC_ERR_INVALID,
                         "decoder spec: %s=%s must be an integer in [%u, 1000000]", key, value,
                         min);
    *out = (uint32_t)number;
    return LDPC_OK;
}

static ldpc_status apply_normalization(ldpc_decoder_config *c, spec_rule rule, const char *value,
                                       ldpc_error *err)
{
    if (rule != RULE_NMS)
        return ldpc_fail(err, LDPC_ERR_INVALID, "decoder spec: norm applies to the nms rule only");
    double factor = 0.0;
    ldpc_status status = parse_number("norm", value, &factor, err);
    if (status != LDPC_OK)
        return status;
    if (!(factor > 0.0 && factor <= 1.0))
        return ldpc_fail(err, LDPC_ERR_INVALID, "decoder spec: norm=%s must be in (0, 1]", value);
    if (c->arithmetic == LDPC_ARITH_FIXED8) {
        /* The fixed-point decoder multiplies by normalization_q4 / 16; a silent
         * rounding would make two different specs the same decoder. */
        double sixteenths = factor * 16.0;
        double nearest = floor(sixteenths + 0.5);
        if (nearest < 1.0)
            nearest = 1.0;
        if (fabs(sixteenths - nearest) > 1e-9)
            return ldpc_fail(err, LDPC_ERR_INVALID,
                             "decoder spec: norm=%s is not a multiple of 1/16 as fixed point "
                             "needs; nearest is %g (%d/16)",
                             value, nearest / 16.0, (int)nearest);
        c->normalization_q4 = (uint8_t)nearest;
        c->normalization = (float)(nearest / 16.0);
    } else {
        c->normalization = (float)factor;
    }
    return LDPC_OK;
}

static ldpc_status apply_offset(ldpc_decoder_config *c, spec_rule rule, const char *value,
                                ldpc_error *err)
{
    if (rule != RULE_OMS)
        return ldpc_fail(err, LDPC_ERR_INVALID, "decoder spec: offset applies to the oms rule only");
    if (c->arithmetic == LDPC_ARITH_FIXED8) {
        uint32_t units = 0;
        ldpc_status status = parse_count("offset", value, 0, &units, err);
        if (status != LDPC_OK)
            return status;
        if (units > 127)
            return ldpc_fail(err, LDPC_ERR_INVALID,
                             "decoder spec: offset=%s exceeds 127 quantised units", value);
        c->offset_q = (uint8_t)units;
        return LDPC_OK;
    }
    double offset = 0.0;
    ldpc_status status = parse_number("offset", value, &offset, err);
    if (status != LDPC_OK)
        return status;
    if (offset < 0.0)
        return ldpc_fail(err, LDPC_ERR_INVALID, "decoder spec: offset=%s must be >= 0", value);
    c->offset = (float)offset;
    return LDPC_OK;
}

typedef enum {
    KEY_NORM,
    KEY_OFFSET,
    KEY_ITER,
    KEY_PERIOD,
    KEY_SCALE,
    KEY_NM,
    KEY_POSTERIOR,
    KEY_CAP,
    KEY_ORDER,
    KEY_COUNT
} spec_key;

static const char *const key_names[KEY_COUNT] = {"norm",  "offset", "iter",      "period",
                                                 "scale", "nm",     "posterior", "cap",
                                                 "order"};

static ldpc_status apply_override(ldpc_decoder_config *c, spec_rule rule, spec_key key,
                                  const char *value, ldpc_error *err)
{
    switch (key) {
    case KEY_NORM: return apply_normalization(c, rule, value, err);
    case KEY_OFFSET: return apply_offset(c, rule, value, err);
    case KEY_ITER: return parse_count("iter", value, 1, &c->max_iterations, err);
    case KEY_PERIOD: return parse_count("period", value, 0, &c->syndrome_period, err);
    case KEY_SCALE: {
        double scale = 0.0;
        ldpc_status status = parse_number("scale", value, &scale, err);
        if (status != LDPC_OK)
            return status;
        if (!(scale > 0.0 && scale <= 1e6))
            return ldpc_fail(err, LDPC_ERR_INVALID,
                             "decoder spec: scale=%s must be in (0, 1e6]", value);
        c->llr_scale = (float)scale;
        return LDPC_OK;
    }
    case KEY_NM:
        /* Below q, checked when a decoder meets the code (the spec has no q). */
        if (rule != RULE_MINMAX)
            return ldpc_fail(err, LDPC_ERR_INVALID,
                             "decoder spec: nm (truncation) applies to the minmax rule only");
        return parse_count("nm", value, 1, &c->truncation, err);
    case KEY_POSTERIOR: {
        uint32_t bits = 0;
        ldpc_status status = parse_count("posterior", value, 8, &bits, err);
        if (status != LDPC_OK)
            return status;
        if (bits != 8 && bits != 16)
            return ldpc_fail(err, LDPC_ERR_INVALID,
                             "decoder spec: posterior=%s must be 16 (exact) or 8 (saturated)",
                             value);
        c->posterior_bits = (uint8_t)bits;
        return LDPC_OK;
    }
    case KEY_CAP: {
        uint32_t cap = 0;
        ldpc_status status = parse_count("cap", value, 1, &cap, err);
        if (status != LDPC_OK)
            return status;
        if (cap > LDPC_MESSAGE_CAP_NONE)
            return ldpc_fail(err, LDPC_ERR_INVALID, "decoder spec: cap=%s must be in [1, 127]",
                             value);
        c->message_cap = (uint8_t)cap;
        return LDPC_OK;
    }
    case KEY_ORDER:
        if (strcmp(value, "check") == 0)
            c->saturated_order = LDPC_SATURATED_BY_CHECK;
        else if (strcmp(value, "layer") == 0)
            c->saturated_order = LDPC_SATURATED_BY_LAYER;
        else
            return ldpc_fail(err, LDPC_ERR_INVALID,
                             "decoder spec: order=%s must be check or layer", value);
        return LDPC_OK;
    case KEY_COUNT: break;
    }
    return ldpc_fail(err, LDPC_ERR_INVALID, "decoder spec: internal key %d", (int)key);
}

ldpc_status ldpc_decoder_spec_parse(const char *spec, ldpc_decoder_config *out, ldpc_error *err)
{
    if (spec == NULL)
        return ldpc_fail(err, LDPC_ERR_INVALID, "no decoder spec given");
    size_t base_length = strcspn(spec, ",");
    ldpc_arithmetic arithmetic = LDPC_ARITH_FIXED8;
    ldpc_schedule schedule = LDPC_SCHEDULE_LAYERED;
    /* "default" is the default configuration's base, fixed-layered-oms */
    spec_rule rule = RULE_OMS;
    ldpc_status status = LDPC_OK;
    if (base_length != strlen("default") || strncmp(spec, "default", base_length) != 0)
        status = parse_base(spec, base_length, &arithmetic, &schedule, &rule, err);
    if (status != LDPC_OK)
        return status;
    ldpc_decoder_config c = base_config(arithmetic, schedule, rule);

    unsigned keys_seen = 0;
    const char *cursor = spec + base_length;
    while (*cursor == ',') {
        cursor++;
        size_t length = strcspn(cursor, ",");
        char item[64];
        if (length == 0 || length >= sizeof item)
            return ldpc_fail(err, LDPC_ERR_INVALID,
                             "decoder spec '%s': empty or overlong item after ','", spec);
        memcpy(item, cursor, length);
        item[length] = '\0';
        cursor += length;
        char *equals = strchr(item, '=');
        if (equals == NULL || equals == item || equals[1] == '\0')
            return ldpc_fail(err, LDPC_ERR_INVALID,
                             "decoder spec '%s': item '%s' is not key=value", spec, item);
        *equals = '\0';
        spec_key key = KEY_COUNT;
        for (int i = 0; i < KEY_COUNT; i++)
            if (strcmp(key_names[i], item) == 0)
                key = (spec_key)i;
        if (key == KEY_COUNT)
            return ldpc_fail(err, LDPC_ERR_INVALID,
                             "decoder spec: unknown key '%s' (expected norm, offset, iter, "
                             "period, scale, nm, posterior, cap or order)",
                             item);
        if (keys_seen & (1u << key))
            return ldpc_fail(err, LDPC_ERR_INVALID, "decoder spec '%s': key '%s' given twice",
                             spec, item);
        keys_seen |= 1u << key;
        status = apply_override(&c, rule, key, equals + 1, err);
        if (status != LDPC_OK)
            return status;
    }
    if (c.posterior_bits == 8 && !(keys_seen & (1u << KEY_CAP)))
        c.message_cap = SATURATED_MESSAGE_CAP_DEFAULT;
    status = rule == RULE_MINMAX ? ldpc_nb_decoder_config_validate(&c, err)
                                 : ldpc_decoder_config_validate(&c, err);
    if (status != LDPC_OK)
        return status;
    *out = c;
    return LDPC_OK;
}

/* Shortest decimal text that strtof reads back as the same float. */
static void format_float(float value, char *out, size_t size)
{
    snprintf(out, size, "%g", (double)value);
    if (strtof(out, NULL) != value)
        snprintf(out, size, "%.9g", (double)value);
}

static ldpc_status append(char *out, size_t size, size_t *used, ldpc_error *err,
                          const char *key, const char *value)
{
    int written = snprintf(out + *used, size - *used, ",%s=%s", key, value);
    if (written < 0 || (size_t)written >= size - *used)
        return ldpc_fail(err, LDPC_ERR_INVALID, "decoder spec buffer of %zu bytes is too small",
                         size);
    *used += (size_t)written;
    return LDPC_OK;
}

static ldpc_status spec_rule_of(const ldpc_decoder_config *c, spec_rule *rule, ldpc_error *err)
{
    switch (c->rule) {
    case LDPC_RULE_MIN_SUM_NORMALIZED: {
        int plain = c->arithmetic == LDPC_ARITH_FIXED8 ? c->normalization_q4 == 16
                                                        : c->normalization == 1.0f;
        *rule = plain ? RULE_MS : RULE_NMS;
        return LDPC_OK;
    }
    case LDPC_RULE_MIN_SUM_OFFSET: *rule = RULE_OMS; return LDPC_OK;
    case LDPC_RULE_SUM_PRODUCT: *rule = RULE_SPA; return LDPC_OK;
    case LDPC_RULE_MIN_MAX: *rule = RULE_MINMAX; return LDPC_OK;
    }
    return ldpc_fail(err, LDPC_ERR_INVALID, "decoder config has an unknown rule %d", (int)c->rule);
}

ldpc_status ldpc_decoder_spec_format(const ldpc_decoder_config *c, char *out, size_t size,
                                     ldpc_error *err)
{
    if (size == 0)
        return ldpc_fail(err, LDPC_ERR_INVALID, "decoder spec buffer of 0 bytes is too small");
    out[0] = '\0';
    spec_rule rule = RULE_NMS;
    ldpc_status status = spec_rule_of(c, &rule, err);
    if (status != LDPC_OK)
        return status;
    int fixed = c->arithmetic == LDPC_ARITH_FIXED8;
    ldpc_decoder_config base = base_config(c->arithmetic, c->schedule, rule);
    int written = snprintf(out, size, "%s-%s-%s", fixed ? "fixed" : "float",
                           c->schedule == LDPC_SCHEDULE_FLOODING ? "flooding" : "layered",
                           rule_names[rule]);
    if (written < 0 || (size_t)written >= size)
        return ldpc_fail(err, LDPC_ERR_INVALID, "decoder spec buffer of %zu bytes is too small",
                         size);
    size_t used = (size_t)written;
    char value[32];

    if (rule == RULE_NMS) {
        float factor = fixed ? c->normalization_q4 / 16.0f : c->normalization;
        if (!(factor > 0.0f && factor <= 1.0f))
            return ldpc_fail(err, LDPC_ERR_INVALID,
                             "normalization %g has no decoder spec (must be in (0, 1])",
                             (double)factor);
        int differs = fixed ? c->normalization_q4 != base.normalization_q4
                            : c->normalization != base.normalization;
        if (differs) {
            format_float(factor, value, sizeof value);
            if ((status = append(out, size, &used, err, "norm", value)) != LDPC_OK)
                return status;
        }
    }
    if (rule == RULE_OMS) {
        int differs = fixed ? c->offset_q != base.offset_q : c->offset != base.offset;
        if (differs) {
            if (fixed)
                snprintf(value, sizeof value, "%u", (unsigned)c->offset_q);
            else
                format_float(c->offset, value, sizeof value);
            if ((status = append(out, size, &used, err, "offset", value)) != LDPC_OK)
                return status;
        }
    }
    if (c->max_iterations != base.max_iterations) {
        snprintf(value, sizeof value, "%u", (unsigned)c->max_iterations);
        if ((status = append(out, size, &used, err, "iter", value)) != LDPC_OK)
            return status;
    }
    if (c->syndrome_period != base.syndrome_period) {
        snprintf(value, sizeof value, "%u", (unsigned)c->syndrome_period);
        if ((status = append(out, size, &used, err, "period", value)) != LDPC_OK)
            return status;
    }
    if (c->llr_scale != base.llr_scale) {
        format_float(c->llr_scale, value, sizeof value);
        if ((status = append(out, size, &used, err, "scale", value)) != LDPC_OK)
            return status;
    }
    if (c->posterior_bits != base.posterior_bits) {
        snprintf(value, sizeof value, "%u", (unsigned)c->posterior_bits);
        if ((status = append(out, size, &used, err, "posterior", value)) != LDPC_OK)
            return status;
    }
    unsigned implied_cap =
        c->posterior_bits == 8 ? SATURATED_MESSAGE_CAP_DEFAULT : base.message_cap;
    if (c->message_cap != implied_cap) {
        snprintf(value, sizeof value, "%u", (unsigned)c->message_cap);
        if ((status = append(out, size, &used, err, "cap", value)) != LDPC_OK)
            return status;
    }
    if (c->saturated_order == LDPC_SATURATED_BY_LAYER) {
        if ((status = append(out, size, &used, err, "order", "layer")) != LDPC_OK)
            return status;
    }
    if (c->truncation != base.truncation) {
        snprintf(value, sizeof value, "%u", (unsigned)c->truncation);
        if ((status = append(out, size, &used, err, "nm", value)) != LDPC_OK)
            return status;
    }
    return LDPC_OK;
}
