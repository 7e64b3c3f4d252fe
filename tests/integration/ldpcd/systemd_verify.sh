#!/usr/bin/env bash
# systemd-analyze verify on platform/systemd/ldpcd.service. The unit names the
# installed /usr/sbin/ldpcd, so it is verified inside a staging root holding
# the built binary there (after `cmake --install`, plain
# `systemd-analyze verify /lib/systemd/system/ldpcd.service` does the same).
set -euo pipefail
source_dir=$1 build_dir=$2
if ! command -v systemd-analyze >/dev/null; then
    echo "systemd-analyze not installed: skipped"
    exit 77
fi
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
mkdir -p "$root/usr/sbin" "$root/bin" "$root/etc/systemd/system" "$root/usr/lib/systemd"
cp "$build_dir/src/ldpcd/ldpcd" "$root/usr/sbin/ldpcd"
cp "$(type -P kill)" "$root/bin/kill"
cp -a /usr/lib/systemd/system "$root/usr/lib/systemd/system" 2>/dev/null ||
    cp -a /lib/systemd/system "$root/usr/lib/systemd/system"
cp "$source_dir/platform/systemd/ldpcd.service" "$root/etc/systemd/system/"
systemd-analyze verify --root="$root" ldpcd.service 2>"$root/err" || {
    cat "$root/err" >&2
    exit 1
}
# anything about our unit is a failure, even when verify exits 0
if grep -i "ldpcd" "$root/err"; then
    exit 1
fi
grep -q '^Type=notify' "$source_dir/platform/systemd/ldpcd.service"
grep -q '^WatchdogSec=' "$source_dir/platform/systemd/ldpcd.service"
echo "systemd_verify: OK"
