#!/usr/bin/env bash
# AVX-512 over AVX2 on the day's VM, an AMD EPYC of family 26 (Zen 5, whose
# vector units run 512-bit operations at full width; earlier runs had Zen 4,
# family 25), alternating windows (6 windows of 2 s per backend): the
# default decoder (the frame path, auto's choice for DVB codes) and the
# saturated decoder (P8), normal and short 1/2, one and two threads, and one
# frame at a time.
# Usage: docs/bench/cpu-zen5-rounds-2026-11-28.sh [ldpc binary] > output.txt
set -u
ldpc=${1:-build-cpu/tools/ldpc}
p8="--decoder fixed-layered-oms,posterior=8"
run() {
    echo "\$ ldpc bench $* --seconds 12 --rounds 6"
    "$ldpc" bench "$@" --seconds 12 --rounds 6 2>/dev/null | grep -E '^(avx|rounds)'
    echo
}
date -u
grep -m1 'cpu family' /proc/cpuinfo
for code in normal short; do
    for t in 1 2; do
        run --code dvbs2-$code-1/2 --threads $t --backend avx512bw-frame+avx512bw --baseline avx2-frame+avx2
        run --code dvbs2-$code-1/2 --threads $t $p8 --backend avx512bw --baseline avx2
    done
    run --code dvbs2-$code-1/2 --batch 1 --backend avx512bw-frame --baseline avx2-frame
done
