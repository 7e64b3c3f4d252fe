#!/bin/bash
# Round 12, run 1: what bounds the global-posterior latency kernel (normal frames)?
# Timing-only kernel variants through LDPC_CL_KERNEL_DIR (same binary, 02b44cc, Release),
# made by h100-round12-variants-2026-11-27.sh:
#   base      kernels/ as committed
#   noatomic  no layer counts as sharing: plain posterior stores, no records (wrong on shared variables)
#   nomsg     old messages read as 0 and never stored (no message traffic; wrong results)
#   both      noatomic + nomsg
#   floor     both, and posteriors confined to the first 4096 of the row (L1-resident)
# Results of the wrong variants are meaningless; with fixed iterations their work is the same.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
export LDPC_CL_PLATFORM=NVIDIA
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
b() { local v=$1; shift; echo "== $v $LDPC_CL_MAX_REGISTERS $*"; LDPC_CL_CACHE_DIR=/tmp/cl-$v-${LDPC_CL_MAX_REGISTERS:-0} LDPC_CL_KERNEL_DIR=.device/kv/$v timeout 100 .device/bin/ldpc bench --backend opencl --baseline none --seconds 2 "$@" 2>&1 | grep -E "^opencl" | head -4 | sed 's/(NVIDIA CUDA), on device; device passes by design//'; }
for rep in 1 2; do
  for v in base noatomic nomsg both floor; do
    b $v --code dvbs2-normal-1/2 --iterations 20 --batch 8192
    b $v --code dvbs2-normal-1/2 --iterations 20 --batch 1
  done
done
for regs in 64 96; do
  for v in base both; do LDPC_CL_MAX_REGISTERS=$regs b $v --code dvbs2-normal-1/2 --iterations 20 --batch 8192; done
done
for v in base both; do LDPC_CL_LATENCY_POSTERIORS=global b $v --code dvbs2-short-1/2 --iterations 20 --batch 32768; done
