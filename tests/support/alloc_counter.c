/* The --wrap targets: each counts the call, then hands it to the C library's
 * own function (__real_*, which the linker resolves to it). */
#include <stddef.h>

#include "alloc_counter.h"

void *__real_malloc(size_t size);
void *__real_calloc(size_t count, size_t size);
void *__real_realloc(void *p, size_t size);
void *__real_aligned_alloc(size_t alignment, size_t size);
int __real_posix_memalign(void **p, size_t alignment, size_t size);
void __real_free(void *p);
void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t count, size_t size);
void *__wrap_realloc(void *p, size_t size);
void *__wrap_aligned_alloc(size_t alignment, size_t size);
int __wrap_posix_memalign(void **p, size_t alignment, size_t size);
void __wrap_free(void *p);

atomic_ulong allocations, releases;

void *__wrap_malloc(size_t size)
{
    allocations++;
    return __real_malloc(size);
}
void *__wrap_calloc(size_t count, size_t size)
{
    allocations++;
    return __real_calloc(count, size);
}
void *__wrap_realloc(void *p, size_t size)
{
    allocations++;
    return __real_realloc(p, size);
}
void *__wrap_aligned_alloc(size_t alignment, size_t size)
{
    allocations++;
    return __real_aligned_alloc(alignment, size);
}
int __wrap_posix_memalign(void **p, size_t alignment, size_t size)
{
    allocations++;
    return __real_posix_memalign(p, alignment, size);
}
void __wrap_free(void *p)
{
    if (p != NULL)
        releases++;
    __real_free(p);
}
