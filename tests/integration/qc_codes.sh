#!/usr/bin/env bash
# The built-in WiFi, WiMAX, FT8 and CCSDS telecommand codes through the tool, as a user runs them:
# random information bits, ldpc encode, BPSK over AWGN at an Eb/N0 where
# every frame decodes, ldpc decode back to the same bits, with the default
# backend and the portable reference giving the same decisions.
source "$(dirname "$0")/common.sh"
frames=8
for case in wifi-648-1/2:4 wifi-1944-5/6:6 wimax-576-2/3a:5 wimax-2304-3/4b:5 wimax-1248-5/6:6 \
    ft8-174-91:5 ccsds-tc-128:6 ccsds-tc-512:5; do
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
