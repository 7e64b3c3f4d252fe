# Cross-build for 64-bit ARM (aarch64, NEON is always present) with Debian's
# cross compiler (gcc-aarch64-linux-gnu). Libraries of the target (cmocka for
# the tests) come from Debian multiarch: dpkg --add-architecture arm64,
# apt-get install libcmocka-dev:arm64. Tests run under qemu-user through
# CMAKE_CROSSCOMPILING_EMULATOR (docs/PORTING.md).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(LDPC_CROSS_TRIPLE aarch64-linux-gnu)
set(LDPC_CROSS_QEMU qemu-aarch64)
set(LDPC_CROSS_C_FLAGS "")
include(${CMAKE_CURRENT_LIST_DIR}/debian-cross.cmake)
