#!/bin/bash
# Issue 3: lane refill of the inter-frame decoders on AVX-512 (docs/CPU.md). Run from the
# repository root on the lent GPU machine's Xeon, two cores (taskset -c 0,1), with `ldpc`
# built before (212945a) and after (run 1: 61f21ba; run 2: cf0bbe0) the change under
# build-dev/{before,after} and the after build's unit tests; writes $OUT/run.txt.
# Run 2 (RUN2=1) times calls of 1024 frames (16 vectors per thread), where refill pays.
exec > >(tee "$OUT/run.txt") 2>&1
source .device/env.sh
A=build-dev/after B=build-dev/before N=dvbs2-normal-1/2 S=dvbs2-short-1/2
SAT=fixed-layered-oms,posterior=8
lscpu | grep -E "Model name|Flags" | cut -c1-120
t() { echo "== $1"; s=$SECONDS; (cd $A && timeout "$2" "./$1" 2>&1 | grep -E "OK|PASSED|FAILED|SKIP|ERROR" | tail -4); echo "  rc ${PIPESTATUS[0]}, $((SECONDS - s)) s"; }
b() { echo "== $*"; taskset -c 0,1 timeout 120 "$@" --seconds 3 2>&1 | grep -E "^(avx|sse|reference|backend|portable)"; }
echo "## AVX-512 bit-exactness with lane refill (after build)"
t test_simd_backends 300
t test_zero_alloc 300
t test_frame_backends 300
t test_decoder_fixed 300
echo "## two cores, same run, before/after alternating"
if [ -n "$RUN2" ]; then
  for rep in 1 2; do
    for X in $A $B; do
      b $X/ldpc bench --code $N --max-iter 50 --ebn0 1.0 --threads 2 --batch 1024 --decoder $SAT --backend avx512bw --baseline auto --baseline-decoder default
      b $X/ldpc bench --code $S --max-iter 50 --ebn0 1.5 --threads 2 --batch 1024 --decoder $SAT --backend avx512bw --baseline auto --baseline-decoder default
      b $X/ldpc bench --code $S --iterations 20 --threads 2 --batch 1024 --decoder $SAT --backend avx512bw --baseline auto --baseline-decoder default
    done
  done
  exit 0
fi
for rep in 1 2; do
  for X in $A $B; do
    b $X/ldpc bench --code $N --max-iter 50 --ebn0 1.0 --threads 2 --decoder $SAT --backend avx512bw --baseline auto --baseline-decoder default
    b $X/ldpc bench --code $S --max-iter 50 --ebn0 1.0 --threads 2 --decoder $SAT --backend avx512bw --baseline auto --baseline-decoder default
    b $X/ldpc bench --code $N --max-iter 50 --ebn0 1.0 --threads 2 --backend avx512bw --baseline auto
    b $X/ldpc bench --code $N --iterations 20 --threads 2 --decoder $SAT --backend avx512bw --baseline auto --baseline-decoder default
  done
done
