#!/usr/bin/env bash
# The service's throughput as a user's receiver sees it: S ldpc-tx sources
# replaying a pool of liquid-dsp QPSK frames (so that generating them is
# never the bottleneck) -> ipc -> ldpcd -> ipc -> ldpc-rx. Prints the sink's
# steady frames/s end to end (from the first to the last tenth) against the
# decoders alone in the same run (ldpcd's busy-time based
# decoder_frames_per_s, and `ldpc bench` with the same
# decoders, backend, batch and one instance per worker, before and after the
# service: the host's own drift between the two shows the figure's spread),
# latency p50/p99, where the service's threads spent their time
# (docs/PROTOCOL.md, statistics), the average iterations of both (the same
# work only if they agree), the cores each of ldpcd's threads, the senders and
# the sink kept busy, and ldpcd's peak resident memory (VmHWM). Before the
# service, the same senders feed `ldpc-rx --input-frames` (no ldpcd, read with
# ldpcd's count of ZeroMQ I/O threads): the feeder alone, over the same
# transport, is the ceiling of the end-to-end figure.
# With --instances N, N ldpcd instances (1 for the baseline) share one feeder (a single
# ldpc-tx binding PUSH, ZeroMQ balancing the frames) and push their results
# to one ldpc-rx that restores the order and checks every frame arrived once
# (docs/SERVICE.md, scale-out); the instances then report no statistics.
# With --cpus LIST (taskset's form, e.g. 0-11), ldpcd and its `ldpc bench`
# baseline run on those cores and the senders and the sink on the others, so
# that the ratio is the service's own cost, not its feeders'.
# usage: tools/service-bench.sh [--build DIR] [--code NAME] [--codes SPEC]
#            [--senders S] [--frames N (per sender)] [--esn0 DB]
#            [--per-message F] [--instances N] [--cpus LIST] [--transport ipc|tcp]
#            [--] [KEY=VALUE ...]
#   --code: what the senders send; --codes: what ldpcd accepts (its `codes`
#   setting, e.g. 'dvbs2-*'; default the sent code); --per-message: frames
#   in each message the senders send (default 4); --transport: frames and
#   results over ipc (default) or over TCP on the loopback (ports 5570-5574)
#   KEY=VALUE: ldpcd settings (--set) of every instance, e.g. workers=16
#   backend=opencl
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build/ci code=dvbs2-normal-1/2 codes= senders=2 frames=20000 esn0=4 per_message=4 instances= cpus= transport=ipc
while [ $# -gt 0 ]; do
    case $1 in
        --build) build=$2; shift 2 ;;
        --code) code=$2; shift 2 ;;
        --codes) codes=$2; shift 2 ;;
        --senders) senders=$2; shift 2 ;;
        --frames) frames=$2; shift 2 ;;
        --esn0) esn0=$2; shift 2 ;;
        --per-message) per_message=$2; shift 2 ;;
        --instances) instances=$2; shift 2 ;;
        --cpus) cpus=$2; shift 2 ;;
        --transport) transport=$2; shift 2 ;;
        --) shift; break ;;
        --*) awk 'NR > 1 && !/^#/ {exit} NR > 1' "$0" >&2; exit 2 ;;
        *) break ;;
    esac
done
codes=${codes:-$code}
case $transport in ipc | tcp) ;; *) echo "--transport: ipc or tcp" >&2; exit 2 ;; esac
service_cpus=() feeder_cpus=()
if [ -n "$cpus" ]; then
    others=$(python3 -c 'import os, sys
mine = set()
for part in sys.argv[1].split(","):
    a, _, b = part.partition("-")
    mine.update(range(int(a), int(b or a) + 1))
print(",".join(str(c) for c in sorted(os.sched_getaffinity(0) - mine)))' "$cpus")
    service_cpus=(taskset -c "$cpus")
    feeder_cpus=(taskset -c "$others")
fi
sets=()
for setting in "$@"; do sets+=(--set "$setting"); done
run=$(mktemp -d)
pids=()
cleanup() {
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
    rm -rf "$run"
}
trap cleanup EXIT
# (an OpenCL program built the first time on a machine can take a minute)
started() {
    for _ in $(seq 1200); do grep -q 'ready:' "$1" && return 0; sleep 0.1; done
    cat "$1" >&2
    return 1
}
# endpoint NAME PORT: where frames, results or the feeder-alone sink meet
endpoint() { if [ "$transport" = tcp ]; then echo "tcp://127.0.0.1:$2"; else echo "ipc://$run/$1"; fi; }
if [ -n "$instances" ]; then
    scaled() {
        "${feeder_cpus[@]}" "$build/tools/ldpcd-liquid/ldpc-rx" --endpoint "$(endpoint results 5574)" --bind \
            --frames "$frames" --pool 64 --seed 1 --reorder --timeout-ms 30000 --quiet \
            >"$run/rx.out" &
        rx=$!
        for i in $(seq "$instances"); do
            mkdir -p "$run/$i"
            "${service_cpus[@]}" "$build/src/ldpcd/ldpcd" --set runtime_dir="$run/$i" --set codes="$codes" \
                --set input_endpoint="$(endpoint frames 5573)" --set input_bind=no \
                --set output_endpoint="$(endpoint results 5574)" --set output_bind=no \
                --set stats_endpoint= "${sets[@]}" 2>"$run/ldpcd$i.log" &
            pids+=($!)
        done
        for i in $(seq "$instances"); do started "$run/ldpcd$i.log"; done
        grep -o 'pipeline: .*' "$run/ldpcd1.log" | sed "s/^/$instances x /"
        "${feeder_cpus[@]}" "$build/tools/ldpcd-liquid/ldpc-tx" --endpoint "$(endpoint frames 5573)" --bind --code "$code" \
            --modem qpsk --esn0 "$esn0" --frames "$frames" --pool 64 --seed 1 \
            --frames-per-message "$per_message" --io-threads 4 2>>"$run/tx.err"
        wait "$rx"
    }
    status=0
    scaled || status=$?
    for p in "${pids[@]}"; do kill -TERM "$p"; wait "$p" || true; done
    pids=()
    cat "$run/rx.out"
    for i in $(seq "$instances"); do
        echo "instance $i: $(grep -o 'stopped in .*frames in' "$run/ldpcd$i.log")"
    done
    exit "$status"
fi

total=$((senders * frames))
# S senders of `frames` frames each to endpoint $1; their CPU time to $run/tx$s.times
send_frames() {
    sources=()
    for s in $(seq 0 $((senders - 1))); do
        ( "${feeder_cpus[@]}" "$build/tools/ldpcd-liquid/ldpc-tx" --endpoint "$1" --code "$code" \
            --modem qpsk --esn0 "$esn0" --frames "$frames" --pool 64 --seed 1 \
            --frames-per-message "$per_message" --first-sequence $((s * frames)) 2>>"$run/tx.err"
          times >"$run/tx$s.times" ) &
        sources+=($!)
    done
    for source in "${sources[@]}"; do wait "$source"; done
}
"${service_cpus[@]}" "$build/src/ldpcd/ldpcd" --set runtime_dir="$run" --set stats_interval_ms=250 \
    --set codes="$codes" --set input_endpoint="$(endpoint input 5571)" \
    --set output_endpoint="$(endpoint output 5572)" "${sets[@]}" 2>"$run/ldpcd.log" &
pids+=($!)
started "$run/ldpcd.log"
grep -o 'pipeline: .*' "$run/ldpcd.log"
# The same decoders alone, in the same run: `ldpc bench` with ldpcd's decoder,
# backend, one instance per worker and its batch, on frames of the same Eb/N0
# (QPSK carries two coded bits a symbol), before the service (ldpcd idle) and
# after it: a host's speed drifts between runs a minute apart, and the two
# figures show by how much.
pipeline=$(grep -o 'pipeline: .*' "$run/ldpcd.log")
decoder=$(sed -n 's/.*decoder \(.*\), backend .*/\1/p' <<<"$pipeline")
backend=$(sed -n 's/.*, backend \([^ ,]*\).*/\1/p' <<<"$pipeline")
workers=$(sed -n 's/.*, \([0-9]*\) workers.*/\1/p' <<<"$pipeline")
batch=$(sed -n 's/.*, batch \([0-9]*\)[ ,].*/\1/p' <<<"$pipeline")
rate=$("$build/tools/ldpc" codes "$code" | awk 'NR == 2 {print $4}')
ebn0=$(awk -v e="$esn0" -v r="$rate" 'BEGIN {printf "%.2f", e - 10 * log(2 * r) / log(10)}')
# sets alone (frames/s) and iterations
bench_alone() {
    local json
    json=$("${service_cpus[@]}" "$build/tools/ldpc" bench --code "$code" --decoder "$decoder" \
        --backend "$backend" --instances "$workers" --batch "$batch" --max-iter 50 --ebn0 "$ebn0" \
        --baseline none --seconds 3 --json 2>/dev/null | head -1)
    iterations=$(sed -n 's/.*"average_iterations":\([0-9.]*\).*/\1/p' <<<"$json")
    alone=$(sed -n 's/.*"frames_per_second":\([0-9.]*\).*/\1/p' <<<"$json")
}
bench_alone
# the feeder alone is read with as many ZeroMQ I/O threads as ldpcd has (its
# ready line), each connection by one of them; ldpcd waits idle meanwhile
io_threads=$(sed -n 's/^.*ready: .*; \([0-9]*\) ZeroMQ I\/O threads.*/\1/p' "$run/ldpcd.log")
[ -n "$io_threads" ] || io_threads=1 # an ldpcd that does not say
"${feeder_cpus[@]}" "$build/tools/ldpcd-liquid/ldpc-rx" --endpoint "$(endpoint feeder 5570)" --bind \
    --input-frames --frames "$total" --timeout-ms 30000 --io-threads "$io_threads" >"$run/feeder.out" &
feeder_sink=$!
send_frames "$(endpoint feeder 5570)"
wait "$feeder_sink" || { cat "$run/feeder.out" "$run/tx.err" >&2; exit 1; }
feeder=$(sed -n 's/.*: \([0-9.]*\) frames\/s.*/\1/p' "$run/feeder.out")
cat "$run/feeder.out"

# CPU time per ldpcd thread, in clock ticks, "name ticks" per line
thread_ticks() {
    for stat in /proc/"$1"/task/*/stat; do
        sed -E 's/^[0-9]+ \((.*)\) . ([^ ]+ ){10}([0-9]+) ([0-9]+).*/\1 \3 \4/' "$stat"
    done | awk '{print $1, $2 + $3}'
}
thread_ticks "${pids[0]}" >"$run/ticks.before"
started_ns=$(date +%s%N)
# the sink's and each sender's CPU time (bash's `times`: its children's user and system)
( "${feeder_cpus[@]}" "$build/tools/ldpcd-liquid/ldpc-rx" --endpoint "$(endpoint output 5572)" --frames "$total" --pool 64 \
    --sources "$senders" --seed 1 --stats "ipc://$run/stats" --timeout-ms 30000 --quiet >"$run/rx.out"; status=$?
  times >"$run/rx.times"; exit $status ) &
rx=$!
send_frames "$(endpoint input 5571)"
status=0
wait "$rx" || status=$?
elapsed_ns=$(($(date +%s%N) - started_ns))
thread_ticks "${pids[0]}" >"$run/ticks.after"
peak_kb=$(sed -n 's/^VmHWM:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/${pids[0]}/status")
kill -TERM "${pids[0]}"
wait "${pids[0]}" || true
pids=()
cat "$run/rx.out"
# where the time went in the steady part: the interval reports whose
# frames_per_s is at least 0.8 x the largest, averaged (start-up and the
# drain at the end would count as waiting); the final report when the run
# was shorter than an interval
grep -o '{"uptime_s".*}' "$run/ldpcd.log" | awk '
    function value(line, key) {
        if (!match(line, "\"" key "\":[0-9.]+")) return 0
        return substr(line, RSTART + length(key) + 3, RLENGTH - length(key) - 3) + 0 }
    { report[NR] = $0; rate[NR] = value($0, "frames_per_s"); final[NR] = /"final":true/
      if (!final[NR] && rate[NR] > best) best = rate[NR] }
    END {
        split("decoder_busy workers_converting workers_writing workers_waiting intake_busy " \
              "intake_blocked batch_fill queue_depth iterations_avg", keys, " ")
        for (i = 1; i <= NR; i++)
            if (best > 0 ? !final[i] && rate[i] >= 0.8 * best : i == NR) {
                used++
                for (k in keys) sum[k] += value(report[i], keys[k]) }
        for (k = 1; k in keys; k++)
            printf (keys[k] == "queue_depth" ? "%s %.0f  " : "%s %.3f  "), keys[k], used ? sum[k] / used : 0
        printf "(%d steady interval reports)\n", used }' || true
echo "ldpcd peak RSS (VmHWM): $((peak_kb / 1024)) MB"
# Cores kept busy from the first frame sent to the last result received: a
# sender or the sink near 1.0 limits the run, not ldpcd.
seconds_of() { tail -1 "$1" | sed -E 's/([0-9]+)m([0-9.]+)s/\1 \2/g' | awk '{print $1 * 60 + $2 + $3 * 60 + $4}'; }
{
    paste -d' ' "$run/ticks.before" "$run/ticks.after" |
        awk -v hz="$(getconf CLK_TCK)" -v s="$elapsed_ns" '{
            used[$1] += ($4 - $2) / hz; total += ($4 - $2) / hz }
            END { printf "cores busy: ldpcd %.2f (", total / (s / 1e9); sep = ""
                  for (name in used) if (used[name] > 0.01 * s / 1e9) {
                      printf "%s%s %.2f", sep, name, used[name] / (s / 1e9); sep = ", " }
                  printf ")" }'
    for s in $(seq 0 $((senders - 1))); do
        awk -v c="$(seconds_of "$run/tx$s.times")" -v s="$elapsed_ns" 'BEGIN {printf " ldpc-tx %.2f", c / (s / 1e9)}'
    done
    awk -v c="$(seconds_of "$run/rx.times")" -v s="$elapsed_ns" 'BEGIN {printf " ldpc-rx %.2f\n", c / (s / 1e9)}'
}
before=$alone
bench_alone
# the sink's steady rate (from the first to the last tenth of the results), as the
# feeder's; its whole-run rate when the run was too short to have one
end_to_end=$(sed -n 's/.*(steady \([0-9.]*\) frames\/s.*/\1/p' "$run/rx.out" | head -1)
[ -n "$end_to_end" ] || end_to_end=$(sed -n 's/.* \([0-9.]*\) frames\/s .*/\1/p' "$run/rx.out" | head -1)
awk -v a1="$before" -v a2="$alone" -v e="$end_to_end" -v w="$workers" -v b="$batch" -v x="$ebn0" \
    -v i="$iterations" -v f="$feeder" 'BEGIN {
    a = (a1 + a2) / 2
    printf "ldpc bench, the same decoders alone (%d instances, batch %d, Eb/N0 %s dB, iterations_avg %s): %.1f frames/s before the service, %.1f after; end to end %.1f = %.0f%% of their mean (%.0f%%, %.0f%%)", w, b, x, i, a1, a2, e, (a > 0 ? 100 * e / a : 0), (a1 > 0 ? 100 * e / a1 : 0), (a2 > 0 ? 100 * e / a2 : 0)
    printf " (the feeder alone: %.1f frames/s, end to end %.0f%% of it)\n", f, (f > 0 ? 100 * e / f : 0) }'
exit "$status"
