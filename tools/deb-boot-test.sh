#!/usr/bin/env bash
# The installed packages in a booted Debian 12: the root of
# tools/deb-install-test.sh gets a kernel, systemd as init and PoCL, becomes a
# disk image and boots in qemu-system-x86_64. systemd starts ldpcd from the
# unit the package enabled, with its user and hardening; a oneshot unit then
# runs tools/deb-boot-check.sh (decoding through the service, systemctl reload
# and stop, OpenCL under the unit's settings) and powers the machine off.
# usage: tools/deb-boot-test.sh ROOT (as root; ROOT: the packages installed,
# nothing mounted in it)
set -euo pipefail
root=${1:?root with the packages installed}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
cleanup() {
    umount "$root/proc" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "deb-boot-test: $*" >&2; exit 1; }

mount -t proc proc "$root/proc"
chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -q --no-install-recommends linux-image-amd64 systemd-sysv udev \
    pocl-opencl-icd clinfo \
    > "$work/kernel.log" 2>&1 || { tail -20 "$work/kernel.log" >&2; fail "no kernel installed"; }
umount "$root/proc"

install -m 0755 "$here/deb-boot-check.sh" "$root/usr/local/sbin/ldpcd-boot-check"
# the check writes to the second serial port (no getty there), which the host
# keeps as a file; its end powers the machine off
cat > "$root/etc/systemd/system/ldpcd-boot-check.service" <<'EOF'
[Unit]
Description=ldpcd installed-package check
After=ldpcd.service
SuccessAction=poweroff-force
FailureAction=poweroff-force

[Service]
Type=oneshot
ExecStart=/usr/local/sbin/ldpcd-boot-check
StandardOutput=tty
StandardError=tty
TTYPath=/dev/ttyS1
TimeoutStartSec=300
EOF
ln -sf /etc/systemd/system/ldpcd-boot-check.service \
    "$root/etc/systemd/system/multi-user.target.wants/ldpcd-boot-check.service"
[ -L "$root/etc/systemd/system/multi-user.target.wants/ldpcd.service" ] ||
    fail "the package did not enable ldpcd.service"
echo "/dev/vda / ext4 rw 0 1" > "$root/etc/fstab"
echo ldpcd-boot > "$root/etc/hostname"

kernel=$(ls "$root"/boot/vmlinuz-* | head -1)
initrd=$(ls "$root"/boot/initrd.img-* | head -1)
cp "$kernel" "$work/vmlinuz"
cp "$initrd" "$work/initrd"
size_mb=$(( $(du -sm "$root" | cut -f1) + 1024 ))
mkfs.ext4 -q -F -L root -d "$root" "$work/root.img" "${size_mb}M" || fail "mkfs.ext4 -d failed"

# Emulated (TCG): nested KVM, where a CI machine has /dev/kvm at all, was seen
# to hang the guest's kernel; a boot takes under a minute emulated.
timeout 600 qemu-system-x86_64 -accel tcg -cpu max -smp 2 -m 2048 \
    -nographic -no-reboot -nic none \
    -kernel "$work/vmlinuz" -initrd "$work/initrd" \
    -append "root=/dev/vda rw console=ttyS0 panic=-1 systemd.show_status=0" \
    -drive "file=$work/root.img,format=raw,if=virtio" \
    -serial mon:stdio -serial "file:$work/check.log" \
    < /dev/null > "$work/console.log" 2>&1 || true
tr -d '\r' < "$work/check.log"
grep -aq '^ldpcd-boot-check: PASS' "$work/check.log" || {
    tail -40 "$work/console.log" | tr -d '\r' >&2
    fail "the booted system did not pass"
}
echo "deb-boot-test: booted Debian 12 with the packages, systemd ran ldpcd.service as ldpcd"
