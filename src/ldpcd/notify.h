/* The systemd notification protocol (sd_notify(3)): datagrams such as
 * "READY=1" to the socket named by $NOTIFY_SOCKET. Written here rather than
 * linked from libsystemd so that the daemon runs unchanged without systemd
 * (no NOTIFY_SOCKET: every call is a no-op). */
#ifndef LDPCD_NOTIFY_H
#define LDPCD_NOTIFY_H

#include <stdint.h>

/* Returns 1 if sent, 0 without NOTIFY_SOCKET, -1 on error. */
int ldpcd_notify(const char *state);
int ldpcd_notify_status(const char *format, ...) __attribute__((format(printf, 1, 2)));

/* The watchdog period systemd asks for ($WATCHDOG_USEC, when $WATCHDOG_PID is
 * ours or unset), or 0. */
uint64_t ldpcd_watchdog_usec(void);

#endif
