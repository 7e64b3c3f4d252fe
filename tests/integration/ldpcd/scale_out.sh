#!/usr/bin/env bash
# Scale-out (docs/SERVICE.md): one source binds PUSH, two ldpcd instances
# connect and share its frames (ZeroMQ load-balances), both push results to
# one sink that restores the order by sequence number and checks that every
# frame arrived exactly once and decoded correctly.
set -euo pipefail
source_dir=$1 build_dir=$2
ldpcd=$build_dir/src/ldpcd/ldpcd
demo=$build_dir/tools/ldpcd-liquid
[ -x "$demo/ldpc-tx" ] || { echo "demo tools not built (liquid-dsp): skipped"; exit 77; }
work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT
frames=400
for i in 1 2; do
    mkdir -p "$work/$i"
    "$ldpcd" --set runtime_dir="$work/$i" --set codes=dvbs2-short-1/2 \
        --set input_endpoint="ipc://$work/frames" --set input_bind=no \
        --set output_endpoint="ipc://$work/results" --set output_bind=no \
        --set stats_endpoint= --set batch_frames=8 --set workers=1 2>"$work/ldpcd$i.log" &
    pids+=($!)
done
# both instances up before the source sends (else, on a loaded machine, the
# first one may take every frame)
for i in 1 2; do
    for _ in $(seq 300); do grep -q "ready:" "$work/ldpcd$i.log" && break; sleep 0.1; done
done
"$demo/ldpc-rx" --endpoint "ipc://$work/results" --bind --frames $frames --seed 7 \
    --reorder --quiet --timeout-ms 60000 >"$work/sink.out" &
sink=$!
"$demo/ldpc-tx" --endpoint "ipc://$work/frames" --bind --code dvbs2-short-1/2 \
    --frames $frames --seed 7 --esn0 6 --frames-per-message 2
wait $sink
cat "$work/sink.out"
grep -q "frames $frames (decoded $frames," "$work/sink.out"
grep -q "released in order $frames" "$work/sink.out"
grep -q "duplicates 0" "$work/sink.out"
for p in "${pids[@]}"; do kill -TERM "$p"; wait "$p"; done
pids=()
# both instances did part of the work
for i in 1 2; do
    n=$(sed -n 's/.*stopped in [0-9.]* s: \([0-9]*\) frames in.*/\1/p' "$work/ldpcd$i.log")
    echo "instance $i decoded $n frames"
    [ "${n:-0}" -gt 0 ]
done
echo "scale_out: OK"
