/* Logging of the daemon: one line per event on stderr. Under systemd (stderr
 * connected to the journal, JOURNAL_STREAM set) each line starts with the
 * syslog priority as "<N>", which journald turns into the entry's level. */
#ifndef LDPCD_LOG_H
#define LDPCD_LOG_H

#if defined(__GNUC__)
#define LDPCD_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define LDPCD_PRINTF(a, b)
#endif

/* syslog priorities */
typedef enum {
    LDPCD_LOG_ERROR = 3,
    LDPCD_LOG_WARNING = 4,
    LDPCD_LOG_NOTICE = 5,
    LDPCD_LOG_INFO = 6,
    LDPCD_LOG_DEBUG = 7
} ldpcd_log_level;

/* Decides between "<N>" prefixes and "ldpcd: level:" prefixes. */
void ldpcd_log_init(void);
void ldpcd_log_set_level(ldpcd_log_level max_level);
/* Parses "error", "warning", "notice", "info", "debug"; 0 on success. */
int ldpcd_log_level_parse(const char *text, ldpcd_log_level *out);
void ldpcd_log(ldpcd_log_level level, const char *format, ...) LDPCD_PRINTF(2, 3);

#endif
