#!/usr/bin/env bash
# Builds the libFuzzer harnesses with clang (-fsanitize=fuzzer,address,undefined)
# and runs each for a short while from a small seed corpus. Exit 77 (skipped)
# when clang or its fuzzer runtime is missing: tools/install-deps.sh installs
# clang and libclang-rt-14-dev. A crash exits 1 (libFuzzer's own default, 77,
# would read as "skipped").
set -euo pipefail
source_dir=$1 work_dir=$2 seconds=${3:-15}
clang=$(command -v clang || command -v clang-14 || true)
if [ -z "$clang" ]; then
    echo "SKIPPED: clang not installed (apt-get install clang libclang-rt-14-dev)"
    exit 77
fi
mkdir -p "$work_dir"
cd "$work_dir"
echo 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long s){(void)d;(void)s;return 0;}' >probe.c
if ! "$clang" -fsanitize=fuzzer probe.c -o probe 2>/dev/null; then
    echo "SKIPPED: clang has no libFuzzer runtime (apt-get install libclang-rt-14-dev)"
    exit 77
fi
flags=(-g -O1 -std=c11 -D_POSIX_C_SOURCE=200809L -fsanitize=fuzzer,address,undefined
       -fno-sanitize-recover=all -I"$source_dir/include" -I"$source_dir/src"
       -I"$source_dir/src/ldpcd")
"$clang" "${flags[@]}" "$source_dir/tests/fuzz/fuzz_ldpcd_message.c" \
    "$source_dir/src/ldpcd/protocol.c" "$source_dir/src/ldpcd/gr_tags.c" \
    "$source_dir/src/soft/soft.c" "$source_dir/src/soft/calibrate.c" \
    "$source_dir/src/soft/byte_sums.c" "$source_dir/src/soft/byte_sums_x86.c" \
    "$source_dir/src/util/error.c" \
    -lm -lpthread -o fuzz_ldpcd_message
"$clang" "${flags[@]}" "$source_dir/tests/fuzz/fuzz_ldpcd_config.c" \
    "$source_dir/src/ldpcd/config.c" "$source_dir/src/ldpcd/log.c" \
    "$source_dir/src/ldpcd/error_text.c" -lm -o fuzz_ldpcd_config
"$clang" "${flags[@]}" "$source_dir/tests/fuzz/fuzz_alist.c" "$source_dir/src/code/alist.c" \
    "$source_dir/src/code/code_build.c" "$source_dir/src/code/code_compact.c" \
    "$source_dir/src/code/code_from_edges.c" "$source_dir/src/code/code_transmission.c" \
    "$source_dir/src/code/circulant_structure.c" \
    "$source_dir/src/code/gf2_generator.c" "$source_dir/src/code/gf2_triangular.c" \
    "$source_dir/src/nb/nb_alist.c" \
    "$source_dir/src/nb/nb_code_build.c" "$source_dir/src/nb/gf.c" \
    "$source_dir/src/nb/gfq_elimination.c" "$source_dir/src/util/error.c" -lm -o fuzz_alist

# Seeds: a valid message header, a gr-zeromq tag header, the shipped config.
mkdir -p corpus_message corpus_config
printf 'LDPC\x01\x00\x40\x00tiny\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\x01\x00\x01\x00\x00\x00\x80\x3f\x07\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\x01\x02\x03\x04\x05\x06\x07\x08' \
    >corpus_message/valid_tiny
printf '\xf0\x5f\x01\0\0\0\0\0\0\0\0\x01\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\x02\x00\x01k\x03\0\0\0\x07\x06' \
    >corpus_message/gr_tags
cp "$source_dir/configs/ldpcd.conf" corpus_config/shipped.conf
# The alist test vectors (good and malformed), and two published nonbinary files.
mkdir -p corpus_alist
cp "$source_dir"/tests/vectors/alist/*.alist corpus_alist/
# one with punctured and shortened columns
printf '6 3\n2 3\n1 2 1 2 1 1\n3 3 2\n1\n1 2\n2\n2 3\n1\n3\n1 2 5\n2 3 4\n4 6\npunctured 6\nshortened 1\n' \
    >corpus_alist/unsent_columns.alist
for nb in nonbinary/rptu_kn/LDPC_N96_K48_GF64_exp.alist \
    nonbinary/lcrypto_davey/simulate8x16x174GF_16.alist; do
    cp "$source_dir/tests/vectors/codes/$nb" corpus_alist/
done
printf 'workers = 4\ncodes = dvbs2-*\ninput_framing = gnuradio\nraw_scale = 0.5\n' >corpus_config/small.conf
printf 'kw1="LDPC"\nkw2="dvbs2-short-1/2"\nkw3="tiny"\nkw4="\\xf0\\x5f\\x01"\n' >message.dict
printf 'kw1=" = "\nkw2="workers"\nkw3="batch_frames"\nkw4="queue_frames"\nkw5="%%r"\nkw6="yes"\n' >config.dict

./fuzz_ldpcd_message -error_exitcode=1 -max_total_time="$seconds" -dict=message.dict -print_final_stats=1 corpus_message
./fuzz_ldpcd_config -error_exitcode=1 -max_total_time="$seconds" -dict=config.dict -print_final_stats=1 corpus_config
./fuzz_alist -error_exitcode=1 -max_total_time="$seconds" -max_len=8192 -print_final_stats=1 corpus_alist
echo "fuzzers: OK"
