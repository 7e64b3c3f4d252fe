#!/usr/bin/env bash
# ldpc bench on a binary code: frames made on several threads decode (at a
# high Eb/N0 every frame must come back exact), and the untimed setup is
# reported.
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
    assert x["create_ms"] >= 0 and x["first_call_ms"] > 0, x' "$WORK/bench" ||
    fail "bench --json: $(cat "$WORK/bench")"

"$LDPC" bench --code dvbs2-short-1/2 --iterations 3 --batch 7 --seconds 0 --ebn0 6 > "$WORK/table" ||
    fail "bench failed"
grep -q '^setup     (untimed) frames generated in .* on [0-9]* threads; .* created in .* ms, first call .* ms' \
    "$WORK/table" || fail "no setup line: $(cat "$WORK/table")"
