#!/usr/bin/env bash
# Issue 3's ratio targets with alternating windows (ldpc bench --rounds), 2-core AMD EPYC with
# AVX-512BW, 2026-11-27: each pair measured in the same minutes, 6 windows of 2 s per backend.
# Build: cmake -S . -B build-cpu -DLDPC_WERROR=ON -DCMAKE_BUILD_TYPE=Release
# Usage: docs/bench/cpu-rounds-2026-11-27.sh [ldpc binary] > output.txt
set -u
ldpc=${1:-build-cpu/tools/ldpc}
p8="--decoder fixed-layered-oms,posterior=8"
run() {
    echo "\$ ldpc bench $* --seconds 12 --rounds 6"
    "$ldpc" bench "$@" --seconds 12 --rounds 6 2>/dev/null | grep -E '^(avx|auto|rounds)'
    echo
}
date -u
# AVX-512 against AVX2 (target: 1.6x), the saturated decoder and the default one.
for t in 1 2; do
    run --code dvbs2-normal-1/2 --threads $t $p8 --backend avx512bw --baseline avx2
    run --code dvbs2-short-1/2 --threads $t $p8 --backend avx512bw --baseline avx2
    run --code dvbs2-normal-1/2 --threads $t --backend avx512bw-frame+avx512bw --baseline avx2-frame+avx2
done
# Two threads against one (the saturated decoder): the same backend as its own baseline
# cannot differ in threads, so these are the windows of two runs side by side in time.
run --code dvbs2-normal-1/2 --threads 2 $p8 --backend avx512bw --baseline auto --baseline-decoder default
run --code dvbs2-short-1/2 --threads 2 $p8 --backend avx512bw --baseline auto --baseline-decoder default
