/* Names the calling thread, so that `top -H` and `ps -L` show which of
 * ldpcd's threads (intake, workers, their helpers, output) is busy. */
#ifndef LDPCD_THREAD_NAME_H
#define LDPCD_THREAD_NAME_H

#include <stdint.h>

/* prefix, then the index when it is not UINT32_MAX; cut to the kernel's 15 characters */
void ldpcd_name_thread(const char *prefix, uint32_t index);

#endif
