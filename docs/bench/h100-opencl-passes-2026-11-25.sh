#!/bin/bash
# Issue 4, round 7 (docs/OPENCL.md): six runs on the lent H100, in order; each script as run.

######## build-dev/run7.sh
# Issue 4, round 7 run 1: batches beyond 16384 frames now that bench generates them on every CPU.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/ldpc-cl
W=build-dev/r7
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
b() { echo "== $*"; LDPC_CL_PROFILE=1 timeout 100 $W/ldpc bench --backend opencl --baseline none --seconds 2 "$@" 2>&1 | grep -E "^opencl|^setup|rror"; }
S8="--decoder fixed-layered-oms,posterior=8"
b $S8 --code dvbs2-short-1/2 --iterations 20 --batch 65536
b --code dvbs2-short-1/2 --iterations 20 --batch 65536
LDPC_CL_DESIGN=item b --code dvbs2-short-1/2 --iterations 20 --batch 65536
b $S8 --code dvbs2-normal-1/2 --iterations 20 --batch 16384
b $S8 --code dvbs2-short-1/2 --iterations 20 --batch 131072
b --code dvbs2-normal-1/2 --iterations 20 --batch 16384
b $S8 --code dvbs2-short-1/2 --iterations 50 --batch 65536

######## build-dev/run7b.sh
# Issue 4, round 7 run 2: where the setup of a 65536-frame bench goes (run 1: nothing in 100 s).
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/ldpc-cl
W=build-dev/r7
watch_bench() {
  local pid=$1
  while kill -0 $pid 2>/dev/null; do
    sleep 8
    local lp=$(pgrep -n -f "$W/ldpc bench")
    echo "-- t=$SECONDS $(nvidia-smi --query-gpu=utilization.gpu,memory.used --format=csv,noheader) rss=$(grep VmRSS /proc/$lp/status 2>/dev/null | awk '{print $2}') kB cpu: $(ps -L -o pcpu=,wchan:20= -p $lp 2>/dev/null | sort -rn | head -3 | tr -s ' ' | tr '\n' '|')"
  done
}
b() {
  echo "== $*"
  LDPC_CL_PROFILE=1 timeout $T $W/ldpc bench --backend opencl --baseline none --seconds 2 "$@" > /tmp/out.txt 2>&1 &
  local pid=$!
  watch_bench $pid
  wait $pid; echo "rc $?"
  grep -E "^opencl|^setup|rror|ldpc bench" /tmp/out.txt
}
T=200 b --decoder fixed-layered-oms,posterior=8 --code dvbs2-short-1/2 --iterations 20 --batch 65536
T=150 b --code dvbs2-short-1/2 --iterations 20 --batch 65536

######## build-dev/run7c.sh
# Issue 4, round 7 run 3: why large batches leave the device (the fallback's reason, now printed).
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/ldpc-cl
W=build-dev/r7
b() { echo "== $*"; local t0=$SECONDS; timeout 170 $W/ldpc bench --backend opencl --baseline none --seconds 0 "$@" 2>&1 | grep -E "^opencl|^setup|rror|ldpc bench"; echo "took $((SECONDS-t0)) s"; }
S8="--decoder fixed-layered-oms,posterior=8"
b $S8 --code dvbs2-short-1/2 --iterations 20 --batch 65536
b $S8 --code dvbs2-short-1/2 --iterations 20 --batch 32768
b --code dvbs2-normal-1/2 --iterations 20 --batch 16384

######## build-dev/run7d.sh
# Issue 4, round 7 run 4: which size makes large batches fail (CL_OUT_OF_RESOURCES after ~90 s).
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/ldpc-cl
W=build-dev/r7
b() { echo "== $*"; local t0=$SECONDS; timeout 35 $W/ldpc bench --backend opencl --baseline none --seconds 0 "$@" 2>&1 | grep -E "^opencl |rror|first"; echo "took $((SECONDS-t0)) s"; }
S8="--decoder fixed-layered-oms,posterior=8"
b $S8 --code dvbs2-short-1/2 --iterations 2 --batch 32768
for f in 49152 60000 65535; do b $S8 --code dvbs2-short-1/2 --iterations 2 --batch $f; done
for f in 8192 12000; do b --code dvbs2-normal-1/2 --iterations 2 --batch $f; done
LDPC_CL_DESIGN=group b --code dvbs2-normal-1/2 --iterations 2 --batch 12000

######## build-dev/run7e.sh
# Issue 4, round 7 run 5: large calls in device passes of <= 2^31-1-byte buffers.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/ldpc-cl
W=build-dev/r7
b() { echo "== $*"; timeout 120 $W/ldpc bench --backend opencl --seconds 2 "$@" 2>&1 | grep -E "^opencl |^avx|^setup|rror"; }
S8="--decoder fixed-layered-oms,posterior=8"
b --baseline none --code dvbs2-short-1/2 --iterations 20 --batch 16384
b --baseline none --code dvbs2-short-1/2 --iterations 20 --batch 32768
b --baseline none --code dvbs2-short-1/2 --iterations 20 --batch 65536
b --baseline none $S8 --code dvbs2-short-1/2 --iterations 20 --batch 32768
b --baseline none $S8 --code dvbs2-short-1/2 --iterations 20 --batch 65536
b --baseline auto --code dvbs2-normal-1/2 --iterations 20 --batch 16384
b --baseline none $S8 --code dvbs2-normal-1/2 --iterations 20 --batch 16384
b --baseline none --code dvbs2-short-1/2 --iterations 50 --batch 32768
b --baseline none --code dvbs2-normal-1/2 --iterations 50 --batch 8192
echo "== profiled"
LDPC_CL_PROFILE=1 b --baseline none --code dvbs2-short-1/2 --iterations 20 --batch 32768

######## build-dev/run7f.sh
# Issue 4, round 7 run 6: equal passes (saturated 65536 short frames), and 131072 short frames.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/ldpc-cl
W=build-dev/r7
b() { echo "== $*"; timeout 120 $W/ldpc bench --backend opencl --seconds 2 "$@" 2>&1 | grep -E "^opencl |^avx|^setup|rror"; }
S8="--decoder fixed-layered-oms,posterior=8"
b --baseline none $S8 --code dvbs2-short-1/2 --iterations 20 --batch 65536
b --baseline none --code dvbs2-normal-1/2 --iterations 20 --batch 16384
b --baseline auto --threads 16 --code dvbs2-short-1/2 --iterations 20 --batch 32768
