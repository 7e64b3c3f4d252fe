/* Nonbinary alist files in the four public variants (docs/NONBINARY.md and
 * ../shared/codes/README.md section 3.4). All start with "N M q" in symbols:
 *   kn       N M q / max_dv max_dc / N col degrees / M row degrees /
 *            N col lines "check exp" / M row lines "symbol exp"
 *            (1-based, coefficient alpha^exp)
 *   kn-rows  N M q / N col degrees / M row degrees / M row lines "symbol exp"
 *   ubs      N M q / N col degrees / M row degrees / M lines of 0-based
 *            symbols / M lines of coefficients exp+1
 *   davey    as kn, coefficients in polynomial-basis integer form 1..q-1,
 *            "0 0" padding pairs
 * The file is read as lines of integers (blank lines ignored); the format is
 * detected from the shape of the lines unless named. Every error names
 * PATH:LINE. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nb/gf.h"
#include "nb/nb_code_internal.h"
#include "util/error_internal.h"

#define NBALIST_MAX_FILE_BYTES ((size_t)64 << 20)

typedef enum { FORMAT_AUTO, FORMAT_KN, FORMAT_KN_ROWS, FORMAT_UBS, FORMAT_DAVEY } nb_format;

static const struct {
    const char *name;
    nb_format format;
} format_names[] = {
    {"kn", FORMAT_KN}, {"kn-rows", FORMAT_KN_ROWS}, {"ubs", FORMAT_UBS}, {"davey", FORMAT_DAVEY}};

typedef struct {
    uint32_t first, count, number; /* into values; 1-based line number in the file */
} int_line;

typedef struct {
    const char *path;
    long *values;
    int_line *lines;
    uint32_t line_count;
} int_file;

static void int_file_free(int_file *f)
{
    free(f->values);
    free(f->lines);
}

static ldpc_status read_text(const char *path, char **out, size_t *size, ldpc_error *err)
{
    FILE *file = fopen(path, "rb");
    if (file == NULL)
        return ldpc_fail(err, LDPC_ERR_IO, "%s: cannot open: %s", path, strerror(errno));
    char *text = NULL;
    size_t used = 0, capacity = 0;
    ldpc_status status = LDPC_OK;
    for (;;) {
        if (used + 4096 + 1 > capacity) {
            capacity = capacity ? 2 * capacity : 65536;
            char *grown = capacity <= NBALIST_MAX_FILE_BYTES ? realloc(text, capacity) : NULL;
            if (grown == NULL) {
                status = ldpc_fail(err, LDPC_ERR_IO, "%s: larger than %zu bytes or out of memory",
                                   path, NBALIST_MAX_FILE_BYTES);
                break;
            }
            text = grown;
        }
        size_t got = fread(text + used, 1, capacity - used - 1, file);
        used += got;
        if (got == 0) {
            if (ferror(file))
                status = ldpc_fail(err, LDPC_ERR_IO, "%s: read error", path);
            break;
        }
    }
    fclose(file);
    if (status != LDPC_OK) {
        free(text);
        return status;
    }
    text[used] = '\0';
    *out = text;
    *size = used;
    return LDPC_OK;
}

/* Splits the text into non-blank lines of integers. */
static ldpc_status parse_lines(const char *path, char *text, size_t size, int_file *f,
                               ldpc_error *err)
{
    memset(f, 0, sizeof *f);
    f->path = path;
    size_t max_values = size / 2 + 1, max_lines = 1;
    for (size_t i = 0; i < size; i++)
        max_lines += text[i] == '\n';
    f->values = malloc(max_values * sizeof(long));
    f->lines = malloc(max_lines * sizeof(int_line));
    if (f->values == NULL || f->lines == NULL)
        return ldpc_fail(err, LDPC_ERR_NO_MEMORY, "%s: cannot allocate the parse buffers", path);
    uint32_t used = 0, number = 0;
    char *cursor = text;
    while (*cursor != '\0') {
        number++;
        char *end_of_line = strchr(cursor, '\n');
        char *next = end_of_line ? end_of_line + 1 : cursor + strlen(cursor);
        if (end_of_line)
            *end_of_line = '\0';
        int_line line = {.first = used, .count = 0, .number = number};
        for (;;) {
            while (*cursor == ' ' || *cursor == '\t' || *cursor == '\r')
                cursor++;
            if (*cursor == '\0')
                break;
            char *after;
            errno = 0;
            long value = strtol(cursor, &after, 10);
            if (after == cursor || errno != 0 ||
                (*after != '\0' && *after != ' ' && *after != '\t' && *after != '\r'))
                return ldpc_fail(err, LDPC_ERR_PARSE, "%s:%u: expected integers, found '%.20s'",
                                 path, number, cursor);
            f->values[used++] = value;
            line.count++;
            cursor = after;
        }
        if (line.count > 0)
            f->lines[f->line_count++] = line;
        cursor = next;
    }
    return LDPC_OK;
}

/* H as check-major lists while loading. */
typedef struct {
    uint32_t n, m, p, q;
    uint32_t *row_degree, *offsets, *vars;
    uint8_t *coefs;
} loaded_h;

static void loaded_h_free(loaded_h *h)
{
    free(h->row_degree);
    free(h->offsets);
    free(h->vars);
    free(h->coefs);
}

static const long *line_values(const int_file *f, uint32_t index)
{
    return f->values + f->lines[index].first;
}

static ldpc_status expect_line(const int_file *f, uint32_t index, const char *what,
                               ldpc_error *err)
{
    if (index >= f->line_count)
        return ldpc_fail(err, LDPC_ERR_PARSE, "%s: ends before %s", f->path, what);
    return LDPC_OK;
}

static ldpc_status read_header(const int_file *f, loaded_h *h, ldpc_error *err)
{
    ldpc_status status = expect_line(f, 0, "the header 'N M q'", err);
    if (status != LDPC_OK)
        return status;
    const long *v = line_values(f, 0);
    if (f->lines[0].count != 3)
        return ldpc_fail(err, LDPC_ERR_PARSE, "%s:%u: expected 'N M q'", f->path,
                         f->lines[0].number);
    if (v[0] < 1 || v[0] > (1L << 24) || v[1] < 1 || v[1] > (1L << 24))
        return ldpc_fail(err, LDPC_ERR_PARSE, "%s:%u: N = %ld, M = %ld out of range", f->path,
                         f->lines[0].number, v[0], v[1]);
    h->n = (uint32_t)v[0];
    h->m = (uint32_t)v[1];
    for (h->p = 1; h->p <= GF_MAX_BITS && (1L << h->p) != v[2]; h->p++)
        ;
    if (h->p > GF_MAX_BITS)
        return ldpc_fail(err, LDPC_ERR_PARSE, "%s:%u: q = %ld is not a power of two in 2..256",
                         f->path, f->lines[0].number, v[2]);
    h->q = 1u << h->p;
    return LDPC_OK;
}

/* The M row degrees at line `index`; allocates the lists. */
static ldpc_status read_row_degrees(const int_file *f, uint32_t index, loaded_h *h,
                                    ldpc_error *err)
{
    ldpc_status status = expect_line(f, index, "the row degrees", err);
    if (status != LDPC_OK)
        return status;
    if (f->lines[index].count != h->m)
        return ldpc_fail(err, LDPC_ERR_PARSE, "%s:%u: expected %u row degrees, found %u", f->path,
                         f->lines[index].number, h->m, f->lines[index].count);
    const long *v = line_values(f, index);
    h->row_degree = malloc((size_t)h->m * sizeof(uint32_t));
    h->offsets = malloc(((size_t)h->m + 1) * sizeof(uint32_t));
    if (h->row_degree == NULL || h->offsets == NULL)
        return ldpc_fail(err, LDPC_ERR_NO_MEMORY, "%s: cannot allocate the row lists", f->path);
    uint64_t edges = 0;
    for (uint32_t c = 0; c < h->m; c++) {
        if (v[c] < 1 || (int64_t)v[c] > (int64_t)h->n)
            return ldpc_fail(err, LDPC_ERR_PARSE, "%s:%u: row degree %ld of row %u is not in 1..%u",
                             f->path, f->lines[index].number, v[c], c + 1, h->n);
        h->row_degree[c] = (uint32_t)v[c];
        h->offsets[c] = (uint32_t)edges;
        edges += (uint64_t)v[c];
    }
    h->offsets[h->m] = (uint32_t)edges;
    h->vars = malloc((size_t)edges * sizeof(uint32_t) + 1);
    h->coefs = malloc((size_t)edges + 1);
    if (h->vars == NULL || h->coefs == NULL)
        return ldpc_fail(err, LDPC_ERR_NO_MEMORY, "%s: cannot allocate %llu entries", f->path,
                         (unsigned long long)edges);
    return LDPC_OK;
}

/* A file coefficient -> field element, or 0 if invalid for the format. */
static uint8_t coefficient(const gf_field *field, nb_format format, long value)
{
    long order = (long)field->q - 1;
    switch (format) {
    case FORMAT_KN:
    case FORMAT_KN_ROWS:
        return value >= 0 && value < order ? field->exp[value] : 0;
    case FORMAT_UBS:
        return value >= 1 && value <= order ? field->exp[value - 1] : 0;
    default:
        return value >= 1 && value <= order ? (uint8_t)value : 0;
    }
}

/* M row lines from line `first`: "symbol coefficient" pairs, 1-based symbols;
 * Davey's "0 0" padding pairs are skipped. */
static ldpc_status read_row_pairs(const int_file *f, uint32_t first, nb_format format,
                                  loaded_h *h, ldpc_error *err)
{
    const gf_field *field = gf_field_get(h->p);
    for (uint32_t c = 0; c < h->m; c++) {
        ldpc_status status = expect_line(f, first + c, "the last row line", err);
        if (status != LDPC_OK)
            return status;
        const int_line *line = &f->lines[first + c];
        const long *v = line_values(f, first + c);
        if (line->count % 2 != 0)
            return ldpc_fail(err, LDPC_ERR_PARSE, "%s:%u: row %u: odd number of values", f->path,
                             line->number, c + 1);
        uint32_t filled = 0;
        for (uint32_t i = 0; i < line->count; i += 2) {
            if (format == FORMAT_DAVEY && v[i] == 0 && v[i + 1] == 0)
                continue;
            uint8_t h_value = coefficient(field, format, v[i + 1]);
            if (v[i] < 1 || (int64_t)v[i] > (int64_t)h->n || h_value == 0 || filled >= h->row_degree[c])
                return ldpc_fail(err, LDPC_ERR_PARSE,
                                 "%s:%u: row %u: pair '%ld %ld' is out of range or beyond the "
                                 "row degree %u",
                                 f->path, line->number, c + 1, v[i], v[i + 1], h->row_degree[c]);
            h->vars[h->offsets[c] + filled] = (uint32_t)(v[i] - 1);
            h->coefs[h->offsets[c] + filled] = h_value;
            filled++;
        }
        if (filled != h->row_degree[c])
            return ldpc_fail(err, LDPC_ERR_PARSE, "%s:%u: row %u lists %u entries, degree says %u",
                             f->path, line->number, c + 1, filled, h->row_degree[c]);
    }
    return LDPC_OK;
}

/* UBS: M lines of 0-based symbols from `first`, then M lines of exp+1. */
static ldpc_status read_ubs_rows(const int_file *f, uint32_t first, loaded_h *h,
                                 ldpc_error *err)
{
    const gf_field *field = gf_field_get(h->p);
    for (uint32_t c = 0; c < h->m; c++) {
        ldpc_status status = expect_line(f, first + h->m + c, "the last coefficient line", err);
        if (status != LDPC_OK)
            return status;
        const int_line *symbols = &f->lines[first + c], *values = &f->lines[first + h->m + c];
        if (symbols->count != h->row_degree[c] || values->count != h->row_degree[c])
            return ldpc_fail(err, LDPC_ERR_PARSE,
                             "%s:%u: row %u needs %u symbols and %u coefficients (line %u)",
                             f->path, symbols->number, c + 1, h->row_degree[c], h->row_degree[c],
                             values->number);
        const long *s = line_values(f, first + c), *v = line_values(f, first + h->m + c);
        for (uint32_t i = 0; i < h->row_degree[c]; i++) {
            uint8_t h_value = coefficient(field, FORMAT_UBS, v[i]);
            if (s[i] < 0 || (int64_t)s[i] >= (int64_t)h->n || h_value == 0)
                return ldpc_fail(err, LDPC_ERR_PARSE,
                                 "%s:%u: row %u: symbol %ld or coefficient %ld (line %u) is out "
                                 "of range",
                                 f->path, symbols->number, c + 1, s[i], v[i], values->number);
            h->vars[h->offsets[c] + i] = (uint32_t)s[i];
            h->coefs[h->offsets[c] + i] = h_value;
        }
    }
    return LDPC_OK;
}

/* KN and Davey files repeat H column by column: it must agree with the rows. */
static ldpc_status check_columns(const int_file *f, uint32_t first, nb_format format,
                                 const loaded_h *h, ldpc_error *err)
{
    const gf_field *field = gf_field_get(h->p);
    for (uint32_t col = 0; col < h->n; col++) {
        ldpc_status status = expect_line(f, first + col, "the last column line", err);
        if (status != LDPC_OK)
            return status;
        const int_line *line = &f->lines[first + col];
        const long *v = line_values(f, first + col);
        for (uint32_t i = 0; i + 1 < line->count; i += 2) {
            if (format == FORMAT_DAVEY && v[i] == 0 && v[i + 1] == 0)
                continue;
            uint32_t e = UINT32_MAX;
            if (v[i] >= 1 && (int64_t)v[i] <= (int64_t)h->m)
                for (uint32_t j = h->offsets[v[i] - 1]; j < h->offsets[v[i]]; j++)
                    if (h->vars[j] == col)
                        e = j;
            if (e == UINT32_MAX || h->coefs[e] != coefficient(field, format, v[i + 1]))
                return ldpc_fail(err, LDPC_ERR_PARSE,
                                 "%s:%u: column %u: pair '%ld %ld' disagrees with the rows",
                                 f->path, line->number, col + 1, v[i], v[i + 1]);
        }
    }
    return LDPC_OK;
}

/* Shape of the second line and of the first row line tells kn/davey from
 * kn-rows from ubs; exponents (0..q-2) from integers (1..q-1, "0 0" padding)
 * only by the values: Davey when a pair has index 0 or value q-1, else KN
 * (the RPTU database format, where small files often lack exponent 0). */
static ldpc_status detect_format(const int_file *f, const loaded_h *h, nb_format *out,
                                 ldpc_error *err)
{
    if (f->line_count < 4)
        return ldpc_fail(err, LDPC_ERR_PARSE, "%s: too short for a nonbinary alist", f->path);
    if (f->lines[1].count == h->n && f->lines[2].count == h->m) {
        long degree = line_values(f, 2)[0];
        int64_t first_row = f->lines[3].count;
        *out = first_row == 2 * degree ? FORMAT_KN_ROWS : FORMAT_UBS;
        if (first_row != 2 * degree && first_row != degree)
            return ldpc_fail(err, LDPC_ERR_PARSE, "%s:%u: neither a KN nor a UBS row line",
                             f->path, f->lines[3].number);
        return LDPC_OK;
    }
    if (f->lines[1].count != 2)
        return ldpc_fail(err, LDPC_ERR_PARSE, "%s:%u: expected 'max_dv max_dc' or the column degrees",
                         f->path, f->lines[1].number);
    int exponent_seen = 0, integer_seen = 0;
    for (uint32_t l = 4 + h->n; l < f->line_count && l < 4 + h->n + h->m; l++) {
        const long *v = line_values(f, l);
        for (uint32_t i = 0; i + 1 < f->lines[l].count; i += 2) {
            if (v[i] == 0 || v[i + 1] == (long)h->q - 1)
                integer_seen = 1;
            else if (v[i + 1] == 0 || v[i + 1] == -1)
                exponent_seen = 1;
        }
    }
    if (exponent_seen && integer_seen)
        return ldpc_fail(err, LDPC_ERR_PARSE,
                         "%s: has both exponent 0 and Davey's 0-index or q-1 values; name the "
                         "format (nbalist:kn:PATH or nbalist:davey:PATH)",
                         f->path);
    *out = integer_seen ? FORMAT_DAVEY : FORMAT_KN;
    return LDPC_OK;
}

static ldpc_status load_h(const int_file *f, nb_format format, loaded_h *h, ldpc_error *err)
{
    ldpc_status status = read_header(f, h, err);
    if (status == LDPC_OK && format == FORMAT_AUTO)
        status = detect_format(f, h, &format, err);
    if (status != LDPC_OK)
        return status;
    int full = format == FORMAT_KN || format == FORMAT_DAVEY;
    uint32_t col_degrees = full ? 2 : 1;
    status = expect_line(f, col_degrees, "the column degrees", err);
    if (status == LDPC_OK && f->lines[col_degrees].count != h->n)
        status = ldpc_fail(err, LDPC_ERR_PARSE, "%s:%u: expected %u column degrees, found %u",
                           f->path, f->lines[col_degrees].number, h->n,
                           f->lines[col_degrees].count);
    if (status == LDPC_OK)
        status = read_row_degrees(f, col_degrees + 1, h, err);
    uint32_t rows_first = col_degrees + 2 + (full ? h->n : 0);
    if (status == LDPC_OK && format == FORMAT_UBS)
        status = read_ubs_rows(f, rows_first, h, err);
    else if (status == LDPC_OK)
        status = read_row_pairs(f, rows_first, format, h, err);
    if (status == LDPC_OK && full)
        status = check_columns(f, col_degrees + 2, format, h, err);
    uint32_t end = rows_first + (format == FORMAT_UBS ? 2 * h->m : h->m);
    if (status == LDPC_OK && f->line_count > end)
        status = ldpc_fail(err, LDPC_ERR_PARSE, "%s:%u: unexpected content after H", f->path,
                           f->lines[end].number);
    return status;
}

/* "FORMAT:PATH" when the text before the first ':' names a format. */
static const char *split_format(const char *spec, nb_format *format)
{
    *format = FORMAT_AUTO;
    const char *colon = strchr(spec, ':');
    if (colon == NULL)
        return spec;
    for (size_t i = 0; i < sizeof format_names / sizeof format_names[0]; i++) {
        size_t len = strlen(format_names[i].name);
        if ((size_t)(colon - spec) == len && strncmp(spec, format_names[i].name, len) == 0) {
            *format = format_names[i].format;
            return colon + 1;
        }
    }
    return spec;
}

ldpc_status nb_alist_load(const char *spec, const char *name, ldpc_nb_code **out,
                          ldpc_error *err)
{
    nb_format format;
    const char *path = split_format(spec, &format);
    char *text = NULL;
    size_t size = 0;
    ldpc_status status = read_text(path, &text, &size, err);
    if (status != LDPC_OK)
        return status;
    int_file f;
    loaded_h h = {0};
    status = parse_lines(path, text, size, &f, err);
    if (status == LDPC_OK)
        status = load_h(&f, format, &h, err);
    if (status == LDPC_OK)
        status = nb_sort_checks(path, h.m, h.offsets, h.vars, h.coefs, err);
    if (status == LDPC_OK)
        status = nb_code_build(name, h.p, h.n, h.m, h.offsets, h.vars, h.coefs, 0, out, err);
    loaded_h_free(&h);
    int_file_free(&f);
    free(text);
    return status;
}
