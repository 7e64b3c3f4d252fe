/* Linked only into ldpcd-alloc-count (see alloc_count.h). */
#include "alloc_count.h"

#include <stdatomic.h>
#include <stddef.h>

static atomic_uint_fast64_t allocations;

void *__real_malloc(size_t size);
void *__real_calloc(size_t count, size_t size);
void *__real_realloc(void *pointer, size_t size);
void *__real_aligned_alloc(size_t alignment, size_t size);
int __real_posix_memalign(void **pointer, size_t alignment, size_t size);
void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t count, size_t size);
void *__wrap_realloc(void *pointer, size_t size);
void *__wrap_aligned_alloc(size_t alignment, size_t size);
int __wrap_posix_memalign(void **pointer, size_t alignment, size_t size);

void *__wrap_malloc(size_t size)
{
    atomic_fetch_add(&allocations, 1);
    return __real_malloc(size);
}

void *__wrap_calloc(size_t count, size_t size)
{
    atomic_fetch_add(&allocations, 1);
    return __real_calloc(count, size);
}

void *__wrap_realloc(void *pointer, size_t size)
{
    atomic_fetch_add(&allocations, 1);
    return __real_realloc(pointer, size);
}

void *__wrap_aligned_alloc(size_t alignment, size_t size)
{
    atomic_fetch_add(&allocations, 1);
    return __real_aligned_alloc(alignment, size);
}

int __wrap_posix_memalign(void **pointer, size_t alignment, size_t size)
{
    atomic_fetch_add(&allocations, 1);
    return __real_posix_memalign(pointer, alignment, size);
}

uint64_t ldpcd_allocation_count(void)
{
    return atomic_load(&allocations);
}
