#!/bin/bash
# Round 16, run L (it came on an H200): test_opencl_exact of 5afea89 (both sharing-layer freeze cases) through
# NVIDIA's driver.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/cl
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
timeout 300 .device/q6/test_opencl_exact 2>&1 | grep -E "OK|FAIL|ERROR|PASSED|SKIP" | tr '\n' ' '; echo
