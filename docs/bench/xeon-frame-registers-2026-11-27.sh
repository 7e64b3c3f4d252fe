#!/usr/bin/env bash
# The lent GPU machine's Xeon (Intel, AVX-512 at full width), build ce90bb8
# (.device/r22/ldpc, Release): AVX-512 against AVX2 for the frame path (with
# its register layers) and the inter-frame decoders, pinned to two cores
# (taskset -c 0,1) like the 2-core machine kind, alternating windows;
# then the OpenCL backend against the 16-thread CPU backend, normal 1/2.
source .device/env.sh >/dev/null
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/c-r22
ldpc=.device/r22/ldpc
lscpu | grep -E 'Model name|^CPU\(s\)'
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
cpu() {
    echo "-- $*"
    taskset -c 0,1 timeout 120 $ldpc bench "$@" --seconds 8 --rounds 4 2>/dev/null | grep -E '^(avx|rounds)' | sed 's/windows of 2.00 s per backend: //'
}
for code in normal short; do
    for t in 1 2; do
        cpu --code dvbs2-$code-1/2 --threads $t --backend avx512bw-frame+avx512bw --baseline avx2-frame+avx2
    done
    cpu --code dvbs2-$code-1/2 --batch 1 --backend avx512bw-frame --baseline avx2-frame
done
cpu --code dvbs2-normal-1/2 --threads 1 --backend avx512bw --baseline avx2
cpu --code dvbs2-normal-1/2 --threads 1 --decoder fixed-layered-oms,posterior=8 --backend avx512bw --baseline avx2
cpu --code dvbs2-normal-1/2 --threads 2 --decoder fixed-layered-oms,posterior=8 --backend avx512bw --baseline avx2
echo "-- OpenCL against the 16-thread CPU backend"
for it in 20 50; do
    timeout 150 $ldpc bench --backend opencl --code dvbs2-normal-1/2 --iterations $it --batch 8192 --threads 16 --baseline auto --seconds 3 2>&1 | grep -E '^(opencl|avx)' | cut -c1-140
done
