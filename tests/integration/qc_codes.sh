#!/usr/bin/env bash
# The built-in WiFi, WiMAX, FT8, CCSDS telecommand, AR4JA and C2 codes through the tool, as a user runs them:
# random information bits, ldpc encode, BPSK over AWGN at an Eb/N0 where
# every frame decodes, ldpc decode back to the same bits, with the default
# backend and the portable reference giving the same decisions.
source "$(dirname "$0")/common.sh"
frames=8
for case in wifi-648-1/2:4 wifi-1944-5/6:6 wimax-576-2/3a:5 wimax-2304-3/4b:5 wimax-1248-5/6:6 \
    ft8-174-91:5 ccsds-tc-128:6 ccsds-tc-512:5 ccsds-ar4ja-1024-1/2:3 ccsds-ar4ja-4096-4/5:4.5 \
    ccsds-c2:4.2 ccsds-c2-8160:4.2; do
    name=${case%:*}
    ebn0=${case##*:}
    read -r n k < <("$LDPC" codes --json --code "$name" |
        python3 -c 'import json, sys; c = json.load(sys.stdin)[0]; print(c["n"], c["k"])')
    random_bits $((k * frames)) 7 > "$WORK/info"
    "$LDPC" encode --code "$name" < "$WORK/info" > "$WORK/codewords" || fail "$name: encode"
    "$LDPC" channel --code "$name" --ebn0 "$ebn0" --seed 5 < "$WORK/codewords" > "$WORK/llr"
    "$LDPC" decode --code "$name" --max-iter 50 < "$WORK/llr" > "$WORK/out"
    cmp -s "$WORK/info" "$WORK/out" || fail "$name: not decoded at Eb/N0 $ebn0 dB"
    "$LDPC" decode --code "$name" --max-iter 50 --backend reference < "$WORK/llr" > "$WORK/ref"
    cmp -s "$WORK/out" "$WORK/ref" || fail "$name: the default backend and the reference differ"
    echo "ok: $name (n $n, k $k, Eb/N0 $ebn0 dB, $frames frames)"
done

# ldpc codes NAME --alist writes H; read back as alist:PATH it is the same
# code: the same sizes and ones, and the same codewords for the same bits.
name=wimax-1440-2/3b
"$LDPC" codes "$name" --alist > "$WORK/h.alist" || fail "$name: --alist"
for code in "$name" "alist:$WORK/h.alist"; do
    "$LDPC" codes --json "$code" | python3 -c 'import json, sys; c = json.load(sys.stdin)[0]; print(c["n"], c["k"], c["m"], c["edges"])'
done | uniq | wc -l | grep -qx 1 || fail "$name: its alist describes another code"
random_bits $((960 * 2)) 9 > "$WORK/info_h"
"$LDPC" encode --code "$name" < "$WORK/info_h" > "$WORK/cw_name"
"$LDPC" encode --code "alist:$WORK/h.alist" < "$WORK/info_h" > "$WORK/cw_file"
cmp -s "$WORK/cw_name" "$WORK/cw_file" || fail "$name: its alist encodes other codewords"
echo "ok: $name --alist reads back as the same code"

# A punctured code: the frames carry n = k / rate bits, the alist names the
# punctured columns, and read back it encodes the same frames.
name=ccsds-ar4ja-1024-2/3
read -r n word < <("$LDPC" codes --json "$name" |
    python3 -c 'import json, sys; c = json.load(sys.stdin)[0]; print(c["n"], c["codeword_n"])')
[ "$n" = 1536 ] && [ "$word" = 1792 ] || fail "$name: n $n, codeword $word (expected 1536, 1792)"
"$LDPC" codes "$name" | grep -q "^CCSDS 131.0-B AR4JA, family generic; codeword 1792 bits, 1536 transmitted, 256 punctured" ||
    fail "$name: ldpc codes NAME does not describe its standard and transmission"
"$LDPC" codes "$name" --alist > "$WORK/ar4ja.alist" || fail "$name: --alist"
grep -qx "punctured 1537-1792" "$WORK/ar4ja.alist" || fail "$name: the alist does not name its punctured columns"
random_bits $((1024 * 2)) 11 > "$WORK/info_a"
"$LDPC" encode --code "$name" < "$WORK/info_a" > "$WORK/cw_name"
"$LDPC" encode --code "alist:$WORK/ar4ja.alist" < "$WORK/info_a" > "$WORK/cw_file"
[ "$(stat -c %s "$WORK/cw_name")" = $((1536 * 2)) ] || fail "$name: encode does not write the transmitted bits"
cmp -s "$WORK/cw_name" "$WORK/cw_file" || fail "$name: its alist encodes other frames"
echo "ok: $name sends $n of its $word bits; its alist reads back as the same code"
