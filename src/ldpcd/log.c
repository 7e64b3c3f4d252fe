#include "log.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static atomic_int max_level = LDPCD_LOG_INFO;
static int journal_prefixes;

static const char *const level_names[] = {
    [LDPCD_LOG_ERROR] = "error",   [LDPCD_LOG_WARNING] = "warning", [LDPCD_LOG_NOTICE] = "notice",
    [LDPCD_LOG_INFO] = "info",     [LDPCD_LOG_DEBUG] = "debug",
};

void ldpcd_log_init(void)
{
    journal_prefixes = getenv("JOURNAL_STREAM") != NULL;
}

void ldpcd_log_set_level(ldpcd_log_level level)
{
    atomic_store(&max_level, (int)level);
}

int ldpcd_log_level_parse(const char *text, ldpcd_log_level *out)
{
    for (int level = LDPCD_LOG_ERROR; level <= LDPCD_LOG_DEBUG; level++) {
        if (strcmp(text, level_names[level]) == 0) {
            *out = (ldpcd_log_level)level;
            return 0;
        }
    }
    return -1;
}

void ldpcd_log(ldpcd_log_level level, const char *format, ...)
{
    if ((int)level > atomic_load(&max_level))
        return;
    /* One fprintf per line so that lines of several threads never interleave;
     * long enough for a statistics report (service.h: stats_json). */
    char line[9216];
    va_list args;
    va_start(args, format);
    vsnprintf(line, sizeof line, format, args);
    va_end(args);
    if (journal_prefixes)
        fprintf(stderr, "<%d>%s\n", (int)level, line);
    else
        fprintf(stderr, "ldpcd: %s: %s\n", level_names[level], line);
}
