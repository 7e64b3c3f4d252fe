#!/usr/bin/env bash
# The Debian packages cross-built for an ARM board with Debian's cross
# toolchain (dpkg-buildpackage -B -a arm64|armhf, profile nocheck: every
# architecture-dependent package, python3-ldpc included; gr-ldpc is
# architecture-independent, built natively by tools/deb-test.sh), then each
# package holds the target's binaries, lintian reports no error, and the
# packaged programs run under qemu-user from the unpacked packages: ldpc sim
# and bench (threads, the NEON decoders), ldpcd checking its packaged
# configuration, and the Python module decoding frames in the target's
# python3 with its numpy (both taken from Debian's archive, unpacked). Needs
# crossbuild-essential-<arch> and the -dev packages of debian/control for
# <arch> (tools/install-deps.sh).
# usage: tools/deb-cross-test.sh arm64|armhf
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in
    arm64) arch=aarch64 machine=" b7 00" ;; # the ELF header's e_machine (bytes 18-19)
    armhf) arch=armhf machine=" 28 00" ;;
    *) echo "usage: $0 arm64|armhf" >&2; exit 2 ;;
esac
debian_arch=$1
multiarch=$(dpkg-architecture -a"$debian_arch" -qDEB_HOST_MULTIARCH 2>/dev/null)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "deb-cross-test: $debian_arch: $*" >&2; exit 1; }
mkdir "$work/ldpcd"
git ls-files -z | xargs -0 cp --parents -t "$work/ldpcd"
(cd "$work/ldpcd" && DEB_BUILD_OPTIONS=nocheck dpkg-buildpackage -us -uc -B -a"$debian_arch" \
    -Pnocheck -j"$(nproc)") > "$work/build.log" 2>&1 ||
    { grep -B5 -m3 -E "error:|\*\*\*|unmet" "$work/build.log" >&2; fail "dpkg-buildpackage failed"; }
for package in libldpc0 libldpc-dev ldpc-tools ldpcd python3-ldpc; do
    [ -e "$work/${package}_"*"_$debian_arch.deb" ] || fail "no $package package"
done
for deb in "$work"/*_"$debian_arch".deb; do dpkg -x "$deb" "$work/root"; done
root=$work/root
module=usr/lib/python3/dist-packages/ldpc/_ldpc.cpython-311-$multiarch.so
for binary in "usr/lib/$multiarch/libldpc.so.0" usr/bin/ldpc usr/sbin/ldpcd "$module"; do
    [ "$(od -An -tx1 -j18 -N2 "$root/$binary")" = "$machine" ] ||
        fail "$binary is not a $debian_arch binary"
done
[ -e "$root/usr/lib/$multiarch/pkgconfig/ldpc.pc" ] || fail "libldpc-dev lacks ldpc.pc"
if command -v lintian > /dev/null; then
    lintian --fail-on error "$work"/*.changes > "$work/lintian.log" 2>&1 ||
        { cat "$work/lintian.log" >&2; fail "lintian reports errors"; }
fi
export LD_LIBRARY_PATH="$root/usr/lib/$multiarch"
bash tools/cross-smoke.sh "$arch" "$root/usr/bin/ldpc"
timeout 300 tools/cross-run.sh "$arch" "$root/usr/sbin/ldpcd" --check-config \
    -c "$root/etc/ldpcd/ldpcd.conf" --set runtime_dir="$work" > "$work/check.log" 2>&1 ||
    { cat "$work/check.log" >&2; fail "the packaged ldpcd rejects its packaged configuration"; }
# the target's interpreter and numpy, unpacked beside the packages (their
# libraries, Multi-Arch: same, are installed for <arch>)
mkdir "$work/downloads"
(cd "$work/downloads" && apt-get download -q "python3.11-minimal:$debian_arch" "python3-numpy:$debian_arch") \
    > "$work/download.log" 2>&1 || { cat "$work/download.log" >&2; fail "cannot download the target's python3"; }
for deb in "$work"/downloads/*.deb; do dpkg -x "$deb" "$work/python"; done
PYTHONHOME=/usr PYTHONPATH="$root/usr/lib/python3/dist-packages:$work/python/usr/lib/python3/dist-packages" \
    timeout 600 tools/cross-run.sh "$arch" "$work/python/usr/bin/python3.11" -c '
import platform, numpy as np, ldpc
code = ldpc.Code("dvbs2-short-1/2")
info = np.random.default_rng(1).integers(0, 2, (4, code.k), dtype=np.uint8)
llr = ldpc.bpsk_awgn(code.encode(info), 3.0, code.k / code.n, np.random.default_rng(2))
decoder = ldpc.Decoder(code)
bits, stats = decoder.decode(llr)
assert (code.extract_info(bits) == info).all() and stats["converged"].all()
print(f"python3-ldpc on {platform.machine()}: 4 frames decoded by {decoder.backend}")' \
    > "$work/python.log" 2>&1 || { cat "$work/python.log" >&2; fail "the packaged Python module does not decode"; }
cat "$work/python.log"
echo "deb-cross-test: $debian_arch: $(cd "$work" && ls ./*_"$debian_arch".deb | xargs -n1 basename |
    tr '\n' ' '); lintian: $(grep -c '^E:' "$work/lintian.log" 2>/dev/null || true) errors"
# Installed into a clean root of the board's architecture, where root,
# debootstrap and qemu-user-static allow it; on arm64 (most boards) with GNU
# Radio and the blocks that tools/deb-test.sh packaged.
if command -v debootstrap > /dev/null && [ "$(id -u)" = 0 ] &&
    [ -e "/usr/lib/binfmt.d/qemu-$([ "$debian_arch" = arm64 ] && echo aarch64 || echo arm).conf" ]; then
    gr_ldpc=
    [ "$debian_arch" = arm64 ] && gr_ldpc=$(ls build/debs/gr-ldpc_*_all.deb 2>/dev/null | head -1)
    bash tools/deb-cross-install-test.sh "$debian_arch" "$work" $gr_ldpc
else
    echo "deb-cross-test: $debian_arch: the install into a clean root skipped: needs root, debootstrap and qemu-user-static" >&2
fi
