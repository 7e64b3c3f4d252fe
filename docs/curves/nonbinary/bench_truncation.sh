#!/bin/sh
# Speed of the truncated Min-Max against the untruncated one (README.md here):
#   sh docs/curves/nonbinary/bench_truncation.sh [LDPC] [ROUNDS] > bench_truncation.txt
# One thread. 8-bit: the auto backend (a SIMD variant where the CPU has one) with 10
# iterations and no early termination, then at most 15 with it; the reference with 10.
# Float (reference only) with 10. The rounds alternate the decoders, so that a change
# of machine load touches all of them alike. One line per run: round, code, backend,
# iterations mode, nm, coded Mbit/s, mean iterations.
set -eu
LDPC=${1:-build/tools/ldpc}
ROUNDS=${2:-3}
bench() { # CODE EBN0 BACKEND SPEC MODE...
  code=$1 ebn0=$2 backend=$3 spec=$4
  shift 4
  "$LDPC" bench --code "$code" --decoder "$spec" --backend "$backend" "$@" --ebn0 "$ebn0" \
      --batch 16 --seconds 1 --baseline none | tail -1 | awk '{print $1, $4, $9}'
}
for round in $(seq "$ROUNDS"); do
  for code in nbreg-gf32-620-310:3 nbqc-gf32-744-653:4 nbqc-gf64-1512-1325:4; do
    name=${code%%:*} ebn0=${code##*:}
    for run in "auto fixed iterations 10" "auto fixed max-iter 15" \
               "reference fixed iterations 10" "reference float iterations 10"; do
      set -- $run
      for nm in 0 16 12 8 4; do
        [ "$2" = float ] && [ "$nm" = 16 -o "$nm" = 4 ] && continue
        spec=$2-layered-minmax
        [ "$nm" = 0 ] || spec="$spec,nm=$nm"
        echo "$round $name $1 $2 $3 $nm $(bench "$name" "$ebn0" "$1" "$spec" "--$3" "$4")"
      done
    done
  done
done
