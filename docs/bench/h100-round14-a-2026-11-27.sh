#!/bin/bash
# Round 14, run A: HEAD (fe18480, the circulant-size field removed from the kernels' argument
# struct, untimed on the GPU so far) through NVIDIA's driver: test_opencl_exact, the headline
# cases, and NVIDIA's program binaries (PTX) fetched for an instruction count of the kernels.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/cl
echo "== tools"; which nvcc ncu nsys 2>&1; ls -d /usr/local/cuda* 2>&1
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv
echo "== test_opencl_exact ($(cat .device/h0/REV))"; timeout 240 .device/h0/test_opencl_exact 2>&1 | grep -E "OK|FAIL|PASS|SKIP" | tail -5
b() { echo "== $*"; timeout 120 .device/h0/ldpc bench --backend opencl --seconds 2 --baseline none "$@" 2>&1 | grep -E "^opencl|kernels|^backend" | sed 's/(NVIDIA CUDA), on device; device passes by design//' | cut -c1-330; }
LDPC_CL_PROFILE=1 b --code dvbs2-normal-1/2 --iterations 20 --batch 8192
b --code dvbs2-normal-1/2 --iterations 20 --batch 1
LDPC_CL_PROFILE=1 b --code dvbs2-short-1/2 --iterations 20 --batch 32768
b --code dvbs2-short-1/2 --iterations 20 --batch 1
mkdir -p "$OUT/ptx"; cp /tmp/cl/*.clbin "$OUT/ptx/" 2>&1; ls -la "$OUT/ptx"
