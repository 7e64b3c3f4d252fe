#!/usr/bin/env bash
# Round 20 run E: the tight pair kernels with three arrays instead of four
# (k3: a layer's further checks and the next layer's slot words reuse the
# first check's `word` array, which a sharing layer's records then fetch
# again), against the committed kernels (k1); k3b: k3 with bound 14 at 12
# (codes of check degree <= 12 only).
source .device/env.sh >/dev/null
export LDPC_CL_PLATFORM=NVIDIA
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
d=.device/r20e
bench() { local v=$1; shift; LDPC_CL_KERNEL_DIR=$d/$v LDPC_CL_CACHE_DIR=/tmp/c-$v timeout 60 $d/ldpc bench --backend opencl --seconds 2 --baseline none "$@" 2>&1; }
line() { grep -E '^opencl ' | head -1 | awk '{print $4, "Mbit/s", $7, "ms"}'; }
echo "== registers"
for v in k1 k3 k3b; do
  bench $v --code dvbs2-normal-3/5 --batch 1056 --seconds 0.2 >/dev/null
  python3 .device/tab/cuda_ptx.py $(ls -S /tmp/c-$v/*.clbin | head -1) /tmp/r-$v.ptx layered_latency_pairs_d14 layered_latency_pairs_d24 layered_latency_pairs_d32 &&
    ptxas -arch=sm_90 -v /tmp/r-$v.ptx -o /tmp/r.cubin 2>&1 | grep -E 'Compiling|registers|spill' | sed "s/^/$v /"
done
for r in 1 2; do
  for code in normal-3/5 normal-2/3 normal-3/4 normal-4/5 normal-5/6 normal-8/9 short-3/5 short-2/3 short-3/4 short-4/5 short-5/6 short-8/9; do
    batch=8192; case $code in short*) batch=32768;; esac
    vs="k1 k3"; case $code in *3/5|*2/3) vs="k1 k3 k3b";; esac
    for v in $vs; do
      printf '%s %s %s round %s: ' "$code" "$batch" "$v" "$r"; bench $v --code dvbs2-$code --batch $batch | line
    done
  done
done
