#!/usr/bin/env bash
# A tiny ldpc sim: CSV columns and rows, reproducibility across thread
# counts, and the PNG when gnuplot is there.
source "$(dirname "$0")/common.sh"

args=(--code dvbs2-short-1/2 --ebn0 1:2:1 --decoder fixed-layered-nms --decoder float-layered-ms,iter=10
      --max-errors 5 --max-frames 48 --batch 8 --seed 9)
"$LDPC" sim "${args[@]}" --threads 1 --csv "$WORK/one.csv" > "$WORK/table"
"$LDPC" sim "${args[@]}" --threads 3 --csv "$WORK/three.csv" > /dev/null
head -1 "$WORK/one.csv" | grep -qx 'decoder,code,modulation,ebn0_db,esn0_db,frames,frame_errors,bit_errors,ber,fer,avg_iterations,ser,fer_low,fer_high' ||
    fail "CSV header: $(head -1 "$WORK/one.csv")"
[ "$(wc -l < "$WORK/one.csv")" -eq 5 ] || fail "expected 4 CSV rows: $(cat "$WORK/one.csv")"
grep -q '^"float-layered-ms,iter=10",dvbs2-short-1/2,bpsk,2.0000,' "$WORK/one.csv" ||
    fail "CSV row for the quoted decoder spec missing: $(cat "$WORK/one.csv")"
cmp "$WORK/one.csv" "$WORK/three.csv" || fail "results depend on the thread count"
python3 - "$WORK/one.csv" <<'PY' || fail "CSV values inconsistent"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
for r in rows:
    frames, errors = int(r["frames"]), int(r["frame_errors"])
    assert 0 < frames <= 48 and errors <= frames, r
    assert errors >= 5 or frames == 48, r                      # stopping rule
    assert abs(float(r["fer"]) - errors / frames) < 1e-6, r
    assert r["ser"] == r["ber"], r                             # binary: a symbol is a bit
    assert abs(float(r["esn0_db"]) - float(r["ebn0_db"]) - (-3.5218)) < 1e-3, r  # 10 log10(7200/16200)
    low, high, fer = float(r["fer_low"]), float(r["fer_high"]), float(r["fer"])
    assert 0 <= low <= fer <= high <= 1 and high - low > 0.05, r       # 95% interval of <= 48 frames
PY
# JSON lines instead of the table; a point without errors bounded above by
# Wilson's interval: 3.8415 / (N + 3.8415) for N error-free frames
"$LDPC" sim --code wifi-648-1/2 --ebn0 1:5:4 --max-frames 96 --max-errors 5 --batch 16 --json \
    > "$WORK/points.json"
python3 - "$WORK/points.json" <<'PY' || fail "JSON points inconsistent: $(cat "$WORK/points.json")"
import json, sys
points = [json.loads(line) for line in open(sys.argv[1])]
assert [p["ebn0_db"] for p in points] == [1.0, 5.0], points
noisy, clean = points
assert noisy["frame_errors"] >= 5 and noisy["fer_low"] < noisy["fer"] < noisy["fer_high"], noisy
assert clean["frames"] == 96 and clean["frame_errors"] == 0 and clean["fer_low"] == 0, clean
assert abs(clean["fer_high"] - 3.8415 / (96 + 3.8415)) < 1e-4, clean
assert clean["backend"] and clean["code"] == "wifi-648-1/2", clean
PY
grep -q '^fixed-layered-nms' "$WORK/table" || fail "no table on stdout"

if command -v gnuplot > /dev/null; then
    "$LDPC" sim --code dvbs2-short-1/2 --ebn0 0:4:4 --max-frames 8 --png "$WORK/plot.png" --title 'smoke' > /dev/null
    [ "$(head -c 4 "$WORK/plot.png" | od -An -tx1 | tr -d ' ')" = 89504e47 ] || fail "not a PNG"
fi
expect_failure "needs STEP > 0" "$LDPC" sim --code dvbs2-short-1/2 --ebn0 2:1:0.5
expect_failure "--demod liquid needs a liquid-dsp modulation" "$LDPC" sim --code dvbs2-short-1/2 --ebn0 2 --demod liquid
echo ok
