"""libldpc for Python: codes, encoder, decoders and a simulator on numpy arrays.

    import numpy as np, ldpc
    code = ldpc.Code("dvbs2-short-1/2")
    info = np.random.default_rng(1).integers(0, 2, (8, code.k), dtype=np.uint8)
    sent = code.encode(info)                        # (8, code.n) bits a frame sends
    llr = ldpc.bpsk_awgn(sent, ebn0_db=2.0, rate=code.k / code.n)
    bits, stats = ldpc.Decoder(code).decode(llr)    # (8, code.codeword_n), per-frame stats
    assert (code.extract_info(bits) == info).all()

Soft values are LLRs, positive for bit 0: float32 (checked, quantised by a
fixed-point decoder with its llr_scale) or int8 (already quantised). Decoder
specs and backends are those of the C library and the `ldpc` tool
("default", "fixed-layered-oms,posterior=8", "float-layered-spa"; "auto",
"reference", "opencl", ...). Errors of the library raise LdpcError with its
message. A C-contiguous input array of the right type is handed to the
library as it is, without a copy.
"""

import numpy as np

from ._ldpc import Code as _Code
from ._ldpc import Decoder as _Decoder
from ._ldpc import LdpcError, builtin_codes, FRAME_STATS_FIELDS

__all__ = ["Code", "Decoder", "LdpcError", "codes", "bpsk_awgn", "simulate", "FRAME_STATS"]

# ldpc_frame_stats, one record per frame
FRAME_STATS = np.dtype([("iterations", np.uint32), ("converged", np.uint32),
                        ("unsatisfied_checks", np.uint32), ("corrected_bits", np.uint32)])
assert FRAME_STATS.itemsize == 4 * FRAME_STATS_FIELDS


def codes():
    """The built-in code names (`ldpc codes`)."""
    return builtin_codes()


def _frames(array, width, dtype, what):
    """`array` as a C-contiguous (frames, width) array of dtype, copied only
    where its layout or type requires."""
    array = np.ascontiguousarray(array, dtype=dtype)
    if array.ndim == 1:
        array = array.reshape(1, -1)
    if array.ndim != 2 or array.shape[1] != width:
        raise ValueError(f"{what}: expected frames of {width} values, got shape {array.shape}")
    return array


class Code(_Code):
    """A code by name: built-in (`ldpc.codes()`), 5G NR rate matching in the
    name (5gnr-bg1-z384-k8000-e12000-rv0-qm2), or `alist:PATH`.
    n: bits a frame transmits; k: information bits; codeword_n: bits of the
    whole codeword, which the decoder decides."""

    def encode(self, info):
        """(frames, k) information bits (0/1) -> (frames, n) transmitted bits."""
        info = _frames(info, self.k, np.uint8, "info")
        sent = np.empty((info.shape[0], self.n), dtype=np.uint8)
        self.encode_into(info, sent, info.shape[0])
        return sent

    def extract_info(self, bits):
        """(frames, codeword_n) decided bits -> (frames, k) information bits."""
        bits = _frames(bits, self.codeword_n, np.uint8, "bits")
        info = np.empty((bits.shape[0], self.k), dtype=np.uint8)
        self.extract_info_into(bits, info, bits.shape[0])
        return info

    def __repr__(self):
        return f"ldpc.Code({self.name!r}: n={self.n}, k={self.k})"


class Decoder(_Decoder):
    """Decoder(code, spec="default", backend="auto", max_frames=64, threads=1):
    decodes frames of codes up to `code`'s size, max_frames per library call,
    on `threads` threads of the backend."""

    def __init__(self, code, spec="default", backend="auto", max_frames=64, threads=1):
        super().__init__(code, spec, backend, max_frames, threads)
        self._code = code

    def decode(self, llr, code=None):
        """(frames, n) LLRs, float32 or int8 -> ((frames, codeword_n) decided
        bits, (frames,) FRAME_STATS records)."""
        code = code or self._code
        dtype = np.int8 if np.asarray(llr).dtype == np.int8 else np.float32
        llr = _frames(llr, code.n, dtype, "llr")
        frames = llr.shape[0]
        bits = np.empty((frames, code.codeword_n), dtype=np.uint8)
        stats = np.zeros(frames, dtype=FRAME_STATS)
        self.decode_into(code, llr, bits, stats.view(np.uint32), frames)
        return bits, stats


def bpsk_awgn(sent, ebn0_db, rate, rng=None):
    """Transmitted bits over BPSK and AWGN at Eb/N0 `ebn0_db` for a code of
    `rate` (k/n): float32 LLRs, positive for bit 0."""
    rng = rng or np.random.default_rng()
    sigma2 = 1.0 / (2.0 * rate * 10.0 ** (ebn0_db / 10.0))
    symbols = 1.0 - 2.0 * np.asarray(sent, dtype=np.float64)
    received = symbols + rng.normal(0.0, np.sqrt(sigma2), symbols.shape)
    return (2.0 * received / sigma2).astype(np.float32)


def simulate(code, ebn0_db, frames, decoder=None, batch=256, seed=1):
    """Frame and bit error rates of `decoder` (default: Decoder(code)) over
    BPSK and AWGN: random information, `frames` frames in batches."""
    decoder = decoder or Decoder(code, max_frames=batch)
    rng = np.random.default_rng(seed)
    frame_errors = bit_errors = done = 0
    iterations = 0
    while done < frames:
        count = min(batch, frames - done)
        info = rng.integers(0, 2, (count, code.k), dtype=np.uint8)
        llr = bpsk_awgn(code.encode(info), ebn0_db, code.k / code.n, rng)
        bits, stats = decoder.decode(llr, code)
        wrong = code.extract_info(bits) != info
        bit_errors += int(wrong.sum())
        frame_errors += int(wrong.any(axis=1).sum())
        iterations += int(stats["iterations"].sum())
        done += count
    return {"frames": frames, "frame_errors": frame_errors, "bit_errors": bit_errors,
            "fer": frame_errors / frames, "ber": bit_errors / (frames * code.k),
            "average_iterations": iterations / frames}
