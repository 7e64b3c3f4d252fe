#include "alloc_count.h"

uint64_t ldpcd_allocation_count(void)
{
    return UINT64_MAX;
}
