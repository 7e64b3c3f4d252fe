#!/usr/bin/env python3
"""Writes tests/vectors/dvb_gnuradio.txt: frames of every DVB-S2, DVB-T2 and
DVB-S2X built-in code as encoded by GNU Radio (gnuradio.dtv.dvb_ldpc_bb), for
tests/unit/test_dvb_gnuradio.c, which cannot run GNU Radio in CI. A VL-SNR
frame is what GNU Radio transmits: shortened and punctured bits left out.

Usage: /usr/bin/python3 tools/dvb/gnuradio_vectors.py

Each message is k bits from xorshift64* (tests/support test_rng, seeded with
the line's seed, one bit per draw: the top bit), so the C test regenerates it
with test_rng_seed + test_random_bits. Line format (see the file's header):
  NAME SEED CRC32 FIRST64 LAST64
CRC32 is zlib's CRC-32 of the frame packed MSB first (the last byte padded
with zeros); FIRST64 / LAST64 are its first and last 64 bits in hex, so a mismatch
shows whether the information part or the parity part went wrong.
DVB-C2 names are aliases and are tested through the names they alias.
"""
import os
import sys

import dvb_common as dc

MESSAGES_PER_CODE = 3


def main():
    lines = [
        "# DVB LDPC codewords from GNU Radio %s (gnuradio.dtv.dvb_ldpc_bb), written by"
        % gnuradio_version(),
        "# tools/dvb/gnuradio_vectors.py; the message is test_random_bits(k) after test_rng_seed(SEED).",
        "# name seed crc32(codeword packed MSB first) first-64-bits last-64-bits",
    ]
    for name, frame, rate, standard in dc.encoded_codes():
        seeds = [dc.message_seed(name, i) for i in range(MESSAGES_PER_CODE)]
        _, k, _ = dc.shape(frame, rate)
        messages = [dc.XorShift64Star(seed).bits(k) for seed in seeds]
        codewords = dc.gnuradio_encode(frame, rate, standard, messages)
        for seed, codeword in zip(seeds, codewords):
            lines.append("%s %d %08x %s %s" % (name, seed, dc.codeword_crc32(codeword),
                                               dc.bits_hex(codeword[:64]),
                                               dc.bits_hex(codeword[-64:])))
    for name, table, xs, p, xp, frame, gr_rate in dc.s2x_codes():
        header, _ = dc.read_table(os.path.join(dc.TABLE_DIR, table + ".txt"))
        k, frame_bits = header["k"] - xs, header["n"] - xs - xp
        seeds = [dc.message_seed(name, i) for i in range(MESSAGES_PER_CODE)]
        messages = [dc.XorShift64Star(seed).bits(k) for seed in seeds]
        frames = dc.gnuradio_encode(frame, None, "dvbs2", messages, gr_rate, frame_bits)
        for seed, sent in zip(seeds, frames):
            lines.append("%s %d %08x %s %s" % (name, seed, dc.codeword_crc32(sent),
                                               dc.bits_hex(sent[:64]), dc.bits_hex(sent[-64:])))
    with open(dc.VECTOR_FILE, "w") as f:
        f.write("\n".join(lines) + "\n")
    print("%s: %d codewords" % (dc.VECTOR_FILE, len(lines) - 3))
    return 0


def gnuradio_version():
    from gnuradio import gr
    return gr.version()


if __name__ == "__main__":
    sys.exit(main())
