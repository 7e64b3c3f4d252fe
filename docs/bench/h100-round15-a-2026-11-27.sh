#!/bin/bash
# Round 15, run A: two frames per work-group (kernels/28_layered_latency_pairs.cl) against the
# one-frame slot kernel, same binary (.device/p1, Release), LDPC_CL_LATENCY_PAIRS=pairs|single
# alternating; test_opencl_exact through NVIDIA's driver; ptxas -v of both kernels and the 16x2
# instructions in the driver's PTX.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/cl PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
timeout 200 .device/p1/test_opencl_exact 2>&1 | grep -E "OK|FAIL|ERROR|PASSED|SKIP" | tr '\n' ' '; echo
b() { v=$1; shift; echo "== $v $*"; LDPC_CL_LATENCY_PAIRS=$v timeout 100 .device/p1/ldpc bench --backend opencl --seconds 2 --baseline none "$@" 2>&1 | grep -E "^opencl |pairs of frames" | sed -E 's/.*(in pairs of frames [0-9]+).*/  \1/' | cut -c1-150; }
for round in 1 2; do
  for v in pairs single; do
    LDPC_CL_PROFILE=1 b $v --code dvbs2-normal-1/2 --iterations 20 --batch 8192
    b $v --code dvbs2-normal-1/2 --iterations 50 --batch 8192
    LDPC_CL_LATENCY_POSTERIORS=global b $v --code dvbs2-short-1/2 --iterations 20 --batch 32768
    b $v --code dvbs2-normal-1/2 --iterations 20 --batch 528
    LDPC_CL_LATENCY_TABLES=slots b $v --code dvbs2-normal-1/2 --iterations 20 --batch 2
  done
  b auto --code dvbs2-short-1/2 --iterations 20 --batch 32768
done
cd .device/tab
python3 cuda_ptx.py $(ls -S /tmp/cl/*.clbin | head -1) r.ptx layered_latency_d8 layered_latency_pairs_d8
ptxas -arch=sm_90 -v r.ptx -o r.cubin 2>&1 | grep -E "Compiling entry|registers" | paste - - | sed -E "s/ptxas info +: //g; s/for 'sm_90'//; s/used 1 barriers, //" | cut -c1-110
echo "16x2 / video instructions in the PTX:"; grep -oE "\b(max|min)\.[us]16x2|vmax2|vmin2|prmt\.b32" r.ptx | sort | uniq -c
cuobjdump -sass r.cubin > r.sass 2>/dev/null && awk '/Function : /{f=$3} /\/\*[0-9a-f]{4}\*\//{n[f]++} END{for(k in n) print k, n[k], "SASS instructions"}' r.sass
grep -oE "VIMNMX[.A-Z0-9]*|VMNMX[.A-Z0-9]*|PRMT" r.sass | sort | uniq -c
cp r.ptx r.sass "$OUT/" 2>/dev/null
