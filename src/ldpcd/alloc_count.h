/* Allocation counting for the zero-allocation test: the daemon's test build
 * (ldpcd-alloc-count) links alloc_count.c with -Wl,--wrap=malloc,... so that
 * every allocation made by the daemon's and the library's code is counted
 * (not those inside libzmq or libc, which --wrap cannot see). The normal
 * build links alloc_none.c, which reports UINT64_MAX ("not counted"). */
#ifndef LDPCD_ALLOC_COUNT_H
#define LDPCD_ALLOC_COUNT_H

#include <stdint.h>

uint64_t ldpcd_allocation_count(void);

#endif
