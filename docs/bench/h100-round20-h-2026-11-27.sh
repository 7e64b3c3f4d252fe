#!/usr/bin/env bash
# Round 20 run H: the pair kernels of bounds 14, 24 and 32 in smaller groups
# (LDPC_CL_WORK_GROUP_SIZE 120 / 90: three / four checks per work-item of a
# 360-check layer), where more groups, and so more pairs, share an SM at the
# same registers; against the default groups of 180. Build b56a61e.
source .device/env.sh >/dev/null
export LDPC_CL_PLATFORM=NVIDIA
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
d=.device/r20h
bench() {
  local wg=$1; shift
  if [ "$wg" = 0 ]; then unset LDPC_CL_WORK_GROUP_SIZE; else export LDPC_CL_WORK_GROUP_SIZE=$wg; fi
  LDPC_CL_CACHE_DIR=/tmp/c-$wg timeout 60 $d/ldpc bench --backend opencl --seconds 2 --baseline none "$@" 2>&1
}
line() { grep -E '^opencl ' | head -1 | awk '{print $4, "Mbit/s", $7, "ms"}'; }
for r in 1 2; do
  for code in normal-8/9 normal-9/10 short-8/9 normal-4/5 short-5/6 normal-3/5 short-3/4; do
    batch=8192; case $code in short*) batch=32768;; esac
    for wg in 0 120 90; do
      printf '%s %s group %s round %s: ' "$code" "$batch" "$wg" "$r"; bench $wg --code dvbs2-$code --batch $batch | line
    done
  done
done
