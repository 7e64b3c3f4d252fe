/* The "opencl" backend of the nonbinary decoder (src/nb/nb_opencl.h): decodes
 * on the device chosen by ldpc_opencl_config and, for good, hands the frames
 * back to the decoder's CPU reference path when the device cannot be used
 * (no platform, a kernel that does not build, buffers that do not fit, a
 * failed call such as a lost device). Compiled with or without OpenCL. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nb/nb_opencl.h"
#include "opencl/cl_options.h"
#include "util/error_internal.h"
#ifdef LDPC_WITH_OPENCL
#include "cl_nb_decoder.h"
#endif

struct nb_opencl {
    int on_device;
    uint32_t fallbacks;
    uint64_t frames_on_cpu;
    char fallback_reason[LDPC_ERROR_MESSAGE_SIZE];
#ifdef LDPC_WITH_OPENCL
    cl_nb_decoder device;
#endif
};

int nb_opencl_available(void)
{
#ifdef LDPC_WITH_OPENCL
    return 1;
#else
    return 0;
#endif
}

static void fall_back(nb_opencl *state, const char *reason)
{
    if (state->fallbacks == 0)
        snprintf(state->fallback_reason, sizeof state->fallback_reason, "%s", reason);
    state->fallbacks++;
    state->on_device = 0;
}

ldpc_status nb_opencl_create(const ldpc_decoder_config *config,
                             const ldpc_nb_decoder_limits *limits, const void *options,
                             nb_opencl **out, ldpc_error *err)
{
    *out = NULL;
    cl_options opencl = cl_options_default();
    ldpc_status status = LDPC_OK;
    if (options != NULL)
        opencl = *(const cl_options *)options;
    else if ((status = cl_options_from_env(&opencl, err)) != LDPC_OK)
        return status;
    nb_opencl *state = calloc(1, sizeof *state);
    if (state == NULL)
        return ldpc_fail(err, LDPC_ERR_NO_MEMORY, "cannot allocate the OpenCL decoder state");
#ifdef LDPC_WITH_OPENCL
    ldpc_error device_err = {{0}};
    if (cl_nb_decoder_init(&state->device, limits, config, &opencl, &device_err) == LDPC_OK)
        state->on_device = 1;
    else
        fall_back(state, device_err.message);
#else
    (void)config;
    (void)limits;
    fall_back(state, "built without OpenCL");
#endif
    *out = state;
    return LDPC_OK;
}

int nb_opencl_decode(nb_opencl *state, const ldpc_nb_code *code, const float *llr_f32,
                     const int8_t *llr_i8, uint32_t frames, uint8_t *symbols,
                     ldpc_frame_stats *stats)
{
#ifdef LDPC_WITH_OPENCL
    if (state->on_device && cl_nb_decoder_accepts(&state->device, code)) {
        ldpc_error device_err = {{0}};
        if (cl_nb_decoder_decode(&state->device, code, llr_f32, llr_i8, frames, symbols, stats,
                                 &device_err) == LDPC_OK)
            return 1;
        /* The device's results are unusable; the caller decodes the call again. */
        cl_nb_decoder_release(&state->device);
        fall_back(state, device_err.message);
    }
#else
    (void)code;
    (void)llr_f32;
    (void)llr_i8;
    (void)symbols;
    (void)stats;
#endif
    state->frames_on_cpu += frames;
    return 0;
}

int nb_opencl_describe(const nb_opencl *state, char *out, size_t size)
{
#ifdef LDPC_WITH_OPENCL
    if (state->on_device) {
        cl_device_choice_describe(&state->device.session.choice, out, size);
        return 0;
    }
#endif
    snprintf(out, size, "opencl on the CPU (reference): %s", state->fallback_reason);
    return 1;
}

void nb_opencl_destroy(nb_opencl *state)
{
    if (state == NULL)
        return;
#ifdef LDPC_WITH_OPENCL
    if (state->on_device)
        cl_nb_decoder_release(&state->device);
#endif
    free(state);
}

static void fill_stats(const nb_opencl *state, ldpc_opencl_stats *out)
{
    memset(out, 0, sizeof *out);
#ifdef LDPC_WITH_OPENCL
    cl_nb_decoder_fill_stats(&state->device, out);
#endif
    out->on_device = state->on_device;
    out->fallbacks = state->fallbacks;
    out->frames_on_cpu = state->frames_on_cpu;
    memcpy(out->fallback_reason, state->fallback_reason, sizeof out->fallback_reason);
}

void nb_opencl_counters(const nb_opencl *state, ldpc_decoder_counters *out)
{
    ldpc_opencl_stats stats;
    fill_stats(state, &stats);
    cl_counters_from_stats(&stats, out);
}

ldpc_status ldpc_nb_opencl_stats_get(const ldpc_nb_decoder *decoder, ldpc_opencl_stats *out,
                                     ldpc_error *err)
{
    const nb_opencl *state = decoder != NULL ? nb_decoder_opencl(decoder) : NULL;
    if (state == NULL || out == NULL)
        return ldpc_fail(err, LDPC_ERR_INVALID, "not a nonbinary decoder of the opencl backend");
    fill_stats(state, out);
    return LDPC_OK;
}
