#!/usr/bin/env bash
# Round 19 run D on the GPU machine: the kernels in groups of one DVB layer
# (the *_layer twins of the circulant kernels of bounds 8 and 16 and of the
# pair kernel of bound 8; this build, r19b) against the build before them
# (r19 = 9486431), alternating; registers; exactness through NVIDIA's driver.
source .device/env.sh >/dev/null
export LDPC_CL_PLATFORM=NVIDIA
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
run() { local v=$1; shift; LDPC_CL_CACHE_DIR=/tmp/c-$v timeout 90 .device/$v/ldpc bench --backend opencl --baseline none --seconds 2 "$@" 2>&1; }
line() { grep -E '^opencl ' | head -1 | awk '{print $4, "Mbit/s", $7, "ms median", $8, "ms p99"}'; }
run r19b --code dvbs2-normal-1/2 --batch 1 | grep -oE 'in groups of one layer [0-9]+\); latency groups up to [^;]*'
python3 .device/tab/cuda_ptx.py $(ls -S /tmp/c-r19b/*.clbin | head -1) /tmp/r.ptx layered_circulant_d8_layer layered_circulant_d16_layer layered_latency_pairs_d8_layer &&
  ptxas -arch=sm_90 -v /tmp/r.ptx -o /tmp/r.cubin 2>&1 | grep -E 'Compiling|registers|spill'
for r in 1 2; do
  for v in r19 r19b; do
    for args in "dvbs2-normal-1/2 1" "dvbs2-normal-3/4 1" "dvbs2-short-3/4 1" "dvbs2-normal-1/2 264" "dvbs2-normal-1/2 1056" "dvbs2-normal-1/2 8192" "dvbs2-short-1/2 4096" "dvbs2-short-1/2 32768"; do
      set -- $args
      printf '%s %s %s round %s: ' $1 $2 $v $r; run $v --code $1 --batch $2 | line
    done
    printf 'dvbs2-normal-1/2 8192 50 it %s round %s: ' $v $r; run $v --code dvbs2-normal-1/2 --batch 8192 --iterations 50 | line
    printf 'dvbs2-short-1/2 32768 50 it %s round %s: ' $v $r; run $v --code dvbs2-short-1/2 --batch 32768 --iterations 50 | line
  done
done
echo "== early termination, one frame, normal 1/2, Eb/N0 1.5 dB, up to 50 it."
for v in r19 r19b r19 r19b; do printf '%s: ' $v; run $v --code dvbs2-normal-1/2 --batch 1 --max-iter 50 --ebn0 1.5 | grep -E '^opencl ' | awk '{print $7, "ms median", $9, "it"}'; done
echo "== test_opencl_exact (r19b)"
(cd /tmp && timeout 200 $OLDPWD/.device/r19b/test_opencl_exact 2>&1 | grep -E "FAIL|PASSED|SKIPPED \]" | tail -6)
