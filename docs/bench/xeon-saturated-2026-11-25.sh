#!/usr/bin/env bash
# Issue 3 on the lent GPU machine's Xeon (AVX-512BW), two cores (taskset -c 0,1)
# to match the issue's 2-core machine kind: the AVX-512 saturated decoder
# against the reference (exactness), then throughput of posterior=8 against
# the default decoder's auto backend in the same run, AVX-512 against AVX2,
# the standalone re-write of the saturated method (docs/bench/
# saturated_oms_compare.c, AVX-512 and AVX2 builds), and the frame error rate
# at 0.95 dB, 50 iterations.
# usage (on the device, after copying the binaries to DIR): bash THIS DIR
set -u
dir=${1:?directory with ldpc, the test binaries and compare512/compare256}
lscpu | grep -E "Model name|^CPU\(s\)|L2|L3|Flags" | cut -c1-200
for t in test_simd_backends test_zero_alloc test_decoder_fixed; do
    "$dir/$t" >"/tmp/$t.txt" 2>&1
    echo "$t rc=$? $(grep -cE '^\[       OK' "/tmp/$t.txt") OK, $(grep -c SKIP "/tmp/$t.txt") skipped"
    grep -E "FAILED|avx512|neon" "/tmp/$t.txt" | head -5
done
two="taskset -c 0,1"
sat="--decoder fixed-layered-oms,posterior=8"
vs_default="--baseline auto --baseline-decoder default"
bench() { echo "== ldpc bench $*"; $two "$dir/ldpc" bench --seconds 3 "$@"; echo; }
for threads in 1 2; do
    bench --code dvbs2-normal-1/2 --iterations 20 --threads $threads $sat $vs_default
    bench --code dvbs2-short-1/2 --iterations 20 --threads $threads $sat $vs_default
done
bench --code dvbs2-normal-1/2 --iterations 50 --threads 2 $sat $vs_default
bench --code dvbs2-normal-1/2 --max-iter 50 --ebn0 1.0 --threads 2 $sat $vs_default
for threads in 1 2; do
    bench --code dvbs2-normal-1/2 --iterations 20 --threads $threads $sat --backend avx512bw --baseline avx2
done
bench --code dvbs2-short-1/2 --iterations 20 --threads 1 $sat --baseline reference
for build in compare512 compare256; do
    for case in "dvbs2-normal-1/2 20 1" "dvbs2-normal-1/2 20 2" "dvbs2-short-1/2 20 2"; do
        echo "== MSG_MAX=31 $build $case 1.0 3"
        MSG_MAX=31 $two "$dir/$build" $case 1.0 3
    done
done
echo "== ldpc sim at 0.95 dB, 50 iterations (all cores)"
"$dir/ldpc" sim --code dvbs2-normal-1/2 --ebn0 0.95 --decoder fixed-layered-oms,posterior=8 \
    --decoder default --max-errors 200 --max-frames 10000
