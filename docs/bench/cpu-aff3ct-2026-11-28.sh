#!/usr/bin/env bash
# ldpcd's saturated decoder beside aff3ct's 8-bit inter-frame layered min-sum
# (Decoder_LDPC_BP_horizontal_layered_inter with Update_rule_OMS_simd<int8_t>,
# AVX-512BW through MIPP: 64 frames per vector), built outside this repository
# from its published sources with stand-ins for its runtime (how: the header of
# cpu-aff3ct-2026-11-28.txt). DVB-S2 normal 1/2, 20 fixed iterations, Eb/N0 1.0
# dB, alternating rounds, coded Mbit/s.
# Usage: docs/bench/cpu-aff3ct-2026-11-28.sh LDPC AFF3CT_RUN [rounds]
#   AFF3CT_RUN CODE THREADS ITERATIONS EBN0 prints "aff3ct coded X Mbps".
set -u
ldpc=$1 aff3ct=$2 rounds=${3:-4}
ours() {
    "$ldpc" bench --code dvbs2-normal-1/2 --iterations 20 --decoder fixed-layered-oms,posterior=8 \
        --baseline none --seconds 3 "$@" 2>/dev/null | awk '$1 ~ /^avx/ {print $4}'
}
theirs() { "$aff3ct" dvbs2-normal-1/2 "$1" 20 1.0 | sed -n 's/^aff3ct coded \([0-9.]*\) Mbps.*/\1/p'; }
date -u
echo "# round threads ldpcd(auto=avx512bw) aff3ct"
for r in $(seq "$rounds"); do
    for t in 1 2; do
        echo "$r $t $(ours --threads $t) $(theirs $t)"
    done
done
