#!/bin/sh
# One code of several families beside aff3ct's published simulations of the
# same code, decoder and iterations (docs/curves/README.md, "Other families
# beside published simulations"):
#   sh tools/curves/families.sh [LDPC [OUT]]
#   LDPC: the ldpc tool (default build/ci/tools/ldpc); OUT: where the CSV files
#   go (default build/curves/families)
# BPSK over AWGN, true LLRs (--calibrated, as aff3ct passes them), layered
# sum-product at aff3ct's iteration count, and the default 8-bit decoder at the
# same count; each point runs to 100 frame errors. aff3ct ran its 5G NR codes
# without early termination (--dec-no-synd): so do ours (period=0). About 35
# minutes on 2 cores, most of it in the float sum-product decoder (DVB-S2's,
# 55 frames/s, at one point; 5G NR (1024,512), 350 frames/s, to FER 6e-4).
set -eu
LDPC=$(realpath "${1:-build/ci/tools/ldpc}")
mkdir -p "${2:-build/curves/families}"
cd "${2:-build/curves/families}"
# code, decoder keys (iterations, syndrome period), the sum-product decoder's
# Eb/N0, the 8-bit decoder's at the same keys, the library's default decoder's
# (50 iterations, early termination; - for none), frames at most
for case in "wimax-576-1/2 iter=100 1.5:2.5:0.25 1.5:2.5:0.25 - 1000000" \
            "wifi-648-5/6 iter=10 3.5:4.5:0.25 3.5:4.5:0.25 - 300000" \
            "ccsds-tc-128 iter=50 2.5:4.5:0.5 2.5:4.5:0.5 - 300000" \
            "dvbs2-short-3/4 iter=50 2.3 2.3:2.5:0.1 - 200000" \
            "5gnr-bg2-z64-k512-e1024 iter=10,period=0 1.5:2.25:0.25 1.5:2.5:0.25 1.5:2:0.25 200000" \
            "5gnr-bg1-z288-k6144-e12288 iter=10,period=0 1.1:1.3:0.1 1.1:1.7:0.1 1.1:1.3:0.1 100000"; do
    set -- $case
    code=$1 keys=$2 frames=$6
    name=$(echo "$code" | tr / _)
    sim() {
        "$LDPC" sim --code "$code" --calibrated --seed 1 --max-errors 100 --max-frames "$frames" \
            --decoder "$1" --ebn0 "$2" --csv "$name-$3.csv"
    }
    sim "float-layered-spa,$keys" "$3" float-layered-spa
    sim "fixed-layered-oms,$keys" "$4" fixed-layered-oms
    [ "$5" = - ] || sim default "$5" default
done
