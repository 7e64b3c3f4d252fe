"""Shared by the DVB table tools: the list of built-in codes, the table file
format, a reference IRA encoder, the message generator of the C tests, and the
GNU Radio encoder used as the independent reference.

Run the tools with the interpreter that has GNU Radio's Python bindings
(Debian: `apt-get install gnuradio python3-numpy`, then /usr/bin/python3).
"""
import os
import zlib

import numpy as np

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
TABLE_DIR = os.path.join(REPO, "configs", "dvb")
VECTOR_FILE = os.path.join(REPO, "tests", "vectors", "dvb_gnuradio.txt")

NORMAL_N, SHORT_N = 64800, 16200
FRAME_N = {"normal": NORMAL_N, "medium": 32400, "short": SHORT_N}

# Information bits (k) of every rate, per frame size (EN 302 307-1 Tables 5a/5b;
# the short frame's k is not rate * n).
K_BY_RATE = {
    "normal": {"1/4": 16200, "1/3": 21600, "2/5": 25920, "1/2": 32400, "3/5": 38880,
               "2/3": 43200, "3/4": 48600, "4/5": 51840, "5/6": 54000, "8/9": 57600,
               "9/10": 58320},
    "short": {"1/4": 3240, "1/3": 5400, "2/5": 6480, "1/2": 7200, "3/5": 9720,
              "2/3": 10800, "3/4": 11880, "4/5": 12600, "5/6": 13320, "8/9": 14400},
}

S2_RATES = {
    "normal": ["1/4", "1/3", "2/5", "1/2", "3/5", "2/3", "3/4", "4/5", "5/6", "8/9", "9/10"],
    "short": ["1/4", "1/3", "2/5", "1/2", "3/5", "2/3", "3/4", "4/5", "5/6", "8/9"],
}
# EN 302 755; short 1/3 and 2/5 are the T2-Lite additions.
T2_RATES = {
    "normal": ["1/2", "3/5", "2/3", "3/4", "4/5", "5/6"],
    "short": ["1/4", "1/2", "3/5", "2/3", "3/4", "4/5", "5/6", "1/3", "2/5"],
}
C2_RATES = {
    "normal": ["2/3", "3/4", "4/5", "5/6", "9/10"],
    "short": ["1/2", "2/3", "3/4", "4/5", "5/6", "8/9"],
}
# EN 302 307-2 (DVB-S2X): the rates of Annex B (normal), C1..C7 (short) and
# C8..C10 (medium), in the annexes' order.
S2X_TABLE_RATES = {
    "normal": ["2/9", "13/45", "9/20", "11/20", "26/45", "28/45", "23/36", "25/36", "13/18",
               "7/9", "90/180", "96/180", "100/180", "104/180", "116/180", "124/180", "128/180",
               "132/180", "135/180", "140/180", "154/180", "18/30", "20/30", "22/30"],
    "short": ["11/45", "4/15", "14/45", "7/15", "8/15", "26/45", "32/45"],
    "medium": ["1/5", "11/45", "1/3"],
}
# The VL-SNR codes (EN 302 307-2 clause 5.3.2; GNU Radio's dvb_ldpc_bb_impl.cc):
# name -> (table file stem, shortened information bits Xs (the first ones),
# puncturing period P, punctured parity bits Xp (parity bits 0, P, .., (Xp-1) P
# of the accumulated parity), GNU Radio's frame size and rate).
S2X_VLSNR = {
    "dvbs2x-normal-2/9-vlsnr": ("dvbs2x-normal-2_9", 0, 15, 3240, "normal", "C2_9_VLSNR"),
    "dvbs2x-medium-1/5": ("dvbs2x-medium-1_5", 640, 25, 980, "medium", "C1_5_MEDIUM"),
    "dvbs2x-medium-11/45": ("dvbs2x-medium-11_45", 0, 15, 1620, "medium", "C11_45_MEDIUM"),
    "dvbs2x-medium-1/3": ("dvbs2x-medium-1_3", 0, 13, 1620, "medium", "C1_3_MEDIUM"),
    "dvbs2x-short-1/5-vlsnr-sf2": ("dvbs2-short-1_4", 560, 30, 250, "short", "C1_5_VLSNR_SF2"),
    "dvbs2x-short-11/45-vlsnr-sf2": ("dvbs2x-short-11_45", 0, 15, 810, "short", "C11_45_VLSNR_SF2"),
    "dvbs2x-short-1/5-vlsnr": ("dvbs2-short-1_4", 0, 10, 1224, "short", "C1_5_VLSNR"),
    "dvbs2x-short-4/15-vlsnr": ("dvbs2x-short-4_15", 0, 8, 1224, "short", "C4_15_VLSNR"),
    "dvbs2x-short-1/3-vlsnr": ("dvbs2-short-1_3", 0, 8, 1224, "short", "C1_3_VLSNR"),
}
# The two DVB-T2 tables that differ from DVB-S2's (found by extract_tables.py:
# GNU Radio encodes them differently for the two standards).
T2_OWN_TABLES = {("normal", "2/3"), ("short", "3/5")}


def stem(name):
    """'dvbs2-normal-1/2' -> 'dvbs2-normal-1_2' (the table file name without .txt)."""
    return name.replace("/", "_")


def code_name(standard, frame, rate):
    return "%s-%s-%s" % (standard, frame, rate)


def table_stem(standard, frame, rate):
    """The table file a name uses: DVB-T2 shares DVB-S2's except T2_OWN_TABLES."""
    if standard == "dvbt2" and (frame, rate) in T2_OWN_TABLES:
        return stem(code_name("dvbt2", frame, rate))
    return stem(code_name("dvbs2", frame, rate))


def encoded_codes():
    """(name, frame, rate, gnuradio standard) of every DVB-S2/T2 code."""
    codes = []
    for standard, rates in (("dvbs2", S2_RATES), ("dvbt2", T2_RATES)):
        for frame in ("normal", "short"):
            for rate in rates[frame]:
                codes.append((code_name(standard, frame, rate), frame, rate, standard))
    return codes


def s2x_codes():
    """(name, table stem, Xs, P, Xp, frame, GNU Radio rate) of every DVB-S2X
    code: the tables of the plain MODCODs (not the medium frames and normal
    2/9, which only VL-SNR uses, punctured), then the VL-SNR codes."""
    codes = []
    for frame in ("normal", "short"):
        for rate in S2X_TABLE_RATES[frame]:
            if frame == "normal" and rate == "2/9":
                continue
            name = code_name("dvbs2x", frame, rate)
            codes.append((name, stem(name), 0, 0, 0, frame, "C" + rate.replace("/", "_")))
    for name, (table, xs, p, xp, frame, gr_rate) in S2X_VLSNR.items():
        codes.append((name, table, xs, p, xp, frame, gr_rate))
    return codes



def c2_alias(frame, rate):
    """The name a DVB-C2 code aliases: DVB-T2's table where T2 has the rate."""
    if rate in T2_RATES[frame]:
        return code_name("dvbt2", frame, rate)
    return code_name("dvbs2", frame, rate)


def shape(frame, rate):
    n = NORMAL_N if frame == "normal" else SHORT_N
    k = K_BY_RATE[frame][rate]
    return n, k, (n - k) // 360


# --- table files -------------------------------------------------------------

def read_table(path):
    """Returns (header dict with int n, k, q, list of rows of addresses)."""
    header, rows = {}, []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line.startswith("#"):
                key, _, value = line[1:].partition(":")
                if key.strip() in ("n", "k", "q"):
                    header[key.strip()] = int(value)
            elif line:
                rows.append([int(x) for x in line.split()])
    return header, rows


def write_table(path, title, reference, n, k, q, rows):
    with open(path, "w") as f:
        f.write("# %s\n" % title)
        f.write("# standard: %s\n" % reference)
        f.write("# n: %d\n# k: %d\n# q: %d\n" % (n, k, q))
        f.write("# One line per group of 360 information bits (line g: bits 360g..360g+359),\n")
        f.write("# parity accumulator addresses in the order the standard prints them.\n")
        for row in rows:
            f.write(" ".join(str(x) for x in row) + "\n")


# --- reference encoder and messages ------------------------------------------

def ira_encode(n, k, q, rows, info):
    """Encodes as the standard describes it: bit 360g+s adds into accumulators
    (x + s q) mod (n - k) for each address x of row g, then p_j ^= p_{j-1}."""
    m = n - k
    parity = np.zeros(m, dtype=np.uint8)
    s = np.arange(360)
    for g, row in enumerate(rows):
        bits = info[360 * g:360 * g + 360]
        for x in row:
            np.bitwise_xor.at(parity, (x + s * q) % m, bits)
    parity = np.bitwise_xor.accumulate(parity)
    return np.concatenate([info, parity])


class XorShift64Star:
    """tests/support/test_support.c's test_rng: xorshift64*, one bit per draw
    (the top bit), so test_random_bits regenerates the same message."""
    MASK = (1 << 64) - 1

    def __init__(self, seed):
        self.state = seed if seed else 0x9E3779B97F4A7C15

    def next(self):
        x = self.state
        x ^= x >> 12
        x ^= (x << 25) & self.MASK
        x ^= x >> 27
        self.state = x
        return (x * 0x2545F4914F6CDD1D) & self.MASK

    def bits(self, count):
        return np.array([self.next() >> 63 for _ in range(count)], dtype=np.uint8)


def message_seed(name, index):
    """Per-code, per-message seed: CRC-32 of the name, shifted, plus the index."""
    return (zlib.crc32(name.encode()) << 8) | (index + 1)


def codeword_crc32(codeword):
    """CRC-32 (zlib's) of the codeword packed MSB first, 8 bits a byte."""
    return zlib.crc32(np.packbits(codeword).tobytes())


def bits_hex(bits):
    return np.packbits(bits).tobytes().hex()


# --- GNU Radio ----------------------------------------------------------------

def gnuradio_encode(frame, rate, standard, messages, gr_rate=None, frame_bits=None):
    """Encodes the messages (arrays of 0/1 bytes) with gnuradio.dtv.dvb_ldpc_bb,
    which takes unpacked bits (one per byte): a message in and a frame out
    (k and n bits; for a VL-SNR code, its information bits less the shortened
    ones and its transmitted bits: gr_rate names the constant, frame_bits the
    frame's length)."""
    from gnuradio import blocks, dtv, gr
    gr_standard = {"dvbs2": dtv.STANDARD_DVBS2, "dvbt2": dtv.STANDARD_DVBT2}[standard]
    gr_frame = {"normal": dtv.FECFRAME_NORMAL, "short": dtv.FECFRAME_SHORT,
                "medium": dtv.FECFRAME_MEDIUM}[frame]
    gr_rate = getattr(dtv, gr_rate or "C" + rate.replace("/", "_"))
    n = frame_bits if frame_bits is not None else shape(frame, rate)[0]
    top = gr.top_block()
    source = blocks.vector_source_b(np.concatenate(messages).astype(np.uint8).tolist(), False)
    encoder = dtv.dvb_ldpc_bb(gr_standard, gr_frame, gr_rate, dtv.MOD_OTHER)
    sink = blocks.vector_sink_b()
    top.connect(source, encoder, sink)
    top.run()
    out = np.array(sink.data(), dtype=np.uint8)
    if out.size != n * len(messages):
        raise RuntimeError("%s %s %s: GNU Radio returned %d bits for %d frames"
                           % (standard, frame, rate, out.size, len(messages)))
    return out.reshape(len(messages), n)
