/* BER and FER (and SER) curves of ldpc sim as a PNG, drawn by gnuplot. */
#ifndef LDPC_TOOL_SIM_PLOT_H
#define LDPC_TOOL_SIM_PLOT_H

#include <stddef.h>

typedef struct {
    double snr_db; /* x axis: Eb/N0 or Es/N0, whichever was swept */
    double ber, fer, ser;
    /* where the point had no frame error: the FER's 95% upper bound, which
     * bounds BER and SER too (marked on every panel); else 0 */
    double no_error_bound;
} sim_plot_point;

typedef struct {
    const char *label;
    const sim_plot_point *points;
    size_t count;
} sim_plot_curve;

/* 1 if a gnuplot executable is on PATH. */
int sim_plot_available(void);

/* Writes `path` with two panels (BER, FER; log y), or three with with_ser
 * (BER, SER, FER: nonbinary codes, where SER differs from BER), one curve per
 * decoder. Returns 0, or -1 with a message in why. */
int sim_plot_png(const char *path, const char *title, const char *x_label,
                 const sim_plot_curve *curves, size_t curve_count, int with_ser, char *why,
                 size_t why_size);

#endif
