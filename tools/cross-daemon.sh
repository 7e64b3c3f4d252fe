#!/usr/bin/env bash
# ldpcd itself cross-built for aarch64 or armhf and run under qemu-user, as
# on an ARM board: the host's ldpc-tx sends it liquid-dsp QPSK frames over ipc and the
# host's ldpc-rx checks every result, then a SIGTERM must stop it with its
# counts adding up. Needs libzmq3-dev:arm64 / :armhf (tools/install-deps.sh).
# usage: tools/cross-daemon.sh aarch64|armhf HOST_BUILD
#   (HOST_BUILD: a host build with ldpc-tx and ldpc-rx)
set -euo pipefail
cd "$(dirname "$0")/.."
usage() { echo "usage: $0 aarch64|armhf HOST_BUILD" >&2; exit 2; }
[ $# -eq 2 ] || usage
arch=$1 host=$2
# the ELF header's e_machine (bytes 18-19): 0xb7 aarch64, 0x28 ARM
case "$arch" in
    aarch64) triple=aarch64-linux-gnu machine=" b7 00" ;;
    armhf) triple=arm-linux-gnueabihf machine=" 28 00" ;;
    *) usage ;;
esac
build=build/cross-$arch-daemon
cmake -S . -B "$build" -DCMAKE_TOOLCHAIN_FILE="platform/toolchains/$triple.cmake" \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo -DLDPC_WERROR=ON -DLDPC_WITH_OPENCL=OFF \
    -DLDPC_WITH_LIQUID=OFF -DLDPC_BUILD_TESTS=OFF -DLDPC_BUILD_TOOLS=OFF >/dev/null
cmake --build "$build" -j"${JOBS:-$(nproc)}" --target ldpcd
[ "$(od -An -tx1 -j18 -N2 "$build/src/ldpcd/ldpcd")" = "$machine" ] ||
    { echo "$0: $build/src/ldpcd/ldpcd is not an $arch binary" >&2; exit 1; }

run=$(mktemp -d)
pid=
cleanup() {
    [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
    rm -rf "$run"
}
trap cleanup EXIT
frames=200
tools/cross-run.sh "$arch" "$build/src/ldpcd/ldpcd" --set runtime_dir="$run" \
    --set codes=dvbs2-short-1/2 --set workers=2 2>"$run/ldpcd.log" &
pid=$!
for _ in $(seq 600); do grep -q 'ready:' "$run/ldpcd.log" && break; sleep 0.1; done
grep -q 'ready:' "$run/ldpcd.log" || { cat "$run/ldpcd.log" >&2; exit 1; }
grep -o 'pipeline: .*' "$run/ldpcd.log"
"$host/tools/ldpcd-liquid/ldpc-rx" --endpoint "ipc://$run/output" --frames $frames --pool 16 \
    --seed 3 --timeout-ms 60000 --quiet >"$run/rx.out" &
rx=$!
"$host/tools/ldpcd-liquid/ldpc-tx" --endpoint "ipc://$run/input" --code dvbs2-short-1/2 \
    --esn0 5 --frames $frames --pool 16 --seed 3 --frames-per-message 4
wait "$rx"
cat "$run/rx.out"
grep -q "frames $frames (decoded $frames, not converged 0, rejected 0) FER 0 BER 0" "$run/rx.out"
kill -TERM "$pid"
wait "$pid"
pid=
grep -o 'stopped in .*' "$run/ldpcd.log"
grep -q "stopped in [0-9.]* s: $frames frames in" "$run/ldpcd.log"
echo "$arch: ldpcd decoded every frame under qemu"
