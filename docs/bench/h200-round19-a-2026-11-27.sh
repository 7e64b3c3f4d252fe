#!/usr/bin/env bash
# Round 19 run A on the GPU machine: the pair kernel of degree bound 32
# (layered_latency_pairs_d32): registers, exactness through NVIDIA's driver,
# and DVB-S2 rates 4/5 to 9/10 (short 5/6, 8/9) with pairs off (the
# circulant kernel, as before) and auto (the new kernel), alternating.
source .device/env.sh >/dev/null
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/c19
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
d=.device/r19  # this tree's Release build (tools/ldpc, tests/test_opencl_exact)
bench() { timeout 60 $d/ldpc bench --backend opencl --seconds 2 --baseline none "$@" 2>&1; }
line() { grep -E '^opencl ' | head -1 | awk '{print $4, "Mbit/s", $7, "ms"}'; }
# Build the program once (also fills the cache for the register check).
bench --code dvbs2-normal-9/10 --batch 8192 | grep -E 'in pairs|^opencl' | head -3
echo "== registers"
python3 .device/tab/cuda_ptx.py $(ls -S /tmp/c19/*.clbin | head -1) /tmp/r.ptx layered_latency_pairs_d8 layered_latency_pairs_d16 layered_latency_pairs_d32 layered_circulant_d32 &&
  ptxas -arch=sm_90 -v /tmp/r.ptx -o /tmp/r.cubin 2>&1 | grep -E 'Compiling|registers|spill'
for r in 1 2; do
  for code in normal-4/5 normal-5/6 normal-8/9 normal-9/10 short-5/6 short-8/9; do
    batch=8192; case $code in short*) batch=32768;; esac
    for p in single auto; do
      printf '%s %s %s round %s: ' "$code" "$batch" "$p" "$r"
      LDPC_CL_LATENCY_PAIRS=$p bench --code dvbs2-$code --batch $batch | line
    done
  done
done
echo "== 50 iterations"
for p in single auto single auto; do
  printf 'normal-9/10 50 it %s: ' $p; LDPC_CL_LATENCY_PAIRS=$p bench --code dvbs2-normal-9/10 --batch 8192 --iterations 50 | line
done
echo "== small passes (132 units: 2, 4, 8 frames per unit)"
for f in 264 528 1056; do
  for p in single pairs single pairs; do
    printf 'normal-9/10 %s %s: ' $f $p; LDPC_CL_LATENCY_PAIRS=$p bench --code dvbs2-normal-9/10 --batch $f | line
    printf 'short-8/9 %s %s: ' $f $p; LDPC_CL_LATENCY_PAIRS=$p bench --code dvbs2-short-8/9 --batch $f | line
  done
done
echo "== test_opencl_exact"
(cd /tmp && timeout 200 $OLDPWD/$d/test_opencl_exact 2>&1 | grep -E 'FAIL|PASSED|SKIPPED \]|degree_32|tests ran' | tail -8)
