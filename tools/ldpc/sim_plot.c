#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sim_plot.h"

int sim_plot_available(void)
{
    const char *path = getenv("PATH");
    if (path == NULL)
        return 0;
    char candidate[4096];
    while (*path != '\0') {
        size_t length = strcspn(path, ":");
        if (length > 0 && length + sizeof "/gnuplot" < sizeof candidate) {
            memcpy(candidate, path, length);
            memcpy(candidate + length, "/gnuplot", sizeof "/gnuplot");
            if (access(candidate, X_OK) == 0)
                return 1;
        }
        path += length;
        if (*path == ':')
            path++;
    }
    return 0;
}

/* gnuplot single-quoted string: a quote is written twice, nothing else is special. */
static void put_quoted(FILE *out, const char *text)
{
    fputc('\'', out);
    for (; *text; text++) {
        if (*text == '\'')
            fputc('\'', out);
        fputc(*text, out);
    }
    fputc('\'', out);
}

/* Zero rates have no place on a log axis: NaN makes gnuplot skip the point. */
static void put_rate(FILE *out, double rate)
{
    if (rate > 0.0)
        fprintf(out, " %.6e", rate);
    else
        fputs(" NaN", out);
}

/* Explicit ranges: gnuplot refuses to autoscale a log axis with no valid
 * point (a curve without errors) and warns about a one-point x range. */
/* The data columns of each curve: Eb/N0, then these rates. */
typedef enum { COLUMN_BER = 2, COLUMN_FER = 3, COLUMN_SER = 4, COLUMN_BOUND = 5 } rate_column;

static double rate_of(const sim_plot_point *p, rate_column column)
{
    return column == COLUMN_FER ? p->fer : column == COLUMN_SER ? p->ser : p->ber;
}

static int has_error_free_point(const sim_plot_curve *curve)
{
    for (size_t i = 0; i < curve->count; i++)
        if (curve->points[i].no_error_bound > 0.0)
            return 1;
    return 0;
}

static void put_ranges(FILE *out, size_t curve_count, const sim_plot_curve *curves,
                       rate_column column)
{
    double lowest = 1.0, x_min = INFINITY, x_max = -INFINITY;
    for (size_t c = 0; c < curve_count; c++)
        for (size_t i = 0; i < curves[c].count; i++) {
            const sim_plot_point *p = &curves[c].points[i];
            double rate = p->no_error_bound > 0.0 ? p->no_error_bound : rate_of(p, column);
            if (rate > 0.0 && rate < lowest)
                lowest = rate;
            x_min = fmin(x_min, p->snr_db);
            x_max = fmax(x_max, p->snr_db);
        }
    /* half a decade of room below the lowest point or bound */
    double floor_decade = lowest < 1.0 ? pow(10.0, floor(log10(lowest) - 0.5)) : 1e-6;
    fprintf(out, "set yrange [%g:1]\n", floor_decade);
    if (x_min < x_max)
        fprintf(out, "set xrange [%g:%g]\n", x_min, x_max);
    else if (x_min == x_max)
        fprintf(out, "set xrange [%g:%g]\n", x_min - 0.5, x_max + 0.5);
}

static void put_panel(FILE *out, const char *y_label, rate_column column, size_t curve_count,
                      const sim_plot_curve *curves)
{
    put_ranges(out, curve_count, curves, column);
    fputs("set ylabel ", out);
    put_quoted(out, y_label);
    fputs("\nplot ", out);
    for (size_t c = 0; c < curve_count; c++) {
        fprintf(out,
                "%s$curve%zu using 1:%d with linespoints linetype %zu linewidth 2 pointtype %zu "
                "title ",
                c ? ", \\\n     " : "", c, (int)column, c + 1, 4 + 2 * (c % 4));
        put_quoted(out, curves[c].label);
        fputs(" noenhanced", out);
        if (!has_error_free_point(&curves[c]))
            continue;
        /* no error seen: the rate lies below this bound, drawn as an open
         * downward triangle */
        fprintf(out,
                ", \\\n     $curve%zu using 1:%d with points linetype %zu pointtype 10 "
                "pointsize 1.8 title ",
                c, (int)COLUMN_BOUND, c + 1);
        char title[300];
        snprintf(title, sizeof title, "%s: no errors (95%% upper bound)", curves[c].label);
        put_quoted(out, title);
        fputs(" noenhanced", out);
    }
    fputc('\n', out);
}

int sim_plot_png(const char *path, const char *title, const char *x_label,
                 const sim_plot_curve *curves, size_t curve_count, int with_ser, char *why,
                 size_t why_size)
{
    FILE *gnuplot = popen("gnuplot", "w");
    if (gnuplot == NULL) {
        snprintf(why, why_size, "cannot run gnuplot: %s", strerror(errno));
        return -1;
    }
    for (size_t c = 0; c < curve_count; c++) {
        fprintf(gnuplot, "$curve%zu << EOD\n", c);
        for (size_t i = 0; i < curves[c].count; i++) {
            fprintf(gnuplot, "%.4f", curves[c].points[i].snr_db);
            put_rate(gnuplot, curves[c].points[i].ber);
            put_rate(gnuplot, curves[c].points[i].fer);
            put_rate(gnuplot, curves[c].points[i].ser);
            put_rate(gnuplot, curves[c].points[i].no_error_bound);
            fputc('\n', gnuplot);
        }
        fputs("EOD\n", gnuplot);
    }
    fprintf(gnuplot, "set terminal pngcairo size %d,560 enhanced font 'sans,10'\nset output ",
            with_ser ? 1800 : 1280);
    put_quoted(gnuplot, path);
    fprintf(gnuplot, "\nset multiplot layout 1,%d title ", with_ser ? 3 : 2);
    put_quoted(gnuplot, title);
    fputs("\nset logscale y\nset format y '10^{%L}'\nset grid xtics ytics mytics\n"
          "set key bottom left\nset xlabel ",
          gnuplot);
    put_quoted(gnuplot, x_label);
    fputc('\n', gnuplot);
    put_panel(gnuplot, "bit error rate (information bits)", COLUMN_BER, curve_count, curves);
    if (with_ser)
        put_panel(gnuplot, "symbol error rate (information symbols)", COLUMN_SER, curve_count,
                  curves);
    put_panel(gnuplot, "frame error rate", COLUMN_FER, curve_count, curves);
    fputs("unset multiplot\nset output\n", gnuplot);
    int status = pclose(gnuplot);
    if (status == -1 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        snprintf(why, why_size, "gnuplot failed (exit status %d) writing %s",
                 status == -1 || !WIFEXITED(status) ? -1 : WEXITSTATUS(status), path);
        return -1;
    }
    return 0;
}
