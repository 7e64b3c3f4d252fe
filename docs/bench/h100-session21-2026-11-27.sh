#!/usr/bin/env bash
# Tenth session of 2026-11-27, build d176767 (.device/r21: Release ldpc and
# test_opencl_exact): test_opencl_exact through NVIDIA's driver with the
# per-twin prediction (stats.layer_group_twins), then issue 4's headline
# figures again (normal / short 1/2, 20 and 50 iterations, the 16-thread CPU
# backend as each line's baseline; one frame layered and flooding).
source .device/env.sh >/dev/null
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/c-r21
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
echo "== test_opencl_exact (r21)"
(cd /tmp && timeout 250 $OLDPWD/.device/r21/test_opencl_exact 2>&1 | grep -E "FAIL|PASSED|SKIPPED \]|layer_groups|tests ran" | tail -10)
b() { echo "-- $*"; timeout 150 .device/r21/ldpc bench --backend opencl --seconds 3 "$@" 2>&1 | grep -E '^(opencl|avx|decoder) ' | cut -c1-400 | sed 's/(NVIDIA CUDA), on device; device passes by design//'; }
for it in 20 50; do
  b --code dvbs2-normal-1/2 --iterations $it --batch 8192 --threads 16 --baseline auto
  b --code dvbs2-short-1/2 --iterations $it --batch 32768 --threads 16 --baseline auto
done
for code in dvbs2-normal-1/2 dvbs2-short-1/2; do
  b --code $code --iterations 20 --batch 1 --baseline none
  b --code $code --iterations 20 --batch 1 --baseline none --decoder fixed-flooding-oms
done
