#!/usr/bin/env bash
# Installs every Debian package ldpcd needs to build, test and run.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
sudo_cmd=""
if [ "$(id -u)" != 0 ]; then sudo_cmd="sudo"; fi
# arm64 packages (cmocka, libzmq) for the aarch64 cross build tested under
# qemu-user; the armhf cross compiler for the armhf NEON check
# (tools/cross-neon-check.sh) and armhf libzmq for the armhf daemon
# (tools/cross-daemon.sh); the Debian cross toolchains and the -dev packages of
# debian/control for both, for the cross-built packages, and the libraries
# the target's python3 and numpy need to import the cross-built module under
# qemu (tools/deb-cross-test.sh); qemu-system-x86 boots the installed packages
# (tools/deb-boot-test.sh); qemu-user-static runs a clean arm64/armhf root
# (tools/deb-cross-install-test.sh).
$sudo_cmd dpkg --add-architecture arm64
$sudo_cmd dpkg --add-architecture armhf
$sudo_cmd apt-get update
$sudo_cmd apt-get install -y --no-install-recommends \
    build-essential cmake pkg-config git \
    libliquid-dev libzmq3-dev libcmocka-dev libsystemd-dev \
    ocl-icd-opencl-dev ocl-icd-libopencl1 opencl-c-headers pocl-opencl-icd clinfo \
    gnuplot-nox python3 python3-dev python3-numpy python3-pytest gnuradio gnuradio-dev debootstrap \
    qemu-system-x86 qemu-user-static \
    scdoc groff-base debhelper dh-python \
    dpkg-dev lintian \
    clang libclang-rt-14-dev \
    gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user libcmocka-dev:arm64 \
    libzmq3-dev:arm64 gcc-arm-linux-gnueabihf libc6-dev-armhf-cross libzmq3-dev:armhf \
    crossbuild-essential-arm64 crossbuild-essential-armhf pkg-config:arm64 pkg-config:armhf \
    libliquid-dev:arm64 libliquid-dev:armhf ocl-icd-opencl-dev:arm64 ocl-icd-opencl-dev:armhf \
    libsystemd-dev:arm64 libsystemd-dev:armhf \
    libpython3-dev:arm64 libpython3-dev:armhf libblas3:arm64 libblas3:armhf \
    liblapack3:arm64 liblapack3:armhf
