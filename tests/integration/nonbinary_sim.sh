#!/usr/bin/env bash
# A tiny ldpc sim of a nonbinary code: BER, SER and FER in the table and the
# CSV, consistent with each other, reproducible across thread counts.
source "$(dirname "$0")/common.sh"

code=nbreg-gf32-620-310
args=(--code "$code" --ebn0 0.5:4.5:4 --decoder default --decoder float-flooding-minmax,iter=5
      --max-errors 4 --max-frames 8 --batch 2 --seed 3)
png=()
command -v gnuplot > /dev/null && png=(--png "$WORK/plot.png")
"$LDPC" sim "${args[@]}" --threads 1 --csv "$WORK/one.csv" ${png[@]+"${png[@]}"} > "$WORK/table"
if [ ${#png[@]} -gt 0 ]; then  # three panels: BER, SER, FER
    [ "$(head -c 4 "$WORK/plot.png" | od -An -tx1 | tr -d ' ')" = 89504e47 ] || fail "not a PNG"
fi
"$LDPC" sim "${args[@]}" --threads 2 --csv "$WORK/two.csv" > /dev/null
cmp "$WORK/one.csv" "$WORK/two.csv" || fail "results depend on the thread count"
head -1 "$WORK/one.csv" | grep -qx 'decoder,code,modulation,ebn0_db,esn0_db,frames,frame_errors,bit_errors,ber,fer,avg_iterations,ser,fer_low,fer_high' ||
    fail "CSV header: $(head -1 "$WORK/one.csv")"
grep -q "^# code $code (GF(32), n 620 symbols = 3100 bits, k 310 symbols = 1550 bits" "$WORK/table" ||
    fail "table header: $(head -1 "$WORK/table")"
grep -q '^fixed-layered-minmax ' "$WORK/table" || fail "the default decoder of a nonbinary code is not fixed-layered-minmax"
python3 - "$WORK/one.csv" <<'PY' || fail "CSV values inconsistent: $(cat "$WORK/one.csv")"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert [r["decoder"] for r in rows] == ["fixed-layered-minmax"] * 2 + ["float-flooding-minmax,iter=5"] * 2
p, k_symbols = 5, 310
for r in rows:
    frames, errors, bits = int(r["frames"]), int(r["frame_errors"]), int(r["bit_errors"])
    ber, ser, fer = float(r["ber"]), float(r["ser"]), float(r["fer"])
    assert 0 < frames <= 8 and (errors >= 4 or frames == 8), r
    assert abs(ber - bits / (frames * k_symbols * p)) <= 1e-6 * ber, r
    # A wrong symbol has 1..p wrong bits: BER <= SER <= p * BER.
    assert ber <= ser * (1 + 1e-6) and ser <= p * ber * (1 + 1e-6), r
    assert abs(float(r["esn0_db"]) - float(r["ebn0_db"]) - (-3.0103)) < 1e-3, r  # rate 1/2
low = [r for r in rows if r["ebn0_db"] == "0.5000"]
high = [r for r in rows if r["ebn0_db"] == "4.5000"]
# Far below the threshold every frame fails with symbol errors to spare; far above, none.
assert all(r["fer"] == "1.000000e+00" and float(r["ser"]) > 0.05 for r in low), low
assert all(int(r["frame_errors"]) == 0 and float(r["ser"]) == 0 for r in high), high
PY
# liquid's 32APSK modem with its own soft bits: one modem symbol per GF(32) symbol.
"$LDPC" sim --code "$code" --esn0 16 --modulation 32apsk --demod liquid --max-frames 2 --batch 2 \
    --csv "$WORK/apsk.csv" > /dev/null
grep -q "^fixed-layered-minmax,$code,32apsk,[0-9.]*,16.0000,2,0,0,0.000000e+00,0.000000e+00,[0-9.]*,0.000000e+00,0.000000e+00,6.576198e-01\$" "$WORK/apsk.csv" ||
    fail "32apsk: $(cat "$WORK/apsk.csv")"
expect_failure "takes Min-Max" "$LDPC" sim --code "$code" --ebn0 3 --decoder fixed-layered-nms
echo ok
