#include <math.h>

#include "tool_rng.h"

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void tool_rng_seed(tool_rng *rng, uint64_t seed, uint64_t stream_a, uint64_t stream_b)
{
    /* Hash each input through splitmix so that neighbouring streams differ in every bit. */
    uint64_t x = seed;
    x = splitmix64(&x) ^ stream_a;
    x = splitmix64(&x) ^ stream_b;
    for (int i = 0; i < 4; i++)
        rng->state[i] = splitmix64(&x);
    rng->has_spare = 0;
    rng->spare_gaussian = 0.0;
}

static uint64_t rotate_left(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t tool_rng_next(tool_rng *rng)
{
    uint64_t *s = rng->state;
    uint64_t result = rotate_left(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotate_left(s[3], 45);
    return result;
}

/* Uniform in (0, 1): never 0, so that log() below is finite. */
static double uniform_open(tool_rng *rng)
{
    return ((double)(tool_rng_next(rng) >> 11) + 0.5) * (1.0 / 9007199254740992.0);
}

/* Marsaglia's polar method: no sin/cos, which made Box-Muller half of the
 * simulator's time on DVB frames with a fast decoder. */
double tool_rng_gaussian(tool_rng *rng)
{
    if (rng->has_spare) {
        rng->has_spare = 0;
        return rng->spare_gaussian;
    }
    double u, v, s;
    do {
        u = 2.0 * uniform_open(rng) - 1.0;
        v = 2.0 * uniform_open(rng) - 1.0;
        s = u * u + v * v;
    } while (s >= 1.0 || s == 0.0);
    double factor = sqrt(-2.0 * log(s) / s);
    rng->spare_gaussian = v * factor;
    rng->has_spare = 1;
    return u * factor;
}

void tool_rng_bits(tool_rng *rng, uint8_t *bits, uint32_t count)
{
    uint32_t i = 0;
    while (i < count) {
        uint64_t word = tool_rng_next(rng);
        for (int b = 0; b < 64 && i < count; b++, i++)
            bits[i] = (uint8_t)((word >> b) & 1u);
    }
}
