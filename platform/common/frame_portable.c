/* Portable instance of the frame decoder: "vectors" of 16 lanes in plain C.
 * It runs everywhere, proves the block schedule and the data layout against
 * the reference on any machine, and is the fallback where no SIMD variant
 * runs. */
#include <stdint.h>

#define VEC_LANES 16
#define FRAME_FUNCTION(name) portable_##name

typedef struct {
    int8_t lane[VEC_LANES];
} vec;

typedef struct {
    int16_t lane[VEC_LANES];
} wide;

#define LANEWISE(result, expression)                                                       \
    do {                                                                                   \
        for (int i = 0; i < VEC_LANES; i++)                                                \
            (result).lane[i] = (expression);                                               \
    } while (0)

static inline int8_t clamp8(int32_t x)
{
    return (int8_t)(x > 127 ? 127 : (x < -128 ? -128 : x));
}

static inline vec v_load(const int8_t *p)
{
    vec r;
    LANEWISE(r, p[i]);
    return r;
}
static inline void v_store(int8_t *p, vec a)
{
    for (int i = 0; i < VEC_LANES; i++)
        p[i] = a.lane[i];
}
static inline vec v_set1(int8_t x)
{
    vec r;
    LANEWISE(r, x);
    return r;
}
static inline vec v_zero(void)
{
    return v_set1(0);
}
static inline vec v_subs(vec a, vec b)
{
    vec r;
    LANEWISE(r, clamp8((int32_t)a.lane[i] - b.lane[i]));
    return r;
}
static inline vec v_min(vec a, vec b)
{
    vec r;
    LANEWISE(r, a.lane[i] < b.lane[i] ? a.lane[i] : b.lane[i]);
    return r;
}
static inline vec v_max(vec a, vec b)
{
    vec r;
    LANEWISE(r, a.lane[i] > b.lane[i] ? a.lane[i] : b.lane[i]);
    return r;
}
/* Lanes are never -128 where the magnitude is used (messages stay in
 * [-127, 127]); the cast mirrors the hardware's wrap-around for -128. */
static inline vec v_abs(vec a)
{
    vec r;
    LANEWISE(r, (int8_t)(a.lane[i] < 0 ? -a.lane[i] : a.lane[i]));
    return r;
}
static inline vec v_xor(vec a, vec b)
{
    vec r;
    LANEWISE(r, (int8_t)(a.lane[i] ^ b.lane[i]));
    return r;
}
static inline vec v_select(vec mask, vec if_set, vec if_clear)
{
    vec r;
    LANEWISE(r, mask.lane[i] < 0 ? if_set.lane[i] : if_clear.lane[i]);
    return r;
}
static inline vec v_select_equal(vec a, vec b, vec if_equal, vec otherwise)
{
    vec r;
    LANEWISE(r, a.lane[i] == b.lane[i] ? if_equal.lane[i] : otherwise.lane[i]);
    return r;
}
static inline vec v_apply_sign(vec magnitude, vec s)
{
    vec r;
    LANEWISE(r, (int8_t)(s.lane[i] < 0 ? -magnitude.lane[i] : magnitude.lane[i]));
    return r;
}
static inline vec v_scale_q4(vec a, uint8_t q4)
{
    vec r;
    LANEWISE(r, (int8_t)((a.lane[i] * q4 + 8) >> 4));
    return r;
}
static inline int v_any_negative(vec a)
{
    int any = 0;
    for (int i = 0; i < VEC_LANES; i++)
        any |= a.lane[i] < 0;
    return any;
}
static inline int v_count_negative(vec a)
{
    int count = 0;
    for (int i = 0; i < VEC_LANES; i++)
        count += a.lane[i] < 0;
    return count;
}

static inline wide w_loadu(const int16_t *p)
{
    wide r;
    LANEWISE(r, p[i]);
    return r;
}
static inline void w_storeu(int16_t *p, wide a)
{
    for (int i = 0; i < VEC_LANES; i++)
        p[i] = a.lane[i];
}
static inline wide w_widen(vec a)
{
    wide r;
    LANEWISE(r, a.lane[i]);
    return r;
}
static inline vec w_narrow(wide a)
{
    vec r;
    LANEWISE(r, clamp8(a.lane[i]));
    return r;
}
static inline wide w_add(wide a, wide b)
{
    wide r;
    LANEWISE(r, (int16_t)(a.lane[i] + b.lane[i]));
    return r;
}
static inline wide w_sub(wide a, wide b)
{
    wide r;
    LANEWISE(r, (int16_t)(a.lane[i] - b.lane[i]));
    return r;
}
static inline wide w_load(const int16_t *p)
{
    return w_loadu(p);
}
static inline void w_store(int16_t *p, wide a)
{
    w_storeu(p, a);
}
static inline wide w_select(wide mask, wide if_set, wide if_clear)
{
    wide r;
    LANEWISE(r, mask.lane[i] < 0 ? if_set.lane[i] : if_clear.lane[i]);
    return r;
}

#include "common/frame_decoder_template.h"
