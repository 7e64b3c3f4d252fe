#include "sim_report.h"

#include <math.h>
#include <string.h>

#include "tool_common.h"

#define Z_95 1.959963984540054 /* the standard normal's 97.5% quantile */
#define BAR_WIDTH 24

void sim_fer_interval(uint64_t errors, uint64_t trials, double *low, double *high)
{
    if (trials == 0) {
        *low = 0.0;
        *high = 1.0;
        return;
    }
    double n = (double)trials, p = (double)errors / n, z2 = Z_95 * Z_95;
    double centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    double half = Z_95 * sqrt(p * (1.0 - p) / n + z2 / (4.0 * n * n)) / (1.0 + z2 / n);
    *low = errors == 0 ? 0.0 : fmax(0.0, centre - half);
    *high = errors == trials ? 1.0 : fmin(1.0, centre + half);
}

sim_point_rates sim_report_rates(const sim_point_report *r)
{
    const sim_tally *t = r->tally;
    sim_point_rates rates = {0};
    if (t->frames > 0) {
        double frames = (double)t->frames;
        rates.ber = (double)t->bit_errors / (frames * r->k_bits);
        rates.ser = (double)t->symbol_errors / (frames * r->k_symbols);
        rates.fer = (double)t->frame_errors / frames;
        rates.iterations = (double)t->iterations / frames;
    }
    sim_fer_interval(t->frame_errors, t->frames, &rates.fer_low, &rates.fer_high);
    return rates;
}

void sim_report_table_header(FILE *out)
{
    fprintf(out, "%-28s %7s %7s %9s %8s %10s %10s %10s %7s %8s %9s %10s %20s\n", "# decoder",
            "Eb/N0", "Es/N0", "frames", "frm_err", "bit_err", "BER", "FER", "avg_it", "time_s",
            "frames/s", "SER", "FER 95% interval");
}

void sim_report_table_row(FILE *out, const sim_point_report *r)
{
    const sim_tally *t = r->tally;
    sim_point_rates x = sim_report_rates(r);
    fprintf(out,
            "%-28s %7.3f %7.3f %9llu %8llu %10llu %10.3e %10.3e %7.2f %8.2f %9.1f %10.3e "
            "%9.3e..%9.3e\n",
            r->decoder, r->ebn0_db, r->esn0_db, (unsigned long long)t->frames,
            (unsigned long long)t->frame_errors, (unsigned long long)t->bit_errors, x.ber, x.fer,
            x.iterations, r->seconds, r->seconds > 0 ? (double)t->frames / r->seconds : 0.0,
            x.ser, x.fer_low, x.fer_high);
    fflush(out);
}

static void put_json_string(FILE *out, const char *text)
{
    fputc('"', out);
    for (; *text; text++) {
        unsigned char c = (unsigned char)*text;
        if (c == '"' || c == '\\')
            fprintf(out, "\\%c", c);
        else if (c < 0x20)
            fprintf(out, "\\u%04x", c);
        else
            fputc(c, out);
    }
    fputc('"', out);
}

void sim_report_json(FILE *out, const sim_point_report *r)
{
    const sim_tally *t = r->tally;
    sim_point_rates x = sim_report_rates(r);
    fputs("{\"decoder\":", out);
    put_json_string(out, r->decoder);
    fputs(",\"backend\":", out);
    put_json_string(out, r->backend);
    fputs(",\"code\":", out);
    put_json_string(out, r->code);
    fputs(",\"modulation\":", out);
    put_json_string(out, r->modulation);
    fprintf(out,
            ",\"ebn0_db\":%.4f,\"esn0_db\":%.4f,\"frames\":%llu,\"frame_errors\":%llu,"
            "\"bit_errors\":%llu,\"symbol_errors\":%llu,\"ber\":%.6e,\"fer\":%.6e,\"ser\":%.6e,"
            "\"fer_low\":%.6e,\"fer_high\":%.6e,\"average_iterations\":%.3f,\"seconds\":%.3f}\n",
            r->ebn0_db, r->esn0_db, (unsigned long long)t->frames,
            (unsigned long long)t->frame_errors, (unsigned long long)t->bit_errors,
            (unsigned long long)t->symbol_errors, x.ber, x.fer, x.ser, x.fer_low, x.fer_high,
            x.iterations, r->seconds);
    fflush(out);
}

static void put_csv_field(FILE *out, const char *text)
{
    if (strpbrk(text, ",\"\n") == NULL) {
        fputs(text, out);
        return;
    }
    fputc('"', out);
    for (; *text; text++) {
        if (*text == '"')
            fputc('"', out);
        fputc(*text, out);
    }
    fputc('"', out);
}

void sim_report_csv_header(FILE *csv)
{
    fputs("decoder,code,modulation,ebn0_db,esn0_db,frames,frame_errors,bit_errors,ber,fer,"
          "avg_iterations,ser,fer_low,fer_high\n",
          csv);
}

void sim_report_csv_row(FILE *csv, const sim_point_report *r)
{
    const sim_tally *t = r->tally;
    sim_point_rates x = sim_report_rates(r);
    put_csv_field(csv, r->decoder);
    fputc(',', csv);
    put_csv_field(csv, r->code);
    fprintf(csv, ",%s,%.4f,%.4f,%llu,%llu,%llu,%.6e,%.6e,%.3f,%.6e,%.6e,%.6e\n", r->modulation,
            r->ebn0_db, r->esn0_db, (unsigned long long)t->frames,
            (unsigned long long)t->frame_errors, (unsigned long long)t->bit_errors, x.ber, x.fer,
            x.iterations, x.ser, x.fer_low, x.fer_high);
    fflush(csv);
}

void sim_report_progress(const sim_tally *t, void *argument)
{
    const sim_progress *p = argument;
    double by_frames = (double)t->frames / (double)p->max_frames;
    double by_errors = (double)t->frame_errors / (double)p->max_errors;
    double done = fmin(1.0, fmax(by_frames, by_errors));
    double elapsed = tool_now_seconds() - p->started;
    char bar[BAR_WIDTH + 1];
    int filled = (int)(done * BAR_WIDTH);
    for (int i = 0; i < BAR_WIDTH; i++)
        bar[i] = i < filled ? '#' : '.';
    bar[BAR_WIDTH] = '\0';
    fprintf(stderr, "\r\033[K%s Eb/N0 %.2f dB (point %zu/%zu) [%s] %3.0f%%", p->decoder,
            p->ebn0_db, p->point, p->points, bar, 100.0 * done);
    if (done > 0.0)
        fprintf(stderr, ", %.0f s left", elapsed * (1.0 - done) / done);
    fprintf(stderr, ": %llu frames, %llu frame errors", (unsigned long long)t->frames,
            (unsigned long long)t->frame_errors);
}
