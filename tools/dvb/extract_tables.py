#!/usr/bin/env python3
"""Derives configs/dvb/*.txt from GNU Radio's DVB-S2/T2 LDPC encoder.

Usage: /usr/bin/python3 tools/dvb/extract_tables.py [--check]

1. Which parity accumulators an information bit feeds is read off the encoder:
   encoding the unit vector e_i (i = 360 g, the first bit of group g) gives the
   accumulated parity p; d_j = p_j ^ p_{j-1} is 1 exactly at the addresses of
   table row g. This gives each row as a set.
2. GNU Radio compiles the tables, as printed in the standards, into
   libgnuradio-dtv.so: rows of {count, addresses...}, int32 or uint16 (it
   varies by table), padded to the longest row. The rows found in
   step 1 are looked up there to recover the printed order; every row found must
   equal the encoder's set, so the library only supplies the order (the rows are
   written ascending if it cannot be found).
3. DVB-T2 names are encoded with GNU Radio's DVB-T2 setting; a T2 table is
   written as a file of its own only where it differs from DVB-S2's, and the
   set of such rates must be dvb_common.T2_OWN_TABLES.
4. Every code is then re-encoded from the written file (dvb_common.ira_encode)
   and compared with GNU Radio on random messages.

--check verifies the committed files instead of writing them.
"""
import glob
import sys

import numpy as np

import dvb_common as dc


def rows_from_encoder(frame, rate, standard):
    n, k, _ = dc.shape(frame, rate)
    groups = k // 360
    messages = []
    for g in range(groups):
        e = np.zeros(k, dtype=np.uint8)
        e[360 * g] = 1
        messages.append(e)
    codewords = dc.gnuradio_encode(frame, rate, standard, messages)
    rows = []
    for g in range(groups):
        parity = codewords[g, k:]
        d = parity.copy()
        d[1:] ^= parity[:-1]
        rows.append(sorted(int(x) for x in np.nonzero(d)[0]))
    return rows


def library_words():
    """The library read as int32 and as uint16 words (both little-endian)."""
    paths = sorted(glob.glob("/usr/lib/*/libgnuradio-dtv.so*")
                   + glob.glob("/usr/local/lib*/libgnuradio-dtv.so*"))
    if not paths:
        return []
    data = open(paths[-1], "rb").read()
    return [np.frombuffer(data[:len(data) // 4 * 4], dtype="<i4").astype(np.int64),
            np.frombuffer(data[:len(data) // 2 * 2], dtype="<u2").astype(np.int64)]


def printed_order(views, rows):
    """The rows as laid out in GNU Radio's compiled table, or None."""
    for words in views:
        ordered = printed_order_in(words, rows)
        if ordered:
            return ordered
    return None


def printed_order_in(words, rows):
    first = rows[0]
    longest = max(len(r) for r in rows)
    for start in np.nonzero(words == len(first))[0]:
        if sorted(words[start + 1:start + 1 + len(first)].tolist()) != first:
            continue
        for stride in range(longest + 1, 64):
            ordered = []
            for g, row in enumerate(rows):
                at = start + g * stride
                if at + 1 + len(row) > words.size or words[at] != len(row):
                    break
                candidate = words[at + 1:at + 1 + len(row)].tolist()
                if sorted(candidate) != row:
                    break
                ordered.append(candidate)
            if len(ordered) == len(rows):
                return ordered
    return None


def reference(standard, frame, rate):
    if standard == "dvbs2":
        annex = "Annex B" if frame == "normal" else "Annex C"
        return "ETSI EN 302 307-1, %s (Nldpc = %s), code rate %s" % (
            annex, "64 800" if frame == "normal" else "16 200", rate)
    annex = "Annex A" if frame == "normal" else "Annex B"
    return "ETSI EN 302 755, %s (Nldpc = %s), code rate %s" % (
        annex, "64 800" if frame == "normal" else "16 200", rate)


def main():
    check = "--check" in sys.argv[1:]
    words = library_words()
    sets, tables = {}, {}
    for name, frame, rate, standard in dc.encoded_codes():
        rows = rows_from_encoder(frame, rate, standard)
        sets[name] = rows
        file_stem = dc.table_stem(standard, frame, rate)
        if file_stem != dc.stem(name):
            if rows != sets[dc.code_name("dvbs2", frame, rate)]:
                sys.exit("%s: differs from DVB-S2's table but has no table of its own" % name)
            continue
        if standard == "dvbt2" and rows == sets[dc.code_name("dvbs2", frame, rate)]:
            sys.exit("%s: identical to DVB-S2's table, T2_OWN_TABLES is wrong" % name)
        ordered = printed_order(words, rows)
        print("%-20s %3d rows, %5d addresses, %s" % (
            name, len(rows), sum(len(r) for r in rows),
            "printed order" if ordered else "ascending (printed order not found)"))
        tables[file_stem] = (standard, frame, rate, ordered or rows)

    failures = 0
    for file_stem, (standard, frame, rate, rows) in tables.items():
        path = "%s/%s.txt" % (dc.TABLE_DIR, file_stem)
        n, k, q = dc.shape(frame, rate)
        if check:
            header, committed = dc.read_table(path)
            if header != {"n": n, "k": k, "q": q} or committed != rows:
                print("MISMATCH %s" % path)
                failures += 1
        else:
            title = "%s LDPC parity-bit accumulator addresses, %s frame, rate %s" % (
                "DVB-S2" if standard == "dvbs2" else "DVB-T2", frame, rate)
            dc.write_table(path, title, reference(standard, frame, rate), n, k, q, rows)

    # Re-encode every code from its file and compare with GNU Radio.
    for name, frame, rate, standard in dc.encoded_codes():
        header, rows = dc.read_table("%s/%s.txt" % (dc.TABLE_DIR,
                                                   dc.table_stem(standard, frame, rate)))
        rng = dc.XorShift64Star(dc.message_seed(name, 99))
        messages = [rng.bits(header["k"]) for _ in range(2)]
        reference_words = dc.gnuradio_encode(frame, rate, standard, messages)
        for message, expected in zip(messages, reference_words):
            ours = dc.ira_encode(header["n"], header["k"], header["q"], rows, message)
            if not np.array_equal(ours, expected):
                print("ENCODE MISMATCH %s" % name)
                failures += 1
    print("%d tables, %d codes re-encoded, %d failures" % (
        len(tables), len(dc.encoded_codes()), failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
