#!/usr/bin/env bash
# encode -> ideal LLRs -> decode gives the information bits back exactly, for
# a few built-in codes and an alist code, in every output layout.
source "$(dirname "$0")/common.sh"

check_code() {
    local code="$1" k="$2" n="$3" frames=3
    random_bits $((k * frames)) 7 > "$WORK/info"
    "$LDPC" encode --code "$code" < "$WORK/info" > "$WORK/codeword"
    [ "$(stat -c %s "$WORK/codeword")" -eq $((n * frames)) ] || fail "$code: codeword size"
    # Systematic: for these codes the information bits come first.
    cmp -s <(head -c "$k" "$WORK/info") <(head -c "$k" "$WORK/codeword") ||
        fail "$code: codeword does not start with the information bits"
    ideal_llr 6 < "$WORK/codeword" > "$WORK/llr"
    "$LDPC" decode --code "$code" < "$WORK/llr" > "$WORK/decoded"
    cmp "$WORK/info" "$WORK/decoded" || fail "$code: decoded info differs"
    "$LDPC" decode --code "$code" --output codeword --decoder float-flooding-spa \
        < "$WORK/llr" > "$WORK/decoded_codeword"
    cmp "$WORK/codeword" "$WORK/decoded_codeword" || fail "$code: decoded codeword differs"

    # Packed in and out: ceil(bits/8) bytes per frame.
    "$LDPC" encode --code "$code" --packed-out < "$WORK/info" > "$WORK/packed_codeword"
    [ "$(stat -c %s "$WORK/packed_codeword")" -eq $(((n + 7) / 8 * frames)) ] ||
        fail "$code: packed codeword size"
    "$LDPC" decode --code "$code" --packed < "$WORK/llr" > "$WORK/packed_info"
    "$LDPC" encode --code "$code" --packed-in < "$WORK/packed_info" > "$WORK/codeword2"
    cmp "$WORK/codeword" "$WORK/codeword2" || fail "$code: packed round trip differs"
    echo "ok $code"
}

for code in dvbs2-short-1/2 dvbt2-short-3/5 dvbs2-normal-9/10; do
    check_code "$code" "$(code_param "$code" k)" "$(code_param "$code" n)"
done
check_code "alist:$SOURCE_DIR/tests/vectors/alist/hamming_7_4.alist" 4 7
