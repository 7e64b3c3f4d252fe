#!/usr/bin/env bash
# Two ldpc-tx senders (liquid-dsp QPSK soft bits) push into one ldpcd, with
# 802.16e and 5G NR codes, which the CPU frame path decodes: every frame
# leaves once, decoded to the bits its sender encoded, each sender's frames in
# its own order (ldpc-rx --sources), the frames interleaved between senders.
# The senders exit as soon as ZeroMQ has written their frames, while ldpcd is
# still busy: over tcp, as here, nothing is lost; over ipc ZeroMQ can drop
# what waits in the socket buffer then (docs/SERVICE.md, "Nothing lost").
set -euo pipefail
source_dir=$1 build_dir=$2
ldpcd=$build_dir/src/ldpcd/ldpcd
demo=$build_dir/tools/ldpcd-liquid
[ -x "$demo/ldpc-tx" ] || { echo "demo tools not built (liquid-dsp): skipped"; exit 77; }
work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT
port=$((20000 + $$ % 20000))
for code in wimax-2304-3/4a 5gnr-bg1-z208; do
    frames=300 # per sender
    "$ldpcd" --set runtime_dir="$work" --set codes="$code" \
        --set input_endpoint="tcp://127.0.0.1:$port" --set output_endpoint="ipc://$work/results" \
        --set stats_endpoint= --set workers=2 2>"$work/ldpcd.log" &
    pids=($!)
    for _ in $(seq 300); do grep -q "ready:" "$work/ldpcd.log" && break; sleep 0.1; done
    grep -q "avx512bw-frame+\|avx2-frame+\|sse4.1-frame+\|neon-frame+\|backend reference" \
        "$work/ldpcd.log" || { cat "$work/ldpcd.log"; exit 1; }
    "$demo/ldpc-rx" --endpoint "ipc://$work/results" --frames $((2 * frames)) --sources 2 \
        --seed 3 --pool 16 --quiet --timeout-ms 10000 >"$work/sink.out" &
    sink=$!
    for s in 0 1; do
        "$demo/ldpc-tx" --endpoint "tcp://127.0.0.1:$port" --code "$code" --esn0 8 --seed 3 \
            --pool 16 --frames $frames --first-sequence $((s * frames)) --frames-per-message 3 &
        pids+=($!)
    done
    wait "$sink" || { cat "$work/sink.out" "$work/ldpcd.log"; exit 1; }
    cat "$work/sink.out"
    grep -q "frames $((2 * frames)) (decoded $((2 * frames)), not converged 0, rejected 0) FER 0 BER 0" \
        "$work/sink.out"
    grep -q "order violations 0 duplicates 0" "$work/sink.out"
    kill -TERM "${pids[0]}"
    wait "${pids[0]}"
    pids=()
done
echo "two_senders: OK"
