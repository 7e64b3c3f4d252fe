#!/usr/bin/env bash
# Every published binary alist file of tests/vectors/codes encodes and decodes
# with the tool: random information bits, ldpc encode, every check met (a
# noiseless decode in 0 corrections), then BPSK over AWGN at Eb/N0 8 dB,
# decoded back to the same bits.
source "$(dirname "$0")/common.sh"
codes="$SOURCE_DIR/tests/vectors/codes/binary"
tested=0
for file in "$codes"/*.alist; do
    name="alist:$file"
    read -r n k < <("$LDPC" codes --json --code "$name" |
        python3 -c 'import json, sys; c = json.load(sys.stdin)[0]; print(c["n"], c["k"])')
    frames=4
    random_bits $((k * frames)) 5 > "$WORK/info"
    "$LDPC" encode --code "$name" < "$WORK/info" > "$WORK/codewords" ||
        fail "$file: encode"
    "$LDPC" decode --code "$name" --output codeword --stats < <(ideal_llr 4 < "$WORK/codewords") \
        > "$WORK/decided" 2> "$WORK/stats"
    cmp -s "$WORK/codewords" "$WORK/decided" || fail "$file: a codeword is not one"
    grep -q '"iterations":1,"converged":true' "$WORK/stats" || fail "$file: not a codeword"
    ebn0=8
    "$LDPC" channel --code "$name" --ebn0 "$ebn0" --seed 3 < "$WORK/codewords" |
        "$LDPC" decode --code "$name" --max-iter 100 > "$WORK/out"
    cmp -s "$WORK/info" "$WORK/out" || fail "$file: not decoded at Eb/N0 $ebn0 dB"
    echo "ok: $(basename "$file") (n $n, k $k, Eb/N0 $ebn0 dB)"
    tested=$((tested + 1))
done
[ "$tested" -ge 10 ] || fail "only $tested alist files"
