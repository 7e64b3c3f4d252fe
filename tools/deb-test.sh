#!/usr/bin/env bash
# The Debian packages as a packager builds them: dpkg-buildpackage on a copy
# of the tracked tree (debian/), then each package holds what it should,
# lintian reports no error, and the tools and the daemon run from the
# unpacked packages with the packaged configuration.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "deb-test: $*" >&2; exit 1; }
mkdir "$work/ldpcd"
git ls-files -z | xargs -0 cp --parents -t "$work/ldpcd"
(cd "$work/ldpcd" && dpkg-buildpackage -us -uc -b -j"$(nproc)") > "$work/build.log" 2>&1 ||
    { grep -B5 -m3 -E "error:|\*\*\*" "$work/build.log" >&2; fail "dpkg-buildpackage failed"; }
expect() { # package, path that its .deb must hold
    dpkg-deb -c "$work"/"$1"_*.deb > "$work/contents"
    grep -qE " \./$2( -> .*)?$" "$work/contents" || fail "$1 lacks $2"
}
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
expect libldpc0 "usr/lib/$multiarch/libldpc\.so\.0.*"
expect libldpc-dev "usr/include/ldpc/ldpc\.h"
expect libldpc-dev "usr/lib/$multiarch/pkgconfig/ldpc\.pc"
expect libldpc-dev "usr/lib/$multiarch/cmake/ldpc/ldpcConfig\.cmake"
expect libldpc-dev "usr/lib/$multiarch/libldpc\.a"
expect ldpc-tools "usr/bin/ldpc"
expect ldpc-tools "usr/share/man/man1/ldpc\.1\.gz"
expect ldpc-tools "usr/share/man/man1/ldpc-tx\.1\.gz"
expect ldpcd "usr/sbin/ldpcd"
expect ldpcd "etc/ldpcd/ldpcd\.conf"
expect ldpcd "lib/systemd/system/ldpcd\.service"
expect ldpcd "usr/lib/sysusers\.d/ldpcd\.conf"
expect ldpcd "usr/share/man/man8/ldpcd\.8\.gz"
expect python3-ldpc "usr/lib/python3/dist-packages/ldpc/__init__\.py"
expect python3-ldpc "usr/lib/python3/dist-packages/ldpc/_ldpc\.cpython-.*\.so"
expect gr-ldpc "usr/lib/python3/dist-packages/gnuradio/ldpc/__init__\.py"
expect gr-ldpc "usr/share/gnuradio/grc/blocks/ldpc_decoder\.block\.yml"
expect gr-ldpc "usr/share/gr-ldpc/examples/ldpc_bpsk_awgn\.grc"
dpkg-deb -I "$work"/ldpcd_*.deb conffiles > "$work/conffiles"
grep -qx /etc/ldpcd/ldpcd.conf "$work/conffiles" ||
    fail "ldpcd.conf is not a conffile"
dpkg-deb -e "$work"/ldpcd_*.deb "$work/ldpcd-control"
grep -q 'deb-systemd-helper enable' "$work/ldpcd-control/postinst" || fail "ldpcd's postinst does not enable the unit"
grep -q 'systemd-sysusers' "$work/ldpcd-control/postinst" || fail "ldpcd's postinst does not create its user"
dpkg-deb -f "$work"/libldpc-dev_*.deb Depends > "$work/depends"
grep -q 'libldpc0 (= ' "$work/depends" || fail "libldpc-dev does not depend on libldpc0"
if command -v lintian > /dev/null; then
    lintian --fail-on error "$work"/*.changes > "$work/lintian.log" 2>&1 ||
        { cat "$work/lintian.log" >&2; fail "lintian reports errors"; }
    echo "deb-test: lintian: $(grep -c '^E:' "$work/lintian.log" || true) errors, $(grep -c '^W:' "$work/lintian.log" || true) warnings"
fi
for deb in "$work"/*.deb; do dpkg -x "$deb" "$work/root"; done
export LD_LIBRARY_PATH="$work/root/usr/lib/$multiarch"
"$work/root/usr/bin/ldpc" codes ccsds-tc-128 > /dev/null || fail "packaged ldpc does not run"
"$work/root/usr/sbin/ldpcd" --check-config -c "$work/root/etc/ldpcd/ldpcd.conf" \
    --set runtime_dir="$work" > /dev/null || fail "packaged ldpcd rejects its packaged configuration"
PYTHONPATH="$work/root/usr/lib/python3/dist-packages" /usr/bin/python3 "$(dirname "$0")/deb-python-check.py" ||
    fail "the packaged Python module or GNU Radio blocks do not decode"
echo "deb-test: $(cd "$work" && ls ./*.deb | xargs -n1 basename | tr '\n' ' ')"
# kept for tools/deb-cross-test.sh, which installs the architecture-independent
# gr-ldpc beside the cross-built packages
rm -rf build/debs
mkdir -p build/debs
cp "$work"/*.deb build/debs/
# Installed into a clean Debian root, where debootstrap and root allow it.
if command -v debootstrap > /dev/null && [ "$(id -u)" = 0 ]; then
    bash "$(dirname "$0")/deb-install-test.sh" "$work"
else
    echo "deb-test: the install into a clean root skipped: needs root and debootstrap" >&2
fi
