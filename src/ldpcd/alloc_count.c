/* Linked only into ldpcd-alloc-count (see alloc_count.h), with the tests'
 * allocator counters (tests/support/alloc_counter.c). */
#include "alloc_count.h"

#include "alloc_counter.h"

uint64_t ldpcd_allocation_count(void)
{
    return atomic_load(&allocations);
}
