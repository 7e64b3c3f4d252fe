#!/usr/bin/env bash
# P8 (posterior=8) with saturated_checks forced inline (NEW) against the
# build before (OLD), alternating processes, on this 2-core AMD EPYC (Zen 4).
# The control in every process is the frame path's default decoder, which
# the change leaves alone. Release builds:
#   cmake -S . -B build -DLDPC_WERROR=ON -DCMAKE_BUILD_TYPE=Release
# Usage: docs/bench/cpu-p8-inline-2026-11-27.sh OLD NEW ROUNDS > output.txt
set -u
old=$1 new=$2 rounds=${3:-3}
p8="--decoder fixed-layered-oms,posterior=8"
control="--baseline auto --baseline-decoder default"
line() {
    "$1" bench "${@:2}" --seconds 2 2>/dev/null | awk '/^(avx|sse|neon)/ {printf "%s %s Mbit/s (%s)  ", $1, $4, $NF}'
}
date -u
for args in "--code dvbs2-normal-1/2 --threads 1" "--code dvbs2-normal-1/2 --threads 2" \
            "--code dvbs2-normal-1/2 --threads 2 --iterations 50" "--code dvbs2-short-1/2 --threads 2" \
            "--code dvbs2-normal-1/2 --threads 1 --backend avx2" "--code dvbs2-short-1/2 --threads 1 --backend avx2"; do
    echo "== $args $p8"
    for r in $(seq 1 "$rounds"); do
        echo "$r old: $(line "$old" $args $p8 $control)"
        echo "$r new: $(line "$new" $args $p8 $control)"
    done
done
