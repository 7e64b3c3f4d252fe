#!/usr/bin/env bash
# Two threads three ways on the 2-core VM, P8 (fixed-layered-oms,posterior=8),
# alternating, three rounds: one decoder with two workers at the default
# batch (two vectors of 64 frames), the same at 1024 frames per call, and
# two single-thread decoders (--instances 2, as ldpcd runs its workers).
# Usage: docs/bench/cpu-two-ways-2026-11-27.sh [ldpc binary] > output.txt
b=${1:-build-cpu/tools/ldpc}
p8="--decoder fixed-layered-oms,posterior=8"
for r in 1 2 3; do
  for cfg in "--threads 2" "--threads 2 --batch 1024" "--instances 2"; do
    for code in dvbs2-normal-1/2 dvbs2-short-1/2; do
      printf '%s %-26s' $code "$cfg"
      $b bench --code $code $cfg $p8 --baseline none --seconds 4 2>/dev/null | grep -E '^avx' | awk '{print $4, "Mbit/s", $7, "ms median"}'
    done
  done
done
