#!/usr/bin/env bash
# Round 18 run C: the pair kernel for check degrees up to 16 (.device/p16)
# against round 18's build (.device/r18: the one-frame circulant kernel for
# those codes), alternating; exactness through NVIDIA's driver; registers.
source .device/env.sh >/dev/null
export LDPC_CL_PLATFORM=NVIDIA
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== test_opencl_exact (p16)"
(cd /tmp && timeout 200 $OLDPWD/.device/p16/test_opencl_exact 2>&1 | grep -E 'OK|FAIL|PASS|SKIP' | tail -24)
b() { v=$1; shift; LDPC_CL_CACHE_DIR=/tmp/cl-$v timeout 60 .device/$v/ldpc bench --backend opencl --seconds 1 --baseline none "$@" 2>&1 | grep -E '^opencl ' | head -1 | awk -v v=$v -v c="$*" '{print v, c, "|", $4, "Mb/s"}'; }
for r in 1 2; do
  for v in r18 p16; do
    for rate in 3/5 2/3 3/4; do b $v --code dvbs2-normal-$rate --batch 8192; done
    for rate in 3/5 2/3 3/4 4/5; do b $v --code dvbs2-short-$rate --batch 32768; done
    b $v --code dvbs2-normal-1/2 --batch 8192
    b $v --code dvbs2-short-1/2 --batch 32768
  done
done
for v in r18 p16; do
  b $v --code dvbs2-normal-3/4 --batch 8192 --iterations 50
done
cd .device/tab
for v in r18 p16; do
  for k in layered_latency_pairs_d8 layered_latency_pairs_d16 layered_circulant_d16; do
    f=$(ls -S /tmp/cl-$v/*.clbin | head -1)
    python3 cuda_ptx.py $f r.ptx $k 2>/dev/null && echo "$v $k: $(ptxas -arch=sm_90 -v r.ptx -o r.cubin 2>&1 | grep -oE 'Used [0-9]+ registers|[0-9]+ bytes spill stores' | tr '\n' ' ')"
  done
done
