"""The Python module against the library's own behaviour: round trips over
several families, float and int8 input, backends bit for bit, statistics,
errors as exceptions, and no copy of a frame's values on the way in."""
import numpy as np
import pytest

import ldpc

CODES = ["dvbs2-short-1/2", "wifi-648-1/2", "ccsds-ar4ja-1024-1/2",
         "5gnr-bg2-z64-k600-e1800-qm2", "dvbs2x-short-1/5-vlsnr"]


def frames_of(code, count, ebn0_db, seed):
    rng = np.random.default_rng(seed)
    info = rng.integers(0, 2, (count, code.k), dtype=np.uint8)
    return info, ldpc.bpsk_awgn(code.encode(info), ebn0_db, code.k / code.n, rng)


def test_builtin_codes_are_listed():
    names = ldpc.codes()
    assert "dvbs2-normal-1/2" in names and "wimax-2304-3/4a" in names and "ft8-174-91" in names


def test_code_sizes():
    code = ldpc.Code("ccsds-ar4ja-1024-1/2")
    # AR4JA k=1024 rate 1/2: 2048 bits sent, the last 512 of 2560 punctured
    assert (code.n, code.k, code.codeword_n) == (2048, 1024, 2560)
    assert code.name == "ccsds-ar4ja-1024-1/2"


@pytest.mark.parametrize("name", CODES)
def test_noisy_frames_decode_to_their_information(name):
    code = ldpc.Code(name)
    info, llr = frames_of(code, 6, 4.0, 7)
    bits, stats = ldpc.Decoder(code).decode(llr)
    assert bits.shape == (6, code.codeword_n)
    assert (code.extract_info(bits) == info).all()
    assert stats["converged"].all() and (stats["unsatisfied_checks"] == 0).all()
    assert (stats["corrected_bits"] > 0).any()


def test_int8_input_equals_float_input_quantised():
    code = ldpc.Code("dvbs2-short-1/2")
    _, llr = frames_of(code, 4, 1.2, 3)
    decoder = ldpc.Decoder(code)
    bits_f, stats_f = decoder.decode(llr)
    # the default decoder quantises with llr_scale 3, half away from zero
    scaled = np.clip(llr * np.float32(3.0), -127, 127)
    q = (np.sign(scaled) * np.floor(np.abs(scaled) + np.float32(0.5))).astype(np.int8)
    bits_q, stats_q = decoder.decode(q)
    assert (bits_f == bits_q).all()
    assert (stats_f == stats_q).all()


def test_backends_agree_bit_for_bit():
    code = ldpc.Code("dvbs2-short-1/2")
    _, llr = frames_of(code, 8, 0.6, 11)
    auto = ldpc.Decoder(code, backend="auto").decode(llr)
    reference = ldpc.Decoder(code, backend="reference").decode(llr)
    assert (auto[0] == reference[0]).all()
    assert (auto[1] == reference[1]).all()
    assert (auto[1]["converged"] == 0).any(), "some frames should fail at 0.6 dB"


def test_calls_larger_than_max_frames_are_split():
    code = ldpc.Code("wifi-1944-1/2")
    _, llr = frames_of(code, 70, 2.0, 5)
    whole = ldpc.Decoder(code, max_frames=70).decode(llr)
    split = ldpc.Decoder(code, max_frames=8, threads=2).decode(llr)
    assert (whole[0] == split[0]).all() and (whole[1] == split[1]).all()


def test_decoder_specs_as_in_c():
    code = ldpc.Code("dvbs2-short-1/2")
    decoder = ldpc.Decoder(code, spec="float-layered-spa,iter=30")
    assert decoder.spec.startswith("float-layered-spa")
    info, llr = frames_of(code, 2, 3.0, 2)
    bits, stats = decoder.decode(llr)
    assert (code.extract_info(bits) == info).all() and (stats["iterations"] <= 30).all()


def test_library_errors_raise_with_its_message():
    with pytest.raises(ldpc.LdpcError, match="unknown code 'no-such-code'"):
        ldpc.Code("no-such-code")
    code = ldpc.Code("dvbs2-short-1/2")
    with pytest.raises(ldpc.LdpcError):
        ldpc.Decoder(code, spec="fixed-layered-bogus")
    with pytest.raises(ldpc.LdpcError):
        ldpc.Decoder(code, backend="no-such-backend")
    llr = np.zeros((1, code.n), dtype=np.float32)
    llr[0, 5] = np.nan
    with pytest.raises(ldpc.LdpcError, match="finite"):
        ldpc.Decoder(code).decode(llr)
    with pytest.raises(ldpc.LdpcError):
        code.encode(np.full((1, code.k), 2, dtype=np.uint8))


def test_wrong_shapes_are_value_errors():
    code = ldpc.Code("dvbs2-short-1/2")
    with pytest.raises(ValueError):
        ldpc.Decoder(code).decode(np.zeros((1, code.n - 1), dtype=np.float32))
    with pytest.raises(ValueError):
        code.encode(np.zeros((2, 3), dtype=np.uint8))


def test_frames_go_in_without_a_copy():
    code = ldpc.Code("dvbs2-short-1/2")
    _, llr = frames_of(code, 3, 2.0, 1)
    assert llr.dtype == np.float32 and llr.flags.c_contiguous
    assert ldpc._frames(llr, code.n, np.float32, "llr") is llr
    q = np.zeros((3, code.n), dtype=np.int8)
    assert ldpc._frames(q, code.n, np.int8, "llr") is q


def test_simulate_counts_errors():
    code = ldpc.Code("wifi-648-1/2")
    clean = ldpc.simulate(code, 6.0, 200, seed=3)
    assert clean["frame_errors"] == 0 and clean["ber"] == 0.0
    hopeless = ldpc.simulate(code, -3.0, 64, seed=3)
    assert hopeless["fer"] == 1.0 and 0.05 < hopeless["ber"] < 0.5
