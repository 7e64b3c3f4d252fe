#!/usr/bin/env bash
# Round 20 run C: the committed change (pair kernels of bounds 8, 14, 24, 32;
# r20n) against the build before it (r20: bounds 8, 16, 32), alternating;
# registers; small passes with pairs forced; test_opencl_exact of r20n
# through NVIDIA's driver.
source .device/env.sh >/dev/null
export LDPC_CL_PLATFORM=NVIDIA
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
bench() { local v=$1; shift; LDPC_CL_CACHE_DIR=/tmp/c-$v timeout 60 .device/$v/ldpc bench --backend opencl --seconds 2 --baseline none "$@" 2>&1; }
line() { tee /tmp/last | grep -E '^opencl ' | head -1 | awk '{printf "%s Mbit/s %s ms", $4, $7}'; grep -oE 'pair passes by check degree bound [^;]*' /tmp/last | head -1 | sed 's/^/  /'; echo; }
echo "== registers"
bench r20n --code dvbs2-normal-3/5 --batch 1056 --seconds 0.2 >/dev/null
python3 .device/tab/cuda_ptx.py $(ls -S /tmp/c-r20n/*.clbin | head -1) /tmp/r.ptx layered_latency_pairs_d8 layered_latency_pairs_d8_layer layered_latency_pairs_d14 layered_latency_pairs_d24 layered_latency_pairs_d32 &&
  ptxas -arch=sm_90 -v /tmp/r.ptx -o /tmp/r.cubin 2>&1 | grep -E 'Compiling|registers|spill'
for code in normal-1/2 normal-3/5 normal-2/3 normal-3/4 normal-4/5 normal-5/6 short-1/2 short-3/5 short-2/3 short-3/4 short-4/5 short-5/6; do
  batch=8192; case $code in short*) batch=32768;; esac
  for v in r20 r20n; do
    printf '%s %s %s: ' "$code" "$batch" "$v"; bench $v --code dvbs2-$code --batch $batch | line
  done
done
echo "== small passes, r20n: pairs forced / single (auto below 4 frames per unit)"
for code in normal-3/5 normal-4/5 short-3/4; do
  for f in 264 528; do
    for p in pairs single; do
      printf '%s %s %s: ' "$code" "$f" "$p"; LDPC_CL_LATENCY_PAIRS=$p bench r20n --code dvbs2-$code --batch $f | line
    done
  done
done
echo "== test_opencl_exact (r20n)"
(cd /tmp && timeout 250 $OLDPWD/.device/r20n/test_opencl_exact 2>&1 | grep -E "FAIL|PASSED|SKIPPED \]|degree_|tests ran" | tail -10)
