#!/usr/bin/env bash
# Round 18 on the GPU machine: the saturated lanes kernel (exactness, widths
# 1/4/16) and the default decoder after the host split, against round 17's
# final build (.device/graded).
source .device/env.sh >/dev/null
export LDPC_CL_PLATFORM=NVIDIA
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
d=.device/r18
echo "== test_opencl_saturated (widths 1, 4, 16)"
(cd /tmp && timeout 240 $OLDPWD/$d/test_opencl_saturated 2>&1 | grep -E 'OK|FAIL|PASS|skip|error' | tail -20)
echo "== test_opencl_exact"
(cd /tmp && timeout 150 $OLDPWD/$d/test_opencl_exact 2>&1 | tail -3)
p8="--decoder fixed-layered-oms,posterior=8 --seconds 2 --baseline none"
for w in 1 4 16; do
  echo "== posterior=8 lanes $w"
  LDPC_CL_CACHE_DIR=/tmp/c18 LDPC_CL_CHAR_LANES=$w timeout 60 $d/ldpc bench --backend opencl $p8 --code dvbs2-short-1/2 --batch 16384 2>&1 | grep -E '^opencl' | head -2
  LDPC_CL_CACHE_DIR=/tmp/c18 LDPC_CL_CHAR_LANES=$w timeout 60 $d/ldpc bench --backend opencl $p8 --code dvbs2-normal-1/2 --batch 4096 2>&1 | grep -E '^opencl' | head -1
done
for r in 1 2; do
  for b in graded r18; do
    echo "== default decoder, $b, round $r"
    LDPC_CL_CACHE_DIR=/tmp/c-$b timeout 60 .device/$b/ldpc bench --backend opencl --code dvbs2-normal-1/2 --batch 8192 --seconds 2 --baseline none 2>&1 | grep -E '^opencl' | head -1
    LDPC_CL_CACHE_DIR=/tmp/c-$b timeout 60 .device/$b/ldpc bench --backend opencl --code dvbs2-short-1/2 --batch 32768 --seconds 2 --baseline none 2>&1 | grep -E '^opencl' | head -1
  done
done
