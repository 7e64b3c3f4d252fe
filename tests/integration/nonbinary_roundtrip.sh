#!/usr/bin/env bash
# Nonbinary codes through the tool: ldpc codes lists them, encode -> channel
# (AWGN) -> decode recovers the information bits in every soft format, and the
# decoder specs and backends that do not fit a nonbinary code are refused.
source "$(dirname "$0")/common.sh"

code=nbqc-gf32-744-653
n=$(code_param "$code" n_bits)
k=$(code_param "$code" k_bits)
[ "$n" -eq 3720 ] && [ "$k" -eq 3265 ] || fail "$code: n_bits $n, k_bits $k (expected 744 * 5, 653 * 5)"
"$LDPC" codes --json | python3 -c 'import json, sys
codes = {c["name"]: c for c in json.load(sys.stdin)}
c = codes["nbreg-gf32-620-310"]
assert c["nonbinary"] and c["q"] == 32 and c["n"] == 620 and c["k"] == 310, c
assert c["girth"] == 8 and c["variable_degrees"] == {"3": 620} and c["check_degrees"] == {"6": 310}, c
assert codes["nbqc-gf64-1512-1325"]["bits_per_symbol"] == 6
assert "nonbinary" not in codes["dvbs2-short-1/2"]' || fail "ldpc codes --json: nonbinary entries"
"$LDPC" codes > "$WORK/codes" # a file, not a pipe: grep -q would end the listing with SIGPIPE
grep -q '^nbqc-gf32-837-726 ' "$WORK/codes" || fail "ldpc codes: no text line for nbqc-gf32-837-726"

frames=3
random_bits $((k * frames)) 21 > "$WORK/info"
"$LDPC" encode --code "$code" < "$WORK/info" > "$WORK/codeword"
[ "$(stat -c %s "$WORK/codeword")" -eq $((n * frames)) ] || fail "encode: expected $frames frames of $n bits"

# Noiseless: every codeword satisfies the GF(32) checks at once, and the
# decoder hands back the codeword and the information bits.
ideal_llr 6 < "$WORK/codeword" > "$WORK/ideal.f32"
"$LDPC" decode --code "$code" --output codeword --stats < "$WORK/ideal.f32" > "$WORK/out.codeword" 2> "$WORK/stats"
cmp "$WORK/codeword" "$WORK/out.codeword" || fail "noiseless: codeword differs"
[ "$(grep -c '"iterations":1,"converged":true,"unsatisfied_checks":0,"corrected_bits":0' "$WORK/stats")" -eq "$frames" ] ||
    fail "noiseless: the encoder's codewords do not satisfy H: $(cat "$WORK/stats")"

# Through AWGN at Eb/N0 5 dB (the waterfall is near 4 dB): every frame decodes,
# after correcting some bits.
"$LDPC" channel --code "$code" --ebn0 5 --seed 4 < "$WORK/codeword" > "$WORK/llr.f32"
"$LDPC" decode --code "$code" --stats < "$WORK/llr.f32" > "$WORK/out.f32" 2> "$WORK/stats"
cmp "$WORK/info" "$WORK/out.f32" || fail "f32: decoded info differs"
python3 - "$WORK/stats" "$frames" <<'PY' || fail "f32: stats lines are not the expected JSON: $(cat "$WORK/stats")"
import json, sys
lines = [json.loads(line) for line in open(sys.argv[1]).read().splitlines()]
assert len(lines) == int(sys.argv[2]), len(lines)
for i, s in enumerate(lines):
    assert s["frame"] == i and s["converged"] and s["unsatisfied_checks"] == 0, s
    assert 1 <= s["iterations"] <= 20 and s["corrected_bits"] > 0, s
PY
# ... which one iteration of flooding does not manage.
"$LDPC" decode --code "$code" --decoder float-flooding-minmax,iter=1,period=0 --output codeword \
    < "$WORK/llr.f32" | cmp -s - "$WORK/codeword" && fail "one flooding iteration already corrected everything"

for decoder in fixed-flooding-minmax float-layered-minmax float-flooding-minmax,iter=30; do
    "$LDPC" decode --code "$code" --decoder "$decoder" < "$WORK/llr.f32" | cmp -s - "$WORK/info" ||
        fail "$decoder: decoded info differs"
done

# i8 and liquid soft bits, and packed output.
"$LDPC" channel --code "$code" --ebn0 5 --seed 4 --output i8 --scale 4 < "$WORK/codeword" > "$WORK/llr.i8"
"$LDPC" decode --code "$code" --input i8 --scale 0.25 < "$WORK/llr.i8" > "$WORK/out.i8"
cmp "$WORK/info" "$WORK/out.i8" || fail "i8: decoded info differs"
"$LDPC" channel --code "$code" --ebn0 5 --seed 4 --output liquid --scale 8 < "$WORK/codeword" > "$WORK/llr.liquid"
"$LDPC" decode --code "$code" --input liquid --packed < "$WORK/llr.liquid" > "$WORK/out.packed"
python3 - "$WORK/info" "$k" <<'PY' > "$WORK/info.packed"
import sys
data, k = open(sys.argv[1], "rb").read(), int(sys.argv[2])
for f in range(0, len(data), k):
    bits = data[f:f + k] + bytes(-k % 8)  # each frame zero-padded to whole bytes
    sys.stdout.buffer.write(bytes(int("".join(map(str, bits[i:i + 8])), 2) for i in range(0, len(bits), 8)))
PY
cmp "$WORK/info.packed" "$WORK/out.packed" || fail "liquid: decoded (packed) info differs"

# A rate-1/2 code over 32APSK: one modem symbol per GF(32) symbol.
random_bits 1550 22 > "$WORK/info620"
"$LDPC" encode --code nbreg-gf32-620-310 < "$WORK/info620" |
    "$LDPC" channel --code nbreg-gf32-620-310 --esn0 16 --modulation 32apsk --seed 2 |
    "$LDPC" decode --code nbreg-gf32-620-310 > "$WORK/out620"
cmp "$WORK/info620" "$WORK/out620" || fail "32apsk: decoded info differs"

# A published nonbinary alist file.
alist="$SOURCE_DIR/tests/vectors/codes/nonbinary/rptu_kn/LDPC_N96_K48_GF64_exp.alist"
random_bits $((48 * 6)) 23 > "$WORK/info96"
"$LDPC" encode --code "nbalist:$alist" < "$WORK/info96" | ideal_llr 4 |
    "$LDPC" decode --code "nbalist:$alist" > "$WORK/out96"
cmp "$WORK/info96" "$WORK/out96" || fail "nbalist: decoded info differs"

{ random_bits 9 24; printf '\002'; random_bits $((k - 10)) 25; } > "$WORK/info_bad_byte"
expect_failure "frame 0: $code: information bit 9 is 2" "$LDPC" encode --code "$code" < "$WORK/info_bad_byte"
expect_failure "the nonbinary code $code takes Min-Max" \
    "$LDPC" decode --code "$code" --decoder fixed-layered-nms < /dev/null
expect_failure "decodes nonbinary codes" \
    "$LDPC" decode --code dvbs2-short-1/2 --decoder fixed-layered-minmax < /dev/null
expect_failure "unknown nonbinary backend 'sse4.1'" \
    "$LDPC" decode --code "$code" --backend sse4.1 < /dev/null
expect_failure "unknown nonbinary code 'nbqc-gf32-1-1'" "$LDPC" encode --code nbqc-gf32-1-1 < /dev/null

# ldpc bench: the chosen backend and the reference baseline in one run, bits
# counted as bits (n 3720, k 3265), every frame decoded at 5 dB.
"$LDPC" bench --code "$code" --iterations 3 --batch 2 --seconds 0 --ebn0 5 --json > "$WORK/bench" ||
    fail "bench failed"
python3 -c 'import json, sys
r = json.load(open(sys.argv[1]))
assert r["n"] == 3720 and r["k"] == 3265 and r["bits_per_symbol"] == 5, r
assert [x["backend"] for x in r["results"]][-1] == "reference", r
assert all(x["fer"] == 0 and x["average_iterations"] == 3 for x in r["results"]), r' "$WORK/bench" ||
    fail "bench --json: $(cat "$WORK/bench")"
echo ok
