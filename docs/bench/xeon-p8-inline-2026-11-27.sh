#!/usr/bin/env bash
# The lent GPU machine's Xeon (Intel, AVX-512 at full width), pinned to two
# cores (taskset -c 0,1) like the 2-core machine kind: P8 after its
# loop per case and layer-ordered edges (.device/s22/ldpc, build 55944ef,
# Release) against the build before (.device/s22/ldpc-d8179a4), alternating
# processes with the frame path's default decoder as each process's control;
# AVX-512 against AVX2 for P8 in alternating windows of one process; then
# issue 3's script.
source .device/env.sh >/dev/null
ldpc=.device/s22/ldpc old=.device/s22/ldpc-d8179a4
p8="--decoder fixed-layered-oms,posterior=8"
lscpu | grep -E 'Model name|^CPU\(s\)'
line() {
    taskset -c 0,1 timeout 60 "$1" bench "${@:2}" --seconds 3 2>/dev/null |
        awk '/^(avx|sse)/ {printf "%s %s Mbit/s (%s)  ", $1, $4, $NF}'
}
for args in "--code dvbs2-normal-1/2 --threads 1" "--code dvbs2-normal-1/2 --threads 2" \
            "--code dvbs2-short-1/2 --threads 2"; do
    echo "== $args $p8, control: the frame path's default decoder"
    for r in 1 2 3; do
        echo "$r old: $(line $old $args $p8 --baseline auto --baseline-decoder default)"
        echo "$r new: $(line $ldpc $args $p8 --baseline auto --baseline-decoder default)"
    done
done
for code in normal short; do
    for t in 1 2; do
        echo "-- P8 $code 1/2, $t threads, avx512bw against avx2 (alternating windows)"
        taskset -c 0,1 timeout 120 $ldpc bench --code dvbs2-$code-1/2 --threads $t $p8 --backend avx512bw \
            --baseline avx2 --seconds 8 --rounds 4 2>/dev/null | grep -E '^(avx|rounds)'
    done
done
echo "== issue 3's script"
taskset -c 0,1 bash docs/bench/cpu-avx512-2026-11-26.sh $ldpc
