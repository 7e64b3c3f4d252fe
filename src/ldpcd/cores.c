#define _GNU_SOURCE
#include "cores.h"

#include <sched.h>
#include <unistd.h>

long ldpcd_usable_cores(void)
{
    cpu_set_t mask;
    if (sched_getaffinity(0, sizeof mask, &mask) == 0 && CPU_COUNT(&mask) > 0)
        return CPU_COUNT(&mask);
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    return online < 1 ? 1 : online;
}
