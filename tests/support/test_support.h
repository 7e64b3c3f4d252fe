/* Helpers shared by the unit tests: deterministic random numbers and paths. */
#ifndef LDPC_TEST_SUPPORT_H
#define LDPC_TEST_SUPPORT_H

#include <stddef.h>
#include <stdint.h>

#include "ldpc/code.h"
#include "ldpc/nonbinary.h"

/* xorshift64*: the same sequence on every platform, seeded explicitly. */
typedef struct {
    uint64_t state;
} test_rng;

void test_rng_seed(test_rng *rng, uint64_t seed);
uint64_t test_rng_next(test_rng *rng);
double test_rng_uniform(test_rng *rng);  /* (0, 1) */
double test_rng_gaussian(test_rng *rng); /* N(0, 1), Box-Muller */
void test_random_bits(test_rng *rng, uint8_t *bits, size_t count);

/* BPSK over AWGN: bit 0 -> +1; llr = 2 y / sigma^2 with sigma from Eb/N0 and rate. */
void test_bpsk_awgn_llr(test_rng *rng, const uint8_t *codeword, size_t n, double rate,
                        double ebn0_db, float *llr);

/* `frames` noisy quantised frames of random codewords of `code`, one after the
 * other (llr_scale 2): malloc'd, for the caller to free. The same seed gives
 * the same frames. Fails the running test if the encoder does. */
int8_t *test_make_quantised_frames(const ldpc_code *code, uint32_t frames, double ebn0_db,
                                   uint64_t seed);
/* The same for a code that leaves bits out of its frame or sends some twice:
 * each frame's transmitted_n values (ldpc_code_transmit), as a decoder takes
 * them; for a code that sends its codeword, test_make_quantised_frames's. */
int8_t *test_make_sent_frames(const ldpc_code *code, uint32_t frames, double ebn0_db,
                              uint64_t seed);

/* A 48-symbol GF(64) code with checks of degree 1 and 2 among others. */
ldpc_nb_code *test_small_gf64_code(void);

/* Writes `code`'s parity-check matrix as an alist file (MacKay's format,
 * without padding); 0, or -1 when the file cannot be written. */
int test_write_alist(const ldpc_code *code, const char *path);

/* FNV-1a 64 over the (column, row) pairs of H, columns ascending, rows
 * ascending within a column, each index as 4 little-endian bytes: the digest
 * the digest files of tests/vectors/codes record for published matrices. */
uint64_t test_code_digest(const ldpc_code *code);

/* Builds the code of every line "name n m ones digest" of `path` whose name
 * starts with `prefix` and fails unless n, m, the number of ones and the
 * digest agree; `check` (or NULL) may assert more of each code. Returns how
 * many lines it compared. */
size_t test_compare_digests(const char *path, const char *prefix,
                            void (*check)(const ldpc_code *code));

#endif
