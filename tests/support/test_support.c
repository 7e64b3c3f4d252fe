#include <math.h>

#include "test_support.h"

void test_rng_seed(test_rng *rng, uint64_t seed)
{
    rng->state = seed ? seed : 0x9E3779B97F4A7C15ull;
}

uint64_t test_rng_next(test_rng *rng)
{
    uint64_t x = rng->state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    rng->state = x;
    return x * 0x2545F4914F6CDD1Dull;
}

double test_rng_uniform(test_rng *rng)
{
    return ((double)(test_rng_next(rng) >> 11) + 0.5) * (1.0 / 9007199254740992.0);
}

double test_rng_gaussian(test_rng *rng)
{
    double u1 = test_rng_uniform(rng), u2 = test_rng_uniform(rng);
    return sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
}

void test_random_bits(test_rng *rng, uint8_t *bits, size_t count)
{
    for (size_t i = 0; i < count; i++)
        bits[i] = (uint8_t)(test_rng_next(rng) >> 63);
}

void test_bpsk_awgn_llr(test_rng *rng, const uint8_t *codeword, size_t n, double rate,
                        double ebn0_db, float *llr)
{
    double sigma = sqrt(1.0 / (2.0 * rate * pow(10.0, ebn0_db / 10.0)));
    for (size_t i = 0; i < n; i++) {
        double y = (codeword[i] ? -1.0 : 1.0) + sigma * test_rng_gaussian(rng);
        llr[i] = (float)(2.0 * y / (sigma * sigma));
    }
}
