"""GNU Radio blocks of libldpc (docs/GNURADIO.md): an LDPC decoder and encoder
that run in the flowgraph's process through the library's Python module, on
whole frames of the stream.

    from gnuradio import ldpc
    dec = ldpc.decoder("dvbs2-short-1/2")   # float soft values in, bits out
    enc = ldpc.encoder("dvbs2-short-1/2")   # information bits in, frame bits out
"""
import numpy as np
import pmt
from gnuradio import gr

import ldpc as libldpc

__all__ = ["decoder", "encoder"]

ITERATIONS = pmt.intern("ldpc_iterations")
CONVERGED = pmt.intern("ldpc_converged")
CORRECTED = pmt.intern("ldpc_corrected_bits")


class decoder(gr.basic_block):
    """Soft values in (float or char), decided bits out (one bit a byte), one
    frame of the code at a time: code.n values in, k information bits (or the
    whole codeword) out, with the frame's iterations, convergence and corrected
    bits as stream tags on its first output bit.

    positive_is_one: the sign convention of the input; True is GNU Radio's
    (digital.constellation_soft_decoder_cf: positive for bit 1), False the
    library's LLRs (positive for bit 0). input_scale multiplies each value
    (float input is quantised by a fixed-point decoder with its llr_scale).
    spec, backend: as the C library's (ldpc_decoder_spec_parse, "auto")."""

    def __init__(self, code="dvbs2-short-1/2", spec="default", backend="auto",
                 input_type="float", input_scale=1.0, positive_is_one=True, output="info",
                 frames_per_call=64, threads=1):
        if input_type not in ("float", "char"):
            raise ValueError(f"input_type: float or char, not {input_type!r}")
        if output not in ("info", "codeword"):
            raise ValueError(f"output: info or codeword, not {output!r}")
        self._code = libldpc.Code(code)
        self._decoder = libldpc.Decoder(self._code, spec, backend, frames_per_call, threads)
        item = np.float32 if input_type == "float" else np.int8
        gr.basic_block.__init__(self, name="ldpc_decoder", in_sig=[item], out_sig=[np.uint8])
        self._n = self._code.n
        self._info = output == "info"
        self._out = self._code.k if self._info else self._code.codeword_n
        self._factor = -float(input_scale) if positive_is_one else float(input_scale)
        self._frames_per_call = frames_per_call
        self.set_output_multiple(self._out)
        self.set_relative_rate(self._out, self._n)
        self.set_tag_propagation_policy(gr.TPP_DONT)

    def backend(self):
        return self._decoder.backend

    def forecast(self, noutput_items, ninputs):
        return [max(1, noutput_items // self._out) * self._n] * ninputs

    def _soft_values(self, values):
        if self._factor == 1.0:
            return values  # the stream buffer itself: no copy
        if values.dtype == np.int8 and self._factor == -1.0:
            return np.negative(np.maximum(values, -127))
        return values * np.float32(self._factor)

    def general_work(self, input_items, output_items):
        values, out = input_items[0], output_items[0]
        frames = min(len(values) // self._n, len(out) // self._out, self._frames_per_call)
        if frames == 0:
            return 0
        llr = self._soft_values(values[:frames * self._n]).reshape(frames, self._n)
        bits, stats = self._decoder.decode(llr, self._code)
        decided = self._code.extract_info(bits) if self._info else bits
        out[:frames * self._out] = decided.reshape(-1)
        first = self.nitems_written(0)
        for f in range(frames):
            at = first + f * self._out
            self.add_item_tag(0, at, ITERATIONS, pmt.from_long(int(stats["iterations"][f])))
            self.add_item_tag(0, at, CONVERGED, pmt.from_bool(bool(stats["converged"][f])))
            self.add_item_tag(0, at, CORRECTED, pmt.from_long(int(stats["corrected_bits"][f])))
        self.consume(0, frames * self._n)
        return frames * self._out


class encoder(gr.basic_block):
    """Information bits in (one bit a byte, k a frame), the bits each frame
    transmits out (code.n a frame; punctured and shortened bits left out)."""

    def __init__(self, code="dvbs2-short-1/2", frames_per_call=64):
        self._code = libldpc.Code(code)
        gr.basic_block.__init__(self, name="ldpc_encoder", in_sig=[np.uint8], out_sig=[np.uint8])
        self._k, self._n = self._code.k, self._code.n
        self._frames_per_call = frames_per_call
        self.set_output_multiple(self._n)
        self.set_relative_rate(self._n, self._k)

    def forecast(self, noutput_items, ninputs):
        return [max(1, noutput_items // self._n) * self._k] * ninputs

    def general_work(self, input_items, output_items):
        info, out = input_items[0], output_items[0]
        frames = min(len(info) // self._k, len(out) // self._n, self._frames_per_call)
        if frames == 0:
            return 0
        sent = self._code.encode(info[:frames * self._k].reshape(frames, self._k))
        out[:frames * self._n] = sent.reshape(-1)
        self.consume(0, frames * self._k)
        return frames * self._n
