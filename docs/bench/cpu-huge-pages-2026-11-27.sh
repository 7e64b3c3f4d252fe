#!/usr/bin/env bash
# The decoder's block on transparent huge pages (madvise(MADV_HUGEPAGE) in ldpc_decoder_create,
# a build not kept: docs/CPU.md) against the build
# before it, alternating processes on this 2-core AMD EPYC (THP in "madvise" mode), six rounds;
# coded Mbit/s of `ldpc bench --seconds 2 --baseline none`, then the per-round ratio.
# Usage: docs/bench/cpu-huge-pages-2026-11-27.sh BEFORE AFTER > output.txt
set -u
before=$1 after=$2
p8="--decoder fixed-layered-oms,posterior=8"
mbps() { "$1" bench "${@:2}" --seconds 2 --baseline none 2>/dev/null | awk '/^(avx|auto)/ {print $4}'; }
date -u
for args in "--code dvbs2-normal-1/2 --threads 1 $p8" "--code dvbs2-normal-1/2 --threads 2 $p8" \
            "--code dvbs2-short-1/2 --threads 2 $p8" "--code dvbs2-normal-1/2 --threads 1" \
            "--code dvbs2-normal-1/2 --threads 2 --iterations 50 $p8"; do
    echo "\$ ldpc bench $args --seconds 2 --baseline none"
    for round in 1 2 3 4 5 6; do
        a=$(mbps "$before" $args); b=$(mbps "$after" $args)
        echo "round $round before $a after $b ratio $(python3 -c "print(f'{$b/$a:.3f}')")"
    done
done
