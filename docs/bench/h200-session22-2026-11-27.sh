#!/usr/bin/env bash
# Eleventh session of 2026-11-27, build d4339b8 (.device/s22/ldpc, Release; the
# device machine came with an H200 this time):
# the OpenCL backend (default decoder, kernels unchanged since round 20)
# against the 16-thread CPU backend in the same process, once with the CPU's
# default decoder (the same algorithm) and once with its saturated decoder
# (posterior=8, the CPU's throughput choice, since this session 1.2-1.4x
# faster), normal / short 1/2 at 20 and 50 iterations.
source .device/env.sh >/dev/null
export LDPC_CL_PLATFORM=NVIDIA LDPC_CL_CACHE_DIR=/tmp/c-s22
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
lscpu | grep -E 'Model name|^CPU\(s\)'
b() { echo "-- $*"; timeout 150 .device/s22/ldpc bench --backend opencl --seconds 3 --threads 16 "$@" 2>&1 | grep -E '^(opencl|avx|decoder|baseline) ' | cut -c1-200; }
for it in 20 50; do
  for spec in "dvbs2-normal-1/2 8192" "dvbs2-short-1/2 32768"; do
    set -- $spec
    b --code $1 --iterations $it --batch $2 --baseline auto
    b --code $1 --iterations $it --batch $2 --baseline avx512bw --baseline-decoder fixed-layered-oms,posterior=8
  done
done
