#!/usr/bin/env bash
# ldpc bench on a binary code: frames made on several threads decode (at a
# high Eb/N0 every frame must come back exact), throughput counts the time
# inside decode calls only, the untimed setup is
# reported, --rounds alternates the backends in windows whose per-round
# ratios it reports, and --instances runs several decoders at once.
source "$(dirname "$0")/common.sh"

"$LDPC" bench --code dvbs2-short-1/2 --iterations 3 --batch 7 --seconds 0 --ebn0 6 --json \
    > "$WORK/bench" || fail "bench failed"
python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
assert r["batch"] == 7 and 1 <= r["generator_threads"] <= 7, r
assert r["frames_generated_s"] >= 0, r
for x in r["results"]:
    assert x["frames"] % 7 == 0 and x["fer"] == 0 and x["average_iterations"] == 3, x
    assert x["create_ms"] >= 0 and x["first_call_ms"] > 0, x
    # throughput is frames over the time inside decode calls, which the window holds
    assert 0 < x["decode_seconds"] <= x["seconds"], x
    fps = x["frames"] / x["decode_seconds"]
    assert abs(x["frames_per_second"] - fps) <= 1e-3 * fps, x
    assert len(x["round_coded_mbps"]) == 1, x
assert r["rounds"] == 1 and len(r["round_ratios"]) == 1, r' "$WORK/bench" ||
    fail "bench --json: $(cat "$WORK/bench")"

"$LDPC" bench --code dvbs2-short-1/2 --iterations 3 --batch 7 --seconds 0 --ebn0 6 > "$WORK/table" ||
    fail "bench failed"
grep -q '^setup     (untimed) frames generated in .* on [0-9]* threads; .* created in .* ms, first call .* ms' \
    "$WORK/table" || fail "no setup line: $(cat "$WORK/table")"

"$LDPC" bench --code dvbs2-short-1/2 --iterations 3 --batch 7 --seconds 0 --ebn0 6 --rounds 3 \
    --baseline portable-frame --json > "$WORK/rounds" || fail "bench --rounds failed"
python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
assert r["rounds"] == 3 and len(r["round_ratios"]) == 3, r
backend, baseline = r["results"]
for x in r["results"]:
    assert len(x["round_coded_mbps"]) == 3 and min(x["round_coded_mbps"]) > 0, x
    assert x["calls"] == 3 and x["fer"] == 0, x  # one call per window at --seconds 0
for i, ratio in enumerate(r["round_ratios"]):
    expect = backend["round_coded_mbps"][i] / baseline["round_coded_mbps"][i]
    assert abs(ratio - expect) <= 1e-3 * expect + 1e-4, (i, ratio, expect)' "$WORK/rounds" ||
    fail "bench --rounds --json: $(cat "$WORK/rounds")"

"$LDPC" bench --code dvbs2-short-1/2 --iterations 3 --batch 7 --seconds 0 --ebn0 6 --rounds 2 \
    > "$WORK/rounds_table" || fail "bench --rounds failed"
grep -q '^rounds    2 alternating windows of .* s per backend: .* Mb/s; .* Mb/s; ratio per round .*x-.*x, median .*x$' \
    "$WORK/rounds_table" || fail "no rounds line: $(cat "$WORK/rounds_table")"
expect_failure "--rounds: '0' is not an integer in [1, 100]" "$LDPC" bench --rounds 0
expect_failure "--rounds: '101' is not an integer in [1, 100]" "$LDPC" bench --rounds 101

"$LDPC" bench --code dvbs2-short-1/2 --iterations 3 --batch 7 --seconds 0 --ebn0 6 --instances 3 \
    --json > "$WORK/instances" || fail "bench --instances failed"
python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
assert r["instances"] == 3, r
for x in r["results"]:
    # each instance makes one call of 7 frames per window at --seconds 0
    assert x["calls"] == 3 and x["frames"] == 21 and x["fer"] == 0, x
    assert x["average_iterations"] == 3, x' "$WORK/instances" ||
    fail "bench --instances --json: $(cat "$WORK/instances")"
"$LDPC" bench --code dvbs2-short-1/2 --iterations 3 --batch 7 --seconds 0 --ebn0 6 --instances 2 \
    --baseline none > "$WORK/instances_table" || fail "bench --instances failed"
grep -q '^machine   .*, 2 instances of 1 decoder thread(s)$' "$WORK/instances_table" ||
    fail "no instances in the machine line: $(cat "$WORK/instances_table")"
expect_failure "--instances: '0' is not an integer in [1, 64]" "$LDPC" bench --instances 0
expect_failure "--instances: '65' is not an integer in [1, 64]" "$LDPC" bench --instances 65
