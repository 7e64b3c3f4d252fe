#!/bin/bash
# Round 12, run 6: one check per work-item (groups of 360) in the global-posterior latency kernels.
# Binary .device/v3/ldpc = ab90603 (Release). Kernel directories (LDPC_CL_KERNEL_DIR):
#   base      kernels/ at ab90603 (NVIDIA reports a largest group of 256: DVB layers run as 180
#             work-items, two checks each)
#   reqd360   the same with __attribute__((reqd_work_group_size(360, 1, 1))) on the three
#             layered_latency_d* kernels, so that the compiler fits a group of 360
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
b() { local v=$1; shift; echo "== $v $*"; LDPC_CL_CACHE_DIR=/tmp/cl-$v LDPC_CL_KERNEL_DIR=.device/kv3/$v timeout 100 .device/v3/ldpc bench --backend opencl --baseline none --seconds 2 "$@" 2>&1 | grep -E "^opencl|rror|fall" | head -4 | sed 's/(NVIDIA CUDA), on device; device passes by design//'; }
for rep in 1 2; do
  for v in base reqd360; do
    b $v --code dvbs2-normal-1/2 --iterations 20 --batch 8192
    b $v --code dvbs2-normal-1/2 --iterations 20 --batch 1
    b $v --code dvbs2-normal-9/10 --iterations 20 --batch 8192
    b $v --code dvbs2-normal-1/2 --iterations 50 --batch 8192
  done
done
