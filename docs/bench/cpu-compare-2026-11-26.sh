#!/usr/bin/env bash
# ldpcd's saturated decoder (posterior=8, auto = avx512bw) beside the standalone
# re-write of Le Gal's method (docs/bench/saturated_oms_compare.c, built for
# AVX2 and AVX-512 as its header says), adjacent runs, alternating rounds;
# coded Mbit/s at 20 fixed iterations, Eb/N0 1.0 dB.
# Usage: docs/bench/cpu-compare-2026-11-26.sh LDPC COMPARE256 COMPARE512 [rounds]
set -u
ldpc=$1 compare256=$2 compare512=$3 rounds=${4:-3}
date -u
for case in "dvbs2-normal-1/2 1" "dvbs2-normal-1/2 2" "dvbs2-short-1/2 1" "dvbs2-short-1/2 2"; do
    set -- $case
    echo "# $1, $2 thread(s): round ldpcd-posterior8 standalone-avx2 standalone-avx512"
    for r in $(seq "$rounds"); do
        ours=$("$ldpc" bench --code "$1" --threads "$2" --decoder fixed-layered-oms,posterior=8 \
            --baseline none --seconds 2 2>/dev/null | awk '$1 ~ /^avx/ {print $4}')
        s256=$(MSG_MAX=31 "$compare256" "$1" 20 "$2" 1.0 2 | awk '/^saturated/ {print $(NF-2)}')
        s512=$(MSG_MAX=31 "$compare512" "$1" 20 "$2" 1.0 2 | awk '/^saturated/ {print $(NF-2)}')
        echo "$r $ours $s256 $s512"
    done
done
