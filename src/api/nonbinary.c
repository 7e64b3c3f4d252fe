/* The public creation of nonbinary decoders: the request checked, its
 * backend chosen by backend_registry.c, the decoder (src/nb) created on it;
 * the same way as ldpc_decoder_create, with or without explicit OpenCL
 * settings. */
#include "api/backend_registry.h"
#include "ldpc/opencl.h"
#include "opencl/cl_options.h"
#include "util/error_internal.h"

static ldpc_status nb_create(const ldpc_decoder_config *config,
                             const ldpc_nb_decoder_limits *limits, const char *requested,
                             const cl_options *opencl, ldpc_nb_decoder **out, ldpc_error *err)
{
    if (out == NULL)
        return ldpc_fail(err, LDPC_ERR_INVALID, "no place to store the decoder");
    *out = NULL;
    nb_backend backend;
    ldpc_status status = nb_decoder_check(config, limits, err);
    if (status == LDPC_OK)
        status = nb_backend_select(requested, config, &backend, err);
    if (status != LDPC_OK)
        return status;
    return nb_decoder_create(config, limits, &backend, opencl, out, err);
}

ldpc_status ldpc_nb_decoder_create(const ldpc_decoder_config *config,
                                   const ldpc_nb_decoder_limits *limits, const char *backend,
                                   ldpc_nb_decoder **out, ldpc_error *err)
{
    return nb_create(config, limits, backend, NULL, out, err);
}

ldpc_status ldpc_nb_opencl_decoder_create(const ldpc_decoder_config *config,
                                          const ldpc_nb_decoder_limits *limits,
                                          const ldpc_opencl_config *opencl,
                                          ldpc_nb_decoder **out, ldpc_error *err)
{
    if (opencl == NULL)
        return ldpc_fail(err, LDPC_ERR_INVALID, "no OpenCL configuration given");
    cl_options options;
    ldpc_status status = cl_options_from_config(opencl, &options, err);
    if (status != LDPC_OK)
        return status;
    return nb_create(config, limits, NB_OPENCL_BACKEND, &options, out, err);
}

ldpc_status cl_options_nb_decoder_create(const ldpc_decoder_config *config,
                                         const ldpc_nb_decoder_limits *limits,
                                         const cl_options *options, ldpc_nb_decoder **out,
                                         ldpc_error *err)
{
    return nb_create(config, limits, NB_OPENCL_BACKEND, options, out, err);
}
