#!/usr/bin/env bash
# ldpcd's saturated decoder beside the two open-source decoders issue 3 names,
# built from their published sources outside this repository (not committed;
# how they were rebuilt is in docs/CPU.md): Le Gal's Fast_LDPC_decoder_for_x86
# (OMS, AVX2, 32 frames) through its perf scripts' command line, and xdsopl/LDPC's
# testbench (int8 layered OMS, AVX2, 32 frames, one thread). DVB-S2 normal 1/2,
# 20 fixed iterations, Eb/N0 1.0 dB, alternating rounds, coded Mbit/s.
# Usage: docs/bench/cpu-open-source-2026-11-26.sh LDPC LEGAL_RUN XDSOPL_RUN [rounds]
#   LEGAL_RUN THREADS ITERATIONS EBN0 prints "(PERFn-exact) ... coded X Mbps";
#   XDSOPL_RUN ITERATIONS EBN0 prints "timed ... Y Mbit/s coded".
set -u
ldpc=$1 legal=$2 xdsopl=$3 rounds=${4:-3}
ours() {
    "$ldpc" bench --code dvbs2-normal-1/2 --iterations 20 --decoder fixed-layered-oms,posterior=8 \
        --baseline none --seconds 3 "$@" 2>/dev/null | awk '$1 ~ /^avx/ {print $4}'
}
legal_coded() { "$legal" "$1" 20 1.0 | sed -n 's/.*-exact).*: coded \([0-9.]*\) Mbps.*/\1/p'; }
xdsopl_coded() { "$xdsopl" 20 1.0 fixed | sed -n 's/.* \([0-9.]*\) Mbit\/s coded.*/\1/p'; }
date -u
echo "# one thread: round ldpcd(auto=avx512bw) ldpcd-avx2 le-gal xdsopl"
for r in $(seq "$rounds"); do
    echo "$r $(ours --threads 1) $(ours --threads 1 --backend avx2) $(legal_coded 1) $(xdsopl_coded)"
done
echo "# two threads: round ldpcd(auto=avx512bw) le-gal (two independent decoders)"
for r in $(seq "$rounds"); do
    echo "$r $(ours --threads 2) $(legal_coded 2)"
done
