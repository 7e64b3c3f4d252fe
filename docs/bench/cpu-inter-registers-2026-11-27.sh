#!/usr/bin/env bash
# The inter-frame decoder (16-bit posteriors, the default decoder on codes
# that are not DVB) with the inputs of checks of degree <= 8 in registers,
# against the build before, alternating processes; each line against a
# backend the change leaves alone (avx512bw-frame for the DVB code, the
# portable reference for the MacKay code) in the same process.
# Usage: docs/bench/cpu-inter-registers-2026-11-27.sh BEFORE_LDPC AFTER_LDPC [ROUNDS]
set -u
before=$1 after=$2 rounds=${3:-3}
mackay="alist:$(dirname "$0")/../../../shared/codes/binary/aff3ct/MACKAY_4000_8000.alist"
date -u
for r in $(seq "$rounds"); do
    echo "== round $r"
    for b in before after; do
        bin=$before; [ $b = after ] && bin=$after
        for args in "--code dvbs2-normal-1/2 --backend avx512bw --baseline avx512bw-frame" \
                    "--code dvbs2-normal-1/2 --backend avx2 --baseline avx512bw-frame" \
                    "--code $mackay --backend avx512bw --baseline reference --ebn0 2.5" \
                    "--code $mackay --backend avx2 --baseline reference --ebn0 2.5"; do
            printf '%-6s %-60s ' $b "$(echo "$args" | sed 's#alist:.*/#alist:#')"
            $bin bench $args --threads 1 --seconds 6 --rounds 3 2>/dev/null |
                awk '/^(avx|reference)/ {printf "%s %s Mb/s | ", $1, $4} /^rounds/ {sub(/.*ratio per round/, "ratio per round"); printf "%s", $0}'
            echo
        done
    done
done
