#!/bin/bash
# Round 14, run D: the branch-free check minima and the sharing test hoisted out of the write
# loops (.device/h1) against HEAD fe18480 (.device/h0), alternating, same machine; then
# Nsight Compute's instruction count of the new slot kernel (launch_ptx.c, as run C).
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name --format=csv,noheader
echo "== test_opencl_exact (h1)"; LDPC_CL_CACHE_DIR=/tmp/cl1 timeout 240 .device/h1/test_opencl_exact 2>&1 | grep -E "PASSED|FAIL|SKIPPED  \]" | tail -4
b() { v=$1; shift; echo "== $v $*"; LDPC_CL_CACHE_DIR=/tmp/cl-$v timeout 120 .device/$v/ldpc bench --backend opencl --seconds 2 --baseline none "$@" 2>&1 | grep -E "^opencl " | head -1 | cut -c1-120; }
for round in 1 2; do
  for v in h0 h1; do
    b $v --code dvbs2-normal-1/2 --iterations 20 --batch 8192
    b $v --code dvbs2-normal-1/2 --iterations 20 --batch 1
    b $v --code dvbs2-short-1/2 --iterations 20 --batch 32768
    b $v --code dvbs2-short-1/2 --iterations 20 --batch 1
    b $v --code dvbs2-normal-5/6 --iterations 20 --batch 8192
    b $v --code dvbs2-normal-2/3 --iterations 20 --batch 8192
  done
done
cd .device/tab && gcc -O2 -std=c11 -I/usr/local/cuda/include launch_ptx.c -o launch_ptx -L/usr/local/cuda/lib64/stubs -lcuda || exit 1
python3 cuda_ptx.py $(ls -S /tmp/cl-h1/*.clbin | head -1) k1.ptx layered_latency_d8 layered_latency_local_d8 && ptxas -arch=sm_90 -v k1.ptx -o k1.cubin 2>&1 | grep -E 'registers' || exit 1
for f in 1056 8192; do ./launch_ptx k1.cubin layered_latency_d8 normal-1-2.bin $f 20 180; ./launch_ptx k1.cubin layered_latency_local_d8 short-1-2.bin $f 20 180 1; done
M="--metrics smsp__inst_executed.sum,sm__inst_executed_pipe_alu.avg.pct_of_peak_sustained_active,smsp__issue_active.avg.pct_of_peak_sustained_active,gpu__time_duration.sum"
ncu $M ./launch_ptx k1.cubin layered_latency_d8 normal-1-2.bin 1056 20 180 2>&1 | grep -E 'inst_executed|issue_active|pipe_alu|duration'
ncu $M ./launch_ptx k1.cubin layered_latency_local_d8 short-1-2.bin 1056 20 180 1 2>&1 | grep -E 'inst_executed|issue_active|pipe_alu|duration'
