#!/usr/bin/env bash
# The service decoding a live liquid-dsp signal, end to end:
#   ldpc-tx (random frames, ldpc_encode, liquid-dsp modem, AWGN,
#   liquid-dsp soft demodulation) -> ZeroMQ -> ldpcd (built-in default
#   configuration) -> ZeroMQ -> ldpc-rx (BER, FER, throughput).
# usage: tools/demo.sh [--frames N] [--code NAME] [--modem bpsk|qpsk|8psk|16apsk|32apsk]
#                      [--esn0 DB] [--pool P]
# Builds into build/demo first, with the ldpc tool the README's examples use
# (set LDPCD_BUILD_DIR to use an existing build). Fails when no frame decodes.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
frames=1000 code=dvbs2-normal-1/2 modem=qpsk esn0=4 pool=64
while [ $# -gt 0 ]; do
    case $1 in
        --frames) frames=$2; shift 2 ;;
        --code) code=$2; shift 2 ;;
        --modem) modem=$2; shift 2 ;;
        --esn0) esn0=$2; shift 2 ;;
        --pool) pool=$2; shift 2 ;;
        *) sed -n '2,10p' "$0" >&2; exit 2 ;;
    esac
done
build=${LDPCD_BUILD_DIR:-}
if [ -z "$build" ]; then
    build=$root/build/demo
    echo "demo: building ldpcd, ldpc-tx, ldpc-rx and the ldpc tool into $build (a few minutes the first time)"
    cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
    cmake --build "$build" -j"$(nproc)" --target ldpcd ldpc-tx ldpc-rx ldpc-tool |
        grep --line-buffered -E '^\[ *[0-9]+%\] (Linking|Built target)' || true
    [ "${PIPESTATUS[0]}" -eq 0 ] || { echo "demo: the build failed" >&2; exit 1; }
fi
echo "demo: $frames frames of $code, $modem at Es/N0 $esn0 dB, through ldpcd on its built-in defaults"
run=$(mktemp -d)
ldpcd_pid=
cleanup() {
    [ -n "$ldpcd_pid" ] && kill "$ldpcd_pid" 2>/dev/null || true
    rm -rf "$run"
}
trap cleanup EXIT

# The built-in defaults, with the ipc sockets in a private directory instead
# of /run/ldpcd, statistics every second, and every code the demo may use.
"$build/src/ldpcd/ldpcd" --set runtime_dir="$run" --set stats_interval_ms=1000 \
    --set codes="dvbs2-*,$code" 2>"$run/ldpcd.log" &
ldpcd_pid=$!
for _ in $(seq 100); do [ -S "$run/input" ] && break; sleep 0.1; done
[ -S "$run/input" ] || { cat "$run/ldpcd.log" >&2; exit 1; }

"$build/tools/ldpcd-liquid/ldpc-rx" --endpoint "ipc://$run/output" --frames "$frames" \
    --pool "$pool" --seed 1 --stats "ipc://$run/stats" --timeout-ms 30000 >"$run/sink.out" &
sink_pid=$!
"$build/tools/ldpcd-liquid/ldpc-tx" --endpoint "ipc://$run/input" --code "$code" \
    --modem "$modem" --esn0 "$esn0" --frames "$frames" --pool "$pool" --seed 1 \
    --frames-per-message 4
sink_status=0
wait "$sink_pid" || sink_status=$?
kill -TERM "$ldpcd_pid"
wait "$ldpcd_pid" || true
ldpcd_pid=
echo "== ldpc-rx"
cat "$run/sink.out"
echo "== ldpcd"
grep -E '^ldpcd: (notice|error|warning):' "$run/ldpcd.log" || true
grep -E 'pipeline:' "$run/ldpcd.log" | sed 's/^ldpcd: info: //' || true
exit "$sink_status"
