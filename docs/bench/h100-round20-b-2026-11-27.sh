#!/usr/bin/env bash
# Round 20 run B: every pair kernel "tight" (four arrays: further checks reuse
# next_word and old, the next layer's words read after them) at bounds 8 and
# 16 (kt), and bound 16 compiled at 14 (kt14), against the committed kernels.
# kt: kernels/ at 0b96bd4 with LAYERED_LATENCY_PAIRS_KERNEL declaring four
# arrays and passing {word, next_word, next_word, old, u, old, 1} (so d8,
# d8_layer and d16 are tight); kt14: kt with d16 instantiated at bound 14.
source .device/env.sh >/dev/null
export LDPC_CL_PLATFORM=NVIDIA
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
d=.device/r20
bench() { local v=$1; shift; LDPC_CL_KERNEL_DIR=$d/$v LDPC_CL_CACHE_DIR=/tmp/c-$v timeout 60 $d/ldpc bench --backend opencl --seconds 2 --baseline none "$@" 2>&1; }
line() { grep -E '^opencl ' | head -1 | awk '{print $4, "Mbit/s", $7, "ms"}'; }
echo "== registers"
for v in k0 kt kt14; do
  bench $v --code dvbs2-normal-3/4 --batch 1056 --seconds 0.2 | grep -oE 'in pairs[^,]*' | head -1
  python3 .device/tab/cuda_ptx.py $(ls -S /tmp/c-$v/*.clbin | head -1) /tmp/r-$v.ptx layered_latency_pairs_d8 layered_latency_pairs_d8_layer layered_latency_pairs_d16 &&
    ptxas -arch=sm_90 -v /tmp/r-$v.ptx -o /tmp/r.cubin 2>&1 | grep -E 'Compiling|registers|spill' | sed "s/^/$v /"
done
for r in 1 2; do
  for code in normal-1/2 short-1/2 normal-1/4 normal-3/4 short-3/4 short-4/5; do
    batch=8192; case $code in short*) batch=32768;; esac
    for v in k0 kt kt14; do
      printf '%s %s %s round %s: ' "$code" "$batch" "$v" "$r"
      bench $v --code dvbs2-$code --batch $batch | line
    done
  done
done
