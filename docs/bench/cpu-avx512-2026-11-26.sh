#!/usr/bin/env bash
# Issue 3's targets on a 2-core AMD EPYC with AVX-512BW (the issue's machine
# kind), 2026-11-26: every line's baseline is measured in the same run.
# Build: cmake -S . -B build-cpu -DLDPC_WERROR=ON -DCMAKE_BUILD_TYPE=Release
# Usage: docs/bench/cpu-avx512-2026-11-26.sh [ldpc binary] > output.txt
set -u
ldpc=${1:-build-cpu/tools/ldpc}
p8="--decoder fixed-layered-oms,posterior=8"
run() {
    echo "\$ ldpc bench $* --seconds 3"
    echo "# load: $(cut -d' ' -f1-3 /proc/loadavg)"
    "$ldpc" bench "$@" --seconds 3 2>/dev/null | grep -Ev '^(code|frames|setup|machine) '
    echo
}
date -u
grep -m1 'model name' /proc/cpuinfo; lscpu | grep -E '^L2|^L3'
# Throughput targets: the saturated decoder against the portable reference.
run --code dvbs2-normal-1/2 --threads 1 $p8 --baseline reference
run --code dvbs2-normal-1/2 --threads 2 $p8 --baseline reference
run --code dvbs2-normal-1/2 --threads 2 --iterations 50 $p8 --baseline reference
run --code dvbs2-short-1/2 --threads 2 $p8 --baseline reference
# AVX-512 against AVX2, same decoder and threads.
for t in 1 2; do
    run --code dvbs2-normal-1/2 --threads $t $p8 --backend avx512bw --baseline avx2
    run --code dvbs2-short-1/2 --threads $t $p8 --backend avx512bw --baseline avx2
done
run --code dvbs2-normal-1/2 --threads 1 --backend avx512bw-frame+avx512bw --baseline avx2-frame+avx2
# The saturated decoder against the default one (16-bit posteriors, frame path).
run --code dvbs2-normal-1/2 --threads 2 $p8 --baseline auto --baseline-decoder default
run --code dvbs2-short-1/2 --threads 2 $p8 --baseline auto --baseline-decoder default
# Early termination.
run --code dvbs2-normal-1/2 --threads 2 --max-iter 50 --ebn0 1.0 $p8 --baseline auto --baseline-decoder default
# One frame at a time (latency).
run --code dvbs2-normal-1/2 --backend avx512bw-frame --batch 1 --baseline avx2-frame
run --code dvbs2-short-1/2 --backend avx512bw-frame --batch 1 --baseline avx2-frame
