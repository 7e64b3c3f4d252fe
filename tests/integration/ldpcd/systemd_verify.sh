#!/usr/bin/env bash
# systemd-analyze verify on the installed unit: `cmake --install` into a
# staging root (DESTDIR) that also holds systemd's own units, so the unit is
# checked with the daemon, configuration and paths the install put there.
set -euo pipefail
source_dir=$1 build_dir=$2
if ! command -v systemd-analyze >/dev/null; then
    echo "systemd-analyze not installed: skipped"
    exit 77
fi
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
DESTDIR="$root" cmake --install "$build_dir" > "$root/install.log"
prefix=$(sed -n 's/^CMAKE_INSTALL_PREFIX:[A-Z]*=//p' "$build_dir/CMakeCache.txt")
unit="$root$prefix/lib/systemd/system/ldpcd.service"
mkdir -p "$root/bin" "$root/usr/lib/systemd"
cp "$(type -P kill)" "$root/bin/kill"
cp -a /usr/lib/systemd/system "$root/usr/lib/systemd/system" 2>/dev/null ||
    cp -a /lib/systemd/system "$root/usr/lib/systemd/system"
mkdir -p "$root/etc/systemd/system"
cp "$unit" "$root/etc/systemd/system/"
systemd-analyze verify --root="$root" ldpcd.service 2>"$root/err" || {
    cat "$root/err" >&2
    exit 1
}
# anything about our unit is a failure, even when verify exits 0
if grep -i "ldpcd" "$root/err"; then
    exit 1
fi
grep -q '^Type=notify' "$unit"
grep -q '^WatchdogSec=' "$unit"
echo "systemd_verify: OK"
