#!/usr/bin/env bash
# Every binary alist file of ../shared/codes encodes and decodes with the tool:
# random information bits, ldpc encode, every check met (a noiseless decode in
# 0 corrections), then BPSK over AWGN at Eb/N0 8 dB (hard decisions wrong in
# every long frame; aff3ct's GSM code, half of whose bits are in one check
# only, takes 11 dB), decoded back to the same bits. The long codes (DVB-S2
# normal frames, IRA codes of 16640 and 20480 bits) use the triangular encoder.
source "$(dirname "$0")/common.sh"
codes="$SOURCE_DIR/../shared/codes/binary"
[ -d "$codes" ] || { echo "no shared code collection: skipped"; exit 77; }
tested=0
for file in "$codes"/*/*.alist; do
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
    case "$file" in *GSM_2112_4224*) ebn0=11 ;; esac
    "$LDPC" channel --code "$name" --ebn0 "$ebn0" --seed 3 < "$WORK/codewords" |
        "$LDPC" decode --code "$name" --max-iter 100 > "$WORK/out"
    cmp -s "$WORK/info" "$WORK/out" || fail "$file: not decoded at Eb/N0 $ebn0 dB"
    echo "ok: $(basename "$file") (n $n, k $k, Eb/N0 $ebn0 dB)"
    tested=$((tested + 1))
done
[ "$tested" -ge 20 ] || fail "only $tested alist files"
