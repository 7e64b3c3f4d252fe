#include "demo_frames.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void demo_info_bits(uint64_t seed, uint64_t sequence, uint32_t pool, uint8_t *bits, size_t k)
{
    uint64_t index = pool ? sequence % pool : sequence;
    uint64_t state = seed * 0xD1B54A32D192ED03ull + index;
    uint64_t word = 0;
    for (size_t i = 0; i < k; i++) {
        if (i % 64 == 0)
            word = splitmix64(&state);
        bits[i] = (uint8_t)((word >> (i % 64)) & 1u);
    }
}

double demo_gaussian(uint64_t *state)
{
    double u1 = ((double)(splitmix64(state) >> 11) + 0.5) / 9007199254740992.0;
    double u2 = ((double)(splitmix64(state) >> 11) + 0.5) / 9007199254740992.0;
    return sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
}

const char *demo_arg(int argc, char **argv, int *i, const char *name)
{
    if (strcmp(argv[*i], name) != 0)
        return NULL;
    if (*i + 1 >= argc) {
        fprintf(stderr, "%s needs a value\n", name);
        exit(2);
    }
    return argv[++*i];
}

uint64_t demo_now_ns(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}
