#!/usr/bin/env bash
# Run B of the frame path with a layer's inputs in registers: the same two
# binaries alternating, each line against portable-frame (unchanged by the
# change, so its windows are the control), four alternating windows each.
# Usage: docs/bench/cpu-frame-registers-2026-11-27-b.sh OLD_LDPC NEW_LDPC [ROUNDS]
set -u
old=$1 new=$2 rounds=${3:-3}
date -u
for r in $(seq "$rounds"); do
    echo "== round $r"
    for b in old new; do
        bin=$old; [ $b = new ] && bin=$new
        for args in "--code dvbs2-normal-1/2 --backend avx512bw-frame" \
                    "--code dvbs2-normal-1/2 --backend avx2-frame" \
                    "--code dvbs2-short-1/2 --backend avx512bw-frame"; do
            printf '%-4s %-50s ' $b "$args"
            $bin bench $args --threads 1 --batch 16 --baseline portable-frame --seconds 8 --rounds 4 2>/dev/null |
                awk '/^(avx|portable)/ {printf "%s %s Mb/s | ", $1, $4} /^rounds/ {sub(/.*ratio per round/, "ratio per round"); printf "%s", $0}'
            echo
        done
    done
done
