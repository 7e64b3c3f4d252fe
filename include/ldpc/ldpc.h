/* ldpcd library: the one header applications include. */
#ifndef LDPC_LDPC_H
#define LDPC_LDPC_H

#include "ldpc/code.h"
#include "ldpc/decoder.h"
#include "ldpc/decoder_spec.h"
#include "ldpc/encoder.h"
#include "ldpc/error.h"
#include "ldpc/opencl.h"
#include "ldpc/soft.h"

/* The one place the version is written: CMakeLists.txt reads it from here. */
#define LDPC_VERSION_STRING "0.1.0"

#endif
