#!/usr/bin/env bash
# The Debian packages installed as a user installs them: a clean Debian 12 root
# made by debootstrap (minbase), `apt-get install` of the .deb files with
# their dependencies from Debian, then each entry point run inside it: the
# ldpcd user that the postinst creates, the unit as systemd reads it, the
# daemon's packaged configuration, the ldpc tool, the Python module, a GNU
# Radio flowgraph through the blocks, the example flowgraph, a C program
# through pkg-config and CMake; then the root booted (tools/deb-boot-test.sh).
# usage: tools/deb-install-test.sh DIR_WITH_DEBS (as root; needs debootstrap
# and Debian's mirror)
set -euo pipefail
debs=$(cd "${1:?directory of .deb files}" && pwd)
fail() { echo "deb-install-test: $*" >&2; exit 1; }
source "$(dirname "$0")/deb-root.sh"
deb_root_create
deb_root_install "$debs"/*.deb

in_root getent passwd ldpcd > /dev/null || fail "the ldpcd user was not created"
in_root systemd-analyze verify --man=no /lib/systemd/system/ldpcd.service ||
    fail "systemd does not accept the installed unit"
in_root ldpcd --check-config -c /etc/ldpcd/ldpcd.conf --set runtime_dir=/tmp > /dev/null ||
    fail "the installed ldpcd rejects its configuration"
in_root ldpc codes ccsds-tc-128 > /dev/null || fail "the installed ldpc does not run"
cp "$(dirname "$0")/deb-python-check.py" "$root/"
in_root python3 /deb-python-check.py || fail "the installed Python module or GNU Radio blocks do not decode"
test -f "$root/usr/share/gnuradio/grc/blocks/ldpc_decoder.block.yml" ||
    fail "GNU Radio Companion would not find the decoder block"
# the installed example as a GNU Radio Companion user runs it (grcc, then the program)
cp "$(dirname "$0")/../gr-ldpc/examples/run_example.sh" "$root/"
in_root bash /run_example.sh /usr/share/gr-ldpc/examples/ldpc_bpsk_awgn.grc python3 ||
    fail "the installed example flowgraph does not run"
# a C program of the user's own against libldpc-dev: pkg-config and find_package(ldpc)
in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
    gcc libc6-dev pkg-config cmake make > "$root/tools.log" 2>&1 || { tail -20 "$root/tools.log" >&2; fail "no compiler"; }
mkdir "$root/example"
cp "$(dirname "$0")/../docs/examples/decode_frame.c" "$(dirname "$0")/../docs/examples/CMakeLists.txt" \
    "$root/example/"
in_root sh -c 'cd /example && cc -o pc decode_frame.c $(pkg-config --cflags --libs ldpc) && ./pc' |
    grep -q ': decoded$' || fail "a program built through pkg-config does not decode"
in_root sh -c 'cmake -S /example -B /example/build > /dev/null && cmake --build /example/build > /dev/null &&
               /example/build/decode_frame && /example/build/decode_frame_static' |
    grep -c ': decoded$' | grep -qx 2 || fail "programs built through find_package(ldpc) do not decode"
echo "deb-install-test: installed into a clean Debian 12 root: $(ls "$root/debs" | tr '\n' ' ')"
# the same root booted, systemd running the service (amd64: the emulator is x86_64)
if command -v qemu-system-x86_64 > /dev/null && [ "$(dpkg --print-architecture)" = amd64 ]; then
    umount "$root/proc"
    bash "$(dirname "$0")/deb-boot-test.sh" "$root"
else
    echo "deb-install-test: the boot test skipped: needs qemu-system-x86 on amd64" >&2
fi
