#!/bin/sh
# Lane refill, instructions per decode call (callgrind, one thread, `avx2`):
# counts do not depend on who else shares the machine, which the timings of
# cpu-lane-refill-2026-11-25.sh do. docs/bench/inter_frame_calls.c linked
# with each build's libldpc.a (its header has the command), then:
#
#   BEFORE=/tmp/calls-before AFTER=/tmp/calls-after \
#       sh docs/bench/cpu-lane-refill-callgrind-2026-11-25.sh
#
# Each line: the instructions of ldpc_decoder_decode_i8 for the arguments of
# inter_frame_calls (code, Eb/N0, frames per call, calls, posterior bits,
# max_iterations, syndrome_period, threads, backend), before and after.
set -eu
BEFORE=${BEFORE:?inter_frame_calls linked with the build before}
AFTER=${AFTER:?inter_frame_calls linked with the build after}
MACKAY=${MACKAY:-alist:../shared/codes/binary/aff3ct/MACKAY_4000_8000.alist}

instructions() { # program, then its arguments
    valgrind --tool=callgrind --toggle-collect=ldpc_decoder_decode_i8 \
        --callgrind-out-file=/dev/null "$@" 2>&1 | sed -n 's/.*Collected : //p'
}

count() { # inter_frame_calls' arguments
    before=$(instructions "$BEFORE" "$@")
    after=$(instructions "$AFTER" "$@")
    echo "$* | $before | $after | $(echo "scale=3; $after / $before" | bc)"
}

echo "# arguments | instructions before | after | after / before"
# Fixed iterations (period 0).
count dvbs2-short-1/2 2.0 64 2 8 20 0 1 avx2
count dvbs2-short-1/2 2.0 64 2 16 20 0 1 avx2
count dvbs2-normal-1/2 1.0 64 1 8 20 0 1 avx2
count "$MACKAY" 1.5 64 2 16 20 0 1 avx2
# Early termination, 50 iterations at most.
count dvbs2-normal-1/2 1.0 64 1 8 50 1 1 avx2
count dvbs2-normal-1/2 1.0 64 1 16 50 1 1 avx2
count dvbs2-short-1/2 1.5 64 2 8 50 1 1 avx2
count dvbs2-short-1/2 1.5 512 1 8 50 1 1 avx2
count dvbs2-short-1/2 4.0 64 4 8 50 1 1 avx2
count "$MACKAY" 1.5 64 2 8 50 1 1 avx2
count "$MACKAY" 1.5 512 1 16 50 1 1 avx2
