#!/usr/bin/env bash
# The NEON decoders of a cross build against the portable reference, without
# the target's cmocka (for armhf that package needs the armhf architecture in
# apt, whose index once broke apt-get update here): the cross-built ldpc tool
# decodes noisy frames under qemu-user with each NEON backend, the host's tool
# decodes the same frames with the reference, and the decided bits and every
# frame's statistics (iterations, convergence, unsatisfied checks, corrected
# bits) must be identical.
#   tools/cross-neon-check.sh armhf|aarch64 HOST_LDPC
# Build directory: build/cross-<arch>-tool. Needs the cross compiler and
# qemu-user (docs/PORTING.md).
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
    echo "usage: $0 armhf|aarch64 HOST_LDPC" >&2
    exit 2
}
[ $# -eq 2 ] || usage
case "$1" in
    armhf) triple=arm-linux-gnueabihf qemu=qemu-arm ;;
    aarch64) triple=aarch64-linux-gnu qemu=qemu-aarch64 ;;
    *) usage ;;
esac
arch=$1 host=$2
build=build/cross-$arch-tool

cmake --no-warn-unused-cli -S . -B "$build" -DCMAKE_TOOLCHAIN_FILE="platform/toolchains/$triple.cmake" \
    -DCMAKE_BUILD_TYPE=Release -DLDPC_WERROR=ON -DLDPC_BUILD_TESTS=OFF \
    -DLDPC_WITH_OPENCL=OFF -DLDPC_BUILD_DAEMON=OFF -DLDPC_WITH_LIQUID=OFF >/dev/null
cmake --build "$build" -j"$(nproc)" --target ldpc-tool >/dev/null

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# 100 frames of CODE at EBN0 dB as int8 LLRs, from seeded random information
# bits: not a multiple of any vector's lanes, so partly filled vectors and
# lane refill are exercised.
frames() {
    local code=$1 ebn0=$2 k
    k=$("$host" codes | awk -v c="$code" '$1 == c { print $3 }')
    python3 -c "import random, sys; r = random.Random(7); \
sys.stdout.buffer.write(bytes(r.getrandbits(1) for _ in range($k * 100)))" |
        "$host" encode --code "$code" |
        "$host" channel --code "$code" --ebn0 "$ebn0" --seed 11 --output i8 --scale 2
}

# Decodes with the reference on the host and with each BACKEND on the target;
# fails on the first difference.
check() {
    local code=$1 ebn0=$2 decoder=$3
    shift 3
    # --calibrated: the decoders are compared, not the two machines' libm in
    # the scale estimate
    local args=(decode --code "$code" --input i8 --calibrated --decoder "$decoder" --output codeword
        --stats --batch 40)
    frames "$code" "$ebn0" >"$work/llr"
    "$host" "${args[@]}" --backend reference <"$work/llr" >"$work/ref.bits" 2>"$work/ref.stats"
    local converged
    converged=$(grep -c '"converged":true' "$work/ref.stats" || true)
    # Both outcomes, so that both kinds of statistics are compared.
    if [ "$converged" -eq 0 ] || [ "$converged" -eq 100 ]; then
        echo "$0: $code at $ebn0 dB: $converged of 100 frames converge; pick another Eb/N0" >&2
        exit 1
    fi
    for backend in "$@"; do
        tools/cross-run.sh "$arch" "$build/tools/ldpc" "${args[@]}" --backend "$backend" \
            <"$work/llr" >"$work/neon.bits" 2>"$work/neon.stats"
        if ! cmp -s "$work/ref.bits" "$work/neon.bits" || ! cmp -s "$work/ref.stats" "$work/neon.stats"; then
            echo "$0: $arch backend $backend, $code, $decoder: differs from the reference" >&2
            diff "$work/ref.stats" "$work/neon.stats" | head -5 >&2
            exit 1
        fi
        echo "$arch: $backend identical to the reference ($code, $ebn0 dB, $decoder, $converged of 100 frames converged)"
    done
}

# Eb/N0 where some frames converge and some do not (the reference, 100
# frames: 78, 81, 80 and 17 converge).
check dvbs2-short-1/2 0.8 fixed-layered-oms neon neon-frame neon-frame+neon
check dvbs2-short-8/9 3.6 fixed-layered-nms neon neon-frame
check dvbs2-short-1/2 0.8 fixed-layered-oms,posterior=8 neon
check dvbt2-short-3/5 1.2 fixed-layered-oms,posterior=8,iter=30 neon
