#!/usr/bin/python3
"""Decoding from Python against `ldpc bench` in the same run: the same code,
decoder (fixed iteration count, so that both do the same work), backend,
threads and frames per call; prints both rates and their ratio.

usage: PYTHONPATH=BUILD/python tools/python-bench.py BUILD [--code NAME]
           [--threads T] [--batch F] [--seconds S] [--ebn0 DB] [--input f32|i8]
"""
import argparse
import json
import subprocess
import time

import numpy as np

import ldpc


def python_rate(code, spec, backend, threads, batch, seconds, ebn0, input_kind):
    decoder = ldpc.Decoder(code, spec=spec, backend=backend, max_frames=batch, threads=threads)
    rng = np.random.default_rng(1)
    info = rng.integers(0, 2, (batch, code.k), dtype=np.uint8)
    llr = ldpc.bpsk_awgn(code.encode(info), ebn0, code.k / code.n, rng)
    if input_kind == "i8":
        llr = np.clip(np.rint(llr * 3.0), -127, 127).astype(np.int8)
    decoder.decode(llr)  # untimed first call, as ldpc bench's
    frames, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        decoder.decode(llr)
        frames += batch
    return frames / (time.perf_counter() - start), decoder.backend


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build")
    parser.add_argument("--code", default="dvbs2-short-1/2")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--ebn0", type=float, default=2.0)
    parser.add_argument("--input", choices=["f32", "i8"], default="i8")
    args = parser.parse_args()
    code = ldpc.Code(args.code)
    spec = "fixed-layered-oms,iter=20,period=0"
    mode = "decode" if args.input == "i8" else "full"
    bench = subprocess.run(
        [f"{args.build}/tools/ldpc", "bench", "--code", args.code, "--decoder", spec,
         "--threads", str(args.threads), "--batch", str(args.batch), "--seconds",
         str(args.seconds), "--ebn0", str(args.ebn0), "--baseline", "none", "--mode", mode,
         "--json"], check=True, capture_output=True, text=True).stdout
    result = json.loads(bench.splitlines()[0])["results"][0]
    rate, backend = python_rate(code, spec, result["backend"], args.threads, args.batch,
                                args.seconds, args.ebn0, args.input)
    print(f"{args.code}, {spec}, {backend}, {args.threads} threads, batch {args.batch}, "
          f"{args.input} input")
    print(f"ldpc bench: {result['frames_per_second']:.1f} frames/s; Python: {rate:.1f} "
          f"frames/s = {100 * rate / result['frames_per_second']:.0f}% of it")


if __name__ == "__main__":
    main()
