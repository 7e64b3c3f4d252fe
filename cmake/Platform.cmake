# Architecture-specific sources: the inter-frame SIMD decoders for the target
# processor, each instruction set compiled with its own flags so that one
# binary carries every variant and picks one at run time (CPUID / HWCAP).
set(LDPC_SIMD_ARCH "none")
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64|i686|x86)$")
  set(LDPC_SIMD_ARCH "x86")
  target_sources(ldpc PRIVATE
    platform/x86/cpu_features_x86.c platform/x86/layered_sse41.c
    platform/x86/layered_avx2.c platform/x86/layered_avx512.c)
  set_source_files_properties(platform/x86/layered_sse41.c PROPERTIES COMPILE_OPTIONS "-msse4.1")
  set_source_files_properties(platform/x86/layered_avx2.c PROPERTIES COMPILE_OPTIONS "-mavx2")
  set_source_files_properties(platform/x86/layered_avx512.c PROPERTIES COMPILE_OPTIONS "-mavx512f;-mavx512bw")
  # The low-latency frame path (platform/common/frame_decoder_template.h).
  target_sources(ldpc PRIVATE
    platform/x86/frame_variants.c platform/x86/frame_sse41.c
    platform/x86/frame_avx2.c platform/x86/frame_avx512.c)
  set_source_files_properties(platform/x86/frame_sse41.c PROPERTIES COMPILE_OPTIONS "-msse4.1")
  set_source_files_properties(platform/x86/frame_avx2.c PROPERTIES COMPILE_OPTIONS "-mavx2")
  set_source_files_properties(platform/x86/frame_avx512.c PROPERTIES COMPILE_OPTIONS "-mavx512f;-mavx512bw")
  # The 8-bit Min-Max decoders of nonbinary codes (src/nb/nb_simd.h).
  target_sources(ldpc PRIVATE
    platform/x86/nb_variants_x86.c platform/x86/nb_minmax_avx2_q32.c
    platform/x86/nb_minmax_avx2_q64.c platform/x86/nb_minmax_avx512_q32.c
    platform/x86/nb_minmax_avx512_q64.c)
  set_source_files_properties(platform/x86/nb_minmax_avx2_q32.c platform/x86/nb_minmax_avx2_q64.c
                              PROPERTIES COMPILE_OPTIONS "-mavx2")
  set_source_files_properties(platform/x86/nb_minmax_avx512_q32.c platform/x86/nb_minmax_avx512_q64.c
                              PROPERTIES COMPILE_OPTIONS "-mavx512f;-mavx512bw")
elseif(CMAKE_SYSTEM_PROCESSOR MATCHES "^(aarch64|arm64|armv7.*|arm)$")
  set(LDPC_SIMD_ARCH "arm")
  target_sources(ldpc PRIVATE platform/arm/cpu_features_arm.c platform/arm/layered_neon.c
                              platform/arm/frame_variants.c platform/arm/frame_neon.c)
  # The 8-bit Min-Max decoders of nonbinary codes (src/nb/nb_simd.h).
  target_sources(ldpc PRIVATE platform/arm/nb_variants_arm.c platform/arm/nb_minmax_neon_q32.c
                              platform/arm/nb_minmax_neon_q64.c)
  if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(armv7.*|arm)$")
    set_source_files_properties(platform/arm/layered_neon.c platform/arm/frame_neon.c
                                platform/arm/nb_minmax_neon_q32.c platform/arm/nb_minmax_neon_q64.c
                                PROPERTIES COMPILE_OPTIONS "-mfpu=neon")
  endif()
endif()
target_sources(ldpc PRIVATE platform/common/simd_backend.c platform/common/simd_lane_results.c
                            platform/common/simd_workspace.c)
target_sources(ldpc PRIVATE platform/common/frame_backend.c platform/common/frame_schedule.c
                            platform/common/frame_portable.c)
if(LDPC_SIMD_ARCH STREQUAL "none")
  target_sources(ldpc PRIVATE platform/common/simd_none.c platform/common/frame_variants_none.c
                              platform/common/nb_variants_none.c)
endif()
target_include_directories(ldpc PRIVATE ${PROJECT_SOURCE_DIR}/platform)
message(STATUS "ldpc: SIMD decoders for ${LDPC_SIMD_ARCH}")
