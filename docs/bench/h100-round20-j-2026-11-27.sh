#!/usr/bin/env bash
# Round 20 run J: the bound-32 pair kernel in groups of 60 and 72 (six and
# five checks per work-item; four and two groups per SM at 242 registers)
# against the default of 120 (7100da5).
source .device/env.sh >/dev/null
export LDPC_CL_PLATFORM=NVIDIA
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
bench() {
  local wg=$1; shift
  if [ "$wg" = 0 ]; then unset LDPC_CL_WORK_GROUP_SIZE; else export LDPC_CL_WORK_GROUP_SIZE=$wg; fi
  LDPC_CL_CACHE_DIR=/tmp/c-$wg timeout 60 .device/r20j/ldpc bench --backend opencl --seconds 2 --baseline none "$@" 2>&1
}
line() { grep -E '^opencl ' | head -1 | awk '{print $4, "Mbit/s", $7, "ms"}'; }
for r in 1 2; do
  for code in normal-8/9 normal-9/10 short-8/9; do
    batch=8192; case $code in short*) batch=32768;; esac
    for wg in 0 60 72; do
      printf '%s %s group %s round %s: ' "$code" "$batch" "$wg" "$r"; bench $wg --code dvbs2-$code --batch $batch | line
    done
  done
done
