#include "notify.h"

#include <errno.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

int ldpcd_notify(const char *state)
{
    const char *path = getenv("NOTIFY_SOCKET");
    if (path == NULL || path[0] == '\0')
        return 0;
    struct sockaddr_un address;
    memset(&address, 0, sizeof address);
    address.sun_family = AF_UNIX;
    size_t length = strlen(path);
    if ((path[0] != '/' && path[0] != '@') || length >= sizeof address.sun_path)
        return -1;
    memcpy(address.sun_path, path, length);
    if (path[0] == '@')
        address.sun_path[0] = '\0'; /* abstract namespace */
    int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return -1;
    socklen_t address_length = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + length);
    /* never wait: a manager that reads no notifications (its queue holds
     * max_dgram_qlen, 10 by default) must not stop the daemon's main loop */
    ssize_t sent = sendto(fd, state, strlen(state), MSG_NOSIGNAL | MSG_DONTWAIT,
                          (struct sockaddr *)&address, address_length);
    close(fd);
    return sent == (ssize_t)strlen(state) ? 1 : -1;
}

int ldpcd_notify_status(const char *format, ...)
{
    char message[512] = "STATUS=";
    va_list args;
    va_start(args, format);
    vsnprintf(message + 7, sizeof message - 7, format, args);
    va_end(args);
    return ldpcd_notify(message);
}

uint64_t ldpcd_watchdog_usec(void)
{
    const char *usec = getenv("WATCHDOG_USEC");
    if (usec == NULL)
        return 0;
    const char *pid = getenv("WATCHDOG_PID");
    if (pid != NULL && strtol(pid, NULL, 10) != (long)getpid())
        return 0;
    return strtoull(usec, NULL, 10);
}
