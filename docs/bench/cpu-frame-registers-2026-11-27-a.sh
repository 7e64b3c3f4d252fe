#!/usr/bin/env bash
# The frame path with a layer's inputs in registers (layer_in_registers)
# against the build before it, alternating processes on the 2-core AMD EPYC
# (Zen 4) VM; every line also runs an unchanged baseline in the same process
# (--baseline), so each binary's ratio to it cancels the VM's drift.
# Usage: docs/bench/cpu-frame-registers-2026-11-27-a.sh OLD_LDPC NEW_LDPC [ROUNDS]
set -u
old=$1 new=$2 rounds=${3:-3}
line() {
    local bin=$1 label=$2
    shift 2
    printf '%-4s %-44s ' "$label" "$*"
    "$bin" bench "$@" 2>/dev/null | awk '/^(avx|sse|portable|reference)/ {printf "%s %s Mb/s med %s ms | ", $1, $4, $7} /^rounds/ {printf "%s", $0}'
    echo
}
date -u
for r in $(seq "$rounds"); do
    echo "== round $r"
    for b in old new; do
        bin=$old; [ $b = new ] && bin=$new
        line "$bin" $b --code dvbs2-normal-1/2 --threads 1 --backend avx512bw-frame --baseline avx2-frame --seconds 8 --rounds 4
        line "$bin" $b --code dvbs2-short-1/2 --threads 1 --backend avx512bw-frame --baseline avx2-frame --seconds 8 --rounds 4
        line "$bin" $b --code dvbs2-normal-1/2 --threads 1 --backend avx2-frame --baseline sse4.1-frame --seconds 6 --rounds 3
        line "$bin" $b --code dvbs2-normal-1/2 --batch 1 --backend avx512bw-frame --baseline avx2-frame --seconds 3
        line "$bin" $b --code dvbs2-short-1/2 --batch 1 --backend avx512bw-frame --baseline avx2-frame --seconds 3
        line "$bin" $b --code dvbs2-normal-1/2 --threads 2 --baseline reference --seconds 4
    done
done
