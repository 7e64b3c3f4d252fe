#!/usr/bin/env bash
# Round 19 run B on the GPU machine: the pair kernels with a check's state
# kept as bits between its phases (ks: kernels/ of 9486431 with
# h200-round19-b-state-2026-11-27.patch applied), and the same with the
# bound-32 kernel's tight arrays at bounds 8 and 16 too (kst: their entry
# points declare word, next_word, old, u and pass next_word and old as the
# further checks' arrays), through LDPC_CL_KERNEL_DIR, against the build's
# own kernels (base: 9486431's Release build), alternating; then
# test_opencl_exact built with the ks kernels, through NVIDIA's driver.
source .device/env.sh >/dev/null
export LDPC_CL_PLATFORM=NVIDIA
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
d=.device/r19
run() { # variant, bench arguments...
  local v=$1; shift
  if [ $v = base ]; then LDPC_CL_CACHE_DIR=/tmp/c-base timeout 60 $d/ldpc bench --backend opencl --seconds 2 --baseline none "$@" 2>&1
  else LDPC_CL_CACHE_DIR=/tmp/c-$v LDPC_CL_KERNEL_DIR=$d/$v timeout 60 $d/ldpc bench --backend opencl --seconds 2 --baseline none "$@" 2>&1; fi
}
line() { grep -E '^opencl ' | head -1 | awk '{print $4, "Mbit/s", $7, "ms"}'; }
for v in base ks kst; do run $v --code dvbs2-normal-1/2 --batch 264 >/dev/null; done
echo "== registers"
for v in base ks kst; do
  python3 .device/tab/cuda_ptx.py $(ls -S /tmp/c-$v/*.clbin | head -1) /tmp/r.ptx layered_latency_pairs_d8 layered_latency_pairs_d16 layered_latency_pairs_d32 &&
    ptxas -arch=sm_90 -v /tmp/r.ptx -o /tmp/r.cubin 2>&1 | grep -E 'Compiling|registers|spill' | sed "s/^/$v: /"
done
for r in 1 2; do
  for v in base ks kst; do
    printf 'normal-1/2 8192 %s round %s: ' $v $r; run $v --code dvbs2-normal-1/2 --batch 8192 | line
    printf 'short-1/2 32768 %s round %s: ' $v $r; run $v --code dvbs2-short-1/2 --batch 32768 | line
    printf 'normal-3/4 8192 %s round %s: ' $v $r; run $v --code dvbs2-normal-3/4 --batch 8192 | line
    printf 'short-3/4 32768 %s round %s: ' $v $r; run $v --code dvbs2-short-3/4 --batch 32768 | line
    printf 'normal-5/6 8192 %s round %s: ' $v $r; run $v --code dvbs2-normal-5/6 --batch 8192 | line
    printf 'short-8/9 32768 %s round %s: ' $v $r; run $v --code dvbs2-short-8/9 --batch 32768 | line
  done
done
echo "== test_opencl_exact, state kernels"
(cd /tmp && timeout 200 $OLDPWD/$d/test_state 2>&1 | grep -E "FAIL|PASSED|SKIPPED \]|tests ran" | tail -6)
