#!/usr/bin/env bash
# The cross-built packages installed as a board's user installs them: a clean
# Debian 12 root of the board's architecture (debootstrap; its programs run
# by qemu-user through binfmt_misc), `apt-get install` of the .deb files with
# their dependencies from Debian's archive for that architecture, then inside
# it: the ldpcd user that the postinst creates, ldpcd checking its conffile,
# the ldpc tool encoding and decoding, and the Python module decoding. Given
# gr-ldpc's package (architecture-independent, built by tools/deb-test.sh),
# also GNU Radio for that architecture: a flowgraph through the blocks and the
# example flowgraph.
# usage: tools/deb-cross-install-test.sh arm64|armhf DIR_WITH_DEBS [GR_LDPC_DEB]
# (as root; needs debootstrap, qemu-user-static and Debian's mirror)
set -euo pipefail
case "${1:-}" in
    arm64) qemu=aarch64 ;;
    armhf) qemu=arm ;;
    *) echo "usage: $0 arm64|armhf DIR_WITH_DEBS [GR_LDPC_DEB]" >&2; exit 2 ;;
esac
arch=$1
debs=$(cd "${2:?directory of .deb files}" && pwd)
gr_ldpc=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "deb-cross-install-test: $arch: $*" >&2; exit 1; }
source "$here/deb-root.sh"
# the kernel runs the root's programs through qemu-user-static (flag F: the
# emulator is opened now, so the root needs no copy of it)
binfmt=/proc/sys/fs/binfmt_misc
[ -e "$binfmt/register" ] || mount -t binfmt_misc binfmt_misc "$binfmt"
[ -e "$binfmt/qemu-$qemu" ] || cat "/usr/lib/binfmt.d/qemu-$qemu.conf" > "$binfmt/register"
deb_root_create "$arch"
[ "$(in_root dpkg --print-architecture)" = "$arch" ] || fail "the root is not $arch"
deb_root_install "$debs"/*_"$arch".deb -- python3-numpy

in_root getent passwd ldpcd > /dev/null || fail "the ldpcd user was not created"
in_root ldpcd --check-config -c /etc/ldpcd/ldpcd.conf --set runtime_dir=/tmp > /dev/null ||
    fail "the installed ldpcd rejects its configuration"
in_root sh -c 'head -c 1800 /dev/urandom > /tmp/info &&
    ldpc encode --code dvbs2-short-1/2 --packed-in < /tmp/info | ldpc channel --code dvbs2-short-1/2 --ebn0 4 --seed 1 |
    ldpc decode --code dvbs2-short-1/2 --packed | cmp -s - /tmp/info' ||
    fail "ldpc encode | channel | decode does not give the bits back"
in_root python3 -c '
import platform, numpy as np, ldpc
code = ldpc.Code("dvbs2-short-1/2")
info = np.random.default_rng(1).integers(0, 2, (4, code.k), dtype=np.uint8)
llr = ldpc.bpsk_awgn(code.encode(info), 3.0, code.k / code.n, np.random.default_rng(2))
bits, stats = ldpc.Decoder(code).decode(llr)
assert (code.extract_info(bits) == info).all() and stats["converged"].all()
print(f"python3-ldpc installed on {platform.machine()}: 4 frames decoded")' ||
    fail "the installed Python module does not decode"
if [ -n "$gr_ldpc" ]; then
    cp "$here/deb-python-check.py" "$here/../gr-ldpc/examples/run_example.sh" "$root/"
    deb_root_install "$gr_ldpc"
    in_root python3 /deb-python-check.py || fail "the installed GNU Radio blocks do not decode"
    in_root bash /run_example.sh /usr/share/gr-ldpc/examples/ldpc_bpsk_awgn.grc python3 ||
        fail "the installed example flowgraph does not run"
fi
echo "deb-cross-install-test: $arch: installed into a clean Debian 12 $arch root:" \
    "$(ls "$root/debs" | tr '\n' ' ')${gr_ldpc:+(GNU Radio too)}"
