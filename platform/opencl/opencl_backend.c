/* The "opencl" decoder backend: decodes on the device chosen by
 * ldpc_opencl_config and falls back, for good, to the CPU backend the registry
 * hands it (what "auto" would pick without OpenCL: a SIMD decoder where the
 * CPU has one, else the reference) when the device cannot be used (no
 * platform, a kernel that does not build, buffers that do not fit, a failed
 * call such as a lost device). The CPU backend's state (its worker threads
 * included) is made beside the device's at creation, so falling back
 * allocates nothing. Compiled with or without OpenCL.
 *
 * It takes the caller's raw int8 values (maps_input): the device's setup
 * kernel reads -128 as -127 itself, so the decoder's serial mapping pass on
 * the calling thread is skipped; a CPU backend that does not map its input
 * itself gets the frames mapped into `mapped` first. */
#include <stdio.h>
#include <string.h>

#include "decode/backend.h"
#include "code/code_struct.h"
#include "decode/fixed_point.h"
#include "decode/workspace_layout.h"
#include "opencl/cl_options.h"
#include "util/error_internal.h"
#ifdef LDPC_WITH_OPENCL
#include "cl_decoder.h"
#endif

typedef struct {
    int on_device;
    uint32_t fallbacks;
    uint64_t frames_on_cpu;
    char fallback_reason[LDPC_ERROR_MESSAGE_SIZE];
#ifdef LDPC_WITH_OPENCL
    cl_decoder device;
#endif
    const decode_backend *cpu; /* the fallback the registry chose (backend_setup) */
    void *cpu_state;           /* its state, after `mapped` */
    int8_t *mapped; /* max_frames * max_n: the input mapped for a CPU backend without maps_input */
} opencl_state;

static int opencl_available(const decode_backend *self)
{
    (void)self;
#ifdef LDPC_WITH_OPENCL
    return 1; /* even without a device: the fallback still decodes */
#else
    return 0;
#endif
}

/* Largest cap of saturated posteriors by layer: its records hold the rule's
 * outputs (at most the cap) in 6 bits (kernels/29_layered_saturated_layer.cl). */
#define SATURATED_LAYER_MAX_CAP 63

/* posterior_bits 8 (saturated, layered only: the configuration's validation
 * says so) by check is the saturated item design,
 * kernels/26_layered_saturated.cl; by layer, kernels/29_layered_saturated_layer.cl. */
static int opencl_supports(const decode_backend *self, const ldpc_decoder_config *config)
{
    (void)self;
    return config->arithmetic == LDPC_ARITH_FIXED8 &&
           (config->rule == LDPC_RULE_MIN_SUM_NORMALIZED ||
            config->rule == LDPC_RULE_MIN_SUM_OFFSET) &&
           (config->posterior_bits == 16 || config->posterior_bits == 8) &&
           (config->saturated_order == LDPC_SATURATED_BY_CHECK ||
            config->message_cap <= SATURATED_LAYER_MAX_CAP);
}

/* Saturated posteriors by check exist in the item design only, by layer in the
 * latency design only: a design forced to
 * group, latency or spread is a configuration error, reported at creation
 * rather than decoded some other way than asked. */
static ldpc_status check_design(const ldpc_decoder_config *config,
                                const cl_options *opencl, ldpc_error *err)
{
    if (config->saturated_order == LDPC_SATURATED_BY_LAYER) {
        if (opencl->design == LDPC_OPENCL_DESIGN_AUTO ||
            opencl->design == LDPC_OPENCL_DESIGN_LATENCY)
            return LDPC_OK;
        return ldpc_fail(err, LDPC_ERR_UNSUPPORTED,
                         "saturated posteriors by layer (order=layer) have the latency design "
                         "only: use the OpenCL tuning design=auto or design=latency");
    }
    if (config->posterior_bits == 8 && opencl->design != LDPC_OPENCL_DESIGN_AUTO &&
        opencl->design != LDPC_OPENCL_DESIGN_ITEM_PER_FRAME)
        return ldpc_fail(err, LDPC_ERR_UNSUPPORTED,
                         "OpenCL design %s does not implement saturated 8-bit posteriors "
                         "(posterior=8): use the OpenCL tuning design=auto or design=item",
                         opencl->design == LDPC_OPENCL_DESIGN_LATENCY  ? "latency"
                         : opencl->design == LDPC_OPENCL_DESIGN_SPREAD ? "spread"
                                                                       : "group");
    return LDPC_OK;
}

static size_t mapped_bytes(const ldpc_decoder_limits *limits, const decode_backend *cpu)
{
    return cpu->maps_input ? 0 : workspace_round_up((size_t)limits->max_frames * limits->max_n);
}

/* The CPU fallback's own setup: it has no fallback and no options. */
static backend_setup cpu_setup(const backend_setup *setup)
{
    return (backend_setup){setup->limits, setup->config, NULL, NULL};
}

static size_t opencl_state_bytes(const decode_backend *self, const backend_setup *setup)
{
    (void)self;
    const decode_backend *cpu = setup->fallback;
    const backend_setup for_cpu = cpu_setup(setup);
    return workspace_round_up(sizeof(opencl_state)) + mapped_bytes(setup->limits, cpu) +
           cpu->state_bytes(cpu, &for_cpu);
}

static void fall_back(opencl_state *state, const char *reason)
{
    if (state->fallbacks == 0)
        snprintf(state->fallback_reason, sizeof state->fallback_reason, "%s", reason);
    state->fallbacks++;
    state->on_device = 0;
}

/* setup->options: cl_options, or NULL for the environment's. */
static ldpc_status opencl_init(const decode_backend *self, void *memory,
                               const backend_setup *setup, ldpc_error *err)
{
    (void)self;
    const ldpc_decoder_limits *limits = setup->limits;
    const ldpc_decoder_config *config = setup->config;
    cl_options opencl = cl_options_default();
    ldpc_status status = LDPC_OK;
    if (setup->options != NULL)
        opencl = *(const cl_options *)setup->options;
    else if ((status = cl_options_from_env(&opencl, err)) != LDPC_OK)
        return status;
    if ((status = check_design(config, &opencl, err)) != LDPC_OK)
        return status;
    opencl_state *state = memory;
    const decode_backend *cpu = setup->fallback;
    const backend_setup for_cpu = cpu_setup(setup);
    state->mapped = (int8_t *)memory + workspace_round_up(sizeof(opencl_state));
    state->cpu_state = (unsigned char *)state->mapped + mapped_bytes(limits, cpu);
    if ((status = cpu->init(cpu, state->cpu_state, &for_cpu, err)) != LDPC_OK)
        return status;
    state->cpu = cpu; /* from here on, destroy releases it */
#ifdef LDPC_WITH_OPENCL
    ldpc_error device_err = {{0}};
    if (cl_decoder_init(&state->device, limits, config, &opencl, &device_err) == LDPC_OK)
        state->on_device = 1;
    else
        fall_back(state, device_err.message);
#else
    fall_back(state, "built without OpenCL");
#endif
    return LDPC_OK;
}

static ldpc_status decode_on_cpu(opencl_state *state, const ldpc_code *code, const int8_t *q,
                                 uint32_t frames, uint8_t *bits, ldpc_frame_stats *stats,
                                 ldpc_error *err)
{
    state->frames_on_cpu += frames;
    if (!state->cpu->maps_input) {
        size_t values = (size_t)frames * code->n;
        for (size_t i = 0; i < values; i++)
            state->mapped[i] = q_from_input(q[i]);
        q = state->mapped;
    }
    return state->cpu->decode_i8(state->cpu_state, code, q, frames, bits, stats, err);
}

static ldpc_status opencl_decode_i8(void *memory, const ldpc_code *code, const int8_t *q,
                                    uint32_t frames, uint8_t *bits, ldpc_frame_stats *stats,
                                    ldpc_error *err)
{
    opencl_state *state = memory;
#ifdef LDPC_WITH_OPENCL
    if (state->on_device && cl_decoder_accepts(&state->device, code)) {
        ldpc_error device_err = {{0}};
        if (cl_decoder_decode(&state->device, code, q, frames, bits, stats, &device_err) ==
            LDPC_OK)
            return LDPC_OK;
        /* The device's results are unusable; the batch is decoded again below
         * (from the staging, where the caller may have put it). */
        cl_decoder_release_device(&state->device);
        fall_back(state, device_err.message);
    }
#endif
    return decode_on_cpu(state, code, q, frames, bits, stats, err);
}

/* The pinned staging, as long as the device was there at creation (a device
 * lost since keeps it until destroy). */
static void opencl_staging_areas(void *memory, int8_t **input, uint8_t **output)
{
    opencl_state *state = memory;
#ifdef LDPC_WITH_OPENCL
    *input = state->device.input_host;
    *output = state->device.bits_host;
#else
    (void)state;
    *input = NULL;
    *output = NULL;
#endif
}

static void opencl_destroy(void *memory)
{
    opencl_state *state = memory;
#ifdef LDPC_WITH_OPENCL
    cl_decoder_release(&state->device); /* what is left after a lost device too */
#endif
    if (state->cpu != NULL && state->cpu->destroy != NULL)
        state->cpu->destroy(state->cpu_state);
}

/* "opencl on DEVICE (PLATFORM)", or on the CPU with the first reason. */
static int opencl_describe(const void *memory, char *out, size_t size)
{
    const opencl_state *state = memory;
#ifdef LDPC_WITH_OPENCL
    if (state->on_device) {
        cl_device_choice_describe(&state->device.session.choice, out, size);
        return 0;
    }
#endif
    snprintf(out, size, "opencl on the CPU (%s): %s", state->cpu->name, state->fallback_reason);
    return 1;
}

static void fill_stats(const opencl_state *state, ldpc_opencl_stats *out)
{
    memset(out, 0, sizeof *out);
#ifdef LDPC_WITH_OPENCL
    cl_decoder_fill_stats(&state->device, out);
#endif
    out->on_device = state->on_device;
    out->fallbacks = state->fallbacks;
    out->frames_on_cpu = state->frames_on_cpu;
    out->cpu_backend = state->cpu->name;
    memcpy(out->fallback_reason, state->fallback_reason, sizeof out->fallback_reason);
}

static void opencl_counters(const void *memory, ldpc_decoder_counters *out)
{
    ldpc_opencl_stats stats;
    fill_stats(memory, &stats);
    cl_counters_from_stats(&stats, out);
}

const decode_backend opencl_backend = {
    .name = "opencl",
    .kind = BACKEND_KIND_DEVICE,
    .available = opencl_available,
    .supports = opencl_supports,
    .state_bytes = opencl_state_bytes,
    .init = opencl_init,
    .maps_input = 1,
    .decode_i8 = opencl_decode_i8,
    .decode_f32 = NULL, /* fixed point only (supports) */
    .staging_areas = opencl_staging_areas,
    .destroy = opencl_destroy,
    .describe = opencl_describe,
    .counters = opencl_counters,
};

ldpc_status ldpc_opencl_stats_get(const ldpc_decoder *decoder, ldpc_opencl_stats *out,
                                  ldpc_error *err)
{
    const opencl_state *state = decoder_backend_state(decoder, &opencl_backend);
    if (state == NULL || out == NULL)
        return ldpc_fail(err, LDPC_ERR_INVALID, "not a decoder of the opencl backend");
    fill_stats(state, out);
    return LDPC_OK;
}
