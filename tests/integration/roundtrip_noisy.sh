#!/usr/bin/env bash
# encode -> ldpc channel (AWGN) -> decode through each soft format: f32, i8
# and liquid soft bits; --stats prints one JSON line per frame.
source "$(dirname "$0")/common.sh"

code=dvbs2-short-1/2
k=$(code_param "$code" k)
frames=4
random_bits $((k * frames)) 11 > "$WORK/info"
"$LDPC" encode --code "$code" < "$WORK/info" > "$WORK/codeword"

# 4 dB is far above this code's threshold: every frame must decode.
"$LDPC" channel --code "$code" --ebn0 4 --seed 5 < "$WORK/codeword" > "$WORK/llr.f32"
"$LDPC" decode --code "$code" --stats < "$WORK/llr.f32" > "$WORK/out.f32" 2> "$WORK/stats"
cmp "$WORK/info" "$WORK/out.f32" || fail "f32: decoded info differs"
[ "$(grep -c '"converged":true' "$WORK/stats")" -eq "$frames" ] ||
    fail "f32: expected $frames converged stats lines: $(cat "$WORK/stats")"
python3 - "$WORK/stats" "$frames" <<'PY' || fail "stats lines are not the expected JSON"
import json, sys
lines = open(sys.argv[1]).read().splitlines()
assert len(lines) == int(sys.argv[2]), len(lines)
for i, line in enumerate(lines):
    s = json.loads(line)
    assert s["frame"] == i and s["unsatisfied_checks"] == 0, s
    assert 1 <= s["iterations"] <= 50 and s["corrected_bits"] > 0, s
PY

# The same seed gives the same noise; another seed does not.
"$LDPC" channel --code "$code" --ebn0 4 --seed 5 < "$WORK/codeword" | cmp -s - "$WORK/llr.f32" ||
    fail "channel is not reproducible"
"$LDPC" channel --code "$code" --ebn0 4 --seed 6 < "$WORK/codeword" | cmp -s - "$WORK/llr.f32" &&
    fail "channel ignores --seed"

# The channel's noise really is there: hard decisions of the LLRs differ from the codeword.
"$LDPC" decode --code "$code" --output codeword --max-iter 1 --decoder fixed-layered-nms,period=0 \
    < "$WORK/llr.f32" | cmp -s - "$WORK/codeword" && fail "one iteration already corrected everything"

# i8: LLR * 4 rounded; decode scales back by 1/4.
"$LDPC" channel --code "$code" --ebn0 4 --seed 5 --output i8 --scale 4 < "$WORK/codeword" > "$WORK/llr.i8"
"$LDPC" decode --code "$code" --input i8 --scale 0.25 < "$WORK/llr.i8" > "$WORK/out.i8"
cmp "$WORK/info" "$WORK/out.i8" || fail "i8: decoded info differs"

# liquid soft bits (uncalibrated, normalised per frame by default).
"$LDPC" channel --code "$code" --ebn0 4 --seed 5 --output liquid --scale 8 < "$WORK/codeword" > "$WORK/llr.liquid"
"$LDPC" decode --code "$code" --input liquid < "$WORK/llr.liquid" > "$WORK/out.liquid"
cmp "$WORK/info" "$WORK/out.liquid" || fail "liquid: decoded info differs"

# --negate: a source whose positive values mean bit 1.
python3 -c 'import sys; sys.stdout.buffer.write(bytes((-b) & 255 for b in sys.stdin.buffer.read()))' \
    < "$WORK/llr.i8" > "$WORK/llr.i8.negated"
"$LDPC" decode --code "$code" --input i8 --negate < "$WORK/llr.i8.negated" > "$WORK/out.negated"
cmp "$WORK/info" "$WORK/out.negated" || fail "negate: decoded info differs"

# Higher-order modulation through liquid-dsp's modems, exact and liquid demodulation.
for demod in exact liquid; do
    "$LDPC" channel --code "$code" --esn0 12 --modulation 8psk --demod "$demod" \
        < "$WORK/codeword" | "$LDPC" decode --code "$code" > "$WORK/out.8psk"
    cmp "$WORK/info" "$WORK/out.8psk" || fail "8psk $demod: decoded info differs"
done
echo ok
