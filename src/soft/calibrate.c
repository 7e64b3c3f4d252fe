#include "soft/calibrate.h"

#include <math.h>
#include <pthread.h>

/* The range of mu (the mean of the true LLRs): 0.25 is BPSK at Es/N0
 * -12 dB, below every code's threshold; 64 is 12 dB, where every frame
 * decodes and the 8-bit quantiser saturates anyway. Tables over mu step by
 * 1/16 octave (linear interpolation in log mu keeps within 0.1%). */
#define MU_MIN 0.25
#define MU_STEPS_PER_OCTAVE 16
#define MU_POINTS (8 * MU_STEPS_PER_OCTAVE + 1)

/* A frame with at least CLIPPED_MIN of its values at the clip is read as
 * clipped: its moments no longer follow the Gaussian (liquid-dsp's QPSK
 * soft bits at Es/N0 1.3 dB: 53% at 0 or 255, the rest near uniform). The
 * clipped share is tabled in steps of CLIPPED_STEP up to CLIPPED_MAX. */
#define CLIPPED_MIN 0.01
#define CLIPPED_STEP 0.01
#define CLIPPED_POINTS 99
#define CLIPPED_MAX (CLIPPED_MIN + (CLIPPED_POINTS - 1) * CLIPPED_STEP)

/* Higher-order modulations give each bit of a symbol its own reliability:
 * a mixture of Gaussians whose spread the model reads as noise (a moment
 * ratio below the model's, 0.48 for exact 32APSK LLRs at Es/N0 16 dB), which
 * would shrink the frame to erasures. No frame is brought below the mean
 * |LLR| of the model at mu = 1 (Es/N0 -6 dB). */
#define FLOOR_MEAN_ABS 1.3993 /* E|L| for L ~ N(1, 2) */

#define SQRT_PI 1.7724538509055160
#define SQRT_HALF 0.70710678118654752

static double mu_at(double point)
{
    return MU_MIN * exp2(point / MU_STEPS_PER_OCTAVE);
}

static double normal_cdf(double z)
{
    return 0.5 * erfc(-z * SQRT_HALF);
}

static double normal_pdf(double z)
{
    return exp(-0.5 * z * z) * (SQRT_HALF / SQRT_PI);
}

/* (E|L|)^2 / E[L^2]: rises from 2/pi (mu -> 0) to 1. */
static double moment_ratio(double mu)
{
    double folded = sqrt(4.0 * mu) / SQRT_PI * exp(-mu / 4.0) + mu * erf(sqrt(mu) / 2.0);
    return folded * folded / (mu * mu + 2.0 * mu);
}

/* P(|L| > c). */
static double folded_tail(double c, double mu, double sigma)
{
    return normal_cdf((mu - c) / sigma) + normal_cdf((-mu - c) / sigma);
}

/* E[|L| ; |L| < c]: the two halves of the folded density, each
 * integral of x N(x; m, sigma^2) over [0, c]. */
static double folded_partial_mean(double c, double mu, double sigma)
{
    double sum = 0.0;
    for (int side = 0; side < 2; side++) {
        double m = side ? -mu : mu;
        sum += m * (normal_cdf((c - m) / sigma) - normal_cdf(-m / sigma)) +
               sigma * (normal_pdf(m / sigma) - normal_pdf((c - m) / sigma));
    }
    return sum;
}

/* Per mu: the moment ratio; per (clipped share p, mu): the clip level c in
 * LLR units with P(|L| >= c) = p, and the mean of the unclipped |L| as a
 * fraction of c, which rises with mu for every p. */
static double ratio_table[MU_POINTS];
static double clip_table[CLIPPED_POINTS][MU_POINTS];
static double share_table[CLIPPED_POINTS][MU_POINTS];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static void fill_tables(void)
{
    for (int j = 0; j < MU_POINTS; j++) {
        double mu = mu_at(j), sigma = sqrt(2.0 * mu);
        ratio_table[j] = moment_ratio(mu);
        for (int i = 0; i < CLIPPED_POINTS; i++) {
            double p = CLIPPED_MIN + i * CLIPPED_STEP, low = 0.0, high = mu + 12.0 * sigma;
            for (int step = 0; step < 48; step++) {
                double middle = 0.5 * (low + high);
                if (folded_tail(middle, mu, sigma) > p)
                    low = middle;
                else
                    high = middle;
            }
            double c = 0.5 * (low + high);
            clip_table[i][j] = c;
            share_table[i][j] = folded_partial_mean(c, mu, sigma) / ((1.0 - p) * c);
        }
    }
}

/* The fractional table point (0 .. MU_POINTS-1) at which the increasing
 * row(point) reaches `value`, clamped to the ends. */
static double point_where(double value, const double *row_a, const double *row_b, double weight)
{
#define ROW(j) ((1.0 - weight) * row_a[j] + weight * row_b[j])
    if (!(value > ROW(0)))
        return 0.0;
    if (value >= ROW(MU_POINTS - 1))
        return MU_POINTS - 1;
    int low = 0, high = MU_POINTS - 1; /* ROW(low) < value <= ROW(high) */
    while (high - low > 1) {
        int middle = (low + high) / 2;
        if (ROW(middle) < value)
            low = middle;
        else
            high = middle;
    }
    return low + (value - ROW(low)) / (ROW(high) - ROW(low));
#undef ROW
}

static double at_point(const double *row, double point)
{
    int j = (int)point;
    if (j >= MU_POINTS - 1)
        return row[MU_POINTS - 1];
    return row[j] + (point - j) * (row[j + 1] - row[j]);
}

/* Unclipped: mu from the moment ratio, then a from E[y^2] = a^2 (mu^2 + 2 mu). */
static double gaussian_factor(const soft_moments *m)
{
    double mean_abs = m->sum_abs / (double)m->count;
    double mean_square = m->sum_square / (double)m->count;
    double mu = mu_at(point_where(mean_abs * mean_abs / mean_square, ratio_table, ratio_table, 0));
    return sqrt((mu * mu + 2.0 * mu) / mean_square);
}

/* Clipped: mu from the unclipped values' mean relative to the clip, at the
 * frame's clipped share; then a = C / c. */
static double clipped_factor(const soft_moments *m)
{
    double p = (double)m->clipped / (double)m->count;
    if (p > CLIPPED_MAX)
        p = CLIPPED_MAX;
    double row = (p - CLIPPED_MIN) / CLIPPED_STEP;
    int i = (int)row;
    if (i >= CLIPPED_POINTS - 1)
        i = CLIPPED_POINTS - 2;
    double weight = row - i;
    size_t unclipped = m->count - m->clipped;
    double share = unclipped > 0 ? m->unclipped_sum_abs / ((double)unclipped * m->clip) : 1.0;
    double point = point_where(share, share_table[i], share_table[i + 1], weight);
    double c = (1.0 - weight) * at_point(clip_table[i], point) +
               weight * at_point(clip_table[i + 1], point);
    return c / m->clip;
}

double soft_calibration_factor(const soft_moments *m)
{
    if (!(m->sum_abs > 0.0) || m->count == 0)
        return 1.0; /* all erasures: nothing to calibrate against */
    pthread_once(&tables_once, fill_tables);
    double share = (double)m->clipped / (double)m->count;
    double factor = share >= CLIPPED_MIN ? clipped_factor(m) : gaussian_factor(m);
    double floor_factor = FLOOR_MEAN_ABS * (double)m->count / m->sum_abs;
    return factor > floor_factor ? factor : floor_factor;
}
