/* What the demo source sends and the sink checks: the information bits of
 * frame `sequence` are a pure function of (seed, sequence mod pool), so the
 * sink needs no copy of what was sent, only the same arguments. */
#ifndef LDPCD_DEMO_FRAMES_H
#define LDPCD_DEMO_FRAMES_H

#include <stddef.h>
#include <stdint.h>

/* k bytes of 0/1. pool 0: every sequence number has its own bits. */
void demo_info_bits(uint64_t seed, uint64_t sequence, uint32_t pool, uint8_t *bits, size_t k);

/* Normal deviate from a splitmix64 state (Box-Muller). */
double demo_gaussian(uint64_t *state);

/* Argument helpers: value of "--name VALUE" at argv[*i], advancing *i. */
const char *demo_arg(int argc, char **argv, int *i, const char *name);
uint64_t demo_now_ns(void);

#endif
