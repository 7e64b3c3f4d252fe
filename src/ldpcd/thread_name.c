#include "thread_name.h"

#include <stdio.h>

#ifdef __linux__
#include <sys/prctl.h>
#endif

void ldpcd_name_thread(const char *prefix, uint32_t index)
{
    char name[16]; /* the kernel keeps 15 characters and the terminator */
    if (index == UINT32_MAX)
        snprintf(name, sizeof name, "%s", prefix);
    else
        snprintf(name, sizeof name, "%s%u", prefix, index);
#ifdef __linux__
    prctl(PR_SET_NAME, name, 0, 0, 0);
#else
    (void)name;
#endif
}
