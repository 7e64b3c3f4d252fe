#!/bin/sh
# The DVB-S2 normal 1/2 error-rate curves of docs/curves/README.md:
#   bash tools/curves/dvbs2.sh [LDPC [OUT]]
#   LDPC: the ldpc tool (default build/ci/tools/ldpc); OUT: where the CSV files,
#   figures.txt and the PNGs go (default build/curves/dvbs2)
# About an hour of CPU time on 2 cores, most of it the float reference
# decoders. Same tool, seed and thread-independent batching (docs/TOOL.md) give
# the same CSV files, bit for bit.
set -eu
LDPC=$(realpath "${1:-build/ci/tools/ldpc}")
HERE=$(cd "$(dirname "$0")" && pwd)
mkdir -p "${2:-build/curves/dvbs2}"
cd "${2:-build/curves/dvbs2}"
sim() { nice -n 10 "$LDPC" sim --code dvbs2-normal-1/2 --modulation bpsk --threads 2 --seed 1 "$@"; }

# (a) 8-bit layered normalized min-sum against its float twin, 20 iterations:
#     normalization 0.75, and 0.8125 (the default of `nms`).
sim --decoder fixed-layered-nms,norm=0.75,iter=20 --decoder float-layered-nms,norm=0.75,iter=20 \
    --ebn0 1.6:2.1:0.1 --max-errors 50 --max-frames 6400 --csv a_nms075_iter20.csv
sim --decoder fixed-layered-nms,iter=20 --decoder float-layered-nms,iter=20 \
    --ebn0 1.0:1.3:0.1 --max-errors 50 --max-frames 6400 --csv a_nms_iter20.csv

# (b) float layered min-sum against float layered sum-product, 50 iterations.
sim --decoder float-layered-spa,iter=50 \
    --ebn0 0.7:0.8:0.05 --max-errors 30 --max-frames 1280 --csv b_spa_iter50.csv
sim --decoder float-layered-spa,iter=50 \
    --ebn0 0.775 --max-errors 30 --max-frames 1920 --csv b_spa_iter50_0775.csv
sim --decoder float-layered-nms,iter=50 \
    --ebn0 0.95:1.05:0.05 --max-errors 30 --max-frames 3200 --csv b_nms_iter50.csv
sim --decoder float-layered-nms,norm=0.75,iter=50 \
    --ebn0 1.9:2.0:0.1 --max-errors 30 --max-frames 3200 --csv b_nms075_iter50.csv
sim --decoder float-layered-oms,iter=50 \
    --ebn0 0.85:0.95:0.05 --max-errors 30 --max-frames 3200 --csv b_oms_iter50.csv

# (c) the 8-bit decoders at 50 iterations around Eb/N0 0.95 dB: offset min-sum
#     (the default decoder), normalized 0.8125 (default nms) and 0.75.
sim --decoder fixed-layered-oms --decoder fixed-layered-nms --decoder fixed-layered-nms,norm=0.75 \
    --ebn0 0.85:1.1:0.05 --max-errors 100 --max-frames 12800 --csv c_fixed_iter50.csv

# What a finer channel scale does for the 8-bit normalized decoder (scale=4:
# quarter-LLR steps): the same frames as (a) 0.8125 and (c).
sim --decoder fixed-layered-nms,scale=4,iter=20 \
    --ebn0 1.0:1.3:0.1 --max-errors 50 --max-frames 6400 --csv p_nms_scale4_iter20.csv
sim --decoder fixed-layered-nms,scale=4 \
    --ebn0 0.85:1.0:0.05 --max-errors 100 --max-frames 12800 --csv p_nms_scale4_iter50.csv

python3 "$HERE/curves.py" figures *.csv > figures.txt
python3 "$HERE/curves.py" plot curves_ab.png 'dvbs2-normal-1/2, BPSK, AWGN: (a) 8-bit vs float, 20 it; (b) min-sum vs sum-product, 50 it' \
    a_nms075_iter20.csv a_nms_iter20.csv b_spa_iter50.csv b_spa_iter50_0775.csv b_nms_iter50.csv b_nms075_iter50.csv b_oms_iter50.csv
python3 "$HERE/curves.py" plot curves_c.png 'dvbs2-normal-1/2, BPSK, AWGN, 50 iterations: 8-bit decoders and float references' \
    c_fixed_iter50.csv p_nms_scale4_iter50.csv b_spa_iter50.csv b_spa_iter50_0775.csv b_oms_iter50.csv b_nms_iter50.csv
