#!/usr/bin/env bash
# Runs a program of an ARM cross build under qemu-user with one glibc:
#   tools/cross-run.sh aarch64|armhf PROGRAM [ARGS...]
# Debian has two glibc builds for a foreign architecture: the cross toolchain's
# (/usr/<triple>/lib, libc6-<arch>-cross) and the multiarch one
# (/lib/<triple>, libc6:<arch>, pulled in by libcmocka-dev:<arch>). `qemu -L
# /usr/<triple>` takes the dynamic loader from the first, while the loader
# finds libc.so.6 of the second through /etc/ld.so.cache; a loader and a libc
# of different builds spin forever in the first pthread_create, which is why
# `ldpc sim` and `ldpc bench` (threads) hung and `ldpc decode` (none) did not
# (docs/PORTING.md). So: the multiarch loader and libraries where they are
# installed, else the cross sysroot for both.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 aarch64|armhf PROGRAM [ARGS...]" >&2; exit 2; }
case "$1" in
    aarch64) triple=aarch64-linux-gnu qemu=qemu-aarch64 loader=ld-linux-aarch64.so.1 ;;
    armhf) triple=arm-linux-gnueabihf qemu=qemu-arm loader=ld-linux-armhf.so.3 ;;
    *) echo "$0: unknown architecture $1" >&2; exit 2 ;;
esac
shift
unset QEMU_LD_PREFIX
if [ -e "/lib/$loader" ] && [ -e "/lib/$triple/libc.so.6" ]; then
    exec "$qemu" "$@"
fi
exec "$qemu" -L "/usr/$triple" -E "LD_LIBRARY_PATH=/usr/$triple/lib" "$@"
