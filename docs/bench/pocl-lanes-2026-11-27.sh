#!/usr/bin/env bash
# The saturated decoder (posterior=8) on PoCL with 1, 4 and 16 frames per
# work-item (LDPC_CL_CHAR_LANES), the native CPU backend in the same run;
# this 2-core VM. Usage: docs/bench/pocl-lanes-2026-11-27.sh [ldpc binary]
ldpc=${1:-build-cpu/tools/ldpc}
date -u
clinfo 2>/dev/null | grep -E 'Device Name|^ +char ' | head -2
for w in 1 4 16; do
    echo "\$ LDPC_CL_CHAR_LANES=$w ldpc bench --backend opencl --decoder fixed-layered-oms,posterior=8 --code dvbs2-short-1/2 --batch 1024 --seconds 4 --baseline auto"
    LDPC_CL_CHAR_LANES=$w "$ldpc" bench --backend opencl --decoder fixed-layered-oms,posterior=8 \
        --code dvbs2-short-1/2 --batch 1024 --seconds 4 --baseline auto 2>/dev/null |
        grep -E '^(opencl|avx|sse|neon|backend)'
done
