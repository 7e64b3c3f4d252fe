#!/usr/bin/python3
"""The packaged Python module and GNU Radio blocks as their users import them
(tools/deb-test.sh from the unpacked packages, tools/deb-install-test.sh in a
clean root): a decode through `ldpc`, and a flowgraph through
`gnuradio.ldpc`'s encoder and decoder."""
import numpy as np

import ldpc
from gnuradio import blocks, gr
from gnuradio import ldpc as gr_ldpc

code = ldpc.Code("wifi-648-1/2")
info = np.random.default_rng(1).integers(0, 2, (4, code.k), dtype=np.uint8)
bits, stats = ldpc.Decoder(code).decode(ldpc.bpsk_awgn(code.encode(info), 5.0, 0.5))
assert (code.extract_info(bits) == info).all() and stats["converged"].all(), "ldpc"

tb = gr.top_block()
# a Python block lives as long as its Python object: the flowgraph keeps none
chain = [blocks.vector_source_b([1, 0] * 32), gr_ldpc.encoder("ccsds-tc-128"),
         blocks.char_to_float(), blocks.multiply_const_ff(8.0), blocks.add_const_ff(-4.0),
         gr_ldpc.decoder("ccsds-tc-128")]
sink = blocks.vector_sink_b()
tb.connect(*chain, sink)
tb.run()
assert list(sink.data()) == [1, 0] * 32, "gnuradio.ldpc"
