#!/bin/sh
# One code of several families beside aff3ct's published simulations of the
# same code, decoder and iterations (docs/curves/README.md, "Other families
# beside published simulations"):
#   sh tools/curves/families.sh [LDPC [OUT]]
#   LDPC: the ldpc tool (default build/ci/tools/ldpc); OUT: where the CSV files
#   go (default build/curves/families)
# BPSK over AWGN, true LLRs (--calibrated, as aff3ct passes them), layered
# sum-product at aff3ct's iteration count, and the default 8-bit decoder at the
# same count; each point runs to 100 frame errors. About 10 minutes on 2 cores,
# most of it in the float sum-product decoder (DVB-S2's, 55 frames/s, at one point).
set -eu
LDPC=$(realpath "${1:-build/ci/tools/ldpc}")
mkdir -p "${2:-build/curves/families}"
cd "${2:-build/curves/families}"
# code, iterations, the sum-product decoder's Eb/N0, the 8-bit decoder's, frames at most
for case in "wimax-576-1/2 100 1.5:2.5:0.25 1.5:2.5:0.25 1000000" \
            "wifi-648-5/6 10 3.5:4.5:0.25 3.5:4.5:0.25 300000" \
            "ccsds-tc-128 50 2.5:4.5:0.5 2.5:4.5:0.5 300000" \
            "dvbs2-short-3/4 50 2.3 2.3:2.5:0.1 200000"; do
    set -- $case
    code=$1 iterations=$2 frames=$5
    name=$(echo "$code" | tr / _)
    sim() {
        "$LDPC" sim --code "$code" --calibrated --seed 1 --max-errors 100 --max-frames "$frames" \
            --decoder "$1,iter=$iterations" --ebn0 "$2" --csv "$name-$1.csv"
    }
    sim float-layered-spa "$3"
    sim fixed-layered-oms "$4"
done
