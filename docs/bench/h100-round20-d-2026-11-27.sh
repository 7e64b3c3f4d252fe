#!/usr/bin/env bash
# Round 20 run D: tighter bounds per code (kb: the d14/d24/d32 kernels
# compiled at 12/20/28, each run only on codes within that bound) against
# the committed kernels (k1), and register caps on the bound-32 kernel
# (LDPC_CL_MAX_REGISTERS, program-wide) for the rates it serves.
source .device/env.sh >/dev/null
export LDPC_CL_PLATFORM=NVIDIA
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
d=.device/r20d
bench() { local v=$1; shift; LDPC_CL_KERNEL_DIR=$d/${v%%-*} LDPC_CL_CACHE_DIR=/tmp/c-$v timeout 60 $d/ldpc bench --backend opencl --seconds 2 --baseline none "$@" 2>&1; }
line() { grep -E '^opencl ' | head -1 | awk '{print $4, "Mbit/s", $7, "ms"}'; }
echo "== registers"
for v in k1 kb; do
  bench $v --code dvbs2-normal-3/5 --batch 1056 --seconds 0.2 >/dev/null
  python3 .device/tab/cuda_ptx.py $(ls -S /tmp/c-$v/*.clbin | head -1) /tmp/r-$v.ptx layered_latency_pairs_d14 layered_latency_pairs_d24 layered_latency_pairs_d32 &&
    ptxas -arch=sm_90 -v /tmp/r-$v.ptx -o /tmp/r.cubin 2>&1 | grep -E 'Compiling|registers|spill' | sed "s/^/$v /"
done
for cap in 168 128; do
  LDPC_CL_MAX_REGISTERS=$cap bench k1-$cap --code dvbs2-normal-9/10 --batch 1056 --seconds 0.2 >/dev/null
  python3 .device/tab/cuda_ptx.py $(ls -S /tmp/c-k1-$cap/*.clbin | head -1) /tmp/r-$cap.ptx layered_latency_pairs_d32 layered_circulant_d32 &&
    ptxas -arch=sm_90 -v -maxrregcount=$cap /tmp/r-$cap.ptx -o /tmp/r.cubin 2>&1 | grep -E 'Compiling|registers|spill' | sed "s/^/cap $cap /"
done
for r in 1 2; do
  for code in normal-3/5 normal-2/3 short-3/5 short-2/3 normal-4/5 short-5/6 normal-8/9 short-8/9; do
    batch=8192; case $code in short*) batch=32768;; esac
    for v in k1 kb; do
      printf '%s %s %s round %s: ' "$code" "$batch" "$v" "$r"; bench $v --code dvbs2-$code --batch $batch | line
    done
  done
  for code in normal-8/9 normal-9/10 short-8/9; do
    batch=8192; case $code in short*) batch=32768;; esac
    for cap in 168 128; do
      printf '%s %s cap %s round %s: ' "$code" "$batch" "$cap" "$r"; LDPC_CL_MAX_REGISTERS=$cap bench k1-$cap --code dvbs2-$code --batch $batch | line
    done
    [ $code = normal-8/9 ] || { printf '%s %s k1 round %s: ' "$code" "$batch" "$r"; bench k1 --code dvbs2-$code --batch $batch | line; }
  done
done
