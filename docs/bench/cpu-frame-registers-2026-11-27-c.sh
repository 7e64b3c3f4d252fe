#!/usr/bin/env bash
# Run C: layers of more than 8 block edges by vectors too (their inputs on
# the stack, layer_on_stack), against the build with only layers of up to 8
# by vectors; DVB-S2 normal rates whose layers have 10-18 block edges, and
# normal 1/2 (unchanged: degree 7) as a control line. Each line against
# portable-frame (unchanged) in the same process.
# Usage: docs/bench/cpu-frame-registers-2026-11-27-c.sh BEFORE_LDPC AFTER_LDPC [ROUNDS]
set -u
before=$1 after=$2 rounds=${3:-2}
date -u
for r in $(seq "$rounds"); do
    echo "== round $r"
    for b in before after; do
        bin=$before; [ $b = after ] && bin=$after
        for args in "--code dvbs2-normal-3/5 --backend avx512bw-frame" \
                    "--code dvbs2-normal-2/3 --backend avx512bw-frame" \
                    "--code dvbs2-normal-3/4 --backend avx512bw-frame" \
                    "--code dvbs2-normal-2/3 --backend avx2-frame" \
                    "--code dvbs2-normal-1/2 --backend avx512bw-frame"; do
            printf '%-6s %-50s ' $b "$args"
            $bin bench $args --threads 1 --batch 16 --baseline portable-frame --seconds 6 --rounds 3 2>/dev/null |
                awk '/^(avx|portable)/ {printf "%s %s Mb/s | ", $1, $4} /^rounds/ {sub(/.*ratio per round/, "ratio per round"); printf "%s", $0}'
            echo
        done
    done
done
