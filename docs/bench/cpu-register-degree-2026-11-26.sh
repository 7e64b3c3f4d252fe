#!/usr/bin/env bash
# The saturated decoder's checks in registers up to degree 8 (BEFORE) and up to
# degree 12 (AFTER), two Release builds run alternately, four rounds; prints
# "round backend code before after" in coded Mbit/s (1 thread, 20 iterations).
# Usage: docs/bench/cpu-register-degree-2026-11-26.sh BEFORE AFTER > output.txt
set -u
before=$1 after=$2
coded() {
    "$1" bench --backend "$2" --code "$3" --decoder fixed-layered-oms,posterior=8 \
        --baseline none --seconds 1.5 2>/dev/null | awk '$1 ~ /^avx/ {print $4}'
}
for r in 1 2 3 4; do
    for backend in avx512bw avx2; do
        for code in dvbs2-normal-2/3 dvbs2-normal-3/5 dvbs2-short-3/4 dvbs2-normal-1/2; do
            echo "$r $backend $code $(coded "$before" $backend $code) $(coded "$after" $backend $code)"
        done
    done
done
