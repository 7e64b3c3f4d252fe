#!/bin/bash
# Issue 4, run 3: 64-bit element offsets (merge d31872d): exactness through NVIDIA's driver with
# buffers beyond 2 and 4 GiB, and the item designs at batches beyond the old 2 GiB limit.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/ldpc-cl
W=build-dev/wide
echo "### exactness, large buffers included"
LDPC_TEST_LARGE_BUFFERS=1 timeout 240 $W/test_opencl_exact 2>&1 | grep -E 'RUN|OK|FAIL|ERROR|SKIP|PASSED|large' | tail -30
timeout 200 $W/test_opencl_saturated 2>&1 | grep -E 'OK|FAIL|ERROR|SKIP|PASSED' | tail -20
b() { echo "== $*"; LDPC_CL_PROFILE=1 timeout 150 $W/ldpc bench --backend opencl --baseline none --seconds 1 "$@" 2>&1 | grep -E "^opencl"; }
S8="--decoder fixed-layered-oms,posterior=8"
for e in 1.0 2.5; do
  b $S8 --code dvbs2-short-1/2 --iterations 20 --batch 16384 --ebn0 $e
  b $S8 --code dvbs2-short-1/2 --iterations 20 --batch 65536 --ebn0 $e
done
b $S8 --code dvbs2-short-1/2 --iterations 20 --batch 131072
b --code dvbs2-short-1/2 --iterations 20 --batch 65536
LDPC_CL_DESIGN=item b --code dvbs2-short-1/2 --iterations 20 --batch 65536
b $S8 --code dvbs2-normal-1/2 --iterations 20 --batch 16384 --ebn0 2.0
b $S8 --code dvbs2-normal-1/2 --iterations 20 --batch 32768
b $S8 --code dvbs2-short-1/2 --iterations 50 --batch 65536
