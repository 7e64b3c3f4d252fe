/* MacKay alist files -> generic code. What is accepted (docs/CODES.md):
 * line-oriented sections `n m`, `max_col_degree max_row_degree`, n column
 * degrees, m row degrees, n column lines, m row lines (1-based indices, 0 as
 * padding after the listed ones); '#' starts a comment; blank lines and extra
 * whitespace (CR included) are ignored; after the last row line only
 * "punctured" and "shortened" lines (columns a frame does not send), blank
 * and comment lines may follow. Both views must describe the same H. Every
 * error names PATH:LINE. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "code/code_internal.h"
#include "util/error_internal.h"

typedef struct {
    const char *path;
    FILE *file;
    char *line; /* current content line, comment cut off */
    size_t capacity;
    uint32_t line_number;
    ldpc_error *err;
} alist_reader;

/* Everything read so far; released by release_alist. */
typedef struct {
    uint32_t n, m, max_col_degree, max_row_degree, max_line;
    uint64_t edges;
    uint32_t *col_degree, *row_degree;
    uint32_t *col_line;                  /* line of each column's index list */
    uint32_t *col_offsets, *col_rows;    /* the column view */
    uint32_t *check_offsets, *check_var; /* the same ones, check-major */
    uint32_t *stamp;                     /* max(n, m): duplicate detection */
    uint32_t *values;                    /* one line's numbers */
    uint8_t *unsent;                     /* n marks (UNSENT_*), NULL if no column is */
} alist_data;

enum { UNSENT_PUNCTURED = 1, UNSENT_SHORTENED = 2 };

static void release_alist(alist_data *d)
{
    free(d->col_degree);
    free(d->row_degree);
    free(d->col_line);
    free(d->col_offsets);
    free(d->col_rows);
    free(d->check_offsets);
    free(d->check_var);
    free(d->stamp);
    free(d->values);
    free(d->unsent);
}

static int is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

static ldpc_status parse_error(alist_reader *r, const char *format, ...) LDPC_PRINTF(2, 3);

static ldpc_status parse_error(alist_reader *r, const char *format, ...)
{
    char what[192];
    va_list args;
    va_start(args, format);
    vsnprintf(what, sizeof what, format, args);
    va_end(args);
    /* An empty file has no line 0 to point at. */
    uint32_t line = r->line_number > 0 ? r->line_number : 1;
    return ldpc_fail(r->err, LDPC_ERR_PARSE, "%s:%u: %s", r->path, line, what);
}

/* Next line with content. Returns 0 at the end of the file (line_number is
 * then the last line), 1 with r->line set, or -1 on a read error. */
static int next_content_line(alist_reader *r)
{
    for (;;) {
        if (getline(&r->line, &r->capacity, r->file) < 0)
            return ferror(r->file) ? -1 : 0;
        r->line_number++;
        char *comment = strchr(r->line, '#');
        if (comment != NULL)
            *comment = '\0';
        for (const char *p = r->line; *p != '\0'; p++)
            if (!is_blank(*p))
                return 1;
    }
}

/* The next content line, which must exist; *tokens gets its word count. */
static ldpc_status expect_line(alist_reader *r, const char *what, uint32_t *tokens)
{
    int found = next_content_line(r);
    if (found < 0)
        return ldpc_fail(r->err, LDPC_ERR_IO, "%s:%u: read error: %s", r->path,
                         r->line_number + 1, strerror(errno));
    if (found == 0)
        return parse_error(r, "the file ends before %s", what);
    uint32_t count = 0;
    for (const char *p = r->line;;) {
        while (is_blank(*p))
            p++;
        if (*p == '\0')
            break;
        count++;
        while (*p != '\0' && !is_blank(*p))
            p++;
    }
    *tokens = count;
    return LDPC_OK;
}

/* Parses the current line's `count` words as unsigned 32-bit numbers. */
static ldpc_status parse_numbers(alist_reader *r, const char *what, uint32_t count,
                                 uint32_t *values)
{
    const char *p = r->line;
    for (uint32_t i = 0; i < count; i++) {
        while (is_blank(*p))
            p++;
        const char *start = p;
        uint64_t value = 0;
        while (*p >= '0' && *p <= '9' && value <= UINT32_MAX)
            value = value * 10u + (uint64_t)(*p++ - '0');
        int bad = p == start || (*p != '\0' && !is_blank(*p)) || value > UINT32_MAX;
        while (*p != '\0' && !is_blank(*p))
            p++;
        if (bad)
            return parse_error(r, "%s: \"%.*s\" is not a number from 0 to %u", what,
                               (int)(p - start > 24 ? 24 : p - start), start, UINT32_MAX);
        values[i] = (uint32_t)value;
    }
    return LDPC_OK;
}

/* A line of exactly `count` numbers into values. */
static ldpc_status read_fixed(alist_reader *r, const char *what, uint32_t count, uint32_t *values)
{
    uint32_t tokens;
    ldpc_status status = expect_line(r, what, &tokens);
    if (status != LDPC_OK)
        return status;
    if (tokens != count)
        return parse_error(r, "%s: expected %u numbers, found %u", what, count, tokens);
    return parse_numbers(r, what, count, values);
}

static ldpc_status read_header(alist_reader *r, alist_data *d)
{
    uint32_t pair[2];
    ldpc_status status = read_fixed(r, "the size line \"n m\"", 2, pair);
    if (status != LDPC_OK)
        return status;
    if (pair[0] == 0 || pair[1] == 0)
        return parse_error(r, "H must have columns and rows (n=%u, m=%u)", pair[0], pair[1]);
    d->n = pair[0];
    d->m = pair[1];
    status = read_fixed(r, "the maximum degree line \"max_col_degree max_row_degree\"", 2, pair);
    if (status != LDPC_OK)
        return status;
    if (pair[0] == 0 || pair[1] == 0)
        return parse_error(r, "maximum degrees must be positive (%u, %u)", pair[0], pair[1]);
    d->max_col_degree = pair[0];
    d->max_row_degree = pair[1];
    d->max_line = r->line_number;
    return LDPC_OK;
}

/* A degree list: allocated only once the line is seen to hold `count`
 * numbers, so a lying header cannot make us allocate. */
static ldpc_status read_degrees(alist_reader *r, const alist_data *d, int columns,
                                uint32_t **degrees, uint64_t *sum)
{
    const char *kind = columns ? "column" : "row";
    uint32_t count = columns ? d->n : d->m;
    uint32_t max_degree = columns ? d->max_col_degree : d->max_row_degree;
    uint32_t other_side = columns ? d->m : d->n;
    char what[32];
    snprintf(what, sizeof what, "the %s degrees", kind);
    uint32_t tokens;
    ldpc_status status = expect_line(r, what, &tokens);
    if (status != LDPC_OK)
        return status;
    if (tokens != count)
        return parse_error(r, "%s: expected %u numbers (%s), found %u", what, count,
                           columns ? "n" : "m", tokens);
    *degrees = malloc((size_t)count * sizeof **degrees);
    if (*degrees == NULL)
        return ldpc_fail(r->err, LDPC_ERR_NO_MEMORY, "%s: cannot allocate %u degrees", r->path,
                         count);
    status = parse_numbers(r, what, count, *degrees);
    if (status != LDPC_OK)
        return status;
    *sum = 0;
    for (uint32_t i = 0; i < count; i++) {
        uint32_t degree = (*degrees)[i];
        if (degree == 0)
            return parse_error(r, "%s %u has degree 0", kind, i + 1);
        if (degree > max_degree)
            return parse_error(r, "%s %u has degree %u, more than the maximum %u on line %u", kind,
                               i + 1, degree, max_degree, d->max_line);
        if (degree > other_side)
            return parse_error(r, "%s %u has degree %u, but H has only %u %s", kind, i + 1, degree,
                               other_side, columns ? "rows" : "columns");
        *sum += degree;
    }
    return LDPC_OK;
}

/* One index line: `degree` distinct indices in 1..limit, then only zero
 * padding, at most max(max_degree, degree) numbers. Indices become 0-based. */
static ldpc_status read_index_line(alist_reader *r, alist_data *d, int column, uint32_t index,
                                   uint32_t *out)
{
    const char *kind = column ? "column" : "row";
    const char *other = column ? "row" : "column";
    uint32_t degree = column ? d->col_degree[index] : d->row_degree[index];
    uint32_t max_degree = column ? d->max_col_degree : d->max_row_degree;
    uint32_t limit = column ? d->m : d->n;
    char what[48];
    snprintf(what, sizeof what, "the line of %s %u", kind, index + 1);
    uint32_t tokens;
    ldpc_status status = expect_line(r, what, &tokens);
    if (status != LDPC_OK)
        return status;
    if (tokens > max_degree)
        return parse_error(r, "%s: %u numbers, more than the maximum %s degree %u (line %u)",
                           what, tokens, kind, max_degree, d->max_line);
    status = parse_numbers(r, what, tokens, d->values);
    if (status != LDPC_OK)
        return status;
    uint32_t listed = 0;
    while (listed < tokens && d->values[listed] != 0)
        listed++;
    for (uint32_t i = listed; i < tokens; i++)
        if (d->values[i] != 0)
            return parse_error(r, "%s: index %u after the zero padding", what, d->values[i]);
    if (listed != degree)
        return parse_error(r, "%s: %u %s indices listed, but its degree is %u", what, listed,
                           other, degree);
    for (uint32_t i = 0; i < listed; i++) {
        uint32_t value = d->values[i];
        if (value > limit)
            return parse_error(r, "%s: %s index %u is out of range 1..%u", what, other, value,
                               limit);
        /* stamp[x] == tag: x already seen on this line. */
        uint32_t tag = r->line_number;
        if (d->stamp[value - 1] == tag)
            return parse_error(r, "%s: %s %u is listed twice", what, other, value);
        d->stamp[value - 1] = tag;
        out[i] = value - 1;
    }
    return LDPC_OK;
}

static ldpc_status read_columns(alist_reader *r, alist_data *d)
{
    for (uint32_t c = 0; c < d->n; c++) {
        ldpc_status status = read_index_line(r, d, 1, c, d->col_rows + d->col_offsets[c]);
        if (status != LDPC_OK)
            return status;
        d->col_line[c] = r->line_number;
    }
    /* Check-major copy: columns come in ascending order, so each check's
     * variables come out ascending. */
    for (uint32_t c = 0; c < d->n; c++)
        for (uint32_t i = d->col_offsets[c]; i < d->col_offsets[c + 1]; i++)
            d->check_offsets[d->col_rows[i] + 1]++;
    for (uint32_t row = 0; row < d->m; row++)
        d->check_offsets[row + 1] += d->check_offsets[row];
    for (uint32_t c = 0; c < d->n; c++)
        for (uint32_t i = d->col_offsets[c]; i < d->col_offsets[c + 1]; i++)
            d->check_var[d->check_offsets[d->col_rows[i]]++] = c;
    for (uint32_t row = d->m; row > 0; row--)
        d->check_offsets[row] = d->check_offsets[row - 1];
    d->check_offsets[0] = 0;
    return LDPC_OK;
}

static int check_lists(const alist_data *d, uint32_t row, uint32_t column)
{
    uint32_t lo = d->check_offsets[row], hi = d->check_offsets[row + 1];
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (d->check_var[mid] == column)
            return 1;
        if (d->check_var[mid] < column)
            lo = mid + 1;
        else
            hi = mid;
    }
    return 0;
}

/* Each row line must list exactly the columns whose lines list that row. */
static ldpc_status read_rows(alist_reader *r, alist_data *d)
{
    uint32_t *listed = malloc(((size_t)d->max_row_degree + 1) * sizeof *listed);
    if (listed == NULL)
        return ldpc_fail(r->err, LDPC_ERR_NO_MEMORY, "%s: cannot allocate a row", r->path);
    ldpc_status status = LDPC_OK;
    for (uint32_t row = 0; row < d->m && status == LDPC_OK; row++) {
        status = read_index_line(r, d, 0, row, listed);
        if (status != LDPC_OK)
            break;
        for (uint32_t i = 0; i < d->row_degree[row] && status == LDPC_OK; i++)
            if (!check_lists(d, row, listed[i]))
                status = parse_error(r,
                                     "row %u lists column %u, but the line of column %u "
                                     "(line %u) does not list row %u",
                                     row + 1, listed[i] + 1, listed[i] + 1,
                                     d->col_line[listed[i]], row + 1);
        /* All listed columns are in the column view; a missing one remains. */
        for (uint32_t e = d->check_offsets[row]; e < d->check_offsets[row + 1] && status == LDPC_OK;
             e++)
            if (d->stamp[d->check_var[e]] != r->line_number) {
                uint32_t c = d->check_var[e];
                status = parse_error(r,
                                     "row %u does not list column %u, but the line of column %u "
                                     "(line %u) lists row %u",
                                     row + 1, c + 1, c + 1, d->col_line[c], row + 1);
            }
    }
    free(listed);
    return status;
}

static ldpc_status allocate_views(alist_reader *r, alist_data *d)
{
    size_t stamps = d->n > d->m ? d->n : d->m;
    size_t max_line = d->max_col_degree > d->max_row_degree ? d->max_col_degree
                                                              : d->max_row_degree;
    d->col_line = malloc((size_t)d->n * sizeof *d->col_line);
    d->col_offsets = malloc(((size_t)d->n + 1) * sizeof *d->col_offsets);
    d->col_rows = malloc((size_t)d->edges * sizeof *d->col_rows);
    d->check_offsets = calloc((size_t)d->m + 1, sizeof *d->check_offsets);
    d->check_var = malloc((size_t)d->edges * sizeof *d->check_var);
    d->stamp = calloc(stamps, sizeof *d->stamp);
    d->values = malloc(max_line * sizeof *d->values);
    if (!d->col_line || !d->col_offsets || !d->col_rows || !d->check_offsets || !d->check_var ||
        !d->stamp || !d->values)
        return ldpc_fail(r->err, LDPC_ERR_NO_MEMORY, "%s: cannot allocate %llu edges", r->path,
                         (unsigned long long)d->edges);
    d->col_offsets[0] = 0;
    for (uint32_t c = 0; c < d->n; c++)
        d->col_offsets[c + 1] = d->col_offsets[c] + d->col_degree[c];
    return LDPC_OK;
}

/* One number of a "punctured"/"shortened" line at *p: a 1-based column. */
static ldpc_status read_column(alist_reader *r, const alist_data *d, const char **p,
                               uint32_t *column)
{
    uint64_t value = 0;
    const char *start = *p;
    while (**p >= '0' && **p <= '9' && value <= d->n)
        value = value * 10u + (uint64_t)(*(*p)++ - '0');
    if (*p == start || value < 1 || value > d->n)
        return parse_error(r, "\"%.*s\" is not a column from 1 to %u", 12, start, d->n);
    *column = (uint32_t)value;
    return LDPC_OK;
}

/* "punctured" or "shortened", then 1-based columns or ranges A-B. */
static ldpc_status read_unsent_line(alist_reader *r, alist_data *d, uint32_t last_row_line)
{
    const char *p = r->line;
    while (is_blank(*p))
        p++;
    uint8_t mark = strncmp(p, "punctured", 9) == 0   ? UNSENT_PUNCTURED
                   : strncmp(p, "shortened", 9) == 0 ? UNSENT_SHORTENED
                                                     : 0;
    if (mark == 0 || !is_blank(p[9]))
        return parse_error(r, "unexpected content after the last row line (line %u): only "
                              "\"punctured\" and \"shortened\" lines may follow",
                           last_row_line);
    if (d->unsent == NULL && (d->unsent = calloc(d->n, 1)) == NULL)
        return ldpc_fail(r->err, LDPC_ERR_NO_MEMORY, "%s: out of memory", r->path);
    p += 9;
    for (;;) {
        while (is_blank(*p))
            p++;
        if (*p == '\0')
            return LDPC_OK;
        uint32_t first = 0, last;
        ldpc_status status = read_column(r, d, &p, &first);
        last = first;
        if (status == LDPC_OK && *p == '-') {
            p++;
            status = read_column(r, d, &p, &last);
        }
        if (status == LDPC_OK && (last < first || (*p != '\0' && !is_blank(*p))))
            status = parse_error(r, "a column range is A-B with A <= B, columns 1 to %u", d->n);
        for (uint32_t c = first; status == LDPC_OK && c <= last; c++) {
            if (d->unsent[c - 1] != 0)
                status = parse_error(r, "column %u is declared punctured or shortened twice", c);
            d->unsent[c - 1] = mark;
        }
        if (status != LDPC_OK)
            return status;
    }
}

/* The transmission the unsent marks describe: every other column once, in
 * order; the shortened ones known. */
static ldpc_status apply_unsent(const alist_data *d, ldpc_code *code, ldpc_error *err)
{
    uint32_t *sent = malloc((size_t)d->n * sizeof(uint32_t));
    uint32_t *shortened = malloc((size_t)d->n * sizeof(uint32_t));
    uint32_t sent_count = 0, shortened_count = 0;
    ldpc_status status = LDPC_OK;
    if (sent == NULL || shortened == NULL)
        status = ldpc_fail(err, LDPC_ERR_NO_MEMORY, "%s: out of memory", code->name);
    for (uint32_t c = 0; status == LDPC_OK && c < d->n; c++) {
        if (d->unsent[c] == 0)
            sent[sent_count++] = c;
        else if (d->unsent[c] == UNSENT_SHORTENED)
            shortened[shortened_count++] = c;
    }
    if (status == LDPC_OK)
        status = code_set_transmission(code, sent, sent_count, shortened, shortened_count, err);
    free(sent);
    free(shortened);
    return status;
}

static ldpc_status read_alist(alist_reader *r, alist_data *d, long file_bytes)
{
    ldpc_status status = read_header(r, d);
    uint64_t col_sum = 0, row_sum = 0;
    if (status == LDPC_OK)
        status = read_degrees(r, d, 1, &d->col_degree, &col_sum);
    if (status != LDPC_OK)
        return status;
    uint32_t col_degree_line = r->line_number;
    status = read_degrees(r, d, 0, &d->row_degree, &row_sum);
    if (status != LDPC_OK)
        return status;
    if (row_sum != col_sum)
        return parse_error(r, "the row degrees add up to %llu ones, the column degrees (line %u) "
                              "to %llu",
                           (unsigned long long)row_sum, col_degree_line,
                           (unsigned long long)col_sum);
    /* Every one is written at least twice (both views) with a separator:
     * more ones than bytes means the degrees are wrong or the file is cut. */
    if (col_sum > UINT32_MAX || (file_bytes >= 0 && col_sum > (uint64_t)file_bytes))
        return parse_error(r, "the degrees add up to %llu ones, more than this file can list",
                           (unsigned long long)col_sum);
    d->edges = col_sum;
    status = allocate_views(r, d);
    if (status == LDPC_OK)
        status = read_columns(r, d);
    if (status == LDPC_OK)
        status = read_rows(r, d);
    if (status != LDPC_OK)
        return status;
    uint32_t last_row_line = r->line_number;
    for (;;) {
        int more = next_content_line(r);
        if (more < 0)
            return ldpc_fail(r->err, LDPC_ERR_IO, "%s:%u: read error: %s", r->path,
                             r->line_number + 1, strerror(errno));
        if (more == 0)
            return LDPC_OK;
        status = read_unsent_line(r, d, last_row_line);
        if (status != LDPC_OK)
            return status;
    }
}

ldpc_status ldpc_code_load_alist(const char *path, ldpc_code **out, ldpc_error *err)
{
    *out = NULL;
    if (path == NULL || path[0] == '\0')
        return ldpc_fail(err, LDPC_ERR_INVALID, "no alist path given");
    alist_reader r = {.path = path, .err = err};
    r.file = fopen(path, "r");
    if (r.file == NULL)
        return ldpc_fail(err, LDPC_ERR_IO, "%s: cannot open: %s", path, strerror(errno));
    long file_bytes = -1;
    if (fseek(r.file, 0, SEEK_END) == 0) {
        file_bytes = ftell(r.file);
        rewind(r.file);
    }
    alist_data d;
    memset(&d, 0, sizeof d);
    ldpc_status status = read_alist(&r, &d, file_bytes);
    free(r.line);
    fclose(r.file);
    if (status == LDPC_OK) {
        char name[LDPC_CODE_NAME_SIZE];
        snprintf(name, sizeof name, "alist:%s", path);
        status = generic_code_create(name, d.n, d.m, d.check_offsets, d.check_var, 0, out, err);
        if (status == LDPC_OK && d.unsent != NULL) {
            status = apply_unsent(&d, *out, err);
            if (status != LDPC_OK) {
                ldpc_code_destroy(*out);
                *out = NULL;
            }
        }
    }
    release_alist(&d);
    return status;
}

/* A "punctured"/"shortened" line: ascending 0-based columns as 1-based
 * ranges; nothing when there are none. */
static void write_columns(FILE *f, const char *what, const uint32_t *columns, uint32_t count)
{
    if (count == 0)
        return;
    fputs(what, f);
    for (uint32_t i = 0; i < count; i++) {
        uint32_t last = i;
        while (last + 1 < count && columns[last + 1] == columns[last] + 1)
            last++;
        if (last > i)
            fprintf(f, " %u-%u", columns[i] + 1, columns[last] + 1);
        else
            fprintf(f, " %u", columns[i] + 1);
        i = last;
    }
    fputc('\n', f);
}

ldpc_status ldpc_code_write_alist(const ldpc_code *code, FILE *f, ldpc_error *err)
{
    if (code == NULL || f == NULL)
        return ldpc_fail(err, LDPC_ERR_INVALID, "no code or no file to write its alist to");
    if (!ldpc_code_has_graph(code))
        return ldpc_fail(err, LDPC_ERR_INVALID,
                         "%s: a compact code has no parity-check matrix to write", code->name);
    fprintf(f, "%u %u\n%u %u\n", code->n, code->m, code->max_var_degree, code->max_check_degree);
    for (uint32_t v = 0; v < code->n; v++)
        fprintf(f, "%u%c", code->var_offsets[v + 1] - code->var_offsets[v],
                v + 1 < code->n ? ' ' : '\n');
    for (uint32_t c = 0; c < code->m; c++)
        fprintf(f, "%u%c", code->check_offsets[c + 1] - code->check_offsets[c],
                c + 1 < code->m ? ' ' : '\n');
    for (uint32_t v = 0; v < code->n; v++)
        for (uint32_t e = code->var_offsets[v]; e < code->var_offsets[v + 1]; e++)
            fprintf(f, "%u%c", code->edge_check[code->var_edges[e]] + 1,
                    e + 1 < code->var_offsets[v + 1] ? ' ' : '\n');
    for (uint32_t c = 0; c < code->m; c++)
        for (uint32_t e = code->check_offsets[c]; e < code->check_offsets[c + 1]; e++)
            fprintf(f, "%u%c", code->check_var[e] + 1, e + 1 < code->check_offsets[c + 1] ? ' ' : '\n');
    write_columns(f, "punctured", code->punctured_vars, code->punctured_count);
    write_columns(f, "shortened", code->shortened_vars, code->shortened_count);
    if (ferror(f))
        return ldpc_fail(err, LDPC_ERR_IO, "%s: writing its alist failed", code->name);
    return LDPC_OK;
}
