#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ldpc/soft.h"
#include "sim_channel.h"
#include "tool_common.h"

#if defined(LDPC_WITH_LIQUID)
#include <complex.h>
#include <liquid/liquid.h>
#endif

#define MAX_CONSTELLATION 32

static const char *const modulation_names[] = {"bpsk", "qpsk", "8psk", "16apsk", "32apsk"};
static const unsigned modulation_bits[] = {1, 2, 3, 4, 5};
static const char *const demod_names[] = {"exact", "maxlog", "liquid"};

int sim_modulation_parse(const char *text, sim_modulation *out)
{
    for (int i = 0; i < 5; i++)
        if (strcmp(text, modulation_names[i]) == 0) {
            *out = (sim_modulation)i;
            return 0;
        }
    tool_error("--modulation: unknown '%s' (bpsk, qpsk, 8psk, 16apsk, 32apsk)", text);
    return -1;
}

int sim_demod_parse(const char *text, sim_demod *out)
{
    for (int i = 0; i < 3; i++)
        if (strcmp(text, demod_names[i]) == 0) {
            *out = (sim_demod)i;
            return 0;
        }
    tool_error("--demod: unknown '%s' (exact, maxlog, liquid)", text);
    return -1;
}

const char *sim_modulation_name(sim_modulation modulation)
{
    return modulation_names[modulation];
}

const char *sim_demod_name(sim_demod demod)
{
    return demod_names[demod];
}

unsigned sim_modulation_bits_per_symbol(sim_modulation modulation)
{
    return modulation_bits[modulation];
}

double sim_esn0_from_ebn0(double ebn0_db, double rate, sim_modulation modulation)
{
    return ebn0_db + 10.0 * log10(rate * sim_modulation_bits_per_symbol(modulation));
}

struct sim_channel {
    sim_modulation modulation;
    sim_demod demod;
    uint32_t n;
    unsigned bits_per_symbol;
    unsigned points;
    /* The constellation as liquid modulates it: point s carries the label s. */
    double point_re[MAX_CONSTELLATION], point_im[MAX_CONSTELLATION];
    double symbol_energy; /* mean |point|^2 */
    uint8_t *soft_bits;   /* n, liquid demod only */
#if defined(LDPC_WITH_LIQUID)
    modemcf modem;
#endif
};

sim_channel *sim_channel_create(sim_modulation modulation, sim_demod demod, uint32_t n,
                                char *why, size_t why_size)
{
    sim_channel *c = calloc(1, sizeof *c);
    if (c == NULL) {
        snprintf(why, why_size, "out of memory");
        return NULL;
    }
    c->modulation = modulation;
    c->demod = demod;
    c->n = n;
    c->bits_per_symbol = sim_modulation_bits_per_symbol(modulation);
    c->points = 1u << c->bits_per_symbol;
    if (modulation == MODULATION_BPSK) {
        c->point_re[0] = 1.0; /* bit 0 -> +1 */
        c->point_re[1] = -1.0;
        c->symbol_energy = 1.0;
        if (demod == DEMOD_LIQUID) {
            snprintf(why, why_size, "--demod liquid needs a liquid modulation, not bpsk");
            free(c);
            return NULL;
        }
        return c;
    }
#if defined(LDPC_WITH_LIQUID)
    static const modulation_scheme schemes[] = {LIQUID_MODEM_BPSK, LIQUID_MODEM_QPSK,
                                                LIQUID_MODEM_PSK8, LIQUID_MODEM_APSK16,
                                                LIQUID_MODEM_APSK32};
    c->modem = modemcf_create(schemes[modulation]);
    c->soft_bits = malloc(n);
    if (c->modem == NULL || c->soft_bits == NULL) {
        snprintf(why, why_size, "cannot create the liquid-dsp %s modem",
                 modulation_names[modulation]);
        sim_channel_destroy(c);
        return NULL;
    }
    double energy = 0.0;
    for (unsigned s = 0; s < c->points; s++) {
        float complex y;
        modemcf_modulate(c->modem, s, &y);
        c->point_re[s] = crealf(y);
        c->point_im[s] = cimagf(y);
        energy += c->point_re[s] * c->point_re[s] + c->point_im[s] * c->point_im[s];
    }
    c->symbol_energy = energy / c->points;
    return c;
#else
    snprintf(why, why_size, "%s needs liquid-dsp; this ldpc was built without it",
             modulation_names[modulation]);
    free(c);
    return NULL;
#endif
}

void sim_channel_destroy(sim_channel *c)
{
    if (c == NULL)
        return;
#if defined(LDPC_WITH_LIQUID)
    if (c->modem != NULL)
        modemcf_destroy(c->modem);
#endif
    free(c->soft_bits);
    free(c);
}

static void bpsk_run(tool_rng *rng, const uint8_t *codeword, uint32_t n, double noise_variance,
                     float *llr)
{
    double sigma = sqrt(noise_variance / 2.0), gain = 4.0 / noise_variance; /* 2y/sigma^2 */
    for (uint32_t i = 0; i < n; i++) {
        double y = (codeword[i] ? -1.0 : 1.0) + sigma * tool_rng_gaussian(rng);
        llr[i] = (float)(gain * y);
    }
}

#if defined(LDPC_WITH_LIQUID)
/* Per bit j of the label: ln sum_{s: bit 0} exp(-|y-s|^2/N0) - ln sum_{s: bit 1} ... */
static void symbol_llr(const sim_channel *c, double y_re, double y_im, double noise_variance,
                       float *out, unsigned out_count)
{
    double metric[MAX_CONSTELLATION];
    for (unsigned s = 0; s < c->points; s++) {
        double dr = y_re - c->point_re[s], di = y_im - c->point_im[s];
        metric[s] = -(dr * dr + di * di) / noise_variance;
    }
    for (unsigned j = 0; j < out_count; j++) {
        unsigned shift = c->bits_per_symbol - 1 - j;
        double best[2] = {-INFINITY, -INFINITY};
        for (unsigned s = 0; s < c->points; s++) {
            unsigned bit = (s >> shift) & 1u;
            if (metric[s] > best[bit])
                best[bit] = metric[s];
        }
        if (c->demod == DEMOD_MAXLOG) {
            out[j] = (float)(best[0] - best[1]);
            continue;
        }
        double sum[2] = {0.0, 0.0};
        for (unsigned s = 0; s < c->points; s++) {
            unsigned bit = (s >> shift) & 1u;
            sum[bit] += exp(metric[s] - best[bit]);
        }
        out[j] = (float)((best[0] + log(sum[0])) - (best[1] + log(sum[1])));
    }
}
#endif

void sim_channel_run(sim_channel *c, tool_rng *rng, const uint8_t *codeword, double esn0_db,
                     float *llr)
{
    double noise_variance = c->symbol_energy / pow(10.0, esn0_db / 10.0); /* N0 */
    if (c->modulation == MODULATION_BPSK) {
        bpsk_run(rng, codeword, c->n, noise_variance, llr);
        return;
    }
#if defined(LDPC_WITH_LIQUID)
    double sigma = sqrt(noise_variance / 2.0);
    unsigned bps = c->bits_per_symbol;
    for (uint32_t first = 0; first < c->n; first += bps) {
        unsigned count = c->n - first < bps ? c->n - first : bps;
        unsigned label = 0;
        for (unsigned j = 0; j < bps; j++)
            label = (label << 1) | (j < count ? codeword[first + j] : 0u);
        float complex x;
        modemcf_modulate(c->modem, label, &x);
        double y_re = crealf(x) + sigma * tool_rng_gaussian(rng);
        double y_im = cimagf(x) + sigma * tool_rng_gaussian(rng);
        if (c->demod == DEMOD_LIQUID) {
            unsigned char soft[8];
            unsigned hard;
            modemcf_demodulate_soft(c->modem, (float)y_re + (float)y_im * _Complex_I, &hard,
                                    soft);
            memcpy(c->soft_bits + first, soft, count); /* MSB first, like the label */
        } else {
            symbol_llr(c, y_re, y_im, noise_variance, llr + first, count);
        }
    }
    if (c->demod == DEMOD_LIQUID) {
        ldpc_soft_input input = ldpc_soft_input_default(LDPC_SOFT_LIQUID);
        ldpc_soft_to_llr(&input, c->soft_bits, c->n, llr, NULL); /* cannot fail: bytes */
    }
#else
    (void)rng;
    (void)codeword;
    (void)llr;
#endif
}
