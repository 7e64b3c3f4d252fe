#!/bin/bash
# Builds the timing-only kernel variants of round 12, run 1 (h100-round12-diagnose-2026-11-27.sh)
# from kernels/ at 02b44cc into .device/kv/: each a copy of kernels/ with 22_layered_latency.cl edited.
set -e
rm -rf .device/kv && mkdir -p .device/kv
for v in base noatomic nomsg both floor; do cp -r kernels .device/kv/$v; done
k() { echo .device/kv/$1/22_layered_latency.cl; }
for v in noatomic both floor; do   # no layer counts as sharing: plain stores, no records
  sed -i 's/word \& ~LAYER_SHARES, (word \& LAYER_SHARES) != 0};/word \& ~LAYER_SHARES, 0};/' "$(k $v)"
done
for v in nomsg both floor; do      # old messages read as 0, never stored
  sed -i -e 's/            old\[j\] = c2v\[layer.base + j \* layer.checks + k\];/            old[j] = 0;/' \
         -e '/            c2v\[layer.base + j \* layer.checks + k\] = (char)message;/d' \
         -e '/            c2v\[at\] = (char)message;/d' \
         -e 's/            int old = c2v\[at\];/            int old = 0;/' "$(k $v)"
done
# floor: posteriors confined to the first 4096 of the row (L1-resident)
sed -i -e 's/((global const ushort \*)post)\[v\] - POSTERIOR_BIAS;/((global const ushort *)post)[v \& 4095] - POSTERIOR_BIAS;/' \
       -e 's/((global ushort \*)post)\[v\] = (ushort)(value + POSTERIOR_BIAS);/((global ushort *)post)[v \& 4095] = (ushort)(value + POSTERIOR_BIAS);/' "$(k floor)"
for v in noatomic nomsg both floor; do diff kernels/22_layered_latency.cl "$(k $v)" | grep -c '^[<>]' || true; done
