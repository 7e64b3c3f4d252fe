# Sourced by the integration scripts: $1 is the ldpc binary, $2 the source tree.
set -euo pipefail
LDPC="$1"
SOURCE_DIR="$2"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

fail() {
    echo "FAIL: $*" >&2
    exit 1
}

# random_bits COUNT SEED: COUNT bytes of 0/1 on stdout, the same for the same SEED.
random_bits() {
    python3 -c 'import random, sys
random.seed(int(sys.argv[2]))
sys.stdout.buffer.write(bytes(random.getrandbits(1) for _ in range(int(sys.argv[1]))))' "$1" "$2"
}

# ideal_llr VALUE < codeword bytes > f32 LLRs: bit 0 -> +VALUE, bit 1 -> -VALUE.
ideal_llr() {
    python3 -c 'import struct, sys
v = float(sys.argv[1]); d = sys.stdin.buffer.read()
sys.stdout.buffer.write(struct.pack("<%df" % len(d), *[-v if b else v for b in d]))' "$1"
}

# code_param NAME FIELD: n or k of a code, from ldpc codes --json.
code_param() {
    "$LDPC" codes --json | python3 -c 'import json, sys
for c in json.load(sys.stdin):
    if c["name"] == sys.argv[1]: print(c[sys.argv[2]])' "$1" "$2"
}

# expect_failure STDERR_NEEDLE COMMAND...: the command must exit non-zero and
# say STDERR_NEEDLE on stderr.
expect_failure() {
    local needle="$1"
    shift
    if "$@" 2> "$WORK/stderr"; then
        fail "'$*' succeeded but should have failed"
    fi
    grep -qF -- "$needle" "$WORK/stderr" ||
        fail "'$*': stderr lacks '$needle': $(cat "$WORK/stderr")"
}
