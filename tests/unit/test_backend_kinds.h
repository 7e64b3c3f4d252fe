/* The registered backends of one kind (api/backend_registry.h), for tests
 * that run every variant of a kind this build carries. */
#ifndef LDPC_TEST_BACKEND_KINDS_H
#define LDPC_TEST_BACKEND_KINDS_H

#include <stddef.h>

#include "api/backend_registry.h"

/* How many backends of `kind` the registry holds. */
static inline size_t test_backend_count(backend_kind kind)
{
    size_t count = 0;
    for (size_t i = 0; i < backend_count(); i++)
        count += backend_at(i)->kind == kind;
    return count;
}

/* The index-th backend of `kind`, in registry order, or NULL. */
static inline const decode_backend *test_backend_at(backend_kind kind, size_t index)
{
    for (size_t i = 0; i < backend_count(); i++)
        if (backend_at(i)->kind == kind && index-- == 0)
            return backend_at(i);
    return NULL;
}

/* 1 if `backend` runs on this machine. */
static inline int test_backend_runs(const decode_backend *backend)
{
    return backend->available(backend);
}

#endif
