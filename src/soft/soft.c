/* Soft-value formats: raw demodulator output -> float LLRs (positive = bit 0),
 * LLR quantisation, and bit packing. */
#include <math.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#elif defined(__aarch64__)
#include <arm_neon.h>
#endif

#include "ldpc/soft.h"
#include "soft/byte_sums.h"
#include "soft/calibrate.h"
#include "util/error_internal.h"

ldpc_soft_input ldpc_soft_input_default(ldpc_soft_format format)
{
    ldpc_soft_input input = {
        .format = format,
        .scale = 1.0f,
        .negate = 0,
        .normalization = LDPC_SOFT_CALIBRATE,
        .normalize_target = LDPC_SOFT_DEFAULT_NORMALIZE_TARGET,
    };
    return input;
}

size_t ldpc_soft_value_size(ldpc_soft_format format)
{
    switch (format) {
    case LDPC_SOFT_F32: return sizeof(float);
    case LDPC_SOFT_I8: return 1;
    case LDPC_SOFT_LIQUID: return 1;
    }
    return 0;
}

ldpc_status ldpc_soft_format_parse(const char *text, ldpc_soft_format *out, ldpc_error *err)
{
    if (text == NULL)
        return ldpc_fail(err, LDPC_ERR_INVALID, "no soft-value format given");
    if (strcmp(text, "f32") == 0)
        *out = LDPC_SOFT_F32;
    else if (strcmp(text, "i8") == 0)
        *out = LDPC_SOFT_I8;
    else if (strcmp(text, "liquid") == 0)
        *out = LDPC_SOFT_LIQUID;
    else
        return ldpc_fail(err, LDPC_ERR_INVALID,
                         "unknown soft-value format '%s' (expected f32, i8 or liquid)", text);
    return LDPC_OK;
}

/* Copies float values (raw may be unaligned) and returns the index of the
 * first NaN or infinity, or count. Each block is copied, then its exponents
 * ORed together while it is in the cache (no early exit inside a block);
 * only a block that has one is looked at closer. */
static size_t copy_finite(const unsigned char *raw, size_t count, float *out)
{
    enum { BLOCK = 256 };
    for (size_t start = 0; start < count; start += BLOCK) {
        size_t end = start + BLOCK < count ? start + BLOCK : count;
        memcpy(out + start, raw + start * sizeof *out, (end - start) * sizeof *out);
        uint32_t any = 0;
        for (size_t i = start; i < end; i++) {
            uint32_t bits;
            memcpy(&bits, &out[i], sizeof bits);
            any |= (uint32_t)((bits & 0x7f800000u) == 0x7f800000u);
        }
        if (any)
            for (size_t i = start; i < end; i++)
                if (!isfinite(out[i]))
                    return i;
    }
    return count;
}

static ldpc_status raw_to_llr(ldpc_soft_format format, const void *raw, size_t count,
                              float *llr, ldpc_error *err)
{
    const unsigned char *bytes = raw;
    switch (format) {
    case LDPC_SOFT_F32: {
        size_t bad = copy_finite(bytes, count, llr);
        if (bad < count)
            return ldpc_fail(err, LDPC_ERR_INVALID, "soft value %zu is not finite (%g)", bad,
                             (double)llr[bad]);
        return LDPC_OK;
    }
    case LDPC_SOFT_I8:
        for (size_t i = 0; i < count; i++)
            llr[i] = (float)(int8_t)bytes[i];
        return LDPC_OK;
    case LDPC_SOFT_LIQUID:
        for (size_t i = 0; i < count; i++)
            llr[i] = 127.0f - (float)bytes[i];
        return LDPC_OK;
    }
    return ldpc_fail(err, LDPC_ERR_INVALID, "unknown soft-value format %d", (int)format);
}

ldpc_status ldpc_soft_normalization_parse(const char *text, ldpc_soft_normalization *out,
                                          ldpc_error *err)
{
    static const ldpc_soft_normalization all[] = {LDPC_SOFT_CALIBRATE, LDPC_SOFT_AS_IS,
                                                  LDPC_SOFT_MEAN_TARGET};
    for (size_t i = 0; text != NULL && i < sizeof all / sizeof all[0]; i++)
        if (strcmp(text, ldpc_soft_normalization_name(all[i])) == 0) {
            *out = all[i];
            return LDPC_OK;
        }
    return ldpc_fail(err, LDPC_ERR_INVALID,
                     "unknown normalisation '%s' (expected calibrate, as-is or mean)",
                     text == NULL ? "" : text);
}

const char *ldpc_soft_normalization_name(ldpc_soft_normalization normalization)
{
    switch (normalization) {
    case LDPC_SOFT_CALIBRATE: return "calibrate";
    case LDPC_SOFT_AS_IS: return "as-is";
    case LDPC_SOFT_MEAN_TARGET: return "mean";
    }
    return "?";
}

static double normalize_factor(const ldpc_soft_input *input, const soft_moments *m)
{
    if (input->normalization == LDPC_SOFT_AS_IS || !(m->sum_abs > 0.0))
        return 1.0; /* as is, or all erasures: nothing to calibrate against */
    if (input->normalization == LDPC_SOFT_MEAN_TARGET)
        return input->normalize_target * (double)m->count / m->sum_abs;
    return soft_calibration_factor(m);
}

/* Values within this fraction of the largest |value| count as clipped. */
#define CLIP_SHARE 0.99

/* Adds `weight` values of one magnitude to moments whose clip is known. */
static void add_values(soft_moments *m, double magnitude, uint32_t weight)
{
    m->sum_abs += weight * magnitude;
    m->sum_square += weight * (magnitude * magnitude);
    if (magnitude >= CLIP_SHARE * m->clip)
        m->clipped += weight;
    else
        m->unclipped_sum_abs += weight * magnitude;
}

#define LANES 8          /* independent accumulators: no chain of dependent additions */
#define MOMENT_BLOCK 512 /* values summed in float before a double takes them */

/* The LANES float lanes as two vectors of four where the target has them
 * (SSE2, aarch64 NEON): the same IEEE operations lane for lane as the
 * plain loops, so the same results. */
#if defined(__SSE2__)
typedef __m128 f4;
#define F4_LOAD(p) _mm_loadu_ps(p)
#define F4_STORE(p, v) _mm_storeu_ps(p, v)
#define F4_ZERO() _mm_setzero_ps()
#define F4_ADD(a, b) _mm_add_ps(a, b)
#define F4_SUB(a, b) _mm_sub_ps(a, b)
#define F4_MUL(a, b) _mm_mul_ps(a, b)
#define F4_MAX(a, b) _mm_max_ps(a, b) /* a > b ? a : b */
#define F4_ABS(a) _mm_and_ps(a, _mm_castsi128_ps(_mm_set1_epi32(0x7fffffff)))
#define F4_AT_LEAST(a, b) _mm_and_ps(_mm_cmpge_ps(a, b), _mm_set1_ps(1.0f)) /* 1 or 0 */
#define F4_SET(x) _mm_set1_ps(x)
#define HAVE_F4 1
#elif defined(__aarch64__)
typedef float32x4_t f4;
#define F4_LOAD(p) vld1q_f32(p)
#define F4_STORE(p, v) vst1q_f32(p, v)
#define F4_ZERO() vdupq_n_f32(0.0f)
#define F4_ADD(a, b) vaddq_f32(a, b)
#define F4_SUB(a, b) vsubq_f32(a, b)
#define F4_MUL(a, b) vmulq_f32(a, b)
#define F4_MAX(a, b) vmaxq_f32(a, b)
#define F4_ABS(a) vabsq_f32(a)
#define F4_AT_LEAST(a, b) \
    vreinterpretq_f32_u32(vandq_u32(vcgeq_f32(a, b), vreinterpretq_u32_f32(vdupq_n_f32(1.0f))))
#define F4_SET(x) vdupq_n_f32(x)
#define HAVE_F4 1
#endif

static float largest_magnitude(const float *x, size_t count)
{
    float lane[LANES] = {0};
    size_t i = 0;
#ifdef HAVE_F4
    f4 low = F4_ZERO(), high = F4_ZERO();
    for (; i + LANES <= count; i += LANES) {
        low = F4_MAX(F4_ABS(F4_LOAD(x + i)), low);
        high = F4_MAX(F4_ABS(F4_LOAD(x + i + 4)), high);
    }
    F4_STORE(lane, low);
    F4_STORE(lane + 4, high);
#else
    for (; i + LANES <= count; i += LANES)
        for (int l = 0; l < LANES; l++) {
            float a = fabsf(x[i + l]);
            lane[l] = a > lane[l] ? a : lane[l];
        }
#endif
    float largest = 0.0f;
    for (int l = 0; l < LANES; l++)
        largest = lane[l] > largest ? lane[l] : largest;
    for (; i < count; i++)
        largest = fabsf(x[i]) > largest ? fabsf(x[i]) : largest;
    return largest;
}

/* One block's lane sums, from i while i + LANES <= end. */
static size_t block_moments(const float *x, size_t i, size_t end, float threshold,
                            float sum[LANES], float square[LANES], float clipped[LANES],
                            float unclipped[LANES])
{
#ifdef HAVE_F4
    f4 limit = F4_SET(threshold);
    f4 s[2] = {F4_ZERO(), F4_ZERO()}, q[2] = {F4_ZERO(), F4_ZERO()};
    f4 c[2] = {F4_ZERO(), F4_ZERO()}, u[2] = {F4_ZERO(), F4_ZERO()};
    for (; i + LANES <= end; i += LANES)
        for (int h = 0; h < 2; h++) {
            f4 a = F4_ABS(F4_LOAD(x + i + 4 * h));
            f4 at_clip = F4_AT_LEAST(a, limit);
            s[h] = F4_ADD(s[h], a);
            q[h] = F4_ADD(q[h], F4_MUL(a, a));
            c[h] = F4_ADD(c[h], at_clip);
            u[h] = F4_ADD(u[h], F4_SUB(a, F4_MUL(a, at_clip)));
        }
    for (int h = 0; h < 2; h++) {
        F4_STORE(sum + 4 * h, s[h]);
        F4_STORE(square + 4 * h, q[h]);
        F4_STORE(clipped + 4 * h, c[h]);
        F4_STORE(unclipped + 4 * h, u[h]);
    }
#else
    for (int l = 0; l < LANES; l++)
        sum[l] = square[l] = clipped[l] = unclipped[l] = 0.0f;
    for (; i + LANES <= end; i += LANES)
        for (int l = 0; l < LANES; l++) {
            float a = fabsf(x[i + l]);
            float at_clip = (float)(a >= threshold);
            sum[l] += a;
            square[l] += a * a;
            clipped[l] += at_clip;
            unclipped[l] += a - a * at_clip;
        }
#endif
    return i;
}

/* The moments of a float frame: float lanes over blocks, blocks in double
 * (a frame of 64800 values loses nothing that matters to the fit). */
static void frame_moments(const float *x, size_t count, soft_moments *m)
{
    m->clip = largest_magnitude(x, count);
    float threshold = (float)(CLIP_SHARE * m->clip);
    size_t i = 0;
    while (i + LANES <= count) {
        size_t end = i + MOMENT_BLOCK < count ? i + MOMENT_BLOCK : count;
        float sum[LANES], square[LANES], unclipped[LANES], clipped[LANES];
        i = block_moments(x, i, end, threshold, sum, square, clipped, unclipped);
        for (int l = 0; l < LANES; l++) {
            m->sum_abs += sum[l];
            m->sum_square += square[l];
            m->unclipped_sum_abs += unclipped[l];
            m->clipped += (size_t)clipped[l];
        }
    }
    for (; i < count; i++)
        add_values(m, fabsf(x[i]), 1);
}

static void multiply(float *llr, size_t count, float factor)
{
    size_t i = 0;
#ifdef HAVE_F4
    f4 by = F4_SET(factor);
    for (; i + 4 <= count; i += 4)
        F4_STORE(llr + i, F4_MUL(F4_LOAD(llr + i), by));
#endif
    for (; i < count; i++)
        llr[i] *= factor;
}

/* Scales a frame by `factor` (the input's scale and sign), then calibrates
 * or normalises it: the moments are taken of the unscaled values and scaled
 * instead, so the values are multiplied once. */
static void scale_frame(const ldpc_soft_input *input, float factor, float *llr, size_t count)
{
    if (input->normalization != LDPC_SOFT_AS_IS) {
        soft_moments m = {.count = count};
        frame_moments(llr, count, &m);
        double magnitude = fabs((double)factor);
        m.sum_abs *= magnitude;
        m.sum_square *= magnitude * magnitude;
        m.clip *= magnitude;
        m.unclipped_sum_abs *= magnitude;
        factor *= (float)normalize_factor(input, &m);
    }
    if (factor != 1.0f)
        multiply(llr, count, factor);
}

void ldpc_soft_byte_table(const ldpc_soft_input *input, const uint8_t *raw, size_t count,
                          float table[256])
{
    float factor = input->negate ? -input->scale : input->scale;
    if (input->normalization != LDPC_SOFT_AS_IS) {
        /* as scale_frame: the moments of the unscaled magnitudes, scaled */
        soft_byte_sums sums;
        soft_byte_sums_compute(input->format == LDPC_SOFT_LIQUID, raw, count, CLIP_SHARE, &sums);
        double magnitude = fabs((double)factor);
        soft_moments m = {
            .count = count,
            .sum_abs = (double)sums.sum * magnitude,
            .sum_square = (double)sums.square * magnitude * magnitude,
            .clip = (double)sums.largest * magnitude,
            .clipped = sums.clipped,
            .unclipped_sum_abs = (double)(sums.sum - sums.clipped_sum) * magnitude,
        };
        factor *= (float)normalize_factor(input, &m);
    }
    for (unsigned b = 0; b < 256; b++)
        table[b] = (input->format == LDPC_SOFT_LIQUID ? 127.0f - (float)b : (float)(int8_t)b) *
                   factor;
}

ldpc_status ldpc_soft_to_llr(const ldpc_soft_input *input, const void *raw, size_t count,
                             float *llr, ldpc_error *err)
{
    if (!isfinite(input->scale) || input->scale == 0.0f)
        return ldpc_fail(err, LDPC_ERR_INVALID, "soft-value scale %g must be finite and non-zero",
                         (double)input->scale);
    if (input->normalization == LDPC_SOFT_MEAN_TARGET &&
        !(input->normalize_target > 0.0f && isfinite(input->normalize_target)))
        return ldpc_fail(err, LDPC_ERR_INVALID,
                         "normalisation target %g must be finite and positive",
                         (double)input->normalize_target);
    if (input->format != LDPC_SOFT_F32) {
        float table[256];
        const uint8_t *bytes = raw;
        ldpc_soft_byte_table(input, bytes, count, table);
        for (size_t i = 0; i < count; i++)
            llr[i] = table[bytes[i]];
        return LDPC_OK;
    }
    ldpc_status status = raw_to_llr(input->format, raw, count, llr, err);
    if (status != LDPC_OK)
        return status;
    scale_frame(input, input->negate ? -input->scale : input->scale, llr, count);
    return LDPC_OK;
}

int8_t ldpc_quantise_one(float llr, float llr_scale)
{
    float scaled = llr * llr_scale;
    if (scaled != scaled)
        return 0; /* NaN: callers reject it earlier; an erasure is the least harmful answer */
    /* Clamp before converting so that huge values never reach a float->int
     * conversion; ternaries compile to minss/maxss. */
    scaled = scaled > 127.0f ? 127.0f : scaled;
    scaled = scaled < -127.0f ? -127.0f : scaled;
    /* Round half away from zero without lroundf (a libm call per value on the
     * decoders' input path) or branches: truncate, then look at the exact
     * remainder. (scaled + 0.5 would round 0.49999997 up.) */
    int32_t truncated = (int32_t)scaled;
    float remainder = scaled - (float)truncated; /* exact: |scaled| <= 127 */
    truncated += (remainder >= 0.5f) - (remainder <= -0.5f);
    return (int8_t)truncated;
}

/* ldpc_quantise_one on whole vectors, step for step (the same IEEE
 * operations, so the same values): NaN to 0, clamp, truncate, round on the
 * exact remainder. */
#if defined(__SSE2__)
static size_t quantise_vectors(const float *llr, size_t count, float llr_scale, int8_t *out)
{
    const __m128 scale = _mm_set1_ps(llr_scale), high = _mm_set1_ps(127.0f);
    const __m128 low = _mm_set1_ps(-127.0f), half = _mm_set1_ps(0.5f);
    const __m128 minus_half = _mm_set1_ps(-0.5f);
    size_t i = 0;
    for (; i + 16 <= count; i += 16) {
        __m128i word[4];
        for (int v = 0; v < 4; v++) {
            __m128 scaled = _mm_mul_ps(_mm_loadu_ps(llr + i + 4 * v), scale);
            scaled = _mm_and_ps(scaled, _mm_cmpeq_ps(scaled, scaled));
            scaled = _mm_max_ps(_mm_min_ps(scaled, high), low);
            __m128i truncated = _mm_cvttps_epi32(scaled);
            __m128 remainder = _mm_sub_ps(scaled, _mm_cvtepi32_ps(truncated));
            /* the comparisons are -1 where true */
            truncated = _mm_sub_epi32(truncated, _mm_castps_si128(_mm_cmpge_ps(remainder, half)));
            truncated =
                _mm_add_epi32(truncated, _mm_castps_si128(_mm_cmple_ps(remainder, minus_half)));
            word[v] = truncated;
        }
        __m128i packed = _mm_packs_epi16(_mm_packs_epi32(word[0], word[1]),
                                         _mm_packs_epi32(word[2], word[3]));
        _mm_storeu_si128((void *)(out + i), packed);
    }
    return i;
}
#elif defined(__aarch64__)
static size_t quantise_vectors(const float *llr, size_t count, float llr_scale, int8_t *out)
{
    const float32x4_t high = vdupq_n_f32(127.0f), low = vdupq_n_f32(-127.0f);
    const float32x4_t half = vdupq_n_f32(0.5f), minus_half = vdupq_n_f32(-0.5f);
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        int32x4_t word[2];
        for (int v = 0; v < 2; v++) {
            float32x4_t scaled = vmulq_n_f32(vld1q_f32(llr + i + 4 * v), llr_scale);
            scaled = vreinterpretq_f32_u32(
                vandq_u32(vreinterpretq_u32_f32(scaled), vceqq_f32(scaled, scaled)));
            scaled = vmaxq_f32(vminq_f32(scaled, high), low);
            int32x4_t truncated = vcvtq_s32_f32(scaled);
            float32x4_t remainder = vsubq_f32(scaled, vcvtq_f32_s32(truncated));
            truncated = vsubq_s32(truncated, vreinterpretq_s32_u32(vcgeq_f32(remainder, half)));
            truncated =
                vaddq_s32(truncated, vreinterpretq_s32_u32(vcleq_f32(remainder, minus_half)));
            word[v] = truncated;
        }
        int16x8_t narrow = vcombine_s16(vmovn_s32(word[0]), vmovn_s32(word[1]));
        vst1_s8(out + i, vmovn_s16(narrow));
    }
    return i;
}
#else
static size_t quantise_vectors(const float *llr, size_t count, float llr_scale, int8_t *out)
{
    (void)llr, (void)count, (void)llr_scale, (void)out;
    return 0;
}
#endif

void ldpc_quantise(const float *llr, size_t count, float llr_scale, int8_t *out)
{
    for (size_t i = quantise_vectors(llr, count, llr_scale, out); i < count; i++)
        out[i] = ldpc_quantise_one(llr[i], llr_scale);
}

void ldpc_bits_pack(const uint8_t *bits, size_t count, uint8_t *packed)
{
    size_t bytes = (count + 7) / 8;
    memset(packed, 0, bytes);
    for (size_t i = 0; i < count; i++)
        if (bits[i] & 1)
            packed[i / 8] |= (uint8_t)(0x80u >> (i % 8));
}

void ldpc_bits_unpack(const uint8_t *packed, size_t count, uint8_t *bits)
{
    for (size_t i = 0; i < count; i++)
        bits[i] = (uint8_t)((packed[i / 8] >> (7 - i % 8)) & 1u);
}
