#!/usr/bin/env bash
# Round 20 run G: the bound-8 pair kernel with tight arrays in groups of 180
# (kt8: kernels/ at 3a0956b with layered_latency_pairs_d8 written out with
# four arrays, {word, next_word, next_word, old, u, old, 1}; its layer-group twin unchanged), where it holds fewer registers and
# so more groups per SM, against the committed kernels in groups of 180 and
# with the twin (groups of 360, auto's choice).
source .device/env.sh >/dev/null
export LDPC_CL_PLATFORM=NVIDIA
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
d=.device/r20g
bench() {
  local v=$1 wg=$2; shift 2
  if [ "$wg" = 0 ]; then unset LDPC_CL_WORK_GROUP_SIZE; else export LDPC_CL_WORK_GROUP_SIZE=$wg; fi
  LDPC_CL_KERNEL_DIR=$d/$v LDPC_CL_CACHE_DIR=/tmp/c-$v-$wg timeout 60 $d/ldpc bench --backend opencl --seconds 2 --baseline none "$@" 2>&1
}
line() { grep -E '^opencl ' | head -1 | awk '{print $4, "Mbit/s", $7, "ms"}'; }
echo "== registers"
for v in k1 kt8; do
  bench $v 180 --code dvbs2-normal-1/2 --batch 1056 --seconds 0.2 >/dev/null
  python3 .device/tab/cuda_ptx.py $(ls -S /tmp/c-$v-180/*.clbin | head -1) /tmp/r-$v.ptx layered_latency_pairs_d8 &&
    ptxas -arch=sm_90 -v /tmp/r-$v.ptx -o /tmp/r.cubin 2>&1 | grep -E 'registers|spill' | sed "s/^/$v /"
done
for r in 1 2; do
  for code in normal-1/2 short-1/2 normal-1/4 short-1/4; do
    batch=8192; case $code in short*) batch=32768;; esac
    for vw in k1:0 k1:180 kt8:180; do
      printf '%s %s %s round %s: ' "$code" "$batch" "$vw" "$r"; bench ${vw%:*} ${vw#*:} --code dvbs2-$code --batch $batch | line
    done
  done
done
