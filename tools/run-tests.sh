#!/usr/bin/env bash
# The test command of the README and of CI: a warnings-as-errors build with every
# test, then the unit tests again under AddressSanitizer + UndefinedBehaviorSanitizer.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)

cmake -S . -B build/ci -DCMAKE_BUILD_TYPE=RelWithDebInfo -DLDPC_WERROR=ON
cmake --build build/ci -j"$jobs"
ctest --test-dir build/ci --output-on-failure -j"$jobs"

cmake -S . -B build/asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DLDPC_WERROR=ON -DLDPC_SANITIZE=ON
cmake --build build/asan -j"$jobs"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --test-dir build/asan --output-on-failure -j"$jobs" -L unit

# The NEON decoders against the reference, built for aarch64 and run under
# qemu-user (docs/PORTING.md).
if command -v aarch64-linux-gnu-gcc >/dev/null && command -v qemu-aarch64 >/dev/null; then
    bash tools/cross-test.sh aarch64
    bash tools/cross-smoke.sh aarch64 build/cross-aarch64/tools/ldpc
    bash tools/cross-daemon.sh aarch64 build/ci
else
    echo "run-tests: aarch64 cross test skipped: tools/install-deps.sh installs its tools" >&2
fi
# armhf's NEON decoders against the host's reference, through the ldpc tool.
if command -v arm-linux-gnueabihf-gcc >/dev/null && command -v qemu-arm >/dev/null; then
    bash tools/cross-neon-check.sh armhf build/ci/tools/ldpc
    bash tools/cross-smoke.sh armhf build/cross-armhf-tool/tools/ldpc
    bash tools/cross-daemon.sh armhf build/ci
else
    echo "run-tests: armhf NEON check skipped: tools/install-deps.sh installs its tools" >&2
fi
# The Debian packages built from the tree, checked and run unpacked.
if command -v dpkg-buildpackage >/dev/null && command -v dh >/dev/null; then
    bash tools/deb-test.sh
    # the same packages cross-built for ARM boards, run under qemu-user
    for arch in arm64 armhf; do
        if command -v "$(dpkg-architecture -a$arch -qDEB_HOST_GNU_TYPE 2>/dev/null)-gcc" >/dev/null; then
            bash tools/deb-cross-test.sh "$arch"
        else
            echo "run-tests: $arch package cross-build skipped: tools/install-deps.sh installs its tools" >&2
        fi
    done
else
    echo "run-tests: Debian package test skipped: tools/install-deps.sh installs debhelper" >&2
fi
