#!/usr/bin/env bash
# The README's first command, shortened: tools/demo.sh end to end.
set -euo pipefail
source_dir=$1 build_dir=$2
[ -x "$build_dir/tools/ldpcd-liquid/ldpc-tx" ] || { echo "no demo tools: skipped"; exit 77; }
out=$(mktemp)
trap 'rm -f "$out"' EXIT
LDPCD_BUILD_DIR=$build_dir bash "$source_dir/tools/demo.sh" --frames 64 --code dvbs2-short-1/2 >"$out"
cat "$out"
grep -q "summary: frames 64 (decoded" "$out"
grep -Eq "stopped in [0-9.]+ s: 64 frames in \(64 decoded.*; 64 out," "$out"
grep -q "ready: .* (protocol framing, packed output; [0-9]* ZeroMQ I/O threads)" "$out"
grep -Eq "^channel: [0-9.]+% of the codeword bits arrived with the wrong sign" "$out"
# a punctured code through the daemon: frames of the transmitted bits in,
# every frame decoded to its information bits
LDPCD_BUILD_DIR=$build_dir bash "$source_dir/tools/demo.sh" --frames 64 \
    --code ccsds-ar4ja-1024-1/2 --esn0 3 >"$out"
grep -q "summary: frames 64 (decoded 64, not converged 0, rejected 0) FER 0 BER 0" "$out" ||
    { cat "$out"; echo "ccsds-ar4ja-1024-1/2 through ldpcd: not every frame decoded" >&2; exit 1; }
# a channel the code cannot beat: the demo says so and fails
if LDPCD_BUILD_DIR=$build_dir bash "$source_dir/tools/demo.sh" --frames 8 --code dvbs2-short-1/2 \
    --esn0 -6 >"$out" 2>&1; then
    cat "$out"
    echo "demo.sh exited 0 with no frame decoded" >&2
    exit 1
fi
grep -q "no frame decoded" "$out"
