# Cross-build for 32-bit ARM hard-float (armhf, ARMv7-A) with Debian's cross
# compiler (gcc-arm-linux-gnueabihf). The baseline is Debian armhf's: ARMv7-A,
# VFPv3-D16, hard-float ABI, no NEON. Only the NEON decoder is compiled with
# -mfpu=neon (cmake/Platform.cmake) and it runs only where the kernel reports
# HWCAP_NEON, so the same binary still works on an ARMv7 without NEON.
# Target libraries come from multiarch: libcmocka-dev:armhf.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR armv7l)
set(LDPC_CROSS_TRIPLE arm-linux-gnueabihf)
set(LDPC_CROSS_QEMU qemu-arm)
set(LDPC_CROSS_C_FLAGS "-march=armv7-a+fp -mfloat-abi=hard")
include(${CMAKE_CURRENT_LIST_DIR}/debian-cross.cmake)
