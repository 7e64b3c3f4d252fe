#!/usr/bin/env bash
# Two threads two ways on the 2-core AMD EPYC VM, after ldpc bench stopped counting its per-call
# result checks (ce473ef): one decoder with two workers (--threads 2) against two single-thread
# decoders (--instances 2 --threads 1, as ldpcd's two workers each own a decoder), posterior=8,
# alternating processes, three rounds. Usage: docs/bench/cpu-instances-2026-11-27-b.sh [ldpc]
set -u
ldpc=${1:-build-cpu/tools/ldpc}
p8="--decoder fixed-layered-oms,posterior=8 --baseline none --seconds 3"
for round in 1 2 3; do
    for code in dvbs2-short-1/2 dvbs2-normal-1/2; do
        for mode in "--threads 2" "--instances 2 --threads 1"; do
            printf '%s %-28s %s\n' "$code" "$mode" "$("$ldpc" bench --code $code $p8 $mode 2>/dev/null | grep -E '^avx512bw ' | awk '{print $4" Mb/s, lat med "$7" ms"}')"
        done
    done
done
