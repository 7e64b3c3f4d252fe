#!/bin/sh
# Speed of the truncated Min-Max against the untruncated one (docs/curves/nonbinary/README.md):
#   sh docs/curves/nonbinary/bench_truncation.sh [LDPC] [ROUNDS]
# One thread, the auto backend (a SIMD variant where the CPU has one), 10 iterations
# without early termination, then at most 15 with it; the rounds alternate the
# decoders so that a change of machine load touches all of them alike. Prints one
# line per run: code, iterations mode, nm, coded Mbit/s.
set -eu
LDPC=${1:-build/tools/ldpc}
ROUNDS=${2:-3}
for round in $(seq "$ROUNDS"); do
  for code in nbreg-gf32-620-310:3 nbqc-gf32-744-653:4 nbqc-gf64-1512-1325:4; do
    name=${code%%:*}; ebn0=${code##*:}
    for mode in "--iterations 10" "--max-iter 15"; do
      for nm in 0 16 12 8 4; do
        spec=fixed-layered-minmax
        [ "$nm" = 0 ] || spec="$spec,nm=$nm"
        line=$("$LDPC" bench --code "$name" --decoder "$spec" $mode --ebn0 "$ebn0" --batch 16 \
               --seconds 1 --baseline none | tail -1)
        echo "$round $name ${mode#--} $nm $(echo "$line" | awk '{print $1, $4, $9}')"
      done
    done
  done
done
