#!/usr/bin/env bash
# Round 20 run A: pair kernels of degree bounds 12 and 24 (kernel-directory
# variants: d16 compiled at bound 12, d32 at bound 24), registers and
# throughput against the committed kernels (k0), alternating.
# The directories are copies of kernels/ at 0b96bd4 (k0 unchanged) with
# kernels/28_layered_latency_pairs.cl edited:
#   kv:  LAYERED_LATENCY_PAIRS_KERNEL(layered_latency_pairs_d16, 12, ) (six
#        arrays); layered_latency_pairs_d32's arrays and bound 32 -> 24 (tight);
#   kv2: layered_latency_pairs_d16 written like d32 (four arrays, tight) at
#        bound 12; LAYERED_LATENCY_PAIRS_KERNEL(layered_latency_pairs_d32, 24, )
#        (six arrays).
# d16 then serves codes of check degree <= 12 and d32 those <= 24 (the host's
# records of bounds 16 and 32 have as many words), so only such codes are run.
# Exactness of both on PoCL against the reference: ldpc decode --stats, the
# variants through LDPC_CL_KERNEL_DIR with LDPC_CL_LATENCY_PAIRS=pairs, every
# code below (identical bits and statistics; a bound of 9 for degree-10 short
# 2/3 differed).
source .device/env.sh >/dev/null
export LDPC_CL_PLATFORM=NVIDIA
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
d=.device/r20
bench() { local v=$1; shift; LDPC_CL_KERNEL_DIR=$d/$v LDPC_CL_CACHE_DIR=/tmp/c-$v timeout 60 $d/ldpc bench --backend opencl --seconds 2 --baseline none "$@" 2>&1; }
line() { grep -E '^opencl ' | head -1 | awk '{print $4, "Mbit/s", $7, "ms"}'; }
echo "== registers"
for v in k0 kv kv2; do
  bench $v --code dvbs2-normal-3/5 --batch 1056 --seconds 0.2 | grep -oE 'in pairs[^,]*' | head -1
  python3 .device/tab/cuda_ptx.py $(ls -S /tmp/c-$v/*.clbin | head -1) /tmp/r-$v.ptx layered_latency_pairs_d16 layered_latency_pairs_d32 &&
    ptxas -arch=sm_90 -v /tmp/r-$v.ptx -o /tmp/r.cubin 2>&1 | grep -E 'Compiling|registers|spill' | sed "s/^/$v /"
done
for r in 1 2; do
  for code in normal-3/5 normal-2/3 normal-4/5 normal-5/6 short-3/5 short-2/3 short-5/6; do
    batch=8192; case $code in short*) batch=32768;; esac
    for v in k0 kv kv2; do
      printf '%s %s %s round %s: ' "$code" "$batch" "$v" "$r"
      bench $v --code dvbs2-$code --batch $batch | line
    done
  done
done
