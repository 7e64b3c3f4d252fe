#!/usr/bin/python3
"""QA of the GNU Radio blocks in real flowgraphs: bits -> encoder -> BPSK
(GNU Radio's mapping and soft decoder) -> noise -> decoder -> bits, float and
char soft values, the library's sign convention, tags per frame, and the
decoder block equal to the library decoding the same values."""
import numpy as np
import pmt
from gnuradio import analog, blocks, digital, gr, gr_unittest

import ldpc as libldpc
from gnuradio import ldpc

CODE = "wifi-648-1/2"


def random_bits(count, seed):
    return np.random.default_rng(seed).integers(0, 2, count, dtype=np.uint8).tolist()


class qa_ldpc(gr_unittest.TestCase):
    def assertBitsEqual(self, got, want):
        got, want = np.asarray(got, dtype=np.uint8), np.asarray(want, dtype=np.uint8)
        self.assertEqual(got.shape, want.shape)
        self.assertEqual(int(np.count_nonzero(got != want)), 0, "bits differ")

    def setUp(self):
        self.tb = gr.top_block()
        self.code = libldpc.Code(CODE)

    def run_chain(self, frames, noise_voltage, input_type="float", seed=1):
        """Random bits -> encoder -> GNU Radio's BPSK (bit 1 at +1) -> Gaussian
        noise -> digital.constellation_soft_decoder_cf (positive for bit 1) ->
        decoder, with char soft values through float_to_char where asked."""
        info = random_bits(frames * self.code.k, seed)
        source = blocks.vector_source_b(info)
        encoder = ldpc.encoder(CODE)
        constellation = digital.constellation_bpsk().base()
        to_symbols = digital.chunks_to_symbols_bc(constellation.points(), 1)
        noise = analog.noise_source_c(analog.GR_GAUSSIAN, noise_voltage, seed)
        add = blocks.add_cc()
        soft = digital.constellation_soft_decoder_cf(constellation)
        decoder = ldpc.decoder(CODE, input_type=input_type)
        sink = blocks.vector_sink_b()
        self.tb.connect(source, encoder, to_symbols, (add, 0))
        self.tb.connect(noise, (add, 1))
        if input_type == "char":
            to_char = blocks.float_to_char(1, 4.0)
            self.tb.connect(add, soft, to_char, decoder, sink)
        else:
            self.tb.connect(add, soft, decoder, sink)
        self.tb.run()
        return info, sink, decoder

    def test_float_soft_values_decode(self):
        info, sink, decoder = self.run_chain(12, 0.6)
        self.assertBitsEqual(sink.data(), info)
        tags = sink.tags()
        iterations = [t for t in tags if pmt.symbol_to_string(t.key) == "ldpc_iterations"]
        converged = [t for t in tags if pmt.symbol_to_string(t.key) == "ldpc_converged"]
        corrected = [t for t in tags if pmt.symbol_to_string(t.key) == "ldpc_corrected_bits"]
        self.assertEqual([t.offset for t in iterations], [f * self.code.k for f in range(12)])
        self.assertTrue(all(pmt.to_bool(t.value) for t in converged))
        self.assertTrue(all(pmt.to_long(t.value) >= 1 for t in iterations))
        self.assertGreater(sum(pmt.to_long(t.value) for t in corrected), 0)
        self.assertTrue(decoder.backend())

    def test_char_soft_values_decode(self):
        info, sink, _ = self.run_chain(8, 0.6, input_type="char", seed=2)
        self.assertBitsEqual(sink.data(), info)

    def test_a_hopeless_channel_is_reported(self):
        info, sink, _ = self.run_chain(4, 3.0, seed=3)
        converged = [pmt.to_bool(t.value) for t in sink.tags()
                     if pmt.symbol_to_string(t.key) == "ldpc_converged"]
        self.assertEqual(len(converged), 4)
        self.assertFalse(any(converged))
        self.assertNotEqual(list(sink.data()), info)

    def test_the_block_decodes_as_the_library(self):
        rng = np.random.default_rng(4)
        frames = 6
        llr = rng.normal(1.0, 1.5, frames * self.code.n).astype(np.float32)
        source = blocks.vector_source_f(llr.tolist())
        decoder = ldpc.decoder(CODE, positive_is_one=False, output="codeword")
        sink = blocks.vector_sink_b()
        self.tb.connect(source, decoder, sink)
        self.tb.run()
        bits, _ = libldpc.Decoder(self.code).decode(llr.reshape(frames, self.code.n))
        self.assertBitsEqual(sink.data(), bits.reshape(-1))

    def test_bad_parameters_are_refused(self):
        with self.assertRaises(libldpc.LdpcError):
            ldpc.decoder("no-such-code")
        with self.assertRaises(ValueError):
            ldpc.decoder(CODE, input_type="short")


if __name__ == "__main__":
    gr_unittest.run(qa_ldpc)
