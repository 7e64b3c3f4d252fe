/* Deterministic random numbers for the channel and the simulator:
 * xoshiro256** seeded through splitmix64, Gaussian by the polar method. */
#ifndef LDPC_TOOL_RNG_H
#define LDPC_TOOL_RNG_H

#include <stdint.h>

typedef struct {
    uint64_t state[4];
    double spare_gaussian;
    int has_spare;
} tool_rng;

/* Independent streams for each (seed, a, b), e.g. (seed, point, batch). */
void tool_rng_seed(tool_rng *rng, uint64_t seed, uint64_t stream_a, uint64_t stream_b);
uint64_t tool_rng_next(tool_rng *rng);
double tool_rng_gaussian(tool_rng *rng); /* N(0, 1) */
/* count random 0/1 bytes. */
void tool_rng_bits(tool_rng *rng, uint8_t *bits, uint32_t count);

#endif
