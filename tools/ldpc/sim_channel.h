/* Modulation, AWGN and soft demodulation for the simulator and for
 * `ldpc channel`: codeword bits in, float LLRs (positive = bit 0) out.
 * BPSK is computed directly; the other modulations use liquid-dsp's modems
 * (available when built with LDPC_WITH_LIQUID). */
#ifndef LDPC_TOOL_SIM_CHANNEL_H
#define LDPC_TOOL_SIM_CHANNEL_H

#include <stdint.h>

#include "tool_rng.h"

typedef enum {
    MODULATION_BPSK,
    MODULATION_QPSK,
    MODULATION_8PSK,
    MODULATION_16APSK,
    MODULATION_32APSK
} sim_modulation;

typedef enum {
    DEMOD_EXACT,  /* exact LLR (log-sum-exp over the constellation), known noise variance */
    DEMOD_MAXLOG, /* max-log approximation of the same */
    DEMOD_LIQUID  /* liquid's modemcf_demodulate_soft soft bits, auto-normalised */
} sim_demod;

/* Names: bpsk qpsk 8psk 16apsk 32apsk; exact maxlog liquid. An unknown name
 * is reported on stderr as the value of --modulation / --demod; -1. */
int sim_modulation_parse(const char *text, sim_modulation *out);
int sim_demod_parse(const char *text, sim_demod *out);
const char *sim_modulation_name(sim_modulation modulation);
const char *sim_demod_name(sim_demod demod);
unsigned sim_modulation_bits_per_symbol(sim_modulation modulation);

typedef struct sim_channel sim_channel;

/* One per thread (liquid's modem objects are not shared). NULL with a
 * message in `why` (why_size bytes) if the modulation is unavailable. */
sim_channel *sim_channel_create(sim_modulation modulation, sim_demod demod, uint32_t n,
                                char *why, size_t why_size);
void sim_channel_destroy(sim_channel *channel);

/* Es/N0 in dB for a code of rate k/n: Eb/N0 + 10 log10(rate * bits per symbol). */
double sim_esn0_from_ebn0(double ebn0_db, double rate, sim_modulation modulation);

/* Modulates n codeword bits (bits of a symbol most significant first, the
 * last symbol zero-padded), adds complex AWGN of N0 = Es / (Es/N0), and
 * demodulates into n LLRs. */
void sim_channel_run(sim_channel *channel, tool_rng *rng, const uint8_t *codeword,
                     double esn0_db, float *llr);

#endif
