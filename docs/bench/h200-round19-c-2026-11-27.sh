#!/usr/bin/env bash
# Round 19 run C on the GPU machine.
# 1. Groups of 360 work-items (one check each) for the circulant kernels of
#    bounds 8 and 16 and the pair kernels of bounds 8 and 16: k360 = kernels/
#    with reqd_work_group_size(360, 1, 1) on those entry points, ldpc360 =
#    this build with kernel_max_group taking CL_KERNEL_COMPILE_WORK_GROUP_SIZE
#    where a kernel has one (NVIDIA reports 256 for every latency kernel).
# 2. Issue 4's figures with this build: 20 and 50 iterations, normal and
#    short 1/2, kernels and transfers (LDPC_CL_PROFILE=1), the 16-thread CPU
#    backend in the same run; one frame, layered and flooding; table upload.
# 3. Every DVB-S2 rate, 20 iterations, auto.
source .device/env.sh >/dev/null
export LDPC_CL_PLATFORM=NVIDIA
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
d=.device/r19
base() { LDPC_CL_CACHE_DIR=/tmp/c-base timeout 90 $d/ldpc bench --backend opencl --baseline none "$@" 2>&1; }
g360() { LDPC_CL_CACHE_DIR=/tmp/c-360 LDPC_CL_KERNEL_DIR=$d/k360 timeout 90 $d/ldpc360 bench --backend opencl --baseline none "$@" 2>&1; }
line() { grep -E '^opencl ' | head -1 | awk '{print $4, "Mbit/s", $7, "ms median", $8, "ms p99"}'; }
echo "== 1. groups of 360"
g360 --code dvbs2-normal-1/2 --batch 1 --seconds 1 | grep -oE 'latency groups up to [^;]*|fall[^;]*' | head -3
for r in 1 2; do
  for v in base g360; do
    for args in "dvbs2-normal-1/2 1" "dvbs2-normal-3/4 1" "dvbs2-normal-1/2 8192" "dvbs2-normal-3/4 8192" "dvbs2-short-1/2 32768"; do
      set -- $args
      printf '%s %s %s round %s: ' $1 $2 $v $r; $v --code $1 --batch $2 --seconds 2 | line
    done
  done
done
python3 .device/tab/cuda_ptx.py $(ls -S /tmp/c-360/*.clbin | head -1) /tmp/r.ptx layered_latency_pairs_d8 layered_latency_pairs_d16 layered_circulant_d8 layered_circulant_d16 &&
  ptxas -arch=sm_90 -v /tmp/r.ptx -o /tmp/r.cubin 2>&1 | grep -E 'Compiling|registers|spill' | sed 's/^/360: /'
python3 .device/tab/cuda_ptx.py $(ls -S /tmp/c-base/*.clbin | head -1) $OUT/pairs.ptx layered_latency_pairs_d8 layered_latency_pairs_d16 layered_latency_pairs_d32 layered_circulant_d8
echo "== 2. issue 4's figures"
b() { echo "-- $*"; LDPC_CL_CACHE_DIR=/tmp/c-base timeout 150 $d/ldpc bench --backend opencl --seconds 3 "$@" 2>&1 | grep -vE '^\s*$'; }
for it in 20 50; do
  LDPC_CL_PROFILE=1 b --code dvbs2-normal-1/2 --iterations $it --batch 8192 --threads 16 --baseline auto
  LDPC_CL_PROFILE=1 b --code dvbs2-short-1/2 --iterations $it --batch 32768 --threads 16 --baseline auto
done
for code in dvbs2-normal-1/2 dvbs2-short-1/2; do
  b --code $code --iterations 20 --batch 1 --baseline none
  b --code $code --iterations 20 --batch 1 --baseline none --decoder fixed-flooding-oms
done
echo "== 3. every DVB-S2 rate"
for size in normal short; do
  batch=8192; [ $size = short ] && batch=32768
  for rate in 1/4 1/3 2/5 1/2 3/5 2/3 3/4 4/5 5/6 8/9 9/10; do
    [ $size/$rate = short/9/10 ] && continue
    printf '%s %s: ' dvbs2-$size-$rate $batch; base --code dvbs2-$size-$rate --batch $batch --seconds 1 | line
  done
done
