/* What ldpc sim says of each point: a row of the table (or a JSON line with
 * --json) on stdout, a CSV row, the progress bar on a terminal, and the 95%
 * interval of a point's frame error rate. */
#ifndef LDPC_TOOL_SIM_REPORT_H
#define LDPC_TOOL_SIM_REPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "sim_run.h"

/* Wilson's 95% score interval of `errors` in `trials` independent frames:
 * with no error it still bounds the rate from above (about 3.8 / trials). */
void sim_fer_interval(uint64_t errors, uint64_t trials, double *low, double *high);

typedef struct {
    const char *decoder, *backend, *code, *modulation;
    double ebn0_db, esn0_db, seconds;
    uint32_t k_bits, k_symbols; /* information bits and symbols per frame */
    const sim_tally *tally;
} sim_point_report;

/* A point's rates (0 without frames) and its FER's 95% interval. */
typedef struct {
    double ber, fer, ser, iterations, fer_low, fer_high;
} sim_point_rates;

sim_point_rates sim_report_rates(const sim_point_report *r);

void sim_report_table_header(FILE *out);
void sim_report_table_row(FILE *out, const sim_point_report *r);
void sim_report_json(FILE *out, const sim_point_report *r);
void sim_report_csv_header(FILE *csv);
void sim_report_csv_row(FILE *csv, const sim_point_report *r);

/* The progress of one point, for the line that sim_report_progress redraws
 * on stderr (a sim_progress_fn): a bar, the share of the point's stopping
 * rule reached (frame errors or frames, whichever is nearer) and the time
 * that share predicts for the rest. */
typedef struct {
    const char *decoder;
    double ebn0_db;
    size_t point, points; /* this point's number from 1, of the decoder's points */
    uint64_t max_frames, max_errors;
    double started; /* tool_now_seconds() at the point's start */
} sim_progress;

void sim_report_progress(const sim_tally *so_far, void *progress);

#endif
