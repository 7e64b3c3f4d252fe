/* AVX2 instance of the frame decoder: 32 checks per vector, twelve vectors
 * per layer. */
#include "x86/vec_avx2.h"

#define FRAME_FUNCTION(name) avx2_##name

static inline vec v_select_equal(vec a, vec b, vec if_equal, vec otherwise)
{
    return _mm256_blendv_epi8(otherwise, if_equal, _mm256_cmpeq_epi8(a, b));
}
/* sign_epi8 zeroes where s is 0: OR-ing 1 in keeps the sign and avoids it. */
static inline vec v_apply_sign(vec magnitude, vec s)
{
    return _mm256_sign_epi8(magnitude, _mm256_or_si256(s, _mm256_set1_epi8(1)));
}
static inline vec v_scale_q4(vec a, uint8_t q4)
{
    const __m256i low_bytes = _mm256_set1_epi16(0x00ff);
    __m256i even = scale_q4_words(_mm256_and_si256(a, low_bytes), q4);
    __m256i odd = scale_q4_words(_mm256_srli_epi16(a, 8), q4);
    return _mm256_or_si256(_mm256_and_si256(even, low_bytes), _mm256_slli_epi16(odd, 8));
}
static inline int v_any_negative(vec a) { return _mm256_movemask_epi8(a) != 0; }
static inline int v_count_negative(vec a) { return __builtin_popcount((unsigned)_mm256_movemask_epi8(a)); }

/* packs narrows within each 128-bit half: half k of the int8 vector holds
 * int16 lanes 8k..8k+7 of the low register, then those of the high one;
 * unpack with the sign bytes undoes it. The int8 vectors keep that order
 * (FRAME_LANE_POSITION), which saves a permutation per narrowing and an
 * extraction per widening. */
#define FRAME_LANE_POSITION(i) ((i) % 16 / 8 * 16 + (i) / 16 * 8 + (i) % 8)
static inline wide w_widen(vec a)
{
    __m256i sign = _mm256_cmpgt_epi8(_mm256_setzero_si256(), a);
    return (wide){_mm256_unpacklo_epi8(a, sign), _mm256_unpackhi_epi8(a, sign)};
}
static inline vec w_narrow(wide a) { return _mm256_packs_epi16(a.lo, a.hi); }
static inline wide w_loadu(const int16_t *p)
{
    const __m256i *q = (const __m256i *)(const void *)p;
    return (wide){_mm256_loadu_si256(q), _mm256_loadu_si256(q + 1)};
}
static inline void w_storeu(int16_t *p, wide a)
{
    __m256i *q = (__m256i *)(void *)p;
    _mm256_storeu_si256(q, a.lo);
    _mm256_storeu_si256(q + 1, a.hi);
}
/* blendv picks bytes by their top bit; the masks are whole int16 lanes. */
static inline wide w_select(wide mask, wide if_set, wide if_clear)
{
    return (wide){_mm256_blendv_epi8(if_clear.lo, if_set.lo, mask.lo),
                  _mm256_blendv_epi8(if_clear.hi, if_set.hi, mask.hi)};
}

/* Layers by vectors (layer_vectors): the padding lanes keep what memory
 * holds. */
#define FRAME_HAS_W_STOREU_FIRST
static inline void w_storeu_first(int16_t *p, wide a, uint32_t count)
{
    const __m256i limit = _mm256_set1_epi16((int16_t)count);
    const __m256i low = _mm256_setr_epi16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m256i high = _mm256_add_epi16(low, _mm256_set1_epi16(16));
    wide keep = {_mm256_cmpgt_epi16(limit, low), _mm256_cmpgt_epi16(limit, high)};
    w_storeu(p, w_select(keep, a, w_loadu(p)));
}
#include "common/frame_decoder_template.h"
