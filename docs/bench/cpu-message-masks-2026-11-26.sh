#!/usr/bin/env bash
# The saturated decoder's two message stores on AVX-512 (LDPC_SATURATED_MESSAGES
# edges / masks) and AVX2 (edges, its only form), alternating in rounds so
# that the machine's drift hits every variant alike; coded Mbit/s of
# `ldpc bench --decoder fixed-layered-oms,posterior=8 --baseline none`.
# Usage: docs/bench/cpu-message-masks-2026-11-26.sh [ldpc binary] [rounds]
set -u
ldpc=${1:-build-cpu/tools/ldpc}
rounds=${2:-6}
coded() {
    "$ldpc" bench "$@" --decoder fixed-layered-oms,posterior=8 --baseline none --seconds 2 \
        2>/dev/null | awk '$1 ~ /^avx/ {print $4}'
}
date -u
for case in "dvbs2-normal-1/2 1" "dvbs2-normal-1/2 2" "dvbs2-short-1/2 1" "dvbs2-short-1/2 2"; do
    set -- $case
    echo "# $1, $2 thread(s): round avx512-edges avx512-masks avx2"
    for r in $(seq "$rounds"); do
        e=$(LDPC_SATURATED_MESSAGES=edges coded --code "$1" --threads "$2" --backend avx512bw)
        m=$(LDPC_SATURATED_MESSAGES=masks coded --code "$1" --threads "$2" --backend avx512bw)
        a=$(coded --code "$1" --threads "$2" --backend avx2)
        echo "$r $e $m $a"
    done
done
