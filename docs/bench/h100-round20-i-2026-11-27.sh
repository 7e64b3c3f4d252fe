#!/usr/bin/env bash
# Round 20 run I: the bound-32 pair kernel in groups of at most 120 by default
# (r20i) against the build before (r20h, b56a61e: groups of 180), alternating;
# test_opencl_exact of r20i through NVIDIA's driver.
source .device/env.sh >/dev/null
export LDPC_CL_PLATFORM=NVIDIA
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
bench() { local v=$1; shift; LDPC_CL_CACHE_DIR=/tmp/c-$v timeout 60 .device/$v/ldpc bench --backend opencl --seconds 2 --baseline none "$@" 2>&1; }
line() { grep -E '^opencl ' | head -1 | awk '{print $4, "Mbit/s", $7, "ms"}'; }
for r in 1 2; do
  for code in normal-8/9 normal-9/10 short-8/9; do
    batch=8192; case $code in short*) batch=32768;; esac
    for v in r20h r20i; do
      printf '%s %s %s round %s: ' "$code" "$batch" "$v" "$r"; bench $v --code dvbs2-$code --batch $batch | line
    done
  done
done
printf 'normal-9/10 50 it: '; for v in r20h r20i; do printf '%s ' $v; bench $v --code dvbs2-normal-9/10 --batch 8192 --iterations 50 | line; done
echo "== test_opencl_exact (r20i)"
(cd /tmp && timeout 250 $OLDPWD/.device/r20i/test_opencl_exact 2>&1 | grep -E "FAIL|PASSED|SKIPPED \]|degree_32|tests ran" | tail -8)
