/* The one place that decides which backend decodes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/frame_backend.h"
#include "common/simd_backend.h"
#include "decode/backend.h"
#include "util/error_internal.h"

/* Best first: "auto" takes the first that is available and supports the
 * configuration. Before these come the combined frame-path backends
 * ("avx512bw-frame+avx512bw": DVB codes one frame per thread, the rest on
 * the inter-frame decoder; docs/CPU.md has the measurements), then the CPU
 * SIMD inter-frame variants this build carries (platform/, best first); the
 * reference comes last of those "auto" may pick, it runs everywhere. The
 * plain frame-path variants ("avx2-frame") follow it, so they are used only
 * when named. */
static const decode_backend *const registered_backends[] = {
    &opencl_backend,
    &reference_backend,
};

#define FIXED_COUNT (sizeof registered_backends / sizeof registered_backends[0])

size_t backend_count(void)
{
    return frame_combined_backend_count() + simd_backend_count() + FIXED_COUNT +
           frame_backend_count();
}

const decode_backend *backend_at(size_t index)
{
    size_t combined = frame_combined_backend_count();
    if (index < combined)
        return frame_combined_backend_at(index);
    index -= combined;
    size_t simd = simd_backend_count();
    if (index < simd)
        return simd_backend_at(index);
    if (index - simd < FIXED_COUNT)
        return registered_backends[index - simd];
    return frame_backend_at(index - simd - FIXED_COUNT);
}

static void list_backends(char *list, size_t size)
{
    size_t used = 0;
    list[0] = '\0';
    for (size_t i = 0; i < backend_count() && used < size; i++) {
        const decode_backend *b = backend_at(i);
        int written = snprintf(list + used, size - used, "%s%s%s", i > 0 ? ", " : "", b->name,
                               b->available() ? "" : " (not available here)");
        if (written < 0)
            break;
        used += (size_t)written;
    }
}

/* "8-bit offset min-sum flooding" etc., for messages; config is validated. */
#define DESCRIBE_FORMAT "%s %s %s%s"
#define DESCRIBE_ARGS(config)                                                              \
    ((config)->arithmetic == LDPC_ARITH_FLOAT ? "float" : "8-bit"),                        \
        ((config)->rule == LDPC_RULE_SUM_PRODUCT                                           \
             ? "sum-product"                                                               \
             : ((config)->rule == LDPC_RULE_MIN_SUM_OFFSET ? "offset min-sum"              \
                                                           : "normalized min-sum")),       \
        ((config)->schedule == LDPC_SCHEDULE_FLOODING ? "flooding" : "layered"),            \
        ((config)->posterior_bits == 8 ? " with saturated 8-bit posteriors" : "")

ldpc_status backend_select(const char *requested, const ldpc_decoder_config *config,
                           const decode_backend **out, ldpc_error *err)
{
    *out = NULL;
    const char *source = "requested";
    if (requested == NULL || strcmp(requested, "auto") == 0) {
        const char *forced = getenv(LDPC_BACKEND_ENV);
        requested = "auto";
        if (forced != NULL && forced[0] != '\0' && strcmp(forced, "auto") != 0) {
            requested = forced;
            source = "forced by " LDPC_BACKEND_ENV;
        }
    }
    if (strcmp(requested, "auto") == 0) {
        for (size_t i = 0; i < backend_count(); i++) {
            const decode_backend *b = backend_at(i);
            if (b->available() && b->supports(config)) {
                *out = b;
                return LDPC_OK;
            }
        }
        return ldpc_fail(err, LDPC_ERR_UNSUPPORTED, "no decoder backend implements " DESCRIBE_FORMAT,
                         DESCRIBE_ARGS(config));
    }
    for (size_t i = 0; i < backend_count(); i++) {
        const decode_backend *b = backend_at(i);
        if (strcmp(b->name, requested) != 0)
            continue;
        if (!b->available())
            return ldpc_fail(err, LDPC_ERR_UNSUPPORTED,
                             "decoder backend '%s' (%s) cannot run on this machine", b->name,
                             source);
        if (!b->supports(config))
            return ldpc_fail(err, LDPC_ERR_UNSUPPORTED,
                             "decoder backend '%s' (%s) does not implement " DESCRIBE_FORMAT,
                             b->name, source, DESCRIBE_ARGS(config));
        *out = b;
        return LDPC_OK;
    }
    char list[512];
    list_backends(list, sizeof list);
    return ldpc_fail(err, LDPC_ERR_INVALID,
                     "unknown decoder backend '%.64s' (%s); available: auto, %s", requested,
                     source, list);
}
