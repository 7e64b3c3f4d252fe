#!/bin/bash
# Round 14, run C (ran on an H200): NVIDIA's PTX of the latency kernels (run A's cached program binary, HEAD
# fe18480) launched through CUDA's driver API (docs/bench/ptx-profile/cuda_ptx.py makes it loadable, launch_ptx.c runs it) with the
# real tables (dump_tables.c), timed, then profiled by Nsight Compute.
exec > >(tee "$OUT/run.txt") 2>&1
export PATH=/usr/local/cuda/bin:$PATH
cd .device/tab
gcc -O2 -std=c11 -I/usr/local/cuda/include launch_ptx.c -o launch_ptx -L/usr/local/cuda/lib64/stubs -lcuda || exit 1
python3 cuda_ptx.py ../ptx.clbin k.ptx layered_latency_d8 layered_circulant_d8 layered_latency_local_d8 && ptxas -arch=sm_90 k.ptx -o k.cubin || exit 1
P=k.cubin
echo "== timing (CUDA events), 20 iterations"
for frames in 1 528 1056 8192; do
  ./launch_ptx $P layered_latency_d8 normal-1-2.bin $frames 20 180
  ./launch_ptx $P layered_circulant_d8 normal-1-2.bin $frames 20 180
  ./launch_ptx $P layered_latency_local_d8 short-1-2.bin $frames 20 180 1
done
S="--section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats --section SchedulerStats --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis --section InstructionStats --section SourceCounters"
prof() { name=$1; shift; echo "######## ncu $name"; timeout 240 ncu $S -o "$OUT/$name" -f ./launch_ptx "$@" > /dev/null 2>&1; ncu -i "$OUT/$name.ncu-rep" --page details --print-details all 2>&1 | grep -vE '^\s*$' | head -400; }
prof slot_1056 $P layered_latency_d8 normal-1-2.bin 1056 20 180
prof circulant_1056 $P layered_circulant_d8 normal-1-2.bin 1056 20 180
prof local_short_1056 $P layered_latency_local_d8 short-1-2.bin 1056 20 180 1
prof slot_1 $P layered_latency_d8 normal-1-2.bin 1 20 180
