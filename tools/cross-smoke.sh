#!/usr/bin/env bash
# ldpc sim and ldpc bench (both start threads) of an ARM cross build under
# qemu-user, each within a time limit: they hung under qemu-aarch64 when the
# loader and libc came from two glibc builds (tools/cross-run.sh says why).
#   tools/cross-smoke.sh aarch64|armhf LDPC      LDPC: the cross-built ldpc tool
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 2 ] || { echo "usage: $0 aarch64|armhf LDPC" >&2; exit 2; }
arch=$1 tool=$2
out=$(mktemp)
trap 'rm -f "$out"' EXIT
run() { timeout 300 tools/cross-run.sh "$arch" "$tool" "$@" >"$out" 2>&1 || {
    echo "$0: $arch: ldpc $1 failed or timed out (status $?):" >&2; cat "$out" >&2; exit 1; }; }

run sim --code dvbs2-short-1/2 --ebn0 3 --max-frames 64 --batch 16 --threads 2
grep -Eq '^fixed-layered-oms +3\.000 .* 64 +0 ' "$out" || { cat "$out" >&2; exit 1; }
echo "$arch: ldpc sim under qemu: 64 frames, 0 frame errors at Eb/N0 3 dB, 2 threads"

run bench --code dvbs2-short-1/2 --seconds 1 --threads 2 --batch 32
grep -Eq '^setup' "$out" || { cat "$out" >&2; exit 1; }
grep -Eq 'neon' "$out" || { echo "$0: bench did not run a NEON backend" >&2; cat "$out" >&2; exit 1; }
echo "$arch: ldpc bench under qemu: $(grep -Eo 'neon[^ ]* created' "$out" | head -1), 2 threads"
