/* The one place that decides which backend decodes, and that puts composite
 * backends together. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/frame_backend.h"
#include "common/simd_backend.h"
#include "api/backend_registry.h"
#include "nb/nb_opencl.h"
#include "util/error_internal.h"

/* Fixed upper bounds of the variant lists (x86 has the most: three). */
#define MAX_INTER_FRAME 3
#define MAX_FRAME 4 /* the architecture's and the portable one */
#define MAX_BACKENDS (MAX_FRAME - 1 + MAX_INTER_FRAME + 2 + MAX_FRAME)
#define COMBINED_NAME_SIZE 40

/* Built once, on first use, then only read: */
static struct {
    decode_backend inter_frame[MAX_INTER_FRAME];
    decode_backend frame[MAX_FRAME];
    decode_backend combined[MAX_FRAME - 1];
    char combined_names[MAX_FRAME - 1][COMBINED_NAME_SIZE];
    /* Best first: "auto" takes the first that is available and supports the
     * configuration. The combined frame-path backends lead ("avx512bw-frame+
     * avx512bw": DVB codes one frame per thread, whose working set stays in
     * L2; other codes on the inter-frame decoder); then the inter-frame SIMD
     * variants, OpenCL (where the build has it, so that a CPU without SIMD
     * variants decodes on a device when it can), and the reference, which
     * runs everywhere. The plain frame-path variants
     * follow it, so they are used only when named. */
    const decode_backend *order[MAX_BACKENDS];
    size_t count;
} registry;

static pthread_once_t registry_once = PTHREAD_ONCE_INIT;

static const decode_backend *inter_frame_named(const char *name, size_t count)
{
    for (size_t i = 0; name != NULL && i < count; i++)
        if (strcmp(registry.inter_frame[i].name, name) == 0)
            return &registry.inter_frame[i];
    return NULL;
}

static void add(const decode_backend *backend)
{
    registry.order[registry.count++] = backend;
}

static void build_registry(void)
{
    size_t inter_frame = simd_variant_count();
    if (inter_frame > MAX_INTER_FRAME)
        inter_frame = MAX_INTER_FRAME;
    for (size_t i = 0; i < inter_frame; i++)
        registry.inter_frame[i] = simd_backend(simd_variant_at(i));
    size_t arch = frame_arch_variant_count();
    if (arch > MAX_FRAME - 1)
        arch = MAX_FRAME - 1;
    for (size_t i = 0; i < arch; i++) {
        const frame_variant *variant = frame_arch_variant_at(i);
        const decode_backend *partner = inter_frame_named(variant->isa, inter_frame);
        registry.frame[i] = frame_backend(variant, NULL, variant->name);
        if (partner == NULL)
            continue;
        char *name = registry.combined_names[i];
        snprintf(name, COMBINED_NAME_SIZE, "%s+%s", variant->name, partner->name);
        registry.combined[i] = frame_backend(variant, partner, name);
        add(&registry.combined[i]);
    }
    registry.frame[arch] = frame_backend(&portable_frame_variant, NULL, "portable-frame");
    for (size_t i = 0; i < inter_frame; i++)
        add(&registry.inter_frame[i]);
    add(&opencl_backend);
    add(&reference_backend);
    for (size_t i = 0; i <= arch; i++)
        add(&registry.frame[i]);
}

size_t backend_count(void)
{
    pthread_once(&registry_once, build_registry);
    return registry.count;
}

const decode_backend *backend_at(size_t index)
{
    return index < backend_count() ? registry.order[index] : NULL;
}

const decode_backend *backend_find(const char *name)
{
    for (size_t i = 0; i < backend_count(); i++)
        if (strcmp(registry.order[i]->name, name) == 0)
            return registry.order[i];
    return NULL;
}

static int usable(const decode_backend *b, const ldpc_decoder_config *config)
{
    return b->available(b) && b->supports(b, config);
}

/* What "auto" picks among the CPU backends; the reference implements every
 * configuration a device backend does. */
static const decode_backend *best_cpu(const ldpc_decoder_config *config)
{
    for (size_t i = 0; i < backend_count(); i++)
        if (registry.order[i]->kind != BACKEND_KIND_DEVICE && usable(registry.order[i], config))
            return registry.order[i];
    return &reference_backend;
}

const decode_backend *backend_fallback(const decode_backend *backend,
                                       const ldpc_decoder_config *config)
{
    if (backend->kind == BACKEND_KIND_DEVICE)
        return best_cpu(config);
    return backend->partner;
}

static void list_backends(char *list, size_t size)
{
    size_t used = 0;
    list[0] = '\0';
    for (size_t i = 0; i < backend_count() && used < size; i++) {
        const decode_backend *b = registry.order[i];
        int written = snprintf(list + used, size - used, "%s%s%s", i > 0 ? ", " : "", b->name,
                               b->available(b) ? "" : " (not available here)");
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
            if (usable(b, config)) {
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
        if (!b->available(b))
            return ldpc_fail(err, LDPC_ERR_UNSUPPORTED,
                             "decoder backend '%s' (%s) cannot run on this machine", b->name,
                             source);
        if (!b->supports(b, config))
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

/* Where the request is not a SIMD variant's name: "reference" or "opencl". */
static ldpc_status nb_named_other(const char *requested, const ldpc_decoder_config *config,
                                  nb_backend *out, ldpc_error *err)
{
    if (strcmp(requested, NB_REFERENCE_BACKEND) == 0)
        return LDPC_OK;
    if (strcmp(requested, NB_OPENCL_BACKEND) != 0) {
        char known[128] = NB_REFERENCE_BACKEND ", " NB_OPENCL_BACKEND;
        for (size_t i = 0; i < nb_simd_variant_count(); i++) {
            size_t used = strlen(known);
            snprintf(known + used, sizeof known - used, ", %s", nb_simd_variant_at(i)->name);
        }
        return ldpc_fail(err, LDPC_ERR_INVALID,
                         "unknown nonbinary backend '%s' (known: auto, %s)", requested, known);
    }
    if (config->arithmetic != LDPC_ARITH_FIXED8)
        return ldpc_fail(err, LDPC_ERR_UNSUPPORTED,
                         "nonbinary backend 'opencl' decodes in 8-bit fixed point only");
    if (!nb_opencl_available())
        return ldpc_fail(err, LDPC_ERR_UNSUPPORTED,
                         "nonbinary backend 'opencl': this build has no OpenCL");
    out->opencl = 1;
    return LDPC_OK;
}

ldpc_status nb_backend_select(const char *requested, const ldpc_decoder_config *config,
                              nb_backend *out, ldpc_error *err)
{
    *out = (nb_backend){0};
    int automatic = requested == NULL || strcmp(requested, "auto") == 0;
    for (size_t i = 0; i < nb_simd_variant_count(); i++) {
        const nb_simd_variant *v = nb_simd_variant_at(i);
        if (automatic) {
            if (config->arithmetic == LDPC_ARITH_FIXED8 && v->cpu_supports()) {
                out->simd = v;
                return LDPC_OK;
            }
            continue;
        }
        if (strcmp(requested, v->name) != 0)
            continue;
        if (config->arithmetic != LDPC_ARITH_FIXED8)
            return ldpc_fail(err, LDPC_ERR_UNSUPPORTED,
                             "nonbinary backend '%s' decodes in 8-bit fixed point only",
                             v->name);
        if (!v->cpu_supports())
            return ldpc_fail(err, LDPC_ERR_UNSUPPORTED,
                             "nonbinary backend '%s' needs an instruction set this CPU lacks",
                             v->name);
        out->simd = v;
        return LDPC_OK;
    }
    return automatic ? LDPC_OK : nb_named_other(requested, config, out, err);
}
