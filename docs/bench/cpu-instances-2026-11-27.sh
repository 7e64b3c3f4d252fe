#!/usr/bin/env bash
# Two threads two ways on this 2-core AMD EPYC: one decoder with two workers (--threads 2) and
# two single-thread decoders each driven by its own thread (--instances 2, as ldpcd's two
# workers run them), alternating processes, five rounds, `--seconds 3 --baseline none`,
# coded Mbit/s; the saturated decoder (P8) and the default one.
# Usage: docs/bench/cpu-instances-2026-11-27.sh [ldpc binary] > output.txt
set -u
ldpc=${1:-build-cpu/tools/ldpc}
mbps() { "$ldpc" bench "$@" --seconds 3 --baseline none 2>/dev/null | awk '/^(avx|auto)/ {print $4}'; }
date -u
for args in "--code dvbs2-normal-1/2 --decoder fixed-layered-oms,posterior=8" \
            "--code dvbs2-short-1/2 --decoder fixed-layered-oms,posterior=8" \
            "--code dvbs2-normal-1/2 --decoder fixed-layered-oms,posterior=8 --iterations 50" \
            "--code dvbs2-normal-1/2"; do
    echo "\$ ldpc bench $args: --threads 2 | --instances 2 --threads 1"
    for round in 1 2 3 4 5; do
        echo "round $round $(mbps $args --threads 2) $(mbps $args --instances 2 --threads 1)"
    done
done
