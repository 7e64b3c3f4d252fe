#!/bin/sh
# Lane refill of the CPU inter-frame decoders (docs/CPU.md, "Inter-frame
# decoders"): the same `ldpc bench` commands on a build of the tree before it
# (BEFORE) and one with it (AFTER), alternating builds case by case, ROUNDS
# times. Each line is one bench: the inter-frame decoder forced onto `avx2`
# with the default decoder's `auto` as baseline in the same run. Coded Mbit/s
# in the JSON lines (coded_mbps; ratio_to_baseline).
#
#   BEFORE=build-refill-head AFTER=build-refill ROUNDS=3 \
#       sh docs/bench/cpu-lane-refill-2026-11-25.sh > docs/bench/cpu-lane-refill-2026-11-25.txt
set -eu
BEFORE=${BEFORE:-build-refill-head}
AFTER=${AFTER:-build-refill}
ROUNDS=${ROUNDS:-3}
SECONDS_EACH=${SECONDS_EACH:-3}
MACKAY=${MACKAY:-alist:../shared/codes/binary/aff3ct/MACKAY_4000_8000.alist}
SAT=fixed-layered-oms,posterior=8

# The development VM is shared (CI jobs run on it at times): each bench waits
# until the CPUs have been at least 95% idle for a second.
idle_percent() {
    set -- $(head -n 1 /proc/stat)
    busy1=$(($2 + $3 + $4 + $7 + $8)) idle1=$(($5 + $6))
    sleep 1
    set -- $(head -n 1 /proc/stat)
    busy2=$(($2 + $3 + $4 + $7 + $8)) idle2=$(($5 + $6))
    echo $((100 * (idle2 - idle1) / (busy2 - busy1 + idle2 - idle1 + 1)))
}
wait_quiet() {
    while [ "$(idle_percent)" -lt 95 ]; do sleep 5; done
}

bench() { # build, then the case's options
    build=$1
    shift
    wait_quiet
    printf '%s ' "$build"
    "$build/tools/ldpc" bench --backend avx2 --baseline auto --baseline-decoder default \
        --seconds "$SECONDS_EACH" --json "$@" | tail -n 1
}

run_case() { # the case's options
    echo "# case: $*"
    bench "$BEFORE" "$@"
    bench "$AFTER" "$@"
}

echo "# $(date -u) $(uname -m), $(nproc) CPUs; before: $BEFORE, after: $AFTER"
round=1
while [ "$round" -le "$ROUNDS" ]; do
    echo "# round $round"
    # Early termination (syndrome after every iteration), 50 iterations at
    # most, the default batch (64 frames per thread: 2 AVX2 vectors each).
    run_case --code dvbs2-normal-1/2 --max-iter 50 --ebn0 1.0 --threads 2 --decoder "$SAT"
    run_case --code dvbs2-normal-1/2 --max-iter 50 --ebn0 1.0 --threads 2 --decoder default
    run_case --code dvbs2-short-1/2 --max-iter 50 --ebn0 1.5 --threads 2 --decoder "$SAT"
    run_case --code dvbs2-short-1/2 --max-iter 50 --ebn0 1.5 --threads 2 --decoder default
    run_case --code "$MACKAY" --max-iter 50 --ebn0 1.5 --threads 2 --decoder "$SAT"
    run_case --code "$MACKAY" --max-iter 50 --ebn0 1.5 --threads 2 --decoder default
    run_case --code dvbs2-short-1/2 --max-iter 50 --ebn0 4.0 --threads 2 --decoder "$SAT"
    # The same with 1024 frames per call (16 AVX2 vectors per thread).
    run_case --code dvbs2-normal-1/2 --max-iter 50 --ebn0 1.0 --threads 2 --batch 1024 --decoder "$SAT"
    run_case --code dvbs2-short-1/2 --max-iter 50 --ebn0 1.5 --threads 2 --batch 1024 --decoder "$SAT"
    run_case --code "$MACKAY" --max-iter 50 --ebn0 1.5 --threads 2 --batch 1024 --decoder default
    # Fixed iterations: every lane finishes together, nothing to refill.
    run_case --code dvbs2-normal-1/2 --iterations 20 --threads 2 --decoder "$SAT"
    run_case --code dvbs2-short-1/2 --iterations 20 --threads 2 --decoder "$SAT"
    run_case --code dvbs2-short-1/2 --iterations 20 --threads 2 --decoder default
    run_case --code "$MACKAY" --iterations 20 --threads 2 --decoder default
    round=$((round + 1))
done
