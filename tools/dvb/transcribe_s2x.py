#!/usr/bin/env python3
"""Writes the DVB-S2X tables (configs/dvb/dvbs2x-*.txt) from a transcription of
EN 302 307-2 Annexes B and C published as data, and compares them with a second
one.

Usage: /usr/bin/python3 tools/dvb/transcribe_s2x.py TABLES_HH [GR_DTV_CC] [--check]

TABLES_HH: dvb_s2x_tables.hh of github.com/xdsopl/LDPC (structs
DVB_S2X_TABLE_B1..B24 for normal frames, C1..C7 short, C8..C10 medium; each
has N, K, DEG[] (addresses per row), LEN[] (rows of that degree) and POS[],
the rows in the standard's order).
GR_DTV_CC: gr-dtv/lib/dvb/dvb_ldpc_bb_impl.cc of GNU Radio, whose arrays
ldpc_tab_<rate><N|S|M> hold the same tables as rows of {count, addresses...};
every row must match, order included.
--check compares the committed files instead of writing them.

The codewords of GNU Radio's encoder (tools/dvb/gnuradio_vectors.py) are the
proof that the tables and the VL-SNR puncturing are right.
"""
import os
import re
import sys

import dvb_common as dc

# The standard's table of each rate, in the order of Annexes B and C.
ANNEX_TABLES = [("B%d" % (i + 1), "normal", rate) for i, rate in enumerate(dc.S2X_TABLE_RATES["normal"])]
ANNEX_TABLES += [("C%d" % (i + 1), "short", rate) for i, rate in enumerate(dc.S2X_TABLE_RATES["short"])]
ANNEX_TABLES += [("C%d" % (i + 8), "medium", rate) for i, rate in enumerate(dc.S2X_TABLE_RATES["medium"])]

GR_SUFFIX = {"normal": "N", "short": "S", "medium": "M"}


def numbers(text):
    return [int(x) for x in re.findall(r"\d+", text)]


def read_annex_tables(path):
    """{annex id: (n, k, rows)} from the structs of TABLES_HH."""
    text = open(path).read()
    tables = {}
    for match in re.finditer(r"struct DVB_S2X_TABLE_(\w+)\s*\{(.*?)\n\};", text, re.S):
        body = match.group(2)
        value = lambda key: int(re.search(r"\b%s = (\d+);" % key, body).group(1))
        array = lambda key: numbers(re.search(r"\b%s\[\] = \{(.*?)\};" % key, body, re.S).group(1))
        degrees, lengths, positions = array("DEG"), array("LEN"), array("POS")
        rows, at = [], 0
        for degree, length in zip(degrees, lengths):
            for _ in range(length):
                rows.append(positions[at:at + degree])
                at += degree
        if at != len(positions):
            raise SystemExit("%s: table %s has %d addresses, its DEG/LEN say %d"
                             % (path, match.group(1), len(positions), at))
        tables[match.group(1)] = (value("N"), value("K"), rows)
    return tables


def read_gr_dtv_rows(path, frame, rate):
    text = open(path).read()
    name = "ldpc_tab_%s%s" % (rate.replace("/", "_"), GR_SUFFIX[frame])
    match = re.search(r"%s\s*\[\d+\]\[\d+\] = \{(.*?)\};\n" % name, text, re.S)
    if match is None:
        raise SystemExit("%s: no table %s" % (path, name))
    rows = []
    for row_text in re.findall(r"\{([^{}]*)\}", match.group(1)):
        row = numbers(row_text)
        rows.append(row[1:1 + row[0]])
    return rows


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    check = "--check" in sys.argv[1:]
    if not args:
        print(__doc__)
        return 2
    tables = read_annex_tables(args[0])
    failures = 0
    for annex, frame, rate in ANNEX_TABLES:
        n, k, rows = tables[annex]
        m = n - k
        name = dc.code_name("dvbs2x", frame, rate)
        if n != dc.FRAME_N[frame] or k % 360 or m % 360 or len(rows) != k // 360:
            raise SystemExit("%s (%s): n=%d k=%d with %d rows" % (annex, name, n, k, len(rows)))
        if len(args) > 1 and read_gr_dtv_rows(args[1], frame, rate) != rows:
            print("%s (%s): GNU Radio's table differs" % (name, annex))
            failures += 1
        path = os.path.join(dc.TABLE_DIR, dc.stem(name) + ".txt")
        if check:
            header, committed = dc.read_table(path)
            if committed != rows or (header["n"], header["k"]) != (n, k):
                print("%s: differs from table %s" % (path, annex))
                failures += 1
            continue
        title = "DVB-S2X LDPC parity-bit accumulator addresses, %s frame, rate %s" % (frame, rate)
        reference = "ETSI EN 302 307-2, Annex %s, table %s (Nldpc = %d)" % (annex[0], annex, n)
        dc.write_table(path, title, reference, n, k, m // 360, rows)
    print("%d tables %s, %d differences" % (len(ANNEX_TABLES), "checked" if check else "written",
                                           failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
