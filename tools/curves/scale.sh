#!/bin/sh
# The default decoder at any input scale (docs/curves/README.md, "Input scale"):
#   sh tools/curves/scale.sh [LDPC [OUT]]
#   LDPC: the ldpc tool (default build/ci/tools/ldpc); OUT: where the CSV files go
#   (default build/curves/scale)
# For DVB-S2 normal and short 1/2 at 20 and 50 iterations: the LLRs at 1/8, 1 and
# 8 times their true scale through the default per-frame calibration, against
# fixed scales of the true LLRs passed unchanged (--calibrated). About 10 minutes
# on 2 cores. Prints each curve's Eb/N0 at FER 1e-2 (curves.py figures).
set -eu
LDPC=$(realpath "${1:-build/ci/tools/ldpc}")
HERE=$(cd "$(dirname "$0")" && pwd)
mkdir -p "${2:-build/curves/scale}"
cd "${2:-build/curves/scale}"
sim() { "$LDPC" sim --modulation bpsk --seed 1 --max-errors 100 "$@" >/dev/null; }
for case in "normal 20 1.0:1.25:0.05 3000" "normal 50 0.85:1.05:0.05 3000" \
            "short 20 1.0:1.5:0.1 6000" "short 50 0.8:1.2:0.1 6000"; do
    set -- $case
    frame=$1 iterations=$2 range=$3 frames=$4
    run() {
        name=$1
        shift
        sim --code "dvbs2-$frame-1/2" --decoder "fixed-layered-oms,iter=$iterations" \
            --ebn0 "$range" --max-frames "$frames" --csv "$frame-$iterations-$name.csv" "$@"
    }
    for s in 0.125 1 8; do run "calibrate-x$s" --input-scale "$s"; done
    for s in 0.7 1 1.4 2; do run "fixed-x$s" --calibrated --input-scale "$s"; done
done
for csv in *.csv; do
    printf '%s: %s\n' "$csv" "$(python3 "$HERE/curves.py" figures "$csv" | head -n 1)"
done
