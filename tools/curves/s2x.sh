#!/bin/sh
# DVB-S2X codes beside the standard's own figure (docs/curves/README.md,
# "DVB-S2X beside the standard"):
#   sh tools/curves/s2x.sh [LDPC [OUT]]
#   LDPC: the ldpc tool (default build/ci/tools/ldpc); OUT: where the CSV files
#   go (default build/curves/s2x)
# EN 302 307-2 gives each normal-frame MODCOD's ideal Es/N0 on the linear AWGN
# channel; a Gray-mapped QPSK symbol is two BPSK channels, so for the QPSK
# MODCODs that figure is the code's own. QPSK through liquid-dsp's modem with
# exact LLRs (--calibrated: the decoder sees them unchanged): the default
# decoder around the standard's Es/N0 (each point to 100 frame errors or 20000
# frames), the float sum-product 0.17-0.2 dB below it (it decodes about 4
# frames/s of these codes on 2 cores). About 30 minutes on 2 cores.
set -eu
LDPC=$(realpath "${1:-build/ci/tools/ldpc}")
mkdir -p "${2:-build/curves/s2x}"
cd "${2:-build/curves/s2x}"
sim() {
    code=$1 esn0=$2 csv=$3
    shift 3
    "$LDPC" sim --code "$code" --modulation qpsk --esn0 "$esn0" --calibrated --max-errors 100 \
        --csv "$csv" "$@" >/dev/null
}
# QPSK 13/45, the standard's Es/N0 -2.03 dB
sim dvbs2x-normal-13/45 -2.2:-2.0:0.1 13_45-default.csv --seed 1 --max-frames 20000
sim dvbs2x-normal-13/45 -1.9 13_45-default-far.csv --seed 2 --max-frames 40000
sim dvbs2x-normal-13/45 -2.2 13_45-spa.csv --seed 1 --max-frames 2000 --decoder float-layered-spa
# QPSK 2/9 (VL-SNR), the standard's Es/N0 -2.85 dB
sim dvbs2x-normal-2/9-vlsnr -3.05:-2.75:0.1 2_9-vlsnr-default.csv --seed 1 --max-frames 20000
sim dvbs2x-normal-2/9-vlsnr -3.05 2_9-vlsnr-spa.csv --seed 1 --max-frames 400 \
    --decoder float-layered-spa
# decoder, code, Es/N0, frames, frame errors, bit errors, FER
for csv in *.csv; do cut -d, -f1,2,5,6,7,8,10 "$csv" | grep -v '^decoder'; done
