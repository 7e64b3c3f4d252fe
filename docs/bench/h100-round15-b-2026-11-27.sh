#!/bin/bash
# Round 15, run B: the pair kernel with inline PTX (packed 16-bit min/max, byte permutes) and
# cheaper message selects, .device/p2 (Release); LDPC_CL_LATENCY_PAIRS=pairs|single alternating;
# kernel directory .device/kn = the same kernels without the inline PTX (timing variant);
# test_opencl_exact through NVIDIA's driver; registers; Nsight Compute on both kernels through
# docs/bench/ptx-profile (launch_ptx, 1056 normal 1/2 frames, 20 iterations).
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/cl PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
timeout 200 .device/p2/test_opencl_exact 2>&1 | grep -E "OK|FAIL|ERROR|PASSED|SKIP" | tr '\n' ' '; echo
b() { v=$1; shift; echo "== $v $*"; LDPC_CL_LATENCY_PAIRS=$v timeout 100 .device/p2/ldpc bench --backend opencl --seconds 2 --baseline none "$@" 2>&1 | grep -E "^opencl |pairs of frames|fallback" | sed -E 's/.*(in pairs of frames [0-9]+).*/  \1/' | cut -c1-150; }
for round in 1 2; do
  for v in pairs single; do
    LDPC_CL_PROFILE=1 b $v --code dvbs2-normal-1/2 --iterations 20 --batch 8192
    b $v --code dvbs2-normal-1/2 --iterations 50 --batch 8192
    LDPC_CL_LATENCY_POSTERIORS=global b $v --code dvbs2-short-1/2 --iterations 20 --batch 32768
    b $v --code dvbs2-normal-1/2 --iterations 20 --batch 1056
  done
  LDPC_CL_KERNEL_DIR=.device/kn LDPC_CL_CACHE_DIR=/tmp/cl-kn b pairs --code dvbs2-normal-1/2 --iterations 20 --batch 8192
done
cd .device/tab
python3 cuda_ptx.py $(ls -S /tmp/cl/*.clbin | head -1) r.ptx layered_latency_d8 layered_latency_pairs_d8
ptxas -arch=sm_90 -v r.ptx -o r.cubin 2>&1 | grep -E "Compiling entry|registers" | paste - - | sed -E "s/ptxas info +: //g; s/for 'sm_90'//; s/used 1 barriers, //" | cut -c1-110
cuobjdump -sass r.cubin > r.sass 2>/dev/null && awk '/Function : /{f=$3} /\/\*[0-9a-f]{4}\*\//{n[f]++} END{for(k in n) print k, n[k], "SASS instructions"}' r.sass
cp r.ptx r.sass "$OUT/" 2>/dev/null
gcc -O2 -std=c11 -I/usr/local/cuda/include launch_ptx.c -o launch_ptx -L/usr/local/cuda/lib64/stubs -lcuda || exit 1
for k in layered_latency_d8 layered_latency_pairs_d8; do ./launch_ptx r.cubin $k normal-1-2.bin 1056 20 180; done
S="--section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats --section SchedulerStats --section InstructionStats"
for k in layered_latency_pairs_d8 layered_latency_d8; do
  echo "######## ncu $k"; timeout 150 ncu $S -o "$OUT/$k" -f ./launch_ptx r.cubin $k normal-1-2.bin 1056 20 180 > /dev/null 2>&1
  ncu -i "$OUT/$k.ncu-rep" --page details --print-details all 2>&1 | grep -E "Duration|Issue Slots Busy|Executed Ipc|Registers Per|Achieved Occupancy|Theoretical Occupancy|Block Limit Reg|Executed Instructions  |Warp Cycles Per Issued|Stall|Eligible Warps|No Eligible|Memory Throughput|L1/TEX Hit|L2 Hit|DRAM Through|Compute \(SM\)" | head -40
done
