#!/usr/bin/env bash
# AVX-512 over AVX2 for the default decoder (the frame path, auto's choice
# for DVB codes) after its register layers, alternating windows as in
# cpu-rounds-2026-11-27.sh (6 windows of 2 s per backend): normal and short
# 1/2 on one and two threads, and one frame at a time.
# Usage: docs/bench/cpu-rounds-2026-11-27-b.sh [ldpc binary] > output.txt
set -u
ldpc=${1:-build-cpu/tools/ldpc}
run() {
    echo "\$ ldpc bench $* --seconds 12 --rounds 6"
    "$ldpc" bench "$@" --seconds 12 --rounds 6 2>/dev/null | grep -E '^(avx|rounds)'
    echo
}
date -u
for code in normal short; do
    for t in 1 2; do
        run --code dvbs2-$code-1/2 --threads $t --backend avx512bw-frame+avx512bw --baseline avx2-frame+avx2
    done
    run --code dvbs2-$code-1/2 --batch 1 --backend avx512bw-frame --baseline avx2-frame
done
