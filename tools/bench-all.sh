#!/usr/bin/env bash
# The benchmark set quoted in README.md and the issues' closing notes: CPU
# inter-frame SIMD throughput (1, 2 and all threads), the low-latency frame
# path, early termination, OpenCL (when a device is present) and ldpcd end to
# end through ZeroMQ. Every `ldpc bench` line also measures a baseline backend
# in the same run; read ratios on shared machines, absolute figures only where
# the machine is idle.
# usage: tools/bench-all.sh BUILD_DIR OUTPUT_DIR [--quick]
set -uo pipefail
build=${1:?build directory}
out=${2:?output directory}
seconds=3
[ "${3:-}" = "--quick" ] && seconds=1
mkdir -p "$out"
ldpc=$build/tools/ldpc
cores=$(nproc)

run() { # name, then the bench arguments
    local name=$1
    shift
    echo "== $name: ldpc bench $*" | tee -a "$out/bench.txt"
    "$ldpc" bench --seconds "$seconds" "$@" | tee -a "$out/bench.txt"
    "$ldpc" bench --seconds 1 --baseline none --json "$@" >>"$out/bench.jsonl" 2>/dev/null
    echo | tee -a "$out/bench.txt"
}

n12="--code dvbs2-normal-1/2"
run "normal 1/2, 20 iterations, 1 thread" $n12 --iterations 20 --threads 1
run "normal 1/2, 20 iterations, 2 threads" $n12 --iterations 20 --threads 2 --baseline none
run "normal 1/2, 20 iterations, $cores threads" $n12 --iterations 20 --threads "$cores" --baseline none
run "normal 1/2, 50 iterations, 2 threads" $n12 --iterations 50 --threads 2 --baseline none
run "normal 1/2, early termination at 1.0 dB, 2 threads" $n12 --max-iter 50 --ebn0 1.0 --threads 2 --baseline none
run "short 1/2, 20 iterations, 2 threads" --code dvbs2-short-1/2 --iterations 20 --threads 2 --baseline none
run "normal 1/2, 20 iterations, AVX2, 1 thread" $n12 --iterations 20 --backend avx2 --baseline none
run "normal 1/2, quantisation included, 1 thread" $n12 --iterations 20 --mode full --baseline none
run "latency normal 1/2, frame path" $n12 --iterations 20 --backend avx512bw-frame --batch 1 --baseline avx2-frame
run "latency short 1/2, frame path" --code dvbs2-short-1/2 --iterations 20 --backend avx512bw-frame --batch 1 --baseline avx2-frame
# One code of each family on the path `auto` picks for it (docs/CPU.md,
# "Code families"): the ratio to the reference, and info bits per second.
for code in dvbs2-short-1/2 dvbs2x-short-1/5-vlsnr dvbt2-short-1/2 wifi-1944-1/2 wimax-2304-1/2 \
            ccsds-ar4ja-1024-1/2 ccsds-tc-512 ccsds-c2-8160 5gnr-bg1-z384 5gnr-bg2-z64-k600-e1800-qm2 \
            ft8-174-91; do
    run "family: $code, 20 iterations, 1 thread" --code "$code" --iterations 20 --ebn0 2 --threads 1
done

if [ -n "${LDPC_CL_PLATFORM:-}" ]; then
    for batch in 1 64 512 4096; do
        run "OpenCL normal 1/2, early termination at 1.0 dB, batch $batch" $n12 --backend opencl \
            --max-iter 50 --ebn0 1.0 --batch "$batch" --baseline none
    done
    run "OpenCL normal 1/2, 20 iterations, batch 4096" $n12 --backend opencl --iterations 20 \
        --batch 4096 --baseline none
    run "OpenCL short 1/2, 20 iterations, batch 16384" --code dvbs2-short-1/2 --backend opencl \
        --iterations 20 --batch 16384 --baseline none
fi

if [ -x "$build/src/ldpcd/ldpcd" ]; then
    echo "== ldpcd end to end (tools/demo.sh)" | tee -a "$out/bench.txt"
    LDPCD_BUILD_DIR=$build bash "$(dirname "$0")/demo.sh" --frames 4000 --esn0 5 2>&1 |
        tee -a "$out/bench.txt"
fi
