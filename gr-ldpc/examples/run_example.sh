#!/usr/bin/env bash
# The example flowgraph as a GNU Radio Companion user runs it: grcc compiles
# it with the blocks' YAML, and the generated Qt program runs for a few
# seconds (offscreen) without an error; its BER sink is then read through a
# probe of the same chain, which must decode every frame at Eb/N0 4 dB.
# usage: run_example.sh EXAMPLE_GRC PYTHON [BLOCKS_DIR]
#   (BLOCKS_DIR: the blocks' YAML where GNU Radio Companion does not look, as
#   in the source tree; PYTHONPATH set by ctest there)
set -euo pipefail
example=$1 python=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
env ${3:+GRC_BLOCKS_PATH="$3"} grcc -o "$work" "$example" \
    > "$work/grcc.log" 2>&1 || { cat "$work/grcc.log" >&2; exit 1; }
status=0
QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR="$work" timeout 5 "$python" "$work/ldpc_bpsk_awgn.py" \
    > "$work/run.log" 2>&1 || status=$?
if [ "$status" != 124 ] || grep -q Traceback "$work/run.log"; then
    cat "$work/run.log" >&2
    echo "the example flowgraph stopped (status $status) instead of running" >&2
    exit 1
fi
# The generated flowgraph, without its display: its BER after decoding.
QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR="$work" "$python" - "$work" <<'PY'
import sys, time
sys.path.insert(0, sys.argv[1])
from PyQt5 import Qt
from gnuradio import blocks
import ldpc_bpsk_awgn
app = Qt.QApplication(sys.argv)
fg = ldpc_bpsk_awgn.ldpc_bpsk_awgn()
fg.set_ebn0(4.0)
probe = blocks.probe_signal_f()
fg.connect((fg.ber, 0), (probe, 0))
decoded = blocks.probe_rate(1, 100.0, 0.15)
fg.connect((fg.decoder, 0), decoded)
fg.start()
time.sleep(3)
fg.stop()
fg.wait()
print(f"bits decoded: {decoded.rate():.0f}/s, log10(BER) {probe.level():.2f}")
assert decoded.rate() > 0, "the decoder produced nothing"
assert probe.level() <= -7.0, "bit errors at Eb/N0 4 dB"
PY
