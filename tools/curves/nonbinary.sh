#!/bin/sh
# The nonbinary curves of docs/curves/nonbinary/README.md:
#   sh tools/curves/nonbinary.sh [LDPC [OUT]]
#   LDPC: the ldpc tool (default build/ci/tools/ldpc); OUT: where the CSV files,
#   figures.txt and the PNGs go (default build/curves/nonbinary)
# About 15 minutes of CPU time (two threads), most of it the float reference decoders.
# The same tool and seed give the same CSV files, bit for bit (docs/TOOL.md).
set -eu
LDPC=$(realpath "${1:-build/ci/tools/ldpc}")
HERE=$(cd "$(dirname "$0")" && pwd)
mkdir -p "${2:-build/curves/nonbinary}"
cd "${2:-build/curves/nonbinary}"
sim() { nice -n 10 "$LDPC" sim --code nbqc-gf32-744-653 --modulation bpsk --threads 2 --seed 1 "$@"; }

# 8-bit against float, layered and flooding, 15 iterations (the float decoders are
# slow: at most 2000 frames per point).
sim --decoder fixed-layered-minmax,iter=15 --decoder float-layered-minmax,iter=15 \
    --decoder fixed-flooding-minmax,iter=15 --decoder float-flooding-minmax,iter=15 \
    --ebn0 3.5:4.5:0.25 --max-errors 50 --max-frames 2000 --csv fixed_float_iter15.csv

# Layered with 6 to 9 (and 15) iterations against flooding with 15, the same noise.
sim --decoder fixed-flooding-minmax,iter=15 --decoder fixed-layered-minmax,iter=6 \
    --decoder fixed-layered-minmax,iter=7 --decoder fixed-layered-minmax,iter=8 \
    --decoder fixed-layered-minmax,iter=9 --decoder fixed-layered-minmax,iter=15 \
    --ebn0 3.75:4.25:0.25 --max-errors 100 --max-frames 20000 --csv layered_vs_flooding.csv

# The truncated (EMS-style) variant: nm = 16, 12, 8, 4, 2 against the full Min-Max.
sim --decoder fixed-layered-minmax,iter=15 --decoder fixed-layered-minmax,iter=15,nm=16 \
    --decoder fixed-layered-minmax,iter=15,nm=12 --decoder fixed-layered-minmax,iter=15,nm=8 \
    --decoder fixed-layered-minmax,iter=15,nm=4 --decoder fixed-layered-minmax,iter=15,nm=2 \
    --ebn0 3.5:4.5:0.25 --max-errors 100 --max-frames 20000 --csv truncation_iter15.csv

python3 "$HERE/nonbinary_plots.py" figures fixed_float_iter15.csv layered_vs_flooding.csv truncation_iter15.csv \
    > figures.txt
python3 "$HERE/nonbinary_plots.py" fer fixed_float.png \
    'nbqc-gf32-744-653, BPSK, AWGN, 15 iterations: 8-bit vs float Min-Max' fixed_float_iter15.csv
python3 "$HERE/nonbinary_plots.py" iterations iterations.png \
    'nbqc-gf32-744-653, BPSK, AWGN: mean iterations (at most 15)' fixed_float_iter15.csv
python3 "$HERE/nonbinary_plots.py" fer layered_vs_flooding.png \
    'nbqc-gf32-744-653, BPSK, AWGN, 8-bit: layered with 6-9 iterations vs flooding with 15' \
    layered_vs_flooding.csv
python3 "$HERE/nonbinary_plots.py" fer truncation.png \
    'nbqc-gf32-744-653, BPSK, AWGN, 8-bit layered, 15 iterations: truncation nm' \
    truncation_iter15.csv
