# OpenCL backend (platform/opencl, kernels/*.cl). Included after add_library(ldpc).
#
# The kernels are embedded into the library as C byte arrays at build time by
# EmbedKernels.cmake (a cmake -P script, so no host program has to be built and
# cross-compiling works). At run time LDPC_CL_TUNING=kernel_dir=<dir> loads the same
# file names from a directory instead (kernel development without rebuilding).
#
# LDPC_WITH_OPENCL is AUTO unless set: the SDK is looked for at every configure,
# so a build directory configured before the OpenCL packages were installed
# gains the backend on its next configure instead of keeping a cached OFF.
set(LDPC_WITH_OPENCL AUTO CACHE STRING
    "Build the OpenCL decoder backend: AUTO (when CMake finds OpenCL), ON or OFF")
set_property(CACHE LDPC_WITH_OPENCL PROPERTY STRINGS AUTO ON OFF)
find_package(OpenCL QUIET)
if(LDPC_WITH_OPENCL STREQUAL "AUTO")
  if(OpenCL_FOUND)
    set(LDPC_OPENCL_ENABLED ON)
  else()
    set(LDPC_OPENCL_ENABLED OFF)
  endif()
elseif(LDPC_WITH_OPENCL)
  set(LDPC_OPENCL_ENABLED ON)
else()
  set(LDPC_OPENCL_ENABLED OFF)
endif()

# The backend entry and its configuration are always built: without OpenCL the
# backend reports itself unavailable, and tests and tools still link.
target_sources(ldpc PRIVATE ${PROJECT_SOURCE_DIR}/platform/opencl/opencl_backend.c
                            ${PROJECT_SOURCE_DIR}/platform/opencl/nb_opencl_backend.c
                            ${PROJECT_SOURCE_DIR}/platform/opencl/opencl_config.c
                            ${PROJECT_SOURCE_DIR}/platform/opencl/opencl_latency_order.c
                            ${PROJECT_SOURCE_DIR}/platform/opencl/opencl_circulant_tables.c)
# The public part is include/ldpc/opencl.h; platform/ stays private (the
# tests name it themselves).
target_include_directories(ldpc PRIVATE ${PROJECT_SOURCE_DIR}/platform)

if(LDPC_OPENCL_ENABLED)
  find_package(OpenCL REQUIRED)
  file(GLOB LDPC_CL_KERNELS CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/kernels/*.cl)
  list(SORT LDPC_CL_KERNELS)
  set(LDPC_CL_EMBEDDED ${PROJECT_BINARY_DIR}/generated/opencl_kernel_sources.c)
  add_custom_command(
    OUTPUT ${LDPC_CL_EMBEDDED}
    COMMAND ${CMAKE_COMMAND} -DOUTPUT=${LDPC_CL_EMBEDDED} "-DKERNELS=${LDPC_CL_KERNELS}"
            -P ${PROJECT_SOURCE_DIR}/cmake/EmbedKernels.cmake
    DEPENDS ${LDPC_CL_KERNELS} ${PROJECT_SOURCE_DIR}/cmake/EmbedKernels.cmake
    COMMENT "Embedding OpenCL kernels"
    VERBATIM)
  file(GLOB LDPC_OPENCL_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/platform/opencl/cl_*.c)
  target_sources(ldpc PRIVATE ${LDPC_OPENCL_SOURCES} ${LDPC_CL_EMBEDDED})
  target_include_directories(ldpc PRIVATE ${PROJECT_SOURCE_DIR}/platform/opencl)
  target_compile_definitions(ldpc PUBLIC $<BUILD_INTERFACE:LDPC_WITH_OPENCL=1>
                                  PRIVATE CL_TARGET_OPENCL_VERSION=120)
  target_link_libraries(ldpc PRIVATE OpenCL::OpenCL)
endif()
message(STATUS "ldpc: OpenCL backend ${LDPC_OPENCL_ENABLED} (LDPC_WITH_OPENCL=${LDPC_WITH_OPENCL})")
