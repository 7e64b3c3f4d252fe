/* Counters of calls to the allocator, for the programs linked with
 * -Wl,--wrap=malloc,... (tests/CMakeLists.txt, and ldpcd-alloc-count in
 * src/ldpcd/CMakeLists.txt): every call made by the library and by the
 * program passes through alloc_counter.c, from any thread. */
#ifndef LDPC_ALLOC_COUNTER_H
#define LDPC_ALLOC_COUNTER_H

#include <stdatomic.h>

/* malloc, calloc, realloc, aligned_alloc and posix_memalign calls. */
extern atomic_ulong allocations;
/* free calls with a pointer other than NULL. */
extern atomic_ulong releases;

#endif
