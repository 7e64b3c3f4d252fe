/* Building the pipeline of a configuration: codes, one decoder per worker,
 * the frame ring and every scratch buffer, sized from the config's bounds. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cores.h"
#include "error_text.h"
#include "ldpc/decoder_spec.h"
#include "log.h"
#include "protocol.h"
#include "service.h"

/* Room for a gr-zeromq tag header ahead of a raw message's values: a few
 * tags of short names and values. */
#define RAW_TAG_HEADER_ROOM 65536

/* Page-touching allocation: the steady state must not fault memory in. */
static void *reserve(size_t bytes)
{
    void *memory = calloc(1, bytes ? bytes : 1);
    if (memory != NULL)
        memset(memory, 0, bytes);
    return memory;
}

/* batch_frames = auto: what the backend decodes well at once. A GPU needs
 * thousands of frames per call to fill its cores (4096 DVB-S2 normal frames
 * per call reach a datacenter GPU's peak). On the CPU, what the backend decodes side
 * by side (ldpc_decoder_frames_at_once: the frame path one frame per
 * thread, the inter-frame decoders up to 64 in AVX-512 lanes), but at least
 * AUTO_BATCH_CPU_PER_WORKER frames per worker, at most AUTO_BATCH_CPU: the
 * single intake thread wakes a worker per batch, and the workers together
 * finish batches workers times as often (16 workers, short frames at 100,000
 * frames/s: batches of 16 delivered 0.85x what batches of 64 did, the
 * intake busy half the time). Each frame in a batch costs its worker's
 * buffers about 3 bytes per soft value, so 2 workers take 16. A GPU's batch is bounded by memory as well: a
 * worker's batch costs about 4 bytes per value (soft values, decided bits
 * and the device's copies), and the workers' batches together may take an
 * eighth of the machine's memory (a board's GPU shares it). */
#define AUTO_BATCH_GPU 4096
#define AUTO_BATCH_CPU 64
#define AUTO_BATCH_CPU_PER_WORKER 8
#define AUTO_BATCH_BYTES_PER_VALUE 4
#define AUTO_BATCH_MEMORY_SHARE 8
#define AUTO_QUEUE_MIN 64
#define AUTO_QUEUE_MAX 1000000 /* queue_frames' own bound */

/* The OpenCL backends (opencl, opencl-...): a GPU's workers. */
static int backend_is_gpu(const ldpcd_config *config)
{
    return strncmp(config->backend, "opencl", 6) == 0;
}

/* What a CPU decoder of the workers' kind decodes at once, the most over
 * the codes (ldpc_decoder_frames_at_once); 0 where it cannot say (nonbinary
 * codes, whose SIMD decoders fill vector lanes). */
static uint32_t cpu_frames_at_once(const ldpcd_pipeline *p, const ldpcd_config *config)
{
    ldpc_decoder_limits limits = p->codes.limits;
    limits.max_frames = 1;
    ldpc_decoder *probe = NULL;
    ldpc_error err;
    if (p->codes.nonbinary_count > 0 ||
        ldpc_decoder_create(&p->decoder_config, &limits, config->backend, &probe, &err) != LDPC_OK)
        return 0;
    uint32_t most = 0;
    for (size_t i = 0; i < p->codes.count; i++) {
        const ldpc_code *code = p->codes.entries[i].code;
        uint32_t frames = code != NULL ? ldpc_decoder_frames_at_once(probe, code) : 0;
        most = frames > most ? frames : most;
    }
    ldpc_decoder_destroy(probe);
    return most;
}

static uint32_t auto_cpu_batch(const ldpcd_config *config, uint32_t at_once)
{
    if (at_once == 0)
        return AUTO_BATCH_CPU;
    uint64_t least = (uint64_t)AUTO_BATCH_CPU_PER_WORKER * config->workers;
    uint32_t want = least < AUTO_BATCH_CPU ? (uint32_t)least : AUTO_BATCH_CPU;
    want = at_once > want ? at_once : want;
    return want < AUTO_BATCH_CPU ? want : AUTO_BATCH_CPU;
}

static uint32_t auto_batch_frames(const ldpcd_config *config, uint32_t max_n, uint32_t at_once)
{
    if (!backend_is_gpu(config))
        return auto_cpu_batch(config, at_once);
    long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page_size <= 0)
        return AUTO_BATCH_CPU;
    uint64_t budget = (uint64_t)pages * (uint64_t)page_size / AUTO_BATCH_MEMORY_SHARE;
    uint64_t frames = budget / ((uint64_t)config->workers * max_n * AUTO_BATCH_BYTES_PER_VALUE);
    frames -= frames % AUTO_BATCH_CPU;
    if (frames > AUTO_BATCH_GPU)
        frames = AUTO_BATCH_GPU;
    return frames < AUTO_BATCH_CPU ? AUTO_BATCH_CPU : (uint32_t)frames;
}

/* workers = auto: on the CPU, three of every four cores decode and the
 * fourth is left to the frames' way in and out (ZeroMQ's I/O threads, intake,
 * output, and the demodulator feeding the service): with a worker on every
 * core those wait behind the decoders, which then wait for frames (16-core
 * host, DVB-S2 short frames: 12 workers delivered 1.2x what 16 did; normal
 * frames, whose decoding weighs more against their I/O, 0.92x). A GPU's
 * workers mostly wait for the device: two keep it busy, one queueing a batch
 * while the other decodes. */
#define AUTO_WORKERS_GPU 2
#define CORES_PER_SPARE_CORE 4

static uint32_t auto_workers(const ldpcd_config *config)
{
    if (backend_is_gpu(config))
        return AUTO_WORKERS_GPU;
    long cores = ldpcd_usable_cores();
    long workers = cores - cores / CORES_PER_SPARE_CORE;
    return workers < 1 ? 1 : (uint32_t)workers;
}

/* convert_threads = auto: the cores the workers leave free when a GPU
 * decodes (its workers mostly wait for the device); none beside CPU
 * workers, which keep their cores busy decoding. */
static uint32_t auto_convert_threads(const ldpcd_config *config)
{
    long cores = ldpcd_usable_cores();
    if (!backend_is_gpu(config) || cores <= (long)config->workers)
        return 0;
    return (uint32_t)(cores - (long)config->workers);
}

/* queue_frames = auto: a batch decoding and one waiting for every worker. */
static uint32_t auto_queue_frames(const ldpcd_config *config, uint32_t batch_frames)
{
    uint64_t frames = 2u * (uint64_t)config->workers * batch_frames;
    if (frames > AUTO_QUEUE_MAX)
        frames = AUTO_QUEUE_MAX;
    return frames < AUTO_QUEUE_MIN ? AUTO_QUEUE_MIN : (uint32_t)frames;
}

/* The codes some worker's decoder reads as a Tanner graph, and the raw
 * framings' code (its alignment search reads checks), built whole; the
 * others stay compact (the CPU frame path decodes DVB codes from their
 * tables). */
static int give_graphs(ldpcd_pipeline *p, char *error, size_t error_size)
{
    for (size_t i = 0; i < p->codes.count; i++) {
        const ldpcd_code_entry *entry = &p->codes.entries[i];
        if (!entry->owns_code || entry->code == NULL || ldpc_code_has_graph(entry->code))
            continue;
        int needs = p->raw_code != NULL && p->raw_code->code == entry->code;
        for (uint32_t w = 0; w < p->worker_count && !needs; w++)
            needs = ldpcd_decoders_need_graph(&p->workers[w].decoders, entry->code);
        if (needs && ldpcd_code_set_give_graph(&p->codes, i, error, error_size) != 0)
            return -1;
    }
    return 0;
}

static int build(ldpcd_pipeline *p, const ldpcd_config *config, ldpcd_stats *stats, char *error,
                 size_t error_size)
{
    /* The raw framings' code is accepted whether or not `codes` lists it. */
    char codes[LDPCD_CODES_SIZE + LDPCD_TEXT_SIZE + 2];
    snprintf(codes, sizeof codes, "%s%s%s", config->codes,
             config->input_framing != LDPCD_FRAMING_PROTOCOL ? "," : "",
             config->input_framing != LDPCD_FRAMING_PROTOCOL ? config->raw_code : "");
    if (ldpcd_code_set_build(codes, &p->codes, error, error_size) != 0)
        return -1;
    ldpc_error err;
    if (ldpc_decoder_spec_parse(config->decoder, &p->decoder_config, &err) != LDPC_OK)
        return ldpcd_fail(error, error_size, "decoder: %s", err.message);
    if (ldpc_decoder_spec_format(&p->decoder_config, p->decoder_spec, sizeof p->decoder_spec,
                                 &err) != LDPC_OK)
        snprintf(p->decoder_spec, sizeof p->decoder_spec, "%s", config->decoder);
    p->worker_count = config->workers;
    uint32_t at_once = backend_is_gpu(config) ? 0 : cpu_frames_at_once(p, config);
    p->batch_frames = config->batch_frames != 0 ? config->batch_frames
                                                : auto_batch_frames(config, p->codes.max_n, at_once);
    p->queue_frames = config->queue_frames != 0 ? config->queue_frames
                                                : auto_queue_frames(config, p->batch_frames);
    if (p->batch_frames > p->queue_frames)
        p->batch_frames = p->queue_frames;
    /* On the CPU frame path (every code decoded a frame at a time) a worker
     * converts, decodes and writes one frame after the other, so that the
     * frame's values and decisions stay in its core's cache: a batch of 64
     * normal frames is 8 MB of them, more than a core's L2, which the
     * decoder and the packing then read back from memory. Elsewhere a call
     * takes the whole batch: a GPU wants thousands of frames, and the
     * inter-frame decoders refill a converged frame's lane within a call. */
    p->frames_per_call = at_once == 1 ? 1 : p->batch_frames;
    p->convert_threads = config->convert_threads != 0 ? config->convert_threads
                                                      : auto_convert_threads(config);
    p->batch_wait_ns = (uint64_t)config->batch_wait_us * 1000u;
    p->output_bits = config->output_bits;
    p->max_frames_per_message = config->max_frames_per_message;
    size_t binary_codes = p->codes.count - p->codes.nonbinary_count;
    float llr_scale;
    if (ldpcd_nb_setup_build(&p->nb, &p->codes, config, p->batch_frames, error, error_size) != 0 ||
        ldpcd_nb_intake_format(&p->nb, &p->decoder_config, binary_codes, &p->soft_is_float,
                               &llr_scale, error, error_size) != 0)
        return -1;
    if (p->nb.code_count > 0)
        ldpcd_nb_describe(p->decoder_spec, sizeof p->decoder_spec, binary_codes > 0, p->nb.spec);
    p->soft_value_bytes = p->soft_is_float ? sizeof(float) : sizeof(int8_t);
    uint32_t max_n = p->codes.max_n;
    p->max_message_size = LDPCD_INPUT_HEADER_SIZE +
                          (size_t)config->max_frames_per_message * max_n * sizeof(float);

    if (config->input_framing != LDPCD_FRAMING_PROTOCOL) {
        /* the last entry added from raw_code, or the one it duplicated */
        const char *raw_name = config->raw_code;
        p->raw_code = ldpcd_code_set_find(&p->codes, raw_name);
        if (p->raw_code == NULL)
            return ldpcd_fail(error, error_size, "raw_code: %s is not a code name usable on the wire",
                        raw_name);
        /* Frame sync finds a frame by its checks, on the bits it carries. */
        if (p->raw_code->n_bits != p->raw_code->word_bits)
            return ldpcd_fail(error, error_size,
                              "raw_code: %s punctures or shortens its codewords; raw framings "
                              "need a code whose frames are its codewords (use input_framing "
                              "= protocol)",
                              raw_name);
        p->raw_input = ldpc_soft_input_default(config->raw_format);
        p->raw_input.scale = config->raw_scale;
        p->raw_input.negate = config->raw_negate;
        p->raw_input.normalization = config->raw_normalize;
    }

    /* Results leave in arrival order, so a worker that finishes first cannot
     * hand its slots back before the older batches are done: with fewer than
     * a second batch per worker queued, workers wait for frames. */
    uint64_t busy_queue = 2u * (uint64_t)config->workers * p->batch_frames;
    if (p->queue_frames < busy_queue)
        ldpcd_log(LDPCD_LOG_WARNING,
                  "queue_frames %u < 2 x workers x batch_frames = %llu: workers will wait for "
                  "frames under full load",
                  p->queue_frames, (unsigned long long)busy_queue);
    /* A slot holds a result (its payload as large as output_bits makes it)
     * and, in the raw framings, a raw frame assembled from several messages;
     * protocol frames stay in their messages. */
    int codeword_out = config->output_bits == LDPCD_BITS_CODEWORD ||
                       config->output_bits == LDPCD_BITS_CODEWORD_UNPACKED;
    size_t payload = ldpcd_result_payload_bytes((uint8_t)config->output_bits,
                                                codeword_out ? p->codes.max_word
                                                             : p->codes.max_k);
    size_t staging = ldpcd_pipeline_raw_frame_bytes(p, config);
    /* + 8: the bit packer writes whole 64-bit words */
    if (ldpcd_ring_create(&p->ring, p->queue_frames, p->batch_frames, staging,
                          LDPCD_RESULT_HEADER_SIZE + payload + 8u, LDPCD_RESULT_HEADER_SIZE) != 0 ||
        ldpcd_message_pool_create(&p->messages, p->queue_frames + 1u) != 0)
        return ldpcd_fail(error, error_size, "queue of %u frames: out of memory", p->queue_frames);
    p->workers = reserve(sizeof *p->workers * p->worker_count);
    if (p->workers == NULL)
        return ldpcd_fail(error, error_size, "out of memory");
    ldpcd_decoders_setup decoding = {.binary = &p->decoder_config,
                                      .binary_limits = p->codes.limits,
                                      .binary_codes = binary_codes,
                                      .nonbinary = &p->nb};
    decoding.binary_limits.max_frames = p->frames_per_call;
    for (uint32_t i = 0; i < p->worker_count; i++) {
        ldpcd_worker *w = &p->workers[i];
        if (ldpcd_decoders_create(&w->decoders, &decoding, config, stats, error, error_size) != 0)
            return -1;
        ldpcd_decoders_staging(&w->decoders, p->soft_is_float, &w->batch_soft, &w->bits);
        w->staged = w->batch_soft != NULL;
        if (!w->staged) {
            w->batch_soft = reserve((size_t)p->frames_per_call * max_n * p->soft_value_bytes);
            w->bits = reserve((size_t)p->frames_per_call * p->codes.max_word);
        }
        w->frame_stats = reserve(sizeof *w->frame_stats * p->frames_per_call);
        w->claimed = reserve(sizeof *w->claimed * p->batch_frames);
        w->decoding = reserve(sizeof *w->decoding * p->frames_per_call);
        w->failed = reserve(p->frames_per_call);
        w->llr_scratch = reserve((size_t)max_n * sizeof(float));
        if (w->batch_soft == NULL || w->bits == NULL || w->frame_stats == NULL ||
            w->claimed == NULL || w->decoding == NULL || w->failed == NULL ||
            w->llr_scratch == NULL)
            return ldpcd_fail(error, error_size, "out of memory");
        w->frame_input = (ldpcd_frame_input){.to_float = p->soft_is_float,
                                             .llr_scale = llr_scale,
                                             .llr_scratch = w->llr_scratch};
    }
    if (give_graphs(p, error, error_size) != 0)
        return -1;
    ldpcd_frame_input input = p->workers[0].frame_input;
    if (ldpcd_helper_pool_create(&p->helpers, p->convert_threads, p->worker_count, &input,
                                  max_n) != 0)
        return ldpcd_fail(error, error_size, "%u helpers: out of memory or threads",
                    p->convert_threads);
    const ldpcd_decoders *first = &p->workers[0].decoders;
    ldpcd_decoders_log_notes(first); /* one worker's decoders say it for all */
    ldpcd_decoders_describe(first, p->backend, sizeof p->backend);
    return 0;
}

ldpcd_pipeline *ldpcd_pipeline_create(const ldpcd_config *config, ldpcd_stats *stats,
                                      char *error, size_t error_size)
{
    ldpcd_pipeline *p = reserve(sizeof *p);
    if (p == NULL) {
        ldpcd_fail(error, error_size, "out of memory");
        return NULL;
    }
    ldpcd_config resolved = *config;
    if (resolved.workers == 0)
        resolved.workers = auto_workers(config);
    if (build(p, &resolved, stats, error, error_size) != 0) {
        ldpcd_pipeline_destroy(p);
        return NULL;
    }
    size_t decoder_bytes = 0;
    for (uint32_t i = 0; i < p->worker_count; i++)
        decoder_bytes += ldpcd_decoders_footprint(&p->workers[i].decoders);
    ldpcd_log(LDPCD_LOG_INFO,
              "pipeline: %zu codes (%.1f MB of tables), decoder %s, backend %s, %u workers "
              "(%.1f MB%s), batch %u%s, queue %u frames, %u helpers",
              p->codes.count, (double)p->codes.footprint_bytes / 1e6, p->decoder_spec, p->backend,
              p->worker_count, (double)decoder_bytes / 1e6,
              p->workers[0].staged ? ", batches in the decoders' staging" : "", p->batch_frames,
              p->frames_per_call < p->batch_frames ? " (decoded a frame per call)" : "",
              p->ring.capacity, p->convert_threads);
    return p;
}

void ldpcd_pipeline_destroy(ldpcd_pipeline *p)
{
    if (p == NULL)
        return;
    if (p->workers != NULL) {
        for (uint32_t i = 0; i < p->worker_count; i++) {
            ldpcd_worker *w = &p->workers[i];
            if (!w->staged) {
                free(w->batch_soft);
                free(w->bits);
            }
            ldpcd_decoders_destroy(&w->decoders);
            free(w->frame_stats);
            free(w->claimed);
            free(w->decoding);
            free(w->failed);
            free(w->llr_scratch);
        }
        free(p->workers);
    }
    ldpcd_helper_pool_destroy(&p->helpers);
    ldpcd_ring_destroy(&p->ring);
    ldpcd_message_pool_destroy(&p->messages);
    ldpcd_code_set_destroy(&p->codes);
    free(p);
}

size_t ldpcd_pipeline_raw_frame_bytes(const ldpcd_pipeline *p, const ldpcd_config *config)
{
    if (config->input_framing == LDPCD_FRAMING_PROTOCOL || p->raw_code == NULL)
        return 0;
    return (size_t)p->raw_code->n_bits * ldpc_soft_value_size(config->raw_format);
}

size_t ldpcd_pipeline_max_input_message(const ldpcd_pipeline *p, const ldpcd_config *config)
{
    size_t raw_frame = ldpcd_pipeline_raw_frame_bytes(p, config);
    if (raw_frame == 0)
        return p->max_message_size;
    return (size_t)config->max_frames_per_message * raw_frame + RAW_TAG_HEADER_ROOM;
}
