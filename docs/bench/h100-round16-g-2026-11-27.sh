#!/bin/bash
# Round 16, run G: what bounds the pair kernel (79 registers) now: Nsight Compute's memory
# sections through round 14's harness (docs/OPENCL.md, round 14: cuda_ptx.py + launch_ptx),
# normal 1/2 at 2112 frames (one pipelined pass of an 8192-frame call) and 1056, 20 iterations,
# groups of 180. .device/q3 (ce473ef) builds the program binary first.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/cl PATH=/usr/local/cuda/bin:$PATH
timeout 100 .device/q3/ldpc bench --backend opencl --seconds 1 --baseline none --code dvbs2-normal-1/2 --batch 2112 --iterations 20 2>&1 | grep -E '^opencl  '
cd .device/tab
python3 cuda_ptx.py $(ls -S /tmp/cl/*.clbin | head -1) r.ptx layered_latency_pairs_d8
ptxas -arch=sm_90 -v r.ptx -o r.cubin 2>&1 | grep -oE 'Used [0-9]+ registers'
gcc -O2 -std=c11 -I/usr/local/cuda/include launch_ptx.c -o launch_ptx -L/usr/local/cuda/lib64/stubs -lcuda || exit 1
S="--section SpeedOfLight --section MemoryWorkloadAnalysis --section Occupancy --section WarpStateStats --section SchedulerStats"
for frames in 2112 1056; do
  ./launch_ptx r.cubin layered_latency_pairs_d8 normal-1-2.bin $frames 20 180
  echo "######## ncu pairs $frames"; timeout 200 ncu $S -o "$OUT/pairs-$frames" -f ./launch_ptx r.cubin layered_latency_pairs_d8 normal-1-2.bin $frames 20 180 > /dev/null 2>&1
  ncu -i "$OUT/pairs-$frames.ncu-rep" --page details --print-details all 2>&1 | grep -E "Duration|Memory Throughput|DRAM Throughput|DRAM Bandwidth|L1/TEX Hit|L2 Hit|L2 Cache Throughput|L1/TEX Cache Throughput|Mem Busy|Max Bandwidth|Mem Pipes Busy|Compute \(SM\)|Issue Slots Busy|Achieved Occupancy|Eligible Warps|Warp Cycles Per Issued|Stall Long|Stall LG|Bytes|dram__bytes" | head -40
done
