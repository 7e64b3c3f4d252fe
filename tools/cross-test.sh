#!/usr/bin/env bash
# Cross-builds ldpcd for an ARM target with Debian's cross compiler and runs the
# unit tests under qemu-user (CMAKE_CROSSCOMPILING_EMULATOR of the toolchain
# file), so that the NEON decoder is compared with the reference on x86 CI.
#   tools/cross-test.sh aarch64|armhf [extra cmake arguments]
# Build directory: build/cross-<arch>. Needs the packages of docs/PORTING.md.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
    echo "usage: $0 aarch64|armhf [cmake arguments...]" >&2
    exit 2
}
[ $# -ge 1 ] || usage
arch=$1
shift
case "$arch" in
    aarch64 | arm64 | aarch64-linux-gnu) arch=aarch64 triple=aarch64-linux-gnu qemu=qemu-aarch64 ;;
    armhf | arm-linux-gnueabihf) arch=armhf triple=arm-linux-gnueabihf qemu=qemu-arm ;;
    *) usage ;;
esac

for program in "$triple-gcc" "$qemu"; do
    if ! command -v "$program" >/dev/null && ! command -v "$program-static" >/dev/null; then
        echo "$0: $program not found (see docs/PORTING.md for the packages)" >&2
        exit 1
    fi
done

build=build/cross-$arch
jobs=${JOBS:-$(nproc)}
# The cross build covers the library and its unit tests; the tool (without
# liquid-dsp), but not the OpenCL backend or the daemon, whose libraries
# (OpenCL ICD, libzmq) are not installed for the target.
cmake -S . -B "$build" -DCMAKE_TOOLCHAIN_FILE="platform/toolchains/$triple.cmake" \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo -DLDPC_WERROR=ON \
    -DLDPC_WITH_OPENCL=OFF -DLDPC_BUILD_DAEMON=OFF -DLDPC_WITH_LIQUID=OFF "$@"
cmake --build "$build" -j"$jobs"

start=$(date +%s)
ctest --test-dir "$build" --output-on-failure -j"$jobs" -L unit
echo "$arch: unit tests under $qemu took $(($(date +%s) - start)) s"

# A CPU without NEON would skip the comparison and still pass: make sure the
# NEON decoder really was compared with the reference.
if ! grep -Eq '^ *neon .* identical$' "$build/Testing/Temporary/LastTest.log"; then
    echo "$0: test_simd_backends did not compare the NEON decoder (skipped?)" >&2
    exit 1
fi
echo "$arch: NEON decoder identical to the reference"
