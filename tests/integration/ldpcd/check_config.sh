#!/usr/bin/env bash
# ldpcd --check-config: the shipped file passes and explains every key; broken
# files fail with FILE:LINE; --set overrides; the shipped file lists every key.
set -euo pipefail
source_dir=$1 build_dir=$2
ldpcd=$build_dir/src/ldpcd/ldpcd
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$ldpcd" --check-config -c "$source_dir/configs/ldpcd.conf" --set runtime_dir=/tmp >"$work/out"
grep -q "configuration OK" "$work/out"
grep -q "^batch_wait_us = 2000" "$work/out"
grep -q "runtime_dir = /tmp" "$work/out"
grep -q "(command line; default" "$work/out"
# nonbinary codes: listed, and their decoder explained
"$ldpcd" --check-config --set runtime_dir=/tmp --set "codes=dvbs2-short-1/2,nbqc-gf32-744-653" \
    >"$work/out"
grep -q "nbqc-gf32-744-653" "$work/out"
grep -q "^nonbinary decoder: fixed-layered-minmax (max 20 iterations) for 1 code" "$work/out"
grep -q "^nonbinary_decoder = default" "$work/out"

# the saturated-posterior decoder is taken and named back
"$ldpcd" --check-config --set runtime_dir=/tmp --set "decoder=fixed-layered-oms,cap=24,posterior=8" \
    >"$work/out"
grep -q "^decoder: fixed-layered-oms,posterior=8,cap=24 (max 50 iterations)" "$work/out"

# configs/ldpcd.conf holds every key of --print-default-config, commented, at
# its default, with the same explanation (wrapped into comment lines there)
"$ldpcd" --print-default-config >"$work/defaults"
python3 - "$work/defaults" "$source_dir/configs/ldpcd.conf" <<'PY'
import re, sys
def keys(path, prefix):
    found, text = {}, []
    for line in open(path):
        line = line.rstrip("\n")
        m = re.match("^" + prefix + r"([a-z_]+) = ?(.*)$", line)
        if m:
            found[m.group(1)] = (m.group(2), " ".join(text))
        if line.startswith("# "):
            text.append(line[2:].strip())
        elif m or line == "":
            text = []
    return found
code, shipped = keys(sys.argv[1], ""), keys(sys.argv[2], "#")
bad = [k for k in code if shipped.get(k) != code[k]]
for k in bad:
    print(f"configs/ldpcd.conf: {k}: {shipped.get(k)} differs from --print-default-config: {code[k]}",
          file=sys.stderr)
sys.exit(1 if bad else 0)
PY

expect_failure() { # file content, expected message fragment
    printf '%b' "$1" >"$work/bad.conf"
    if "$ldpcd" --check-config -c "$work/bad.conf" >"$work/out" 2>"$work/err"; then
        echo "accepted: $1" >&2
        exit 1
    fi
    grep -qF -- "$2" "$work/err" || { echo "expected \"$2\" in: $(cat "$work/err")" >&2; exit 1; }
}
expect_failure 'workers = 2\nbogus = 1\n' "bad.conf:2: unknown key \"bogus\""
expect_failure 'workers = 0\n' "bad.conf:1: workers must be auto or an integer in 1..256"
expect_failure 'workers = 2\nworkers = 3\n' "bad.conf:2: workers is set twice"
expect_failure 'output_socket = dealer\n' "output_socket must be one of push, pub"
expect_failure 'codes = dvbs2-nope-*\n' "matches no built-in code"
expect_failure 'decoder = fixed-layered-spa\n' "decoder"
expect_failure 'decoder = fixed-layered-oms,cap=24\n' "needs 8-bit (saturated) posteriors"
expect_failure 'batch_frames = 64\nqueue_frames = 8\n' "must not exceed queue_frames"
expect_failure 'codes = nbreg-gf32-620-310\nnonbinary_decoder = fixed-layered-nms\n' "Min-Max"
expect_failure 'codes = dvbs2-short-1/2, nbqc-*\nnonbinary_decoder = fixed-layered-minmax,scale=4\n' \
    "give them the same scale"
expect_failure 'no equals sign\n' "bad.conf:1: expected \"key = value\""
# the backend is created as at start-up: unknown without fallback fails, with
# fallback it is named as such, and a working one is named
expect_failure 'backend = no-such-backend\nbackend_fallback = no\n' \
    "backend no-such-backend: unknown decoder backend"
"$ldpcd" --check-config --set runtime_dir=/tmp --set backend=no-such-backend >"$work/out" 2>/dev/null
grep -q "^backend: reference (fallback" "$work/out"
"$ldpcd" --check-config --set runtime_dir=/tmp --set backend=reference >"$work/out" 2>/dev/null
grep -qx "backend: reference" "$work/out"
# workers = auto: three of every four cores it may run on on the CPU, two
# with OpenCL
cores=$(nproc)
"$ldpcd" --check-config --set runtime_dir=/tmp --set workers=auto >"$work/out" 2>"$work/err"
grep -q " $((cores - cores / 4 > 0 ? cores - cores / 4 : 1)) workers (" "$work/err"
# ... of its affinity mask, not of the machine: on one core, one worker
taskset -c 0 "$ldpcd" --check-config --set runtime_dir=/tmp --set workers=auto >"$work/out" \
    2>"$work/err"
grep -q " 1 workers (" "$work/err" || { echo "auto on one core: $(cat "$work/err")" >&2; exit 1; }
"$ldpcd" --check-config --set runtime_dir=/tmp --set workers=auto --set backend=opencl \
    --set codes=dvbs2-short-1/2 >"$work/out" 2>"$work/err"
grep -q " 2 workers (" "$work/err"
if "$ldpcd" --check-config --set workers=abc >/dev/null 2>&1; then
    echo "--set workers=abc accepted" >&2
    exit 1
fi
echo "check_config: OK"
