/* Counters of calls to the allocator, for the tests linked with
 * -Wl,--wrap=malloc,... (tests/CMakeLists.txt): every call made by the
 * library and by the test program passes through alloc_counter.c. */
#ifndef LDPC_ALLOC_COUNTER_H
#define LDPC_ALLOC_COUNTER_H

/* malloc, calloc, realloc, aligned_alloc and posix_memalign calls. */
extern unsigned long allocations;
/* free calls with a pointer other than NULL. */
extern unsigned long releases;

#endif
