#!/usr/bin/env bash
# Bad input: a non-zero exit status and a message that names the problem.
source "$(dirname "$0")/common.sh"

code=dvbs2-short-1/2
k=$(code_param "$code" k)
n=$(code_param "$code" n)

random_bits $((k * 2 + 5)) 3 > "$WORK/info_partial"
expect_failure "partial frame: 5 bytes after 2 whole frames" \
    "$LDPC" encode --code "$code" < "$WORK/info_partial" > "$WORK/out"
[ "$(stat -c %s "$WORK/out")" -eq $((n * 2)) ] || fail "whole frames before a partial one are lost"

{ random_bits $((k + 9)) 4; printf '\002'; random_bits $((k - 10)) 5; } > "$WORK/info_bad_byte"
expect_failure "frame 1: dvbs2-short-1/2: information bit 9 is 2" \
    "$LDPC" encode --code "$code" < "$WORK/info_bad_byte"

# Three frames, a NaN at bit 17 of frame 1: frame 0 is still written.
random_bits $((k * 3)) 6 > "$WORK/info"
"$LDPC" encode --code "$code" < "$WORK/info" | ideal_llr 5 > "$WORK/llr"
python3 - "$WORK/llr" $((n + 17)) <<'PY'
import struct, sys
path, index = sys.argv[1], int(sys.argv[2])
data = bytearray(open(path, "rb").read())
data[4 * index:4 * index + 4] = struct.pack("<f", float("nan"))
open(path, "wb").write(data)
PY
expect_failure "frame 1: soft value 17 is not finite" \
    "$LDPC" decode --code "$code" < "$WORK/llr" > "$WORK/decoded"
cmp "$WORK/decoded" <(head -c "$k" "$WORK/info") || fail "frame before the NaN not written"

head -c $((n * 4 + 6)) "$WORK/llr" > "$WORK/llr_partial"
expect_failure "partial frame: 6 bytes after 1 whole frames (a frame is $((n * 4)) bytes)" \
    "$LDPC" decode --code "$code" < "$WORK/llr_partial" > /dev/null

expect_failure "code 'dvbs2-short-7/8'" "$LDPC" encode --code dvbs2-short-7/8 < /dev/null
expect_failure "ldpc codes" "$LDPC" decode --code nonsense < /dev/null
expect_failure "/nonexistent.alist: cannot open" "$LDPC" decode --code alist:/nonexistent.alist < /dev/null
expect_failure "--code NAME is required" "$LDPC" encode < /dev/null
expect_failure "unknown check rule 'xyz'" "$LDPC" decode --code "$code" --decoder fixed-layered-xyz < /dev/null
expect_failure "unknown soft-value format 'f64'" "$LDPC" decode --code "$code" --input f64 < /dev/null
expect_failure "unknown command 'frobnicate'" "$LDPC" frobnicate
expect_failure "--ebn0 DB or --esn0 DB is required" "$LDPC" channel --code "$code" < /dev/null

# Exit status 2 for command-line mistakes, 1 for bad data.
set +e
"$LDPC" decode --code "$code" --batch 0 < /dev/null 2> /dev/null
[ $? -eq 2 ] || fail "bad option value should exit 2"
"$LDPC" encode --code "$code" < "$WORK/info_partial" > /dev/null 2>&1
[ $? -eq 1 ] || fail "bad data should exit 1"
set -e

# Empty input is zero frames, not an error.
"$LDPC" decode --code "$code" < /dev/null > "$WORK/empty"
[ ! -s "$WORK/empty" ] || fail "empty input produced output"
echo ok
