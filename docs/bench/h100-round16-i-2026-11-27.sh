#!/bin/bash
# Round 16, run I: where the pair kernel's 79 registers go: its SASS with register life ranges
# (nvdisasm --print-life-ranges) from the program binary of .device/q4 (the committed kernels
# via .device/k2/kernels).
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/cl LDPC_CL_KERNEL_DIR=.device/k2/kernels PATH=/usr/local/cuda/bin:$PATH
timeout 100 .device/q4/ldpc bench --backend opencl --seconds 1 --baseline none --code dvbs2-normal-1/2 --batch 2112 --iterations 20 2>&1 | grep -E '^opencl  '
cd .device/tab
python3 cuda_ptx.py $(ls -S /tmp/cl/*.clbin | head -1) r.ptx layered_latency_pairs_d8
ptxas -arch=sm_90 -v r.ptx -o r.cubin 2>&1 | grep -oE 'Used [0-9]+ registers'
cuobjdump -xelf all r.cubin >/dev/null 2>&1
nvdisasm --print-life-ranges --print-line-info r.cubin > "$OUT/pairs.sass" 2>&1 || cuobjdump -sass r.cubin > "$OUT/pairs.sass"
cp r.ptx "$OUT/pairs.ptx"
wc -l "$OUT/pairs.sass"
