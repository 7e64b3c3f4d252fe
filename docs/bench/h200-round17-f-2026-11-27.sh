#!/bin/bash
# Round 17, run F: where the pair kernel's warps wait after run C's change (80 registers):
# Nsight Compute's warp-state, scheduler, instruction and occupancy sections through round 14's
# harness (cuda_ptx.py + launch_ptx), normal 1/2 at 2112 frames (one pipelined pass of an
# 8192-frame call), 20 iterations, groups of 180. .device/r17 (c9bbabe) builds the program first.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/cl PATH=/usr/local/cuda/bin:$PATH
timeout 100 .device/r17/ldpc bench --backend opencl --seconds 1 --baseline none --code dvbs2-normal-1/2 --batch 2112 --iterations 20 2>&1 | grep -E '^opencl  '
cd .device/tab
python3 cuda_ptx.py $(ls -S /tmp/cl/*.clbin | head -1) r.ptx layered_latency_pairs_d8
ptxas -arch=sm_90 -v r.ptx -o r.cubin 2>&1 | grep -oE 'Used [0-9]+ registers'
gcc -O2 -std=c11 -I/usr/local/cuda/include launch_ptx.c -o launch_ptx -L/usr/local/cuda/lib64/stubs -lcuda || exit 1
S="--section SpeedOfLight --section Occupancy --section WarpStateStats --section SchedulerStats --section InstructionStats --section ComputeWorkloadAnalysis"
./launch_ptx r.cubin layered_latency_pairs_d8 normal-1-2.bin 2112 20 180
timeout 300 ncu $S --metrics smsp__average_warp_latency_issue_stalled_barrier,smsp__average_warp_latency_issue_stalled_long_scoreboard,smsp__average_warp_latency_issue_stalled_membar,smsp__average_warp_latency_issue_stalled_wait,smsp__average_warp_latency_issue_stalled_short_scoreboard,smsp__average_warp_latency_issue_stalled_math_pipe_throttle,smsp__average_warp_latency_issue_stalled_lg_throttle,smsp__average_warp_latency_issue_stalled_not_selected,smsp__average_warp_latency_issue_stalled_dispatch_stall,smsp__average_warp_latency_issue_stalled_mio_throttle,smsp__average_warp_latency_issue_stalled_selected,smsp__average_warp_latency_issue_stalled_no_instruction,smsp__average_warp_latency_issue_stalled_branch_resolving,smsp__average_warp_latency_issue_stalled_drain,smsp__average_warp_latency_issue_stalled_imc_miss,smsp__average_warp_latency_issue_stalled_sleeping,smsp__average_warp_latency_issue_stalled_tex_throttle,smsp__average_warp_latency_issue_stalled_misc -o "$OUT/pairs" -f ./launch_ptx r.cubin layered_latency_pairs_d8 normal-1-2.bin 2112 20 180 > /dev/null 2>&1
ncu -i "$OUT/pairs.ncu-rep" --page details --print-details all 2>&1 | grep -vE "^\s*$|----" | head -120
ncu -i "$OUT/pairs.ncu-rep" --page raw 2>&1 | grep -E "warp_latency_issue_stalled" | head -40
